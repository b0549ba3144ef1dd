// A schema compiled once per text: the entry's schema file is parsed (JSON or YAML), its draft read
// from `$schema`, and compiled by the ajv of that draft; a Deckhand DataSchema is compiled by the ajv
// that reads as Deckhand's jsonschema does. Keyed on the text, a compiled validator never outlives an
// edit of its schema (an edit is another text).
import type { ValidateFunction } from 'ajv/dist/core.js'
import type { Position } from '../diagnostics.ts'
import { boundedMemo } from '../memo.ts'
import { isMapping } from '../values.ts'
import type { PathSegment } from '../values.ts'
import { parseYamlStream } from '../yaml/parse.ts'
import { compileEcma, RegexUnsupported } from '../linear-regex.ts'
import { ajvFor, dropAjv, readingKey, schemaPatternReading, UNRESOLVED_REF } from './ajv-module.ts'
import type { SchemaDraft, SchemaReading } from './ajv-module.ts'

export type { SchemaDraft, SchemaReading } from './ajv-module.ts'

export type CompiledSchema =
  | { ok: true; schema: unknown; validate: ValidateFunction; reading: SchemaReading }
  /** `path`: where in the schema the problem is; `position`: where in its text, when it was read from one. */
  | { ok: false; message: string; path: PathSegment[]; position?: Position }

const compiled = boundedMemo<string, CompiledSchema>(
  'schema: compiled validators',
  'keyed on the schema text and how it is read: a text always compiles the same',
  128,
)

const DRAFTS: Readonly<Record<string, SchemaDraft>> = {
  'json-schema.org/draft-04/schema': 'draft-04',
  'json-schema.org/draft-06/schema': 'draft-06',
  'json-schema.org/draft-07/schema': 'draft-07',
  'json-schema.org/draft/2019-09/schema': '2019-09',
  'json-schema.org/draft/2020-12/schema': '2020-12',
}

/** The draft a `$schema` URI names, or undefined for another (or none). */
function declaredDraft(uri: unknown): SchemaDraft | undefined {
  if (typeof uri !== 'string') return undefined
  return DRAFTS[uri.replace(/^https?:\/\//, '').replace(/#$/, '')]
}

/** Keywords only 2020-12 has: a schema without `$schema` that uses them is read as 2020-12. */
function uses2020(schema: unknown): boolean {
  const stack = [schema]
  while (stack.length > 0) {
    const value = stack.pop()
    if (Array.isArray(value)) stack.push(...value)
    else if (isMapping(value)) {
      for (const key of Object.keys(value)) {
        if (key === 'prefixItems' || key === '$dynamicRef' || key === '$dynamicAnchor') return true
        stack.push(value[key])
      }
    }
  }
  return false
}

/**
 * The draft of an entry's schema: its `$schema`'s, else 2019-09 (which also reads draft-07 schemas,
 * the editors' default), or 2020-12 when it uses 2020-12's own keywords.
 */
export function draftOf(schema: unknown): SchemaDraft {
  const declared = isMapping(schema) ? declaredDraft(schema.$schema) : undefined
  return declared ?? (uses2020(schema) ? '2020-12' : '2019-09')
}

/** A JSON pointer (`/a/0`) as path segments, indices as numbers where `value` has a list. */
export function pointerPath(pointer: string, value: unknown): PathSegment[] {
  if (pointer === '') return []
  const path: PathSegment[] = []
  let node = value
  for (const raw of pointer.slice(1).split('/')) {
    const token = raw.replaceAll('~1', '/').replaceAll('~0', '~')
    const segment = Array.isArray(node) && /^\d+$/.test(token) ? Number(token) : token
    path.push(segment)
    node = Array.isArray(node) || isMapping(node) ? (node as Record<string, unknown>)[segment] : undefined
  }
  return path
}

/** The value at a local `$ref` (`#/definitions/a`) inside `root`, or undefined. */
function resolveLocal(root: unknown, ref: string): unknown {
  if (!ref.startsWith('#')) return undefined
  let node = root
  for (const raw of ref === '#' ? [] : ref.slice(1).split('/').slice(1)) {
    const token = decodeURIComponent(raw).replaceAll('~1', '/').replaceAll('~0', '~')
    if (!(Array.isArray(node) || isMapping(node)) || !Object.hasOwn(node, token)) return undefined
    node = (node as Record<string, unknown>)[token]
  }
  return node
}

/**
 * A copy where each `$ref` that does not resolve inside the schema is a keyword failing when reached:
 * Python's jsonschema resolves a reference lazily, and fails only when validation reaches it.
 */
function lazyRefs(root: unknown): unknown {
  const copy = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(copy)
    if (!isMapping(value)) return value
    const ref = value.$ref
    if (typeof ref === 'string' && resolveLocal(root, ref) === undefined) return { [UNRESOLVED_REF]: ref }
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, copy(item)]))
  }
  return copy(root)
}

/**
 * The first `pattern` or `patternProperties` key of a schema that the linear-time engine cannot run
 * (a lookaround, a backreference), with where it is: refused at its place rather than run on a
 * backtracking engine (issue 28). Invalid syntax is left to ajv's own message.
 */
function unsupportedPattern(schema: unknown, python: boolean): { message: string; path: PathSegment[] } | undefined {
  const stack: { value: unknown; path: PathSegment[] }[] = [{ value: schema, path: [] }]
  const check = (pattern: string, path: PathSegment[]) => {
    try {
      compileEcma(pattern, schemaPatternReading(python))
    } catch (error) {
      if (error instanceof RegexUnsupported)
        return { message: `the pattern ${JSON.stringify(pattern)} uses ${error.message}`, path }
    }
    return undefined
  }
  while (stack.length > 0) {
    const { value, path } = stack.pop()!
    if (Array.isArray(value)) value.forEach((item, index) => stack.push({ value: item, path: [...path, index] }))
    if (!isMapping(value)) continue
    for (const key of Object.keys(value)) {
      const item = value[key]
      const at = [...path, key]
      if (key === 'pattern' && typeof item === 'string') {
        const found = check(item, at)
        if (found) return found
      } else if (key === 'patternProperties' && isMapping(item)) {
        for (const name of Object.keys(item)) {
          const found = check(name, [...at, name])
          if (found) return found
        }
      }
      stack.push({ value: item, path: at })
    }
  }
  return undefined
}

function compileWith(schema: unknown, reading: SchemaReading): CompiledSchema {
  if (typeof schema !== 'boolean' && !isMapping(schema))
    return { ok: false, message: 'a schema must be a mapping (or true or false)', path: [] }
  // A `$schema` of another draft than the one it is read as (Deckhand's, or an unknown URI) would
  // make ajv look for that meta-schema: the one chosen applies.
  let own = reading.python ? lazyRefs(schema) : schema
  if (isMapping(own) && own.$schema !== undefined && declaredDraft(own.$schema) !== reading.draft) {
    const { $schema: _, ...rest } = own
    own = rest
  }
  const unsupported = unsupportedPattern(schema, reading.python)
  if (unsupported) return { ok: false, ...unsupported }
  const ajv = ajvFor(reading)
  if (!ajv.validateSchema(own as object)) {
    const error = ajv.errors?.[0]
    const at = error ? pointerPath(error.instancePath, own) : []
    const where = at.length > 0 ? `at ${error!.instancePath}: ` : ''
    const message = `not a valid ${reading.draft} JSON Schema: ${where}${error?.message ?? 'invalid'}`
    return { ok: false, message, path: at }
  }
  try {
    // The `$id`s of an earlier text of the same schema would clash with this one's.
    if (isMapping(own) && typeof own.$id === 'string') ajv.removeSchema(own.$id)
    return { ok: true, schema, validate: ajv.compile(own as object), reading }
  } catch (error) {
    dropAjv(reading)
    return { ok: false, message: `cannot compile the schema: ${(error as Error).message}`, path: [] }
  }
}

/** The entry's schema file, parsed (JSON or YAML) and compiled. */
export function compileSchemaText(text: string, maxDepth: number, maxAliasCount: number): CompiledSchema {
  return compiled.get(`text\0${maxDepth}\0${maxAliasCount}\0${text}`, () => {
    const docs = parseYamlStream(text, { version: '1.2', allowDuplicateKeys: false, maxDepth, maxAliasCount })
    const content = docs.filter((doc) => !doc.empty)
    const first = content[0]
    if (!first) return { ok: false, message: 'the schema file is empty', path: [], position: { line: 1, column: 1 } }
    if (first.error)
      return {
        ok: false,
        message: `not JSON or YAML: ${first.error.message}`,
        path: [],
        position: first.error.position,
      }
    if (content.length > 1) {
      const position = content[1]!.locate([])
      return { ok: false, message: 'the schema file holds several YAML documents', path: [], position }
    }
    const reading: SchemaReading = { draft: draftOf(first.value), formats: true, python: false }
    const result = compileWith(first.value, reading)
    return result.ok ? result : { ...result, position: first.locate(result.path, 'key') }
  })
}

/** A schema given as a value (a Deckhand DataSchema's `data`): a problem's `path` is inside it. */
export function compileSchemaValue(schema: unknown, reading: SchemaReading): CompiledSchema {
  const key = `value\0${readingKey(reading)}\0${JSON.stringify(schema)}`
  return compiled.get(key, () => compileWith(schema, reading))
}
