import type { Dialect } from '../types.ts'
import { readDatumOptions } from './datum-options.ts'
import { detectDirective } from './directives.ts'
import { renderDatum } from './render-datum.ts'

export type { DatumLookupOptions, DatumOptions, DatumStrategyInput } from './types.ts'

/**
 * Datum's hierarchical lookup (specs/datum.md): the entry's parts are layers, base first; a part with
 * `default_lookup_options` / `lookup_options` declares the strategies; every top-level key is
 * resolved like `Resolve-Datum`.
 */
export const datumDialect: Dialect = {
  name: 'datum',
  // Datum's reader, powershell-yaml over YamlDotNet, reads `yes`/`no`/`on`/`off`, `0644`, `1_000`, `0b101`,
  // `1:20`, `-.5` and `<<` as YAML 1.2 does (Convert-ValueToProperType; `0o17` it keeps as text).
  yamlVersion: '1.2',
  detect: detectDirective,
  render: (docs, { options, report, entry }) => renderDatum(docs, readDatumOptions(options.raw.datum), entry, report),
}
