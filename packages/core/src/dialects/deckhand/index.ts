// The Deckhand dialect: an entry whose documents form an Airship Deckhand document set renders as
// Deckhand's DocumentLayering renders it (docs/deckhand.md).
import { getOwn } from '../../values.ts'
import { layerDocuments, recordLayers } from '../layers.ts'
import { defineDialect } from '../types.ts'
import { DECKHAND_CODE_TABLE } from './codes.ts'
import { deckhandSchemaChecks } from './data-schemas.ts'
import { deckhandDirective } from './document.ts'
import { renderDocumentSet } from './layering.ts'
import { DECKHAND_OPTION_KEYS, readDeckhandOptions } from './options.ts'
import type { DeckhandOptions } from './options.ts'
import { selectDocument } from './select.ts'

export { DECKHAND_CODES, DECKHAND_ERROR_CODES } from './codes.ts'
export type { DeckhandOptions } from './options.ts'

// Deckhand reads documents with PyYAML's safe_load (YAML 1.1).
const YAML_VERSION = '1.1'

export const deckhandDialect = defineDialect<'deckhand', DeckhandOptions, undefined, typeof DECKHAND_CODE_TABLE>({
  name: 'deckhand',
  yamlVersion: YAML_VERSION,
  query: ['document', 'schema'],
  optionKeys: DECKHAND_OPTION_KEYS,
  flags: [
    {
      flag: 'document',
      option: 'document',
      value: '<name>',
      description: 'Deckhand: the data of this one rendered document',
    },
    {
      flag: 'deckhand-schema',
      option: 'schema',
      value: '<schema>',
      description: 'Deckhand: with --document, the schema of the document',
    },
    {
      flag: 'no-fail-on-missing-source',
      option: 'failOnMissingSubstitutionSource',
      value: '',
      description: 'Deckhand: skip a substitution whose source is missing (fail_on_missing_sub_src=False)',
      kind: 'switch',
      switchValue: false,
    },
  ],
  codes: DECKHAND_CODE_TABLE,
  recordsPerValue: true,
  yaml11Reader: { reader: 'PyYAML', system: 'Deckhand' },
  detect: deckhandDirective,
  directiveKeys: ['layeringDefinition'],
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
})
