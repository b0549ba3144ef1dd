// Datum's hierarchical lookup (specs/datum.md): the entry's parts are layers, base first; a part with
// `default_lookup_options` / `lookup_options` declares the strategies; every top-level key is
// resolved like `Resolve-Datum`.
import { layerDocuments, recordLayers } from '../layers.ts'
import { defineDialect } from '../types.ts'
import { DATUM_CODES } from './codes.ts'
import { readDatumOptions } from './datum-options.ts'
import { detectDirective } from './directives.ts'
import { renderDatum } from './render-datum.ts'
import type { DatumOptions } from './types.ts'

export type { DatumLookupOptions, DatumOptions, DatumStrategyInput } from './types.ts'

export const datumDialect = defineDialect<'datum', DatumOptions>({
  name: 'datum',
  // Datum's reader, powershell-yaml over YamlDotNet, reads `yes`/`no`/`on`/`off`, `0644`, `1_000`, `0b101`,
  // `1:20`, `-.5` and `<<` as YAML 1.2 does (Convert-ValueToProperType; `0o17` it keeps as text).
  yamlVersion: '1.2',
  query: ['lookup'],
  flags: [
    {
      flag: 'lookup',
      option: 'lookup',
      value: '<A/B>',
      description: "Datum: resolve this one lookup path (Datum's A\\B)",
    },
  ],
  codes: DATUM_CODES,
  detect: detectDirective,
  render(parts, context) {
    const docs = layerDocuments(parts, 'datum', context)
    const value = renderDatum(docs, readDatumOptions(context.dialectOptions), context.entry, context.report)
    recordLayers(context, docs, value, 'datum')
    return { value }
  },
})
