// Deckhand's action paths: the `.data` prefix handling of `_apply_action`, then the subset of
// jsonpath-ng that layering uses (`.a.b`, `.a[0]`, `.`, `$.a`, quoted keys), read and written the way
// `jsonpath_parse` and `jsonpath_replace` (with `_execute_data_expansion`) do.
import { pyTruthy } from './values.ts'
import { getOwn, isMapping, setOwn } from '../../values.ts'
import type { Mapping } from './values.ts'

export type PathStep = { kind: 'field'; key: string; quoted: boolean } | { kind: 'index'; index: number }

export interface ActionPath {
  /** The path as written in the action. */
  source: string
  /** The steps below `data` (empty for the root). */
  steps: PathStep[]
  /** True when the path is the root as `_apply_action` tests it (`.`, `.data`, `$.data`): delete empties the data. */
  root: boolean
  /**
   * Set when Deckhand's plain prefix test strips `.data` from a longer key (`.database.x` reads
   * `.base.x`): the path as written would mean something else.
   */
  strippedKey?: { written: string; read: string }
}

/** A path Deckhand cannot handle the way it reads: it would crash or silently write nothing. */
export class PathError extends Error {}

const IDENTIFIER = /^[A-Za-z_@][A-Za-z0-9_@-]*/

function parseQuoted(text: string, start: number): { key: string; end: number } {
  const quote = text[start]!
  let key = ''
  for (let i = start + 1; i < text.length; i++) {
    const ch = text[i]!
    if (ch === '\\' && i + 1 < text.length) {
      key += text[i + 1]
      i++
    } else if (ch === quote) {
      return { key, end: i + 1 }
    } else {
      key += ch
    }
  }
  throw new PathError(`unterminated quoted key in '${text}'`)
}

/** Parses a normalised jsonpath (`$` or `$.…`) into steps. */
function parseJsonPath(jsonpath: string): PathStep[] {
  const steps: PathStep[] = []
  let i = 1
  while (i < jsonpath.length) {
    const ch = jsonpath[i]
    if (ch === '.') {
      i++
      const next = jsonpath[i]
      if (next === '"' || next === "'") {
        const { key, end } = parseQuoted(jsonpath, i)
        steps.push({ kind: 'field', key, quoted: true })
        i = end
        continue
      }
      const match = IDENTIFIER.exec(jsonpath.slice(i))
      if (!match)
        throw new PathError(
          `expected a key after '.' at character ${i + 1} of '${jsonpath}' (quote keys that are not plain names: ` +
            `."my key")`,
        )
      steps.push({ kind: 'field', key: match[0], quoted: false })
      i += match[0].length
    } else if (ch === '[' && steps.length > 0) {
      const match = /^\[(\d+)\]/.exec(jsonpath.slice(i))
      if (!match) throw new PathError(`only list indexes such as [0] are supported inside brackets, in '${jsonpath}'`)
      steps.push({ kind: 'index', index: Number(match[1]) })
      i += match[0].length
    } else {
      throw new PathError(
        `unexpected '${ch}' at character ${i + 1} of '${jsonpath}'; paths look like .a.b, .a[0].b or ."quoted key"`,
      )
    }
  }
  return steps
}

/** Normalises an action path exactly as `DocumentLayering._apply_action` and `_normalize_jsonpath` do. */
export function parseActionPath(source: string): ActionPath {
  let path = source
  let prefix: string | undefined
  if (path.startsWith('.data')) prefix = '.data'
  else if (path.startsWith('$.data')) prefix = '$.data'
  if (prefix) path = path.slice(prefix.length)
  let strippedKey: ActionPath['strippedKey']
  if (prefix && path !== '' && path[0] !== '.' && path[0] !== '[') {
    strippedKey = { written: source, read: `.${path}` }
  }
  if (!(path.startsWith('.') || path.startsWith('$.'))) path = `.${path}`
  const root = path === '.'
  const jsonpath = path === '.' ? '$' : path.startsWith('.') ? `$${path}` : path
  const result: ActionPath = { source, steps: parseJsonPath(jsonpath), root }
  if (strippedKey) result.strippedKey = strippedKey
  return result
}

/**
 * A substitution path (`src.path`, `dest.path`), normalised as `jsonpath_parse` and `jsonpath_replace`
 * do: `.` is the root and `.a` becomes `$.a`. Unlike an action path, a leading `.data` is not removed.
 */
export function parseDataPath(source: string): PathStep[] {
  if (source === '.' || source === '$') return []
  if (source.startsWith('.')) return parseJsonPath(`$${source}`)
  if (source.startsWith('$.')) return parseJsonPath(source)
  throw new PathError(
    `'${source}' is not a path Deckhand reads the same way everywhere; start it with '.' (for example .a.b)`,
  )
}

/** `.a[0]."b c"` */
export function formatSteps(steps: readonly PathStep[]): string {
  if (steps.length === 0) return '.'
  return steps
    .map((step) => {
      if (step.kind === 'index') return `[${step.index}]`
      return IDENTIFIER.exec(step.key)?.[0] === step.key ? `.${step.key}` : `.${JSON.stringify(step.key)}`
    })
    .join('')
}

/**
 * `jsonpath_parse(data, path)`: the value at the path, or undefined when nothing matches. Like
 * Deckhand, a `null` there is returned as `null` and callers treat both as missing.
 */
export function readPath(data: unknown, steps: readonly PathStep[]): unknown {
  let node = data
  for (const step of steps) {
    if (step.kind === 'field') {
      if (!isMapping(node)) return undefined
      node = getOwn(node, step.key)
      if (node === undefined) return undefined
    } else if (Array.isArray(node)) {
      if (step.index >= node.length) return undefined
      node = node[step.index]
    } else if (!pyTruthy(node)) {
      return undefined
    } else {
      throw new PathError(`cannot index a ${typeName(node)} with [${step.index}]`)
    }
  }
  return node
}

function typeName(value: unknown): string {
  if (value === null || value === undefined) return 'null'
  if (Array.isArray(value)) return 'list'
  if (isMapping(value)) return 'mapping'
  return typeof value
}

/** Whether jsonpath-ng finds the path (a key holding `null` counts: it can be updated in place). */
function exists(data: unknown, steps: readonly PathStep[]): boolean {
  let node = data
  for (const step of steps) {
    if (step.kind === 'field') {
      if (!isMapping(node) || !Object.prototype.hasOwnProperty.call(node, step.key)) return false
      node = node[step.key]
    } else {
      if (!Array.isArray(node) || step.index >= node.length) return false
      node = node[step.index]
    }
  }
  return true
}

function setStep(container: unknown, step: PathStep, value: unknown): void {
  if (step.kind === 'field') setOwn(container as Mapping, step.key, value)
  else (container as unknown[])[step.index] = value
}

/**
 * The path pieces `_execute_data_expansion` walks: it splits the path text on '.', so each piece is a
 * key with at most one `[N]`. Paths it cannot create are refused here instead of producing `None`.
 */
function expansionPieces(steps: readonly PathStep[], source: string): { key: string; index?: number }[] {
  const pieces: { key: string; index?: number }[] = []
  for (const step of steps) {
    if (step.kind === 'index') {
      const last = pieces[pieces.length - 1]
      if (!last || last.index !== undefined)
        throw new PathError(`Deckhand cannot create the missing path '${source}': it handles one [N] per key`)
      last.index = step.index
      continue
    }
    if (step.quoted && (step.key.includes('.') || /\[\d+\]/.test(step.key) || /["'\\]/.test(step.key))) {
      throw new PathError(
        `Deckhand cannot create the missing path '${source}': it splits paths on '.' and does not unquote this key`,
      )
    }
    pieces.push({ key: step.key })
  }
  return pieces
}

/**
 * `jsonpath_replace(data, value, path)`: writes `value` at the path, creating missing keys as `{}`
 * and missing list items as `{}` placeholders. Returns the new data (the value itself for the root).
 * Throws PathError where Deckhand would crash or write nothing.
 */
export function writePath(data: unknown, steps: readonly PathStep[], value: unknown, source: string): unknown {
  if (steps.length === 0) return value
  if (exists(data, steps)) {
    let node = data
    for (const step of steps.slice(0, -1))
      node = step.kind === 'field' ? getOwn(node as Mapping, step.key) : (node as unknown[])[step.index]
    setStep(node, steps[steps.length - 1]!, value)
    return data
  }
  const pieces = expansionPieces(steps, source)
  let node = data
  for (const [i, piece] of pieces.entries()) {
    const last = i === pieces.length - 1
    if (!isMapping(node))
      throw new PathError(`cannot create '${piece.key}' inside a ${typeName(node)} (writing '${source}')`)
    if (piece.index === undefined) {
      if (last) {
        setOwn(node, piece.key, value)
        return data
      }
      if (getOwn(node, piece.key) === undefined) setOwn(node, piece.key, {})
      node = getOwn(node, piece.key)
      continue
    }
    if (getOwn(node, piece.key) === undefined) setOwn(node, piece.key, [])
    const list = getOwn(node, piece.key)
    if (!Array.isArray(list))
      throw new PathError(`cannot create item [${piece.index}] in a ${typeName(list)} (writing '${source}')`)
    while (list.length < piece.index + 1) list.push({})
    if (last) {
      list[piece.index] = value
      return data
    }
    node = list[piece.index]
  }
  return data
}
