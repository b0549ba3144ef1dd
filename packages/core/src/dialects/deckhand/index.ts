// The Deckhand dialect: an entry whose documents form an Airship Deckhand document set renders as
// Deckhand's DocumentLayering renders it (specs/deckhand.md).
import type { Dialect } from '../types.ts'
import { deckhandDirective } from './document.ts'
import { renderDocumentSet } from './layering.ts'
import { readDeckhandOptions } from './options.ts'
import { selectDocument } from './select.ts'
import { getOwn } from './values.ts'

export { DECKHAND_CODES, DECKHAND_ERROR_CODES } from './codes.ts'
export type { DeckhandOptions } from './options.ts'

export const deckhandDialect: Dialect = {
  name: 'deckhand',
  detect: deckhandDirective,
  render(docs, { options, report, provenance }) {
    const deckhand = readDeckhandOptions(options.raw.deckhand, report)
    const result = renderDocumentSet(docs, report, {
      failOnMissingSubstitutionSource: deckhand.failOnMissingSubstitutionSource ?? true,
      yamlVersion: options.yamlVersion,
      explain: provenance !== undefined,
    })
    if (deckhand.document !== undefined) {
      const chosen = selectDocument(result, { ...deckhand, document: deckhand.document }, docs[0], report)
      if (provenance)
        result.explainer!.finish(result.documents, result.rendered, provenance, (i) =>
          result.rendered[i] === chosen ? [] : undefined,
        )
      return getOwn(chosen.value, 'data') ?? null
    }
    if (provenance) result.explainer!.finish(result.documents, result.rendered, provenance, (i) => [i, 'data'])
    return result.rendered.map((r) => r.value)
  },
}
