// The plain values reading YAML (or JSON, or a PowerShell data file) produces — mappings, lists,
// scalars and bytes — and the predicates every room asks of them. A mapping is a plain object: never
// a list, never null, never bytes (`!!binary` gives a Uint8Array, which merges as a scalar).

/** One step of a key path: a mapping key or a list index. */
export type PathSegment = string | number

export type Mapping = Record<string, unknown>

/** A mapping: an object that is neither a list nor bytes. */
export function isMapping(value: unknown): value is Mapping {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !ArrayBuffer.isView(value)
}

/** Bytes (`!!binary`). */
export function isBytes(value: unknown): value is Uint8Array {
  return value instanceof Uint8Array
}

/** A mapping or a list: something with children. */
export function isCollection(value: unknown): value is Mapping | unknown[] {
  return typeof value === 'object' && value !== null && !ArrayBuffer.isView(value)
}

/** `map.get(key)`: undefined when absent, so that `__proto__` is data and never the prototype. */
export function getOwn(map: Mapping, key: string): unknown {
  return Object.hasOwn(map, key) ? map[key] : undefined
}

/** `map[key] = value`, defining an own property even for `__proto__` (assignment would set the prototype). */
export function setOwn(map: Mapping, key: string, value: unknown): void {
  if (key === '__proto__') {
    Object.defineProperty(map, key, { value, enumerable: true, writable: true, configurable: true })
  } else {
    map[key] = value
  }
}

/** The type of a value as messages name it: `a mapping`, `a list`, `bytes`, `the string "x"`… */
/** Characters of a value a message quotes at most; a longer one is cut, its length said (as code frames cut lines). */
const MAX_QUOTED = 120

/** `text` cut after `max` characters, saying how long it was: `abc… (1048576 characters)`. */
export function cutText(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max)}… (${text.length} characters)`
}

/** A value as JSON for a message, cut after MAX_QUOTED characters (a 1 MB string is not quoted whole). */
export function quoteValue(value: unknown): string {
  if (typeof value === 'string' && value.length > MAX_QUOTED)
    return `${JSON.stringify(value.slice(0, MAX_QUOTED))}… (${value.length} characters)`
  return cutText(JSON.stringify(value) ?? String(value), MAX_QUOTED)
}

export function describeValue(value: unknown): string {
  if (value === null || value === undefined) return 'null'
  if (Array.isArray(value)) return 'a list'
  if (isBytes(value)) return 'bytes'
  if (typeof value === 'object') return 'a mapping'
  return `the ${typeof value} ${quoteValue(value)}`
}

/** Python's type name of a YAML value (`str`, `int`, `dict`…), for messages that repeat a Python reference system's. */
export function pyTypeName(value: unknown): string {
  if (value === null || value === undefined) return 'NoneType'
  if (typeof value === 'string') return 'str'
  if (typeof value === 'boolean') return 'bool'
  if (typeof value === 'number') return Number.isInteger(value) ? 'int' : 'float'
  if (Array.isArray(value)) return 'list'
  if (isBytes(value)) return 'bytes'
  return 'dict'
}

/** Approximate length of a scalar written out as JSON: its text, or a few bytes for a number, boolean or null. */
export function leafSize(value: unknown): number {
  if (typeof value === 'string') return value.length + 2
  if (isBytes(value)) return value.byteLength * 4 + 2
  return 8
}

declare const IMMUTABLE: unique symbol

/**
 * A value that can never change: frozen, with every container inside it frozen too (the render cache
 * freezes the documents it shares between entries, and merges reuse their subtrees). What is computed
 * from an immutable value's identity — its size, the dialect it declares — holds for as long as it
 * lives, so memos keyed on it (WeakMaps) are sound. Frozen is the runtime mark; this type says so.
 */
export type Immutable<T extends object = object> = T & { readonly [IMMUTABLE]: true }

/** Whether a container is immutable (see Immutable): its memos may be kept. */
export function isImmutable<T extends object>(value: T): value is Immutable<T> {
  return Object.isFrozen(value)
}

/** Freezes a value and every container in it, so code that mutates a shared document fails instead of corrupting
 * others. */
export function freezeDeep<T>(root: T): T {
  const stack: unknown[] = [root]
  while (stack.length > 0) {
    const value = stack.pop()
    if (!isCollection(value) || Object.isFrozen(value)) continue
    Object.freeze(value)
    if (Array.isArray(value)) {
      for (const item of value) if (typeof item === 'object' && item !== null) stack.push(item)
    } else {
      for (const key of Object.keys(value)) {
        const item = value[key]
        if (typeof item === 'object' && item !== null) stack.push(item)
      }
    }
  }
  return root
}

/** Whether two values are the same data: equal leaves, lists item by item, mappings key by key. */
export function sameData(a: unknown, b: unknown): boolean {
  if (a === b) return true
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((item, i) => sameData(item, b[i]))
  if (!isMapping(a) || !isMapping(b)) return false
  const keys = Object.keys(a)
  return keys.length === Object.keys(b).length && keys.every((key) => Object.hasOwn(b, key) && sameData(a[key], b[key]))
}
