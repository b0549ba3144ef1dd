// Datum's hierarchical lookup (docs/datum.md): the entry's parts are layers, base first; a part with
// `default_lookup_options` / `lookup_options` declares the strategies; every top-level key is
// resolved like `Resolve-Datum`. A store's Datum.yml with `datum.node` renders that node's RSOP: the
// gather hook reads the store (store/gather-store.ts, loaded on the first such entry), render merges
// what it read.
import { defineDialect } from '../types.ts'
import { DATUM_CODES } from './codes.ts'
import { DATUM_OPTION_KEYS, namesNode } from './datum-options.ts'
import { detectDirective, DIRECTIVE_NAMES } from './directives.ts'
import type { StoreSnapshot } from './store/gather-store.ts'
import type { DatumOptions } from './types.ts'

export const datumDialect = defineDialect<'datum', DatumOptions, StoreSnapshot | undefined, typeof DATUM_CODES>({
  name: 'datum',
  // Datum's reader, powershell-yaml over YamlDotNet, reads `yes`/`no`/`on`/`off`, `0644`, `1_000`, `0b101`,
  // `1:20`, `-.5` and `<<` as YAML 1.2 does (Convert-ValueToProperType; `0o17` it keeps as text).
  yamlVersion: '1.2',
  query: ['lookup', 'node'],
  optionKeys: DATUM_OPTION_KEYS,
  flags: [
    {
      flag: 'lookup',
      option: 'lookup',
      value: '<A/B>',
      description: "Datum: resolve this one lookup path (Datum's A\\B)",
    },
    {
      flag: 'node',
      option: 'node',
      value: '<path|name>',
      description: "Datum: render a store's Datum.yml for this node (AllNodes/Dev/DSCFile01 or a NodeName)",
    },
  ],
  codes: DATUM_CODES,
  // A store's node records each value with its layer file; an entry's layers, the top-level keys.
  recordsPerValue: { option: 'node' },
  fileQueries: [{ query: 'node', files: ['Datum.yml', 'Datum.yaml'] }],
  detect: detectDirective,
  directiveKeys: [...DIRECTIVE_NAMES, 'ResolutionPrecedence', 'DatumStructure'],
  gather: {
    reads: namesNode,
    load: () => import('./store/gather-store.ts').then((module) => ({ gather: module.gatherStore })),
  },
  merge: () => import('./dialect-merge.ts').then((module) => module.datumMerge),
})
