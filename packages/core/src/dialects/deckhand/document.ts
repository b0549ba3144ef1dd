// One Deckhand document as `DocumentDict` sees it (deckhand/common/document.py), read from a
// SourceDocument. Shapes Deckhand would crash on are errors here; shapes it reads leniently
// (`abstract: "true"`, unknown keys) are collected as strict-mode problems.
// One module, kept whole: every field of the document schema, read and checked together.
import type { Problem, Reporter } from '../../reporter.ts'
import type { SourceDocument } from '../../source-document.ts'
import { suggestName } from '../../suggest.ts'
import type { PathSegment } from '../../values.ts'
import { DECKHAND_CODES } from './codes.ts'
import { canonicalJson, pyTruthy } from './values.ts'
import { getOwn, isMapping } from '../../values.ts'
import type { Mapping } from './values.ts'

export interface RawAction {
  method: string
  path: unknown
}

export interface Substitution {
  schema: string
  name: string
  /** Index in `metadata.substitutions`, for locating problems. */
  index: number
}

export interface DeckhandDocument {
  source: SourceDocument
  raw: Mapping
  schema: string
  name: string
  /** `''` when the document has no layer. */
  layer: string
  labels: Mapping
  parentSelector: Mapping
  actions: RawAction[]
  /** Only a literal `true` counts, as in Deckhand. */
  abstract: boolean
  replacement: boolean
  /** `metadata.schema` starts with `metadata/Control` (DocumentDict.is_control): never layered or substituted. */
  control: boolean
  substitutions: Substitution[]
  /** Deckhand's identity `(schema, layer, name)`, as a string key. */
  meta: string
  /**
   * Equal for documents Python compares equal (`json.dumps(sort_keys=True)`), as Deckhand hashes them.
   * Computed when first read: documents with different `meta` are never equal.
   */
  readonly identity: string
}

export const LAYERING_POLICY_SCHEMA = 'deckhand/LayeringPolicy'

export const TOP_KEYS = ['schema', 'metadata', 'data']
export const METADATA_KEYS = [
  'schema',
  'name',
  'labels',
  'layeringDefinition',
  'substitutions',
  'storagePolicy',
  'replacement',
]
export const LAYERING_KEYS = ['layer', 'abstract', 'parentSelector', 'actions']
export const ACTION_KEYS = ['method', 'path']
export const SUBSTITUTION_KEYS = ['src', 'dest']
export const SOURCE_KEYS = ['schema', 'name', 'path', 'pattern', 'match_group', 'deepcopy']
export const DEST_KEYS = ['path', 'pattern', 'recurse']

function metaKey(schema: string, layer: string, name: string): string {
  return JSON.stringify([schema, layer, name])
}

/** `[schema] name (layer)`, the way Deckhand's messages name a document. */
export function describeDocument(doc: Pick<DeckhandDocument, 'schema' | 'name' | 'layer'>): string {
  return `[${doc.schema}] ${doc.name || '<unnamed>'}${doc.layer ? ` (layer ${doc.layer})` : ''}`
}

function isScalar(value: unknown): boolean {
  return value === null || ['string', 'number', 'boolean'].includes(typeof value)
}

class DocumentReader {
  constructor(
    private readonly source: SourceDocument,
    private readonly report: Reporter,
    private readonly soft: Problem[],
  ) {}

  fail(path: PathSegment[], message: string): never {
    return this.report.fail({ code: DECKHAND_CODES.invalidDocument, message, doc: this.source, path })
  }

  /** `x or {}` for a mapping field; anything truthy that is not a mapping would crash Deckhand. */
  mapping(container: Mapping, key: string, path: PathSegment[]): Mapping {
    const value = getOwn(container, key)
    if (isMapping(value)) return value
    if (!pyTruthy(value)) return {}
    return this.fail([...path, key], `'${key}' must be a mapping, not ${describe(value)}`)
  }

  scalarMapping(container: Mapping, key: string, path: PathSegment[]): Mapping {
    const map = this.mapping(container, key, path)
    for (const [k, v] of Object.entries(map)) {
      if (!isScalar(v))
        this.fail([...path, key, k], `'${key}.${k}' must be a scalar (string, number or boolean), not ${describe(v)}`)
    }
    return map
  }

  string(container: Mapping, key: string, path: PathSegment[]): string {
    const value = getOwn(container, key)
    if (typeof value === 'string') return value
    if (!pyTruthy(value)) return ''
    return this.fail([...path, key], `'${key}' must be a string, not ${describe(value)}`)
  }

  boolean(container: Mapping, key: string, path: PathSegment[]): boolean {
    const value = getOwn(container, key)
    if (value !== undefined && value !== null && typeof value !== 'boolean') {
      this.soft.push({
        code: DECKHAND_CODES.fieldType,
        message: `'${key}' must be true or false; Deckhand treats ${describe(value)} as false`,
        doc: this.source,
        path: [...path, key],
      })
    }
    return value === true
  }

  unknownKeys(container: Mapping, known: readonly string[], path: PathSegment[], where: string): void {
    for (const key of Object.keys(container)) {
      if (known.includes(key)) continue
      const suggestion = suggestName(key, known)
      const problem: Problem = {
        code: DECKHAND_CODES.unknownKey,
        message: `unknown key '${key}' in ${where}; Deckhand's document schema allows ${known.join(', ')}`,
        doc: this.source,
        path: [...path, key],
        target: 'key',
      }
      if (suggestion) problem.suggestion = suggestion
      this.soft.push(problem)
    }
  }

  actions(layering: Mapping): RawAction[] {
    const path = ['metadata', 'layeringDefinition', 'actions']
    const value = getOwn(layering, 'actions')
    if (!pyTruthy(value)) return []
    if (!Array.isArray(value)) return this.fail(path, `'actions' must be a list, not ${describe(value)}`)
    return value.map((action, i) => {
      if (!isMapping(action))
        return this.fail([...path, i], `an action must be a mapping with 'method' and 'path', not ${describe(action)}`)
      const method = getOwn(action, 'method')
      if (typeof method !== 'string')
        return this.fail([...path, i], `action ${i + 1} needs a 'method' (merge, replace or delete)`)
      this.unknownKeys(action, ACTION_KEYS, [...path, i], 'an action')
      return { method, path: getOwn(action, 'path') }
    })
  }

  substitutions(metadata: Mapping): Substitution[] {
    const path = ['metadata', 'substitutions']
    const value = getOwn(metadata, 'substitutions')
    if (value === undefined || value === null) return []
    if (!Array.isArray(value)) return this.fail(path, `'substitutions' must be a list, not ${describe(value)}`)
    return value.map((entry, i) => {
      const at = [...path, i]
      if (!isMapping(entry)) return this.fail(at, `a substitution must be a mapping with 'src' and 'dest'`)
      this.unknownKeys(entry, SUBSTITUTION_KEYS, at, 'a substitution')
      const src = getOwn(entry, 'src')
      if (!isMapping(src)) return this.fail(at, `substitution ${i + 1} needs a 'src' mapping (schema, name, path)`)
      for (const key of ['schema', 'name', 'path']) {
        if (typeof getOwn(src, key) !== 'string')
          this.fail([...at, 'src'], `substitution ${i + 1}: 'src.${key}' must be a string`)
      }
      this.unknownKeys(src, SOURCE_KEYS, [...at, 'src'], 'a substitution source')
      const dest = getOwn(entry, 'dest')
      const dests = Array.isArray(dest) && dest.length > 0 ? dest : [dest]
      for (const d of dests) {
        if (!isMapping(d) || typeof getOwn(d, 'path') !== 'string')
          this.fail(
            [...at, 'dest'],
            `substitution ${i + 1}: 'dest' must be a mapping (or a list of mappings) with a 'path' string`,
          )
        this.unknownKeys(d, DEST_KEYS, [...at, 'dest'], 'a substitution destination')
      }
      return { schema: getOwn(src, 'schema') as string, name: getOwn(src, 'name') as string, index: i }
    })
  }

  read(): DeckhandDocument {
    const raw = this.source.value
    if (!isMapping(raw))
      return this.fail([], `a Deckhand document must be a mapping with schema, metadata and data, not ${describe(raw)}`)
    const schema = getOwn(raw, 'schema')
    if (typeof schema !== 'string')
      return this.fail(['schema'], `a Deckhand document needs a 'schema' string (for example example/Kind/v1)`)
    this.unknownKeys(raw, TOP_KEYS, [], 'a document')
    const metadata = this.mapping(raw, 'metadata', [])
    const mPath = ['metadata']
    this.unknownKeys(metadata, METADATA_KEYS, mPath, 'metadata')
    const name = this.string(metadata, 'name', mPath)
    if (!name)
      this.soft.push({
        code: DECKHAND_CODES.invalidDocument,
        message: `the document has no metadata.name; Deckhand's schema requires one`,
        doc: this.source,
        path: mPath,
      })
    const layering = this.mapping(metadata, 'layeringDefinition', mPath)
    const lPath = [...mPath, 'layeringDefinition']
    this.unknownKeys(layering, LAYERING_KEYS, lPath, 'layeringDefinition')
    const layer = this.string(layering, 'layer', lPath)
    let identity: string | undefined
    return {
      source: this.source,
      raw,
      schema,
      name,
      layer,
      labels: this.scalarMapping(metadata, 'labels', mPath),
      parentSelector: this.scalarMapping(layering, 'parentSelector', lPath),
      actions: this.actions(layering),
      abstract: this.boolean(layering, 'abstract', lPath),
      replacement: this.boolean(metadata, 'replacement', mPath),
      control:
        typeof getOwn(metadata, 'schema') === 'string' &&
        (getOwn(metadata, 'schema') as string).startsWith('metadata/Control'),
      substitutions: this.substitutions(metadata),
      meta: metaKey(schema, layer, name),
      get identity() {
        return (identity ??= canonicalJson(raw))
      },
    }
  }
}

function describe(value: unknown): string {
  if (value === null || value === undefined) return 'null'
  if (Array.isArray(value)) return 'a list'
  if (isMapping(value)) return 'a mapping'
  return `${typeof value} ${JSON.stringify(value)}`
}

/**
 * Reads one document. Errors where Deckhand would crash or its document schema rejects the shape;
 * pushes what Deckhand tolerates onto `soft` (reported after Deckhand's own checks, so that those
 * come first).
 */
export function readDeckhandDocument(source: SourceDocument, report: Reporter, soft: Problem[]): DeckhandDocument {
  return new DocumentReader(source, report, soft).read()
}

/** Whether a value looks like a Deckhand document: used to recognise the dialect. */
export function deckhandDirective(value: unknown): string | undefined {
  if (!isMapping(value)) return undefined
  const schema = getOwn(value, 'schema')
  if (typeof schema !== 'string') return undefined
  if (schema.startsWith(LAYERING_POLICY_SCHEMA)) return `schema: ${schema}`
  const metadata = getOwn(value, 'metadata')
  if (!isMapping(metadata)) return undefined
  const metaSchema = getOwn(metadata, 'schema')
  if (typeof metaSchema === 'string' && /^metadata\/(?:Document|Control)\/v\d+$/.test(metaSchema))
    return `metadata.schema: ${metaSchema}`
  return undefined
}

/** A document as Deckhand's render returns it. */
export interface RenderedDocument {
  doc: DeckhandDocument
  /** The document as Deckhand returns it: its own fields, `data` rendered. */
  value: Record<string, unknown>
}
