// The Deckhand dialect: an entry whose documents form an Airship Deckhand document set renders as
// Deckhand's DocumentLayering renders it (docs/deckhand.md).
import { defineDialect } from '../types.ts'
import { DECKHAND_CODE_TABLE } from './codes.ts'
import { deckhandDirective } from './document.ts'
import { DECKHAND_OPTION_KEYS } from './options.ts'
import type { DeckhandOptions } from './options.ts'
import { YAML_VERSION } from './yaml-version.ts'

export { DECKHAND_CODES, DECKHAND_ERROR_CODES } from './codes.ts'
export type { DeckhandOptions } from './options.ts'

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
  merge: () => import('./dialect-merge.ts').then((module) => module.deckhandMerge),
})
