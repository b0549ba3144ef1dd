// Deckhand's merge, loaded with the first Deckhand entry (its registry entry, index.ts, imports it).
import { getOwn } from '../../values.ts'
import { layerDocuments, recordLayers } from '../layers.ts'
import type { DialectMerge } from '../types.ts'
import { deckhandSchemaChecks } from './data-schemas.ts'
import { renderDocumentSet } from './layering.ts'
import { readDeckhandOptions } from './options.ts'
import type { DeckhandOptions } from './options.ts'
import { selectDocument } from './select.ts'
import { YAML_VERSION } from './yaml-version.ts'

export const deckhandMerge: DialectMerge<DeckhandOptions, undefined> = {
  render(parts, context) {
    const { report, provenance } = context
    const docs = layerDocuments(parts, 'deckhand', context)
    const deckhand = readDeckhandOptions(context.dialectOptions, report)
    const result = renderDocumentSet(docs, report, {
      failOnMissingSubstitutionSource: deckhand.failOnMissingSubstitutionSource ?? true,
      yamlVersion: context.options.yamlVersion ?? YAML_VERSION,
      history: provenance !== undefined,
    })
    let value: unknown
    if (deckhand.document === undefined) {
      if (provenance) result.history!.finish(result.documents, result.rendered, provenance, (i) => [i, 'data'])
      value = result.rendered.map((r) => r.value)
    } else {
      const chosen = selectDocument(result, { ...deckhand, document: deckhand.document }, docs[0], report)
      if (provenance) {
        const at = (i: number) => (result.rendered[i] === chosen ? [] : undefined)
        result.history!.finish(result.documents, result.rendered, provenance, at)
      }
      value = getOwn(chosen.value, 'data') ?? null
    }
    recordLayers(context, docs, value, 'deckhand')
    return { value }
  },
  // The DataSchema validation of Deckhand's rendered-documents endpoint (data-schemas.ts).
  schemaChecks: deckhandSchemaChecks,
}
