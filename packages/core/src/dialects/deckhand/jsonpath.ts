// Deckhand's `jsonpath_parse` and `jsonpath_replace` (deckhand/common/utils.py) as substitution calls
// them, with jsonpath-ng's `find` and `update`: ported step for step, copies included. A value is
// copied shallowly (`copy.copy`) unless `src.deepcopy` is set, so containers inside it stay shared
// with the source document; a write through such a container changes the source too, as in Deckhand.
// Where Python raises, a PyException says what; the caller decides as Deckhand's `except` does.
// A step-for-step port of the two functions and the jsonpath-ng calls they make, kept whole.
import { PyException } from './pyerrors.ts'
import { parseDataPath } from './path.ts'
import type { PathStep } from './path.ts'
import { checkGroupUse, compilePyPattern, pySearch, pySub } from './pyregex.ts'
import { pyStr } from './pystr.ts'
import type { NumberKind } from './pystr.ts'
import { deepCopy, pyEquals, pyTruthy } from './values.ts'
import { getOwn, isMapping, pyTypeName, setOwn } from '../../values.ts'
import type { Mapping } from './values.ts'

/** Told about every change substitution makes inside a container, before it happens. */
export interface WriteObserver {
  write(container: Mapping | unknown[], key: string | number, old: unknown, value: unknown): void
}

/** Marks "no value before": a key or list item being created. */
export const CREATED: unique symbol = Symbol('created')

/** `copy.copy`: a new list or dict holding the same items. */
export function shallowCopy<T>(value: T): T {
  if (Array.isArray(value)) return value.slice() as T
  if (isMapping(value)) return { ...value } as T
  return value
}

/** `len(value)`. */
function pyLen(value: unknown): number {
  if (typeof value === 'string') return [...value].length
  if (Array.isArray(value)) return value.length
  if (isMapping(value)) return Object.keys(value).length
  throw new PyException('TypeError', `object of type '${pyTypeName(value)}' has no len()`)
}

/** `item in container`. */
function pyIn(item: string, container: unknown): boolean {
  if (typeof container === 'string') return container.includes(item)
  if (Array.isArray(container)) return container.some((element) => element === item)
  if (isMapping(container)) return Object.prototype.hasOwnProperty.call(container, item)
  throw new PyException('TypeError', `argument of type '${pyTypeName(container)}' is not iterable`)
}

function requireDict(value: unknown, attribute: string): Mapping {
  if (isMapping(value)) return value
  throw new PyException('AttributeError', `'${pyTypeName(value)}' object has no attribute '${attribute}'`)
}

/** `container[index]` for a list or a string (a one-character string). */
function itemAt(container: unknown, index: number): unknown {
  if (Array.isArray(container)) return container[index]
  if (typeof container === 'string') return [...container][index]
  if (isMapping(container)) throw new PyException('KeyError', String(index))
  throw new PyException('TypeError', `'${pyTypeName(container)}' object is not subscriptable`)
}

/** jsonpath-ng's `find` on the steps: the first match, or undefined when nothing matches. */
export function findFirst(data: unknown, steps: readonly PathStep[]): { value: unknown } | undefined {
  let node = data
  for (const step of steps) {
    if (step.kind === 'field') {
      // `datum.value.get(field)`: anything but a dict has no `get` and matches nothing.
      if (!isMapping(node) || !Object.prototype.hasOwnProperty.call(node, step.key)) return undefined
      node = node[step.key]
    } else {
      // `if datum.value and len(datum.value) > index: datum.value[index]`
      if (!pyTruthy(node) || pyLen(node) <= step.index) return undefined
      node = itemAt(node, step.index)
    }
  }
  return { value: node }
}

const parsedPaths = new Map<string, PathStep[]>()

/** The steps of a substitution path, parsed once (jsonpath-ng's parse is cached in Deckhand too). */
export function pathSteps(path: string): readonly PathStep[] {
  let steps = parsedPaths.get(path)
  if (!steps) {
    steps = parseDataPath(path)
    if (parsedPaths.size > 10_000) parsedPaths.clear()
    parsedPaths.set(path, steps)
  }
  return steps
}

/** `_normalize_jsonpath` */
function normalize(path: string): string {
  if (path === '.') return '$'
  return path.startsWith('.') ? `$${path}` : path
}

/** Python's `int(text)` for the index of `_execute_data_expansion`, or undefined for its ValueError. */
function pyInt(text: string): number | undefined {
  const match = /^\s*([+-]?)(\d+(?:_\d+)*)\s*$/.exec(text)
  if (!match) return undefined
  const value = Number(match[2]!.replaceAll('_', ''))
  return match[1] === '-' ? -value : value
}

/** `_execute_data_expansion`: creates the missing keys of the path's text, split at every '.'. */
function expandData(data: unknown, jsonpath: string, observer: WriteObserver): void {
  let d = data
  for (let piece of jsonpath.split('.').slice(1)) {
    if (/^[^\n]*\[\d+\]/.test(piece)) {
      const parts = piece.split('[')
      const index = pyInt(parts[1]!.slice(0, -1))
      if (index !== undefined) {
        const key = parts[0]!
        const dict = requireDict(d, 'setdefault')
        if (!Object.prototype.hasOwnProperty.call(dict, key)) {
          observer.write(dict, key, CREATED, [])
          setOwn(dict, key, [])
        }
        const list = dict[key]
        while (pyLen(list) < index + 1) {
          if (!Array.isArray(list))
            throw new PyException('AttributeError', `'${pyTypeName(list)}' object has no attribute 'append'`)
          observer.write(list, list.length, CREATED, {})
          list.push({})
        }
        // Python reads a negative index from the end; out of range, its IndexError is caught.
        const at = index < 0 ? pyLen(list) + index : index
        if (at >= 0 && at < pyLen(list)) {
          d = itemAt(list, at)
          continue
        }
      }
    } else if (!pyIn(piece, d)) {
      // Deckhand strips quotes from every created key (its test `'\'' or '\"' in path` is always true).
      piece = piece.replace(/^'+|'+$/g, '').replace(/^"+|"+$/g, '')
      const dict = requireDict(d, 'setdefault')
      if (!Object.prototype.hasOwnProperty.call(dict, piece)) {
        observer.write(dict, piece, CREATED, {})
        setOwn(dict, piece, {})
      }
    }
    d = getOwn(requireDict(d, 'get'), piece) ?? null
  }
}

/** jsonpath-ng's `update` of a path that `find` matched: sets the value at the match. */
function updateFound(data: unknown, steps: readonly PathStep[], value: unknown, observer: WriteObserver): unknown {
  if (steps.length === 0) return value
  const parent = findFirst(data, steps.slice(0, -1))!.value
  const last = steps[steps.length - 1]!
  if (last.kind === 'field') {
    const dict = parent as Mapping
    observer.write(dict, last.key, dict[last.key], value)
    setOwn(dict, last.key, value)
    return data
  }
  if (!Array.isArray(parent)) throw new PyException('TypeError', `'str' object does not support item assignment`)
  // Index.update writes the first item of a list value (and takes it out of the value).
  let item = value
  if (Array.isArray(value)) {
    if (value.length === 0) throw new PyException('IndexError', 'pop from empty list')
    item = value.shift()
  }
  observer.write(parent, last.index, parent[last.index], item)
  parent[last.index] = item
  return data
}

export interface ReplaceRequest {
  /** The destination document's data. */
  data: unknown
  /** The source value (not yet copied). */
  value: unknown
  destPath: string
  destPattern: unknown
  destRecurse: unknown
  srcPattern: unknown
  srcMatchGroup: unknown
  srcDeepcopy: unknown
  numberKind: NumberKind
  observer: WriteObserver
  /** Told the value actually written without a pattern (after the copy and `src.pattern`), for provenance. */
  onValue?: (written: unknown) => void
  /** Told when `src.pattern` does not match (Deckhand uses the whole value) or its group did not take part (None). */
  onSourcePattern?: (outcome: 'no-match' | 'group-unset') => void
}

/** `re.sub(pattern, str(value), subject)` as `_try_replace_pattern` runs it. */
function replacePattern(pattern: unknown, value: unknown, subject: unknown, kind: NumberKind, path: string): string {
  const text = pyStr(value, kind)
  if (typeof pattern !== 'string')
    throw new PyException('MissingDocumentPattern', `the pattern ${JSON.stringify(pattern)} is not a string`)
  const compiled = compilePyPattern(pattern)
  if (typeof subject !== 'string') {
    // re.sub's TypeError, which Deckhand reports as MissingDocumentPattern.
    pySub(compiled, text, '')
    throw new PyException(
      'MissingDocumentPattern',
      `the value at ${path} is ${subject === null ? 'null' : `a ${pyTypeName(subject)}`}, ` +
        `not a string to apply the pattern ${pattern} to`,
    )
  }
  return pySub(compiled, text, subject)
}

/** `_replace_pattern_recursively`: every string below `node` that contains the pattern's text. */
function replaceRecursively(
  node: unknown,
  depth: number,
  maxDepth: unknown,
  replace: (text: string) => string,
  pattern: string,
  observer: WriteObserver,
): void {
  if (pyEquals(depth, maxDepth)) return
  const entries: [string | number, unknown][] = Array.isArray(node)
    ? node.map((item, i) => [i, item])
    : isMapping(node)
      ? Object.keys(node).map((key) => [key, node[key]])
      : []
  for (const [key, child] of entries) {
    if (typeof child === 'string' && child.includes(pattern)) {
      const replaced = replace(child)
      observer.write(node as Mapping, key, child, replaced)
      if (typeof key === 'number') (node as unknown[])[key] = replaced
      else setOwn(node as Mapping, key, replaced)
    } else {
      replaceRecursively(child, depth + 1, maxDepth, replace, pattern, observer)
    }
  }
}

/** `jsonpath_replace(data, value, path, pattern, recurse, src_pattern, src_match_group, src_deepcopy)`. */
export function jsonpathReplace(request: ReplaceRequest): unknown {
  const { observer, numberKind } = request
  const dataCopy = shallowCopy(request.data)
  let valueCopy = pyTruthy(request.srcDeepcopy) ? deepCopy(request.value) : shallowCopy(request.value)
  if (pyTruthy(request.srcPattern)) {
    if (typeof valueCopy !== 'string')
      throw new PyException('TypeError', `src.pattern needs a string source value, not a ${pyTypeName(valueCopy)}`)
    if (typeof request.srcPattern !== 'string')
      throw new PyException('TypeError', 'first argument must be string or compiled pattern')
    const compiled = compilePyPattern(request.srcPattern)
    const match = pySearch(compiled, valueCopy)
    // No match: Deckhand logs a warning and uses the whole value.
    if (match) {
      valueCopy = matchGroup(compiled, match.groups, request.srcMatchGroup)
      if (valueCopy === null) request.onSourcePattern?.('group-unset')
    } else {
      request.onSourcePattern?.('no-match')
    }
  }
  const jsonpath = normalize(request.destPath)
  if (jsonpath !== '$' && !jsonpath.startsWith('$.'))
    throw new PyException('ValueError', `the path ${request.destPath} does not begin with "." or "$"`)
  const steps = pathSteps(jsonpath)
  if (!findFirst(dataCopy, steps)) expandData(dataCopy, jsonpath, observer)
  // `_execute_replace`
  const dataCopy2 = shallowCopy(dataCopy)
  const value = shallowCopy(valueCopy)
  const found = findFirst(dataCopy2, steps)
  if (!found) throw new PyException('IndexError', 'list index out of range')
  const pattern = request.destPattern
  if (!pyTruthy(pattern)) {
    request.onValue?.(Array.isArray(value) && steps[steps.length - 1]?.kind === 'index' ? value[0] : value)
    return updateFound(dataCopy2, steps, value, observer)
  }
  const replace = (text: unknown): string => replacePattern(pattern, value, text, numberKind, jsonpath)
  const recurse = request.destRecurse ?? {}
  if (pyTruthy(recurse)) {
    if (!isMapping(recurse))
      throw new PyException('AttributeError', `'${pyTypeName(recurse)}' object has no attribute 'get'`)
    const maxDepth = getOwn(recurse, 'depth') ?? -1
    if (Array.isArray(found.value) || isMapping(found.value)) {
      if (typeof pattern !== 'string')
        throw new PyException('TypeError', `'in <string>' requires string as left operand, not ${pyTypeName(pattern)}`)
      replaceRecursively(found.value, 0, maxDepth, replace, pattern, observer)
      return dataCopy2
    }
  }
  return updateFound(dataCopy2, steps, replace(found.value), observer)
}

/** `match.group(n)`: by number (a bool counts as 0 or 1) or by name; IndexError otherwise. */
function matchGroup(
  pattern: ReturnType<typeof compilePyPattern>,
  groups: readonly (string | undefined)[],
  group: unknown,
): string | null {
  let index: number | undefined
  if (typeof group === 'boolean') index = group ? 1 : 0
  else if (typeof group === 'number' && Number.isInteger(group)) index = group
  else if (typeof group === 'string') index = pattern.names.get(group)
  if (index === undefined || index < 0 || index > pattern.groups)
    throw new PyException('IndexError', `no such group ${JSON.stringify(group)} in the pattern ${pattern.source}`)
  checkGroupUse(pattern, index)
  return groups[index] ?? null
}
