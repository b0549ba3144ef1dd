// RFC 6902 JSON Patch, as `#cloud-config-jsonp` parts apply it to the merged result so far
// (cloud-init uses python-jsonpatch). Pure: the input is never mutated.
import { isMapping, sameData, setOwn } from '../../values.ts'
import { copyObject } from './mergers.ts'

export class JsonPatchError extends Error {
  constructor(
    message: string,
    /** Index of the failing operation. */
    readonly op: number,
    /** The member of the operation to point at. */
    readonly field: string = 'op',
  ) {
    super(message)
  }
}

const OPS = ['add', 'remove', 'replace', 'move', 'copy', 'test'] as const
type Op = (typeof OPS)[number]

function parsePointer(pointer: unknown, op: number, field: string): string[] {
  if (typeof pointer !== 'string') throw new JsonPatchError(`'${field}' must be a JSON pointer string`, op, field)
  if (pointer === '') return []
  if (!pointer.startsWith('/'))
    throw new JsonPatchError(`'${pointer}' is not a JSON pointer (it must start with '/')`, op, field)
  return pointer
    .slice(1)
    .split('/')
    .map((token) => token.replaceAll('~1', '/').replaceAll('~0', '~'))
}

function arrayIndex(token: string, length: number, allowEnd: boolean, op: number, field: string): number {
  if (allowEnd && token === '-') return length
  if (!/^(0|[1-9][0-9]*)$/.test(token)) throw new JsonPatchError(`'${token}' is not an array index`, op, field)
  const index = Number(token)
  if (index > length || (!allowEnd && index === length))
    throw new JsonPatchError(`array index ${index} is out of range (length ${length})`, op, field)
  return index
}

function get(doc: unknown, tokens: readonly string[], op: number, field: string): unknown {
  let node = doc
  for (const token of tokens) {
    if (Array.isArray(node)) node = node[arrayIndex(token, node.length, false, op, field)]
    else if (isMapping(node) && Object.hasOwn(node, token)) node = node[token]
    else throw new JsonPatchError(`path '/${tokens.join('/')}' does not exist`, op, field)
  }
  return node
}

/** Returns a copy of `doc` with `edit` applied to the container at `tokens[:-1]` (copy-on-write). */
function update(
  doc: unknown,
  tokens: readonly string[],
  op: number,
  field: string,
  edit: (parent: unknown, key: string) => unknown,
): unknown {
  if (tokens.length === 0) return edit(undefined, '')
  const walk = (node: unknown, depth: number): unknown => {
    const token = tokens[depth]!
    if (depth === tokens.length - 1) return edit(node, token)
    if (Array.isArray(node)) {
      const index = arrayIndex(token, node.length, false, op, field)
      const copy = node.slice()
      copy[index] = walk(node[index], depth + 1)
      return copy
    }
    if (isMapping(node) && Object.hasOwn(node, token)) {
      const copy = copyObject(node)
      setOwn(copy, token, walk(node[token], depth + 1))
      return copy
    }
    throw new JsonPatchError(`path '/${tokens.slice(0, depth + 1).join('/')}' does not exist`, op, field)
  }
  return walk(doc, 0)
}

function add(doc: unknown, tokens: readonly string[], value: unknown, op: number, field: string): unknown {
  if (tokens.length === 0) return value
  return update(doc, tokens, op, field, (parent, key) => {
    if (Array.isArray(parent)) {
      const copy = parent.slice()
      copy.splice(arrayIndex(key, parent.length, true, op, field), 0, value)
      return copy
    }
    if (isMapping(parent)) {
      const copy = copyObject(parent)
      setOwn(copy, key, value)
      return copy
    }
    throw new JsonPatchError(`cannot add '${key}': the parent is not a mapping or a list`, op, field)
  })
}

function remove(doc: unknown, tokens: readonly string[], op: number, field: string): unknown {
  if (tokens.length === 0) throw new JsonPatchError('cannot remove the whole document', op, field)
  return update(doc, tokens, op, field, (parent, key) => {
    if (Array.isArray(parent)) {
      const copy = parent.slice()
      copy.splice(arrayIndex(key, parent.length, false, op, field), 1)
      return copy
    }
    if (isMapping(parent) && Object.hasOwn(parent, key)) {
      const copy = copyObject(parent)
      delete copy[key]
      return copy
    }
    throw new JsonPatchError(`path '/${tokens.join('/')}' does not exist`, op, field)
  })
}

export function applyJsonPatch(doc: unknown, patch: unknown): unknown {
  if (!Array.isArray(patch)) throw new JsonPatchError('a JSON patch must be a list of operations', -1)
  let result = doc
  patch.forEach((operation: unknown, index) => {
    if (!isMapping(operation)) throw new JsonPatchError(`operation ${index + 1} is not a mapping`, index)
    const name = operation.op
    if (typeof name !== 'string' || !(OPS as readonly string[]).includes(name)) {
      throw new JsonPatchError(`unknown operation '${String(name)}' (expected one of ${OPS.join(', ')})`, index, 'op')
    }
    const path = parsePointer(operation.path, index, 'path')
    const needsValue = name === 'add' || name === 'replace' || name === 'test'
    if (needsValue && !Object.hasOwn(operation, 'value'))
      throw new JsonPatchError(`operation '${name}' needs a 'value'`, index)
    switch (name as Op) {
      case 'add':
        result = add(result, path, operation.value, index, 'path')
        break
      case 'remove':
        result = remove(result, path, index, 'path')
        break
      case 'replace':
        if (path.length === 0) {
          result = operation.value
          break
        }
        get(result, path, index, 'path')
        result = add(remove(result, path, index, 'path'), path, operation.value, index, 'path')
        break
      case 'move': {
        const from = parsePointer(operation.from, index, 'from')
        if (from.length < path.length && from.every((t, i) => t === path[i]))
          throw new JsonPatchError('cannot move a value into one of its own children', index, 'from')
        const value = get(result, from, index, 'from')
        result = add(remove(result, from, index, 'from'), path, value, index, 'path')
        break
      }
      case 'copy': {
        const from = parsePointer(operation.from, index, 'from')
        result = add(result, path, get(result, from, index, 'from'), index, 'path')
        break
      }
      case 'test':
        if (!sameData(get(result, path, index, 'path'), operation.value))
          throw new JsonPatchError(`test failed: the value at '${String(operation.path)}' differs`, index, 'value')
        break
    }
  })
  return result
}
