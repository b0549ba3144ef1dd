// Deckhand is Python: documents are dicts compared with `==`, where `True == 1` and `{}` equals any
// other empty dict. These helpers give plain YAML values those semantics.
import { isBytes, isMapping, setOwn } from '../../values.ts'
import type { Mapping } from '../../values.ts'

export type { Mapping }

/** `copy.deepcopy` of a YAML value. */
export function deepCopy<T>(value: T): T {
  if (Array.isArray(value)) return value.map((item) => deepCopy(item)) as T
  if (isMapping(value)) {
    const copy: Mapping = {}
    for (const key of Object.keys(value)) setOwn(copy, key, deepCopy(value[key]))
    return copy as T
  }
  return value
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
