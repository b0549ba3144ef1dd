// Deckhand is Python: documents are dicts compared with `==`, where `True == 1` and `{}` equals any
// other empty dict. These helpers give plain YAML values those semantics.
import { isBytes, isMapping, setOwn } from '../../values.ts'
import type { Mapping } from '../../values.ts'

export type { Mapping }

/**
 * `copy.deepcopy` of a YAML value. Like Python's, it copies a container that appears twice (shared
 * by Deckhand's aliasing, or by a YAML alias) once, so the copies stay shared with each other.
 */
export function deepCopy<T>(value: T, memo: Map<object, unknown> = new Map()): T {
  // Bytes are immutable in Python: deepcopy gives the same object.
  if (typeof value !== 'object' || value === null || isBytes(value)) return value
  const done = memo.get(value)
  if (done !== undefined) return done as T
  if (Array.isArray(value)) {
    const copy: unknown[] = []
    memo.set(value, copy)
    for (const item of value) copy.push(deepCopy(item, memo))
    return copy as T
  }
  const copy: Mapping = {}
  memo.set(value, copy)
  const source = value as Mapping
  for (const key of Object.keys(source)) setOwn(copy, key, deepCopy(source[key], memo))
  return copy as T
}

/** A value the caller may keep: parsed values the YAML reader froze are shared as they are, others copied. */
export function detached<T>(value: T): T {
  return typeof value === 'object' && value !== null && !Object.isFrozen(value) ? deepCopy(value) : value
}

/** Python truthiness: `x or default` falls back for None, '', 0, False, [], {} and b''. */
export function pyTruthy(value: unknown): boolean {
  if (value === null || value === undefined || value === false || value === 0 || value === '') return false
  if (Array.isArray(value)) return value.length > 0
  if (isBytes(value)) return value.length > 0
  if (isMapping(value)) return Object.keys(value).length > 0
  return true
}

/** Python's numeric view of a scalar: `True == 1`, `False == 0`. */
function numeric(value: unknown): number | undefined {
  if (typeof value === 'number') return value
  if (typeof value === 'boolean') return value ? 1 : 0
  return undefined
}

/** Python `a == b` on YAML values. */
export function pyEquals(a: unknown, b: unknown): boolean {
  if (a === b) return true
  const na = numeric(a)
  const nb = numeric(b)
  if (na !== undefined || nb !== undefined) return na === nb
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false
    return a.every((item, i) => pyEquals(item, b[i]))
  }
  if (isBytes(a) || isBytes(b)) return isBytes(a) && isBytes(b) && Buffer.compare(a, b) === 0
  if (isMapping(a) && isMapping(b)) {
    const keys = Object.keys(a)
    if (keys.length !== Object.keys(b).length) return false
    return keys.every((key) => Object.prototype.hasOwnProperty.call(b, key) && pyEquals(a[key], b[key]))
  }
  return false
}

/** A key equal for values Python hashes and compares equal (scalars only: labels are scalars). */
export function scalarKey(value: unknown): string {
  const n = numeric(value)
  if (n !== undefined) return `n:${n}`
  if (typeof value === 'string') return `s:${value}`
  return 'null'
}

/** `json.dumps(value, sort_keys=True)`: Deckhand hashes documents by it. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`
  if (isMapping(value)) {
    const keys = Object.keys(value).sort()
    return `{${keys.map((key) => `${JSON.stringify(key)}:${canonicalJson(value[key])}`).join(',')}}`
  }
  return JSON.stringify(value) ?? 'null'
}

/** Whether two YAML values are the same data (JSON equality: `true` is not `1`), shared parts at once. */
export function sameData(a: unknown, b: unknown): boolean {
  if (a === b) return true
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return Object.is(a, b)
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false
    return a.every((item, i) => sameData(item, b[i]))
  }
  const keys = Object.keys(a)
  if (keys.length !== Object.keys(b).length) return false
  const other = b as Mapping
  return keys.every(
    (key) => Object.prototype.hasOwnProperty.call(other, key) && sameData((a as Mapping)[key], other[key]),
  )
}
