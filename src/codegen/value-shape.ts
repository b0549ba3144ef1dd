// The shape of merged values, before printing as a type: what each value's type says, with the
// items of an array (and the values of several modes) unified into one shape.
import { isPlainObject } from './module.ts'

export interface TypeOptions {
  /** Literal, readonly types (what `as const` gives) instead of `string`, `number`, mutable arrays. */
  asConst: boolean
}

/** The shape of a value, before printing: what its type says, with array items unified. */
export type Shape =
  | { kind: 'leaf'; type: string }
  | { kind: 'object'; props: Map<string, { shape: Shape; optional: boolean }> }
  | { kind: 'array'; element: Shape | undefined }
  | { kind: 'tuple'; items: Shape[] }
  | { kind: 'union'; members: Shape[] }

function leafType(value: unknown, options: TypeOptions): string | undefined {
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
  return undefined
}

// Leaf shapes are shared: most leaves are one of a few types.
const leafShapes = new Map<string, Shape>()

export function shapeOf(value: unknown, options: TypeOptions): Shape {
  const leaf = leafType(value, options)
  if (leaf) {
    let shape = leafShapes.get(leaf)
    if (!shape) {
      shape = { kind: 'leaf', type: leaf }
      // Literal types (asConst) are as many as the values: only the few general ones are kept.
      if (!options.asConst) leafShapes.set(leaf, shape)
    }
    return shape
  }
  if (Array.isArray(value)) {
    const items = value.map((item) => shapeOf(item, options))
    return options.asConst
      ? { kind: 'tuple', items }
      : { kind: 'array', element: items.length === 0 ? undefined : unify(items) }
  }
  if (isPlainObject(value)) {
    const props = new Map<string, { shape: Shape; optional: boolean }>()
    for (const key of Object.keys(value)) props.set(key, { shape: shapeOf(value[key], options), optional: false })
    return { kind: 'object', props }
  }
  throw new TypeError(`unplugin-merged-yaml: cannot type ${Object.prototype.toString.call(value)}`)
}

/**
 * One shape for the items of an array: the distinct leaf types, one object type whose keys are
 * optional where some items lack them, and one array type — so `servers[0].port` type-checks when
 * only some servers set a port, as a hand-written type would say. Members keep the order in which
 * their kind first appears; one pass over the items, one over each key's shapes.
 */
function unify(shapes: readonly Shape[]): Shape {
  const members: Shape[] = []
  const leaves = new Set<string>()
  // Where the object and the array member go, filled in once every item has been seen.
  let objectAt = -1
  let arrayAt = -1
  let objects = 0
  const props = new Map<string, { shapes: Shape[]; optional: boolean }>()
  const elements: Shape[] = []
  const add = (shape: Shape): void => {
    switch (shape.kind) {
      case 'union':
        for (const member of shape.members) add(member)
        return
      case 'leaf':
        if (!leaves.has(shape.type)) {
          leaves.add(shape.type)
          members.push(shape)
        }
        return
      case 'object':
        if (objectAt < 0) objectAt = members.push(shape) - 1
        objects++
        for (const [key, prop] of shape.props) {
          let seen = props.get(key)
          if (!seen) props.set(key, (seen = { shapes: [], optional: false }))
          seen.shapes.push(prop.shape)
          seen.optional ||= prop.optional
        }
        return
      case 'array':
        if (arrayAt < 0) arrayAt = members.push(shape) - 1
        if (shape.element) elements.push(shape.element)
        return
      case 'tuple':
        members.push(shape)
    }
  }
  for (const shape of shapes) add(shape)
  if (objectAt >= 0) {
    const merged = new Map<string, { shape: Shape; optional: boolean }>()
    for (const [key, seen] of props)
      merged.set(key, { shape: unify(seen.shapes), optional: seen.optional || seen.shapes.length < objects })
    members[objectAt] = { kind: 'object', props: merged }
  }
  if (arrayAt >= 0) members[arrayAt] = { kind: 'array', element: elements.length === 0 ? undefined : unify(elements) }
  return members.length === 1 ? members[0]! : { kind: 'union', members }
}

/**
 * The shape of a value that is one of `values` (an entry's values in the modes it is built in): the
 * same unification as array items, so a key only some modes set is optional.
 */
export function shapeOfAny(values: readonly unknown[], options: TypeOptions): Shape {
  const shapes = values.map((value) => shapeOf(value, options))
  return shapes.length === 1 ? shapes[0]! : unify(shapes)
}
