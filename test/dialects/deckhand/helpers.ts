import { deckhandDialect } from '../../../packages/core/src/dialects/deckhand/index.ts'
import { deckhandMerge } from '../../../packages/core/src/dialects/deckhand/dialect-merge.ts'
import type { Diagnostic, MergedYamlError } from '@merged-yaml/core'
import { createSourceDocument } from '../../../packages/core/src/source-document.ts'
import { resolveOptions } from '../../../packages/core/src/render-options.ts'
import type { RenderOptions } from '@merged-yaml/core'
import { Reporter } from '../../../packages/core/src/reporter.ts'
import type { SourceDocument } from '../../../packages/core/src/source-document.ts'
import { parseYamlStream } from '../../../packages/core/src/yaml/parse.ts'
import { renderDialect } from '../../helpers/dialect-context.ts'

export const ROOT = '/virtual'
export const FILE = `${ROOT}/site.merged.yaml`

/** The SourceDocuments of a multi-document stream in `/virtual/site.merged.yaml`. */
export function documents(stream: string): SourceDocument[] {
  const origin = { file: FILE, fileText: stream, chain: [], lineOffset: 0, anchor: { line: 1, column: 1 } }
  return parseYamlStream(stream, { version: '1.2', allowDuplicateKeys: false, maxAliasCount: 1000 })
    .filter((doc) => !doc.empty)
    .map((doc, index) => {
      if (doc.error) throw new Error(`test input: ${doc.error.message}`)
      return createSourceDocument(doc, origin, stream, {}, index)
    })
}

/** Runs the Deckhand dialect directly on an inline stream; lenient unless `strict: true` is given. */
export function renderDeckhand(stream: string, options: RenderOptions = {}) {
  const resolved = resolveOptions({ root: ROOT, strict: false, ...options })
  const report = new Reporter(resolved.strict, resolved.root)
  const value = renderDialect(deckhandDialect, deckhandMerge, documents(stream), resolved, report)
  return { value, warnings: report.warnings }
}

/** The first diagnostic of the error rendering the stream throws. */
export function renderError(stream: string, options: RenderOptions = {}): Diagnostic {
  try {
    renderDeckhand(stream, options)
  } catch (error) {
    return (error as MergedYamlError).diagnostics[0]!
  }
  throw new Error('expected a MergedYamlError')
}

/** `data` of each rendered document, by metadata.name (the policy left out). */
export function dataByName(value: unknown): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const doc of value as { schema: string; metadata: { name: string }; data: unknown }[]) {
    if (!doc.schema.startsWith('deckhand/LayeringPolicy')) out[doc.metadata.name] = doc.data
  }
  return out
}

export const POLICY = `schema: deckhand/LayeringPolicy/v1
metadata: {schema: metadata/Control/v1, name: layering-policy}
data: {layerOrder: [global, region, site]}
`

export interface DocSpec {
  name: string
  layer: string
  schema?: string
  labels?: Record<string, unknown>
  selector?: Record<string, unknown>
  actions?: [method: string, path: string][]
  abstract?: boolean
  replacement?: boolean
  data?: unknown
}

/** One Deckhand document in flow style, on one line (so a diagnostic's line names the document). */
export function doc(spec: DocSpec): string {
  const layering: Record<string, unknown> = { layer: spec.layer }
  if (spec.abstract !== undefined) layering.abstract = spec.abstract
  if (spec.selector) layering.parentSelector = spec.selector
  if (spec.actions) layering.actions = spec.actions.map(([method, path]) => ({ method, path }))
  const metadata: Record<string, unknown> = {
    schema: 'metadata/Document/v1',
    name: spec.name,
    layeringDefinition: layering,
  }
  if (spec.labels) metadata.labels = spec.labels
  if (spec.replacement !== undefined) metadata.replacement = spec.replacement
  return JSON.stringify({ schema: spec.schema ?? 'example/Kind/v1', metadata, data: spec.data ?? {} })
}

/** A stream: the policy first, then one document per line. */
export function stream(...docs: string[]): string {
  return [`---\n${POLICY}`, ...docs.map((d) => `--- ${d}\n`)].join('')
}

/** The 1-based line of the n-th document after the policy in a `stream()` (n from 1). */
export function lineOf(n: number): number {
  return POLICY.split('\n').length + n
}

export interface Sub {
  src: Record<string, unknown>
  dest: Record<string, unknown> | Record<string, unknown>[]
}

/** A document (see `doc`) with `metadata.substitutions`. */
export function withSubs(spec: DocSpec, substitutions: Sub[]): string {
  const value = JSON.parse(doc(spec)) as { metadata: Record<string, unknown> }
  value.metadata.substitutions = substitutions
  return JSON.stringify(value)
}

/** A substitution source in `example/Kind/v1` (the schema `doc` gives by default). */
export const src = (name: string, path: string, extra: Record<string, unknown> = {}) => ({
  schema: 'example/Kind/v1',
  name,
  path,
  ...extra,
})
