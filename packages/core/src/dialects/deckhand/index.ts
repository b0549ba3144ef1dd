// The Deckhand dialect: an entry whose documents form an Airship Deckhand document set renders as
// Deckhand's DocumentLayering renders it (specs/deckhand.md).
import { layerDocuments, recordLayers } from '../layers.ts'
import { defineDialect } from '../types.ts'
import { DECKHAND_CODE_TABLE } from './codes.ts'
import { deckhandDirective } from './document.ts'
import { renderDocumentSet } from './layering.ts'
import { readDeckhandOptions } from './options.ts'
import type { DeckhandOptions } from './options.ts'
import { selectDocumentData } from './select.ts'

export { DECKHAND_CODES, DECKHAND_ERROR_CODES } from './codes.ts'
export type { DeckhandOptions } from './options.ts'

export const deckhandDialect = defineDialect<'deckhand', DeckhandOptions>({
  name: 'deckhand',
  // Deckhand reads documents with PyYAML's safe_load (YAML 1.1).
  yamlVersion: '1.1',
  query: ['document', 'schema'],
  flags: [
    {
      flag: 'document',
      option: 'document',
      value: '<name>',
      description: 'Deckhand: the data of this one rendered document',
    },
    {
      flag: 'schema',
      option: 'schema',
      value: '<schema>',
      description: 'Deckhand: with --document, the schema of the document',
    },
  ],
  codes: DECKHAND_CODE_TABLE,
  detect: deckhandDirective,
  render(parts, context) {
    const { report } = context
    const docs = layerDocuments(parts, 'deckhand', context)
    const deckhand = readDeckhandOptions(context.dialectOptions, report)
    const result = renderDocumentSet(docs, report, {
      failOnMissingSubstitutionSource: deckhand.failOnMissingSubstitutionSource ?? true,
    })
    const value =
      deckhand.document === undefined
        ? result.rendered.map((r) => r.value)
        : selectDocumentData(result, { ...deckhand, document: deckhand.document }, docs[0], report)
    recordLayers(context, docs, value, 'deckhand')
    return { value }
  },
})
