// Datum's hierarchical lookup (docs/datum.md): the entry's parts are layers, base first; a part with
// `default_lookup_options` / `lookup_options` declares the strategies; every top-level key is
// resolved like `Resolve-Datum`. A store's Datum.yml with `datum.node` renders that node's RSOP: the
// gather hook reads the store (store/gather-store.ts), render merges what it read.
import { layerDocuments, recordLayers } from '../layers.ts'
import { defineDialect } from '../types.ts'
import { DATUM_CODES } from './codes.ts'
import { DATUM_OPTION_KEYS, readDatumOptions } from './datum-options.ts'
import { detectDirective, DIRECTIVE_NAMES, isStoreDefinition } from './directives.ts'
import { splitPath } from './path.ts'
import { renderDatum } from './render-datum.ts'
import { gatherStore } from './store/gather-store.ts'
import type { StoreSnapshot } from './store/gather-store.ts'
import { renderStore } from './store/render-store.ts'
import type { DatumOptions } from './types.ts'

export const datumDialect = defineDialect<'datum', DatumOptions, StoreSnapshot | undefined>({
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
  detect: detectDirective,
  directiveKeys: [...DIRECTIVE_NAMES, 'ResolutionPrecedence', 'DatumStructure'],
  gather: gatherStore,
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
})
