// TypeScript types from a JSON Schema: pure string building, deterministic for a given schema. What
// the schema says in every mode, rather than what one merged value happens to hold: required keys
// and optional ones, enums and consts as literal unions, oneOf/anyOf as unions, allOf as an
// intersection, tuples, local `$ref`s as named types (recursion allowed), descriptions as JSDoc.
// An object with `properties` has those keys only, unless `additionalProperties` says more: a
// misspelt key is a type error, as the editor's schema flags it. One printer, kept whole with the
// value paths that give each property its source (docs/editor.md).
import { DeclarationMarks } from './declaration-text.ts'
import { describeSource, docBlock } from './describe-source.ts'
import type { SourceNotes } from './describe-source.ts'
import { propertyKey } from './names.ts'
import { ANY_ITEM } from './property-sources.ts'
import type { PathStep } from './property-sources.ts'

export interface SchemaTypeOptions {
  /** Readonly properties and arrays (what `as const` gives). */
  asConst: boolean
}

type Schema = Record<string, unknown>

const INDENT = '  '

const isSchemaObject = (value: unknown): value is Schema =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** `#/definitions/a~1b` → the schema there, within `root`. */
function resolvePointer(root: unknown, ref: string): unknown {
  if (!ref.startsWith('#')) return undefined
  let node = root
  for (const raw of ref === '#' || ref === '#/' ? [] : ref.slice(2).split('/')) {
    const token = decodeURIComponent(raw).replaceAll('~1', '/').replaceAll('~0', '~')
    if (!isSchemaObject(node) || !Object.hasOwn(node, token)) return undefined
    node = node[token]
  }
  return node
}

/** `server-config` → `ServerConfig`: a type name for a definition. */
function typeName(ref: string): string {
  const last = ref.split('/').at(-1) ?? 'Definition'
  const name = decodeURIComponent(last)
    .replaceAll('~1', '/')
    .replaceAll('~0', '~')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((part) => part[0]!.toUpperCase() + part.slice(1))
    .join('')
  return /^[A-Za-z]/.test(name) ? name : `Definition${name}`
}

/** The lines of a JSDoc comment from a schema's `title`, `description`, `default`, `deprecated`. */
function docLines(schema: unknown): string[] {
  if (!isSchemaObject(schema)) return []
  const lines: string[] = []
  for (const key of ['title', 'description'] as const) {
    const text = schema[key]
    if (typeof text === 'string' && text.trim() && !lines.includes(text.trim())) lines.push(...text.trim().split('\n'))
  }
  if (schema.default !== undefined) lines.push(`@default ${JSON.stringify(schema.default)}`)
  if (schema.deprecated === true) lines.push('@deprecated')
  return lines
}

/** A JSDoc comment from a schema's `title`, `description`, `default`, `deprecated`, at `pad`. */
function docComment(schema: unknown, pad: string): string {
  return docBlock(docLines(schema), pad)
}

const literal = (value: unknown): string | undefined => {
  if (value === null) return 'null'
  if (typeof value === 'string' || typeof value === 'boolean') return JSON.stringify(value)
  if (typeof value === 'number' && Number.isFinite(value)) return String(value)
  return undefined
}

const union = (members: readonly string[]): string => {
  const distinct = [...new Set(members)]
  if (distinct.includes('unknown')) return 'unknown'
  return distinct.length === 0 ? 'never' : distinct.join(' | ')
}

/** Parenthesises a union or intersection where it is an operand. */
const operand = (type: string): string => (/^[\w."[\]<>]+$/.test(type) ? type : `(${type})`)

/** The printer of one schema's types: named types for the `$ref`s it meets. */
export class SchemaTypePrinter {
  /** `$ref` → its type name, and the printed named types, in the order met. */
  private readonly names = new Map<string, string>()
  private readonly declarations: string[] = []
  private readonly taken: Set<string>
  /** Where the sources of the printed properties go in the printed types (see `DeclarationText.writeMarked`). */
  readonly marks = new DeclarationMarks()

  constructor(
    private readonly root: unknown,
    private readonly options: SchemaTypeOptions,
    reserved: readonly string[] = [],
    /** With the declaration's sources: each property printed at a known path gets its source. */
    private readonly notes?: SourceNotes,
  ) {
    this.taken = new Set(reserved)
  }

  /** The named types the printed types refer to (`type Server = …`), each after its description. */
  namedTypes(): string[] {
    return this.declarations
  }

  private named(ref: string): string {
    const known = this.names.get(ref)
    if (known) return known
    const target = resolvePointer(this.root, ref)
    if (target === undefined) return 'unknown'
    let name = typeName(ref)
    while (this.taken.has(name)) name += '_'
    this.taken.add(name)
    this.names.set(ref, name)
    // Printed after registering the name, so that a recursive reference names it.
    const body = this.type(target, 0)
    this.declarations.push(`${docComment(target, '')}type ${name} = ${body}`)
    return name
  }

  /**
   * The type of `schema`, laid out from `depth` levels of indentation; `at` is the path of the value
   * it types (the properties below get their sources), unknown in a named type, which many share.
   */
  type(schema: unknown, depth: number, at?: PathStep[]): string {
    if (schema === true || schema === undefined) return 'unknown'
    if (schema === false) return 'never'
    if (!isSchemaObject(schema)) return 'unknown'
    if (typeof schema.$ref === 'string') {
      const ref = this.named(schema.$ref)
      // Draft 2019-09 on: keywords beside `$ref` apply too.
      const { $ref: _, ...rest } = schema
      const more = this.structure(rest, depth, at)
      return more === 'unknown' ? ref : `${operand(ref)} & ${operand(more)}`
    }
    return this.structure(schema, depth, at)
  }

  private structure(schema: Schema, depth: number, at: PathStep[] | undefined): string {
    if ('const' in schema) return literal(schema.const) ?? 'unknown'
    if (Array.isArray(schema.enum)) {
      const members = schema.enum.map(literal)
      if (members.every((m): m is string => m !== undefined)) return union(members)
    }
    const parts: string[] = []
    const own = this.ownType(schema, depth, at)
    if (own !== 'unknown') parts.push(own)
    for (const key of ['anyOf', 'oneOf'] as const) {
      const members = schema[key]
      if (Array.isArray(members) && members.length > 0) {
        const alternatives = union(members.map((member) => this.type(member, depth, at)))
        if (alternatives !== 'unknown') parts.push(operand(alternatives))
      }
    }
    if (Array.isArray(schema.allOf)) {
      for (const member of schema.allOf) {
        const type = this.type(member, depth, at)
        if (type !== 'unknown') parts.push(operand(type))
      }
    }
    if (parts.length === 0) return 'unknown'
    return parts.length === 1 ? parts[0]!.replace(/^\((.*)\)$/s, '$1') : parts.join(' & ')
  }

  /** The type `type` (or the keywords of one type) gives. */
  private ownType(schema: Schema, depth: number, at: PathStep[] | undefined): string {
    const declared = schema.type
    const types = Array.isArray(declared)
      ? declared.filter((t): t is string => typeof t === 'string')
      : typeof declared === 'string'
        ? [declared]
        : []
    if (types.length === 0) {
      if (isSchemaObject(schema.properties) || schema.additionalProperties !== undefined || schema.required)
        types.push('object')
      else if (schema.items !== undefined || schema.prefixItems !== undefined) types.push('array')
      else return 'unknown'
    }
    return union(types.map((type) => this.ofType(type, schema, depth, at)))
  }

  private ofType(type: string, schema: Schema, depth: number, at: PathStep[] | undefined): string {
    switch (type) {
      case 'string':
        return 'string'
      case 'number':
      case 'integer':
        return 'number'
      case 'boolean':
        return 'boolean'
      case 'null':
        return 'null'
      case 'array':
        return this.array(schema, depth, at)
      case 'object':
        return this.object(schema, depth, at)
      default:
        return 'unknown'
    }
  }

  private array(schema: Schema, depth: number, at: PathStep[] | undefined): string {
    const readonly = this.options.asConst ? 'readonly ' : ''
    const tuple = Array.isArray(schema.prefixItems)
      ? schema.prefixItems
      : Array.isArray(schema.items)
        ? schema.items
        : []
    if (tuple.length > 0) {
      const rest = Array.isArray(schema.items) ? schema.additionalItems : schema.items
      const items = tuple.map((item, i) => this.type(item, depth, at && [...at, i]))
      if (rest !== false && schema.maxItems !== tuple.length) items.push(`...${operand(this.type(rest, depth))}[]`)
      return `${readonly}[${items.join(', ')}]`
    }
    const element = this.type(schema.items, depth, at && [...at, ANY_ITEM])
    return `${readonly}${operand(element)}[]`
  }

  private object(schema: Schema, depth: number, at: PathStep[] | undefined): string {
    const pad = INDENT.repeat(depth + 1)
    const end = INDENT.repeat(depth)
    const modifier = this.options.asConst ? 'readonly ' : ''
    const properties = isSchemaObject(schema.properties) ? schema.properties : {}
    const required = new Set(Array.isArray(schema.required) ? schema.required.filter((k) => typeof k === 'string') : [])
    const lines: string[] = []
    const memberTypes: string[] = []
    let optional = false
    for (const key of Object.keys(properties)) {
      const path = at && [...at, key]
      const type = this.type(properties[key], depth + 1, path)
      const isOptional = !required.has(key)
      optional ||= isOptional
      memberTypes.push(type)
      const mark = isOptional ? '?' : ''
      const described = this.notes && path && describeSource(this.notes, path, pad, docLines(properties[key]))
      if (!described) {
        lines.push(`${docComment(properties[key], pad)}${pad}${modifier}${propertyKey(key, 'type')}${mark}: ${type}\n`)
        continue
      }
      const { doc, source } = described
      const start = this.marks.mark(source)
      const end = this.marks.mark(source, source.length)
      lines.push(`${doc}${pad}${modifier}${start}${propertyKey(key, 'type')}${end}${mark}: ${type}${end}\n`)
    }
    // Required keys the schema declares no type for.
    for (const key of required) {
      if (Object.hasOwn(properties, key)) continue
      memberTypes.push('unknown')
      lines.push(`${pad}${modifier}${propertyKey(key, 'type')}: unknown\n`)
    }
    const extra = this.additional(schema, Object.keys(properties).length > 0, depth)
    if (extra !== undefined) {
      // An index signature must admit every declared property's type.
      const all = union([extra, ...(extra === 'unknown' ? [] : memberTypes), ...(optional ? ['undefined'] : [])])
      lines.push(`${pad}${modifier}[key: string]: ${all}\n`)
    }
    if (lines.length === 0) return '{}'
    return `{\n${lines.join('')}${end}}`
  }

  /** The type of keys beyond `properties`, or undefined when there are none. */
  private additional(schema: Schema, hasProperties: boolean, depth: number): string | undefined {
    const additional = schema.additionalProperties
    const patterns = isSchemaObject(schema.patternProperties) ? Object.values(schema.patternProperties) : []
    if (additional === false)
      return patterns.length > 0 ? union(patterns.map((p) => this.type(p, depth + 1))) : undefined
    if (additional === undefined && hasProperties && patterns.length === 0) return undefined
    const types = [additional === undefined || additional === true ? 'unknown' : this.type(additional, depth + 1)]
    for (const pattern of patterns) types.push(this.type(pattern, depth + 1))
    return union(types)
  }
}

/** The top-level keys the schema declares (following a `$ref` at the root): those typed `Value[key]`. */
export function schemaKeys(schema: unknown, root: unknown = schema, seen = new Set<unknown>()): Set<string> {
  const keys = new Set<string>()
  if (!isSchemaObject(schema) || seen.has(schema)) return keys
  seen.add(schema)
  if (isSchemaObject(schema.properties)) for (const key of Object.keys(schema.properties)) keys.add(key)
  if (Array.isArray(schema.required)) for (const key of schema.required) if (typeof key === 'string') keys.add(key)
  if (typeof schema.$ref === 'string')
    for (const key of schemaKeys(resolvePointer(root, schema.$ref), root, seen)) keys.add(key)
  if (Array.isArray(schema.allOf))
    for (const member of schema.allOf) for (const key of schemaKeys(member, root, seen)) keys.add(key)
  return keys
}

/** The JSDoc of the schema's root (its title and description), for the declaration's type. */
export function schemaDocComment(schema: unknown): string {
  return docComment(schema, '')
}
