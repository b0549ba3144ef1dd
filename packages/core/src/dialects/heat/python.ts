// Python data semantics that Heat's merge code relies on: truthiness (`if not old`), `dict.get`,
// `''.join`, `+`, and the exceptions those raise. Heat mutates the dicts it merges; we do the same on
// our own copies (`cloneOwned`), which keeps YAML aliases shared exactly as PyYAML shares them.
import type { ErrorCode } from '../../codes.ts'
import { isBytes, isMapping, pyTypeName, setOwn } from '../../values.ts'
import type { Mapping, PathSegment } from '../../values.ts'

export type { Mapping }

/** Python's `bool(value)`: None, False, 0, '', [], {} and b'' are false; NaN is true. */
export function isTruthy(value: unknown): boolean {
  if (value === null || value === undefined || value === false || value === '') return false
  if (typeof value === 'number') return value !== 0
  if (Array.isArray(value) || isBytes(value)) return value.length > 0
  if (isMapping(value)) return Object.keys(value).length > 0
  return true
}

/** A deep copy we may mutate; values shared by YAML aliases stay shared, as they are in PyYAML. */
export function cloneOwned<T>(value: T, seen = new Map<object, unknown>()): T {
  // Bytes are immutable in Python: shared, as a scalar is.
  if (typeof value !== 'object' || value === null || isBytes(value)) return value
  const known = seen.get(value)
  if (known !== undefined) return known as T
  if (Array.isArray(value)) {
    const copy: unknown[] = []
    seen.set(value, copy)
    for (const item of value) copy.push(cloneOwned(item, seen))
    return copy as T
  }
  const copy: Mapping = {}
  seen.set(value, copy)
  for (const [key, item] of Object.entries(value)) setOwn(copy, key, cloneOwned(item, seen))
  return copy as T
}

/** Python's `==` on plain data (strategy names are compared with it). */
export function pyEquals(a: unknown, b: unknown): boolean {
  if (a === b) return true
  if (typeof a === 'number' && typeof b === 'number') return Number.isNaN(a) && Number.isNaN(b) ? false : a === b
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, i) => pyEquals(item, b[i]))
  if (isBytes(a) && isBytes(b)) return Buffer.compare(a, b) === 0
  if (isMapping(a) && isMapping(b)) {
    const keys = Object.keys(a)
    return keys.length === Object.keys(b).length && keys.every((k) => Object.hasOwn(b, k) && pyEquals(a[k], b[k]))
  }
  return false
}

/**
 * An exception Heat's merge code raises on this input (TypeError, AttributeError, ValueError, …).
 * `path` is relative to the value being merged; the caller turns it into a located diagnostic.
 */
export class HeatRaise extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly path: readonly PathSegment[] = [],
  ) {
    super(message)
    this.name = 'HeatRaise'
  }
}

export const TYPE_MISMATCH = 'MY_HEAT_TYPE_MISMATCH'

/** `''.join([a, b])`: both must be strings, else TypeError. */
export function joinStrings(a: unknown, b: unknown, path: readonly PathSegment[] = []): string {
  if (typeof a === 'string' && typeof b === 'string') return a + b
  throw new HeatRaise(
    TYPE_MISMATCH,
    `cannot concatenate ${pyTypeName(a)} and ${pyTypeName(b)} (Heat raises TypeError: sequence item: expected str ` +
      `instance)`,
    path,
  )
}

/** Python's binary `+` on the values YAML can produce. */
export function pyAdd(a: unknown, b: unknown, path: readonly PathSegment[] = []): unknown {
  const numeric = (v: unknown) => typeof v === 'number' || typeof v === 'boolean'
  if (numeric(a) && numeric(b)) return Number(a) + Number(b)
  if (typeof a === 'string' && typeof b === 'string') return a + b
  if (Array.isArray(a) && Array.isArray(b)) return [...a, ...b]
  throw new HeatRaise(
    TYPE_MISMATCH,
    `cannot add ${pyTypeName(b)} to ${pyTypeName(a)} (Heat raises TypeError: unsupported operand type(s) for +)`,
    path,
  )
}
