// Datum reads every file into case-insensitive dictionaries: keys, lookup paths and option names
// match whatever their case. These helpers give plain objects that behaviour without losing the
// spelling a key was written with.
import { setOwn } from '../../values.ts'

export type DatumMap = Record<string, unknown>

/**
 * A mapping of data as Datum's merge sees one: a plain object. Objects of a class (a pending handler
 * expression, a decrypted credential, a file of a store) are scalars to it, as their PowerShell
 * counterparts are; so are bytes.
 */
export function isDatumMap(value: unknown): value is DatumMap {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false
  const prototype = Object.getPrototypeOf(value)
  return prototype === Object.prototype || prototype === null
}

/** The form two keys are compared in. */
export function foldCase(key: string): string {
  return key.toLowerCase()
}

/** Looks keys of one mapping up ignoring case; the mapping must not change while the index is used. */
export class KeyIndex {
  readonly #keys = new Map<string, string>()

  constructor(map: DatumMap) {
    for (const key of Object.keys(map)) {
      const folded = foldCase(key)
      if (!this.#keys.has(folded)) this.#keys.set(folded, key)
    }
  }

  /** The key as written in the mapping, or undefined. */
  key(name: string): string | undefined {
    return this.#keys.get(foldCase(name))
  }

  has(name: string): boolean {
    return this.#keys.has(foldCase(name))
  }
}

/** The key of `map` equal to `name` ignoring case. */
export function findKey(map: DatumMap, name: string): string | undefined {
  const folded = foldCase(name)
  return Object.keys(map).find((key) => foldCase(key) === folded)
}

/** `map[name]` ignoring case; undefined when the key is absent. */
export function getIgnoringCase(map: DatumMap, name: string): unknown {
  const key = findKey(map, name)
  return key === undefined ? undefined : map[key]
}

/** A shallow copy that keeps key order and own `__proto__` keys. */
export function copyMap(map: DatumMap): DatumMap {
  const out: DatumMap = {}
  for (const key of Object.keys(map)) setOwn(out, key, map[key])
  return out
}
