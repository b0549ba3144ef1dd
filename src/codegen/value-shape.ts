// What the type of merged values says, before printing: each value's leaf type, and the members of
// the one type several values share (an array's items, the values of several modes), unified: the
// distinct leaf types, one object type, one array type — read from the values themselves, with no
// tree of shapes built beside them.
import { isPlainObject } from './module.ts'

export interface TypeOptions {
  /** Literal, readonly types (what `as const` gives) instead of `string`, `number`, mutable arrays. */
  asConst: boolean
}

/** The type of a value that is not a container, or undefined for an array or a plain object. */
export function leafType(value: unknown, options: TypeOptions): string | undefined {
  if (value === null) return 'null'
  switch (typeof value) {
    case 'string':
      return options.asConst ? JSON.stringify(value) : 'string'
    case 'boolean':
      return options.asConst ? String(value) : 'boolean'
    case 'number':
      // NaN and the infinities have no literal type.
      if (!options.asConst || !Number.isFinite(value)) return 'number'
      return Object.is(value, -0) ? '0' : String(value)
  }
  if (value instanceof Uint8Array) return 'Uint8Array'
  if (Array.isArray(value) || isPlainObject(value)) return undefined
  throw new TypeError(`unplugin-merged-yaml: cannot type ${Object.prototype.toString.call(value)}`)
}

/**
 * One member of the type several values share: a leaf type; the objects among the values (one
 * object type: its keys are optional where some objects lack them, so `servers[0].port`
 * type-checks when only some servers set a port, as a hand-written type would say); the arrays
 * (one array type of all their items); or, with `asConst`, one array (a tuple of its own items).
 */
export type Member =
  | { kind: 'leaf'; type: string }
  | { kind: 'object'; objects: Record<string, unknown>[] }
  | { kind: 'array'; arrays: unknown[][] }
  | { kind: 'tuple'; items: readonly unknown[] }

/** The members of the type `values` share, in the order in which their kind first appears among them. */
export function membersOf(values: readonly unknown[], options: TypeOptions): Member[] {
  const members: Member[] = []
  let leaves: Set<string> | undefined
  let objects: Record<string, unknown>[] | undefined
  let arrays: unknown[][] | undefined
  for (const value of values) {
    const leaf = leafType(value, options)
    if (leaf !== undefined) {
      leaves ??= new Set()
      if (leaves.has(leaf)) continue
      leaves.add(leaf)
      members.push({ kind: 'leaf', type: leaf })
    } else if (Array.isArray(value)) {
      if (options.asConst) members.push({ kind: 'tuple', items: value })
      else if (arrays) arrays.push(value)
      else members.push({ kind: 'array', arrays: (arrays = [value]) })
    } else if (objects) objects.push(value as Record<string, unknown>)
    else members.push({ kind: 'object', objects: (objects = [value as Record<string, unknown>]) })
  }
  return members
}

/** A key of an object type: the values the objects have for it, optional when some objects lack it. */
export interface Property {
  values: unknown[]
  optional: boolean
}

/** The keys of the one object type of `objects`, in the order in which they first appear. */
export function propertiesOf(objects: readonly Record<string, unknown>[]): Map<string, Property> {
  const props = new Map<string, Property>()
  for (const object of objects) {
    for (const key of Object.keys(object)) {
      const prop = props.get(key)
      if (prop) prop.values.push(object[key])
      else props.set(key, { values: [object[key]], optional: false })
    }
  }
  for (const prop of props.values()) prop.optional = prop.values.length < objects.length
  return props
}

/** The items of every one of `arrays`, in order: the values their one array type's element is the type of. */
export function itemsOf(arrays: readonly unknown[][]): readonly unknown[] {
  if (arrays.length === 1) return arrays[0]!
  const items: unknown[] = []
  for (const array of arrays) for (const item of array) items.push(item)
  return items
}
