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
  detect: detectDirective,
  render: (docs, { options, report, entry }) => renderDatum(docs, readDatumOptions(options.raw.datum), entry, report),
}
