// Deckhand's validation of a rendered set (its rendered-documents endpoint: DocumentValidation with
// pre_validate off, then validate_render; deckhand/engine/document_validation.py): every concrete
// rendered document — control documents included, abstract and replaced ones not — has its `data`
// checked against the DataSchema registered for its schema's `<namespace>/<kind>` and version. The
// schemas: Deckhand's built-in ones first, then the set's `deckhand/DataSchema` documents (abstract
// ones too) whose `metadata.name` is `<ns>/<Kind>/v<N>` and whose `data` is not empty, the first of a
// name winning. Draft-04 as Python's jsonschema reads it: `format` is not checked, `$schema` ignored.
import type { DialectContext, DialectSchemaCheck } from '../types.ts'
import { layerDocuments } from '../layers.ts'
import type { ParsedPart } from '../../parts.ts'
import type { SchemaReading } from '../../schema/compile.ts'
import type { SourceDocument } from '../../source-document.ts'
import { getOwn, isMapping } from '../../values.ts'
import type { PathSegment } from '../../values.ts'
import type { DeckhandOptions } from './options.ts'
import { pyTruthy } from './values.ts'

const READING: SchemaReading = { draft: 'draft-04', formats: false, python: true }

const DATA_SCHEMA = 'deckhand/DataSchema'
// `BaseValidator._schema_re`: other names are skipped.
const NAME = /^[a-zA-Z]+\/[a-zA-Z]+\/v\d+$/
// `_SUPPORTED_SCHEMA_VERSIONS`: a DataSchema of another version makes Deckhand fail (a KeyError).
const VERSIONS = ['v1', 'v2']

const STRING = { type: 'string' }

/**
 * Deckhand's built-in data schemas (deckhand/engine/schemas), by `<ns>/<Kind>` for v1. The base and
 * metadata schemas check whole documents, not `data` (the document reader checks those shapes):
 * they only keep the set from registering a DataSchema of their names.
 */
const BUILT_IN: Readonly<Record<string, unknown>> = {
  'deckhand/Certificate': STRING,
  'deckhand/CertificateAuthority': STRING,
  'deckhand/CertificateAuthorityKey': STRING,
  'deckhand/CertificateKey': STRING,
  'deckhand/Passphrase': STRING,
  'deckhand/PrivateKey': STRING,
  'deckhand/PublicKey': STRING,
  'deckhand/LayeringPolicy': {
    type: 'object',
    properties: { layerOrder: { type: 'array', items: STRING } },
    additionalProperties: false,
    required: ['layerOrder'],
  },
  'deckhand/ValidationPolicy': {
    type: 'object',
    properties: {
      validations: {
        type: 'array',
        items: {
          type: 'object',
          properties: { name: { type: 'string', pattern: '^.*-(validation|verification)$' }, expiresAfter: STRING },
          additionalProperties: false,
          required: ['name'],
        },
      },
    },
    required: ['validations'],
    additionalProperties: false,
  },
}
const RESERVED = ['deckhand/Base', 'metadata/Document', 'metadata/Control']

interface Registered {
  schema: unknown
  /** The DataSchema document (undefined for a built-in schema). */
  source: SourceDocument | undefined
  name: string
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '')

/** `_get_schema_parts`: `deckhand/Passphrase/v1` → `deckhand/Passphrase`, `v1`. */
function schemaParts(schema: string): { prefix: string; version: string | undefined } {
  const parts = schema.split('/')
  return { prefix: parts.slice(0, 2).join('/'), version: parts[2] }
}

/** `_build_schema_map`: the built-in schemas, then the set's DataSchemas, the first of each name winning. */
function registerSchemas(docs: readonly SourceDocument[], context: DialectContext): Map<string, Registered> {
  const registered = new Map<string, Registered>()
  for (const [prefix, schema] of Object.entries(BUILT_IN))
    registered.set(`v1|${prefix}`, { schema, source: undefined, name: `${prefix}/v1` })
  for (const doc of docs) {
    const raw = doc.value
    if (!isMapping(raw) || !text(getOwn(raw, 'schema')).startsWith(DATA_SCHEMA)) continue
    const metadata = getOwn(raw, 'metadata')
    const name = isMapping(metadata) ? text(getOwn(metadata, 'name')) : ''
    const data = getOwn(raw, 'data')
    if (!NAME.test(name) || !pyTruthy(data)) continue
    const { prefix, version } = schemaParts(name)
    if (!VERSIONS.includes(version!)) {
      context.report.fail({
        code: 'MY_SCHEMA_INVALID',
        message:
          `DataSchema ${name}: Deckhand registers DataSchemas of versions ${VERSIONS.join(' and ')} only, and ` +
          `fails on this one`,
        doc,
        path: ['metadata', 'name'],
      })
    }
    const key = `${version}|${prefix}`
    if (!registered.has(key) && !RESERVED.includes(prefix)) registered.set(key, { schema: data, source: doc, name })
  }
  return registered
}

interface Target {
  schema: string
  name: string
  data: unknown
  modulePath: PathSegment[]
  pointer: string
}

/** The rendered documents of the module's value (the whole set), with their data. */
function renderedTargets(value: unknown): Target[] {
  if (!Array.isArray(value)) return []
  return value.flatMap((doc, index) => {
    if (!isMapping(doc)) return []
    const metadata = getOwn(doc, 'metadata')
    // `document.get('data', {})` of a document Deckhand read with `data` None when absent.
    const data = Object.hasOwn(doc, 'data') ? doc.data : null
    const name = isMapping(metadata) ? text(getOwn(metadata, 'name')) : ''
    return [{ schema: text(getOwn(doc, 'schema')), name, data, modulePath: [index, 'data'], pointer: '/data' }]
  })
}

/** The `document` option's document (the value is its data): the concrete one, its replacement first. */
function selectedTarget(docs: readonly SourceDocument[], value: unknown, options: DeckhandOptions): Target[] {
  const concrete = docs.flatMap((doc) => {
    const raw = doc.value
    if (!isMapping(raw)) return []
    const metadata = getOwn(raw, 'metadata')
    if (!isMapping(metadata) || text(getOwn(metadata, 'name')) !== options.document) return []
    const schema = text(getOwn(raw, 'schema'))
    const layering = getOwn(metadata, 'layeringDefinition')
    const abstract = isMapping(layering) && getOwn(layering, 'abstract') === true
    if (abstract || (options.schema !== undefined && schema !== options.schema)) return []
    return [{ schema, replacement: getOwn(metadata, 'replacement') === true }]
  })
  const chosen = concrete.find((doc) => doc.replacement) ?? concrete[0]
  return chosen ? [{ schema: chosen.schema, name: options.document!, data: value, modulePath: [], pointer: '' }] : []
}

export function deckhandSchemaChecks(
  parts: readonly ParsedPart[],
  value: unknown,
  context: DialectContext<DeckhandOptions>,
): DialectSchemaCheck[] {
  const docs = layerDocuments(parts, 'deckhand', context)
  const registered = registerSchemas(docs, context)
  const options = context.dialectOptions ?? {}
  const targets = options.document === undefined ? renderedTargets(value) : selectedTarget(docs, value, options)
  const checks: DialectSchemaCheck[] = []
  for (const target of targets) {
    const { prefix, version } = schemaParts(target.schema)
    const found = version === undefined ? undefined : registered.get(`${version}|${prefix}`)
    if (!found) continue
    checks.push({
      schema: found.schema,
      reading: READING,
      schemaAt: found.source ? { doc: found.source, path: ['data'] } : undefined,
      schemaName: `DataSchema ${found.name}`,
      value: target.data,
      modulePath: target.modulePath,
      subject: `[${target.schema}] ${target.name}`,
      pointer: target.pointer,
    })
  }
  return checks
}
