// For the dialects whose parts are layers, base first (every dialect but cloud-init): the entry's
// documents as a flat list, and the provenance record of which layers define each top-level key.
import { documentParts } from '../parts.ts'
import type { ParsedPart } from '../parts.ts'
import type { SourceDocument } from '../source-document.ts'
import type { PathSegment } from '../values.ts'
import type { DialectContext } from './types.ts'

/**
 * The documents of the entry, empty ones left out. A part that could not be parsed fails the render
 * (cloud-init alone skips such parts), and so does a `#cloud-config-jsonp` part: every such part is
 * reported, and nothing is merged after one.
 */
export function layerDocuments(
  parts: readonly ParsedPart[],
  dialect: string,
  context: DialectContext,
): SourceDocument[] {
  const { report } = context
  const docs: SourceDocument[] = []
  for (const part of documentParts(parts)) {
    if (part.kind === 'invalid') report.error(part.problem)
    else if (part.kind === 'jsonp') {
      report.error({
        code: 'MY_DIALECT_JSONP',
        message: `#cloud-config-jsonp parts are cloud-init only; this is a ${dialect} entry`,
        doc: part.doc,
      })
    } else if (!part.empty) docs.push(part.doc)
  }
  report.throwErrors()
  return docs
}

/**
 * Provenance for a dialect that recorded none per value: which layers define each top-level
 * key of `value`, which is at `at` in each document (a Datum lookup's key path).
 */
export function recordLayers(
  context: DialectContext,
  docs: readonly SourceDocument[],
  value: unknown,
  dialect: string,
  at: readonly PathSegment[] = [],
): void {
  const { provenance } = context
  if (provenance && !provenance.hasDialectDetail) provenance.layers(docs, value, dialect, at)
}
