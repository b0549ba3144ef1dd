// A draft 2020-12 JSON Schema inferred from merged values: a starting point to edit, not a truth.
// Every key a value has is a property; a key is required where every value (every item of a list,
// every mode rendered) has it; objects allow no other keys, so that a misspelt key fails — but for
// the objects `isOpen` names (those a layer the entry may be without adds to).

type Schema = Record<string, unknown>

const DRAFT = 'https://json-schema.org/draft/2020-12/schema'

/** `!!binary`: bytes, written as base64 text. */
const isBytes = (value: unknown): value is Uint8Array => value instanceof Uint8Array

function typeOf(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'array'
  if (isBytes(value)) return 'string'
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number'
  return typeof value === 'object' ? 'object' : typeof value
}

/** Whether an object, by its key path (list items as `[]`), may get keys the samples do not show. */
type IsOpen = (path: string) => boolean

const never: IsOpen = () => false

/** One schema for several samples of a value (each of them valid against it). */
function inferAll(samples: readonly unknown[], path = '', isOpen: IsOpen = never): Schema {
  const byType = new Map<string, unknown[]>()
  for (const sample of samples) {
    const type = typeOf(sample)
    byType.set(type, [...(byType.get(type) ?? []), sample])
  }
  // An integer where others are numbers: number.
  if (byType.has('number') && byType.has('integer')) {
    byType.set('number', [...byType.get('number')!, ...byType.get('integer')!])
    byType.delete('integer')
  }
  const members = [...byType].map(([type, values]) => inferType(type, values, path, isOpen))
  if (members.length === 0) return {}
  if (members.length === 1) return members[0]!
  // Plain types (no keywords beyond `type`) join in one `type` list; structures stay alternatives.
  if (members.every((m) => Object.keys(m).length === 1)) return { type: members.map((m) => m.type) }
  return { anyOf: members }
}

function inferType(type: string, values: readonly unknown[], path: string, isOpen: IsOpen): Schema {
  if (type === 'array') {
    const items = values.flatMap((value) => value as unknown[])
    return items.length === 0 ? { type } : { type, items: inferAll(items, `${path}[]`, isOpen) }
  }
  if (type === 'object') {
    const objects = values as Record<string, unknown>[]
    const keys = [...new Set(objects.flatMap((object) => Object.keys(object)))]
    const properties: Schema = {}
    for (const key of keys) {
      const samples = objects.filter((object) => Object.hasOwn(object, key)).map((object) => object[key])
      const value = inferAll(samples, `${path}.${key}`, isOpen)
      Object.defineProperty(properties, key, { value, enumerable: true, writable: true })
    }
    const required = keys.filter((key) => objects.every((object) => Object.hasOwn(object, key)))
    const closed = isOpen(path) ? {} : { additionalProperties: false }
    return { type, properties, ...(required.length > 0 ? { required } : {}), ...closed }
  }
  if (values.some(isBytes)) return { type, contentEncoding: 'base64' }
  return { type }
}

/**
 * A draft 2020-12 schema every one of `values` (merged values, one per mode) meets; `comment` says
 * what it was inferred from.
 */
export function inferSchema(values: readonly unknown[], isOpen: IsOpen = never, comment?: string): Schema {
  return { $schema: DRAFT, ...(comment ? { $comment: comment } : {}), ...inferAll(values, '', isOpen) }
}

/** A history path as `isOpen` names it: `.a.b`, list items as `[]`. */
export const schemaPath = (path: readonly (string | number)[]): string =>
  path.map((segment) => (typeof segment === 'number' ? '[]' : `.${segment}`)).join('')
