// Datum's merge, loaded with the first Datum entry (its registry entry, index.ts, imports it).
import { layerDocuments, recordLayers } from '../layers.ts'
import type { DialectMerge } from '../types.ts'
import { readDatumOptions } from './datum-options.ts'
import { isStoreDefinition } from './directives.ts'
import { splitPath } from './path.ts'
import { renderDatum } from './render-datum.ts'
import type { StoreSnapshot } from './store/gather-store.ts'
import { renderStore } from './store/render-store.ts'
import type { DatumOptions } from './types.ts'

export const datumMerge: DialectMerge<DatumOptions, StoreSnapshot | undefined> = {
  render(parts, context) {
    if (context.gathered) {
      const { value, store } = renderStore(context.gathered, context)
      // Read after rendering: the handlers ran while the store loaded (gathering) and while it merged.
      return { value, secret: store.handlers.producedSecrets }
    }
    const docs = layerDocuments(parts, 'datum', context)
    const [only] = docs
    // A store's Datum.yml as the entry, without a node (an included Datum.yml is a directive part).
    if (docs.length === 1 && only!.file === context.entry && isStoreDefinition(only!.value)) {
      context.report.fail({
        code: 'MY_DATUM_NODE_REQUIRED',
        message:
          "this entry is a Datum store's Datum.yml: name the node to render with the datum.node option " +
          '(CLI --node, import query ?node=)',
        doc: only!,
        path: [],
      })
    }
    const options = readDatumOptions(context.dialectOptions)
    const value = renderDatum(docs, options, context.entry, context.report)
    recordLayers(context, docs, value, 'datum', options.lookup === undefined ? [] : splitPath(options.lookup))
    return { value }
  },
}
