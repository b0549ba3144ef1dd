import type { Dialect } from '../types.ts'
import { readDatumOptions } from './datum-options.ts'
import { detectDirective, isStoreDefinition } from './directives.ts'
import { renderDatum } from './render-datum.ts'
import { renderStore } from './store/render-store.ts'

export type { DatumHandlerContext, DatumHandlerFunction } from './handlers/registry.ts'
export type { DatumLookupOptions, DatumOptions, DatumStrategyInput } from './types.ts'

/**
 * Datum's hierarchical lookup (specs/datum.md): the entry's parts are layers, base first; a part with
 * `default_lookup_options` / `lookup_options` declares the strategies; every top-level key is
 * resolved like `Resolve-Datum`.
 */
export const datumDialect: Dialect = {
  name: 'datum',
  detect: detectDirective,
  render: (docs, context) => {
    const options = readDatumOptions(context.options.raw.datum)
    const [only] = docs
    // A store's Datum.yml as the entry: its node's RSOP (an included Datum.yml is a directive part).
    if (docs.length === 1 && only!.file === context.entry && isStoreDefinition(only!.value))
      return renderStore(only!, options, context).value
    return renderDatum(docs, options, context.entry, context.report)
  },
}
