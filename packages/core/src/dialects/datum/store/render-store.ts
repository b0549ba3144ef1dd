// A Datum store rendered for one node: the entry is the store's Datum.yml; the value is the node's
// RSOP as Get-DatumRsop builds it (or one lookup for the node, with `datum.lookup`).
import { Reporter } from '../../../report.ts'
import type { SourceDocument } from '../../../source.ts'
import type { DialectContext } from '../../types.ts'
import type { HandlerEnvironment } from '../handlers/registry.ts'
import { createStrategyTable } from '../lookup-options.ts'
import type { DeclaredOptions } from '../lookup-options.ts'
import type { MergeContext } from '../merge.ts'
import { normalisePath } from '../path.ts'
import { locate } from '../types.ts'
import type { DatumOptions, Where } from '../types.ts'
import { explainStore } from './explain.ts'
import { convertNode, findNode } from './node.ts'
import { resolvePrecedence } from './precedence.ts'
import { composeRsop, convertRsop, resolveNodeProperty, toOutput } from './rsop.ts'
import type { NodeLookups } from './rsop.ts'
import { createContextStoreFiles } from './store-files.ts'
import type { StoreFileSystem } from './store-files.ts'
import { openStore } from './store.ts'
import type { DatumStore } from './store.ts'
import type { StoreLookup } from './lookup.ts'

export interface StoreRender {
  value: unknown
  store: DatumStore
  /** The lookups that made the value, by the key they set ('' for a `datum.lookup`). */
  lookups: Map<string, StoreLookup>
}

/** The keys Datum.yml declares and the ones an option gives, the file's winning (as for entries). */
function declaredOptions(store: DatumStore, options: DatumOptions, entry: Where): DeclaredOptions {
  const declared = { ...store.definition.declared }
  const given = options.lookupOptions
  if (given?.default_lookup_options !== undefined)
    declared.defaultLookupOptions ??= { value: given.default_lookup_options, where: entry }
  if (given?.lookup_options !== undefined) declared.lookupOptions ??= { value: given.lookup_options, where: entry }
  return declared
}

function record(context: DialectContext, explained: ReturnType<typeof explainStore>): void {
  context.provenance!.recordDialect(explained.parts, explained.events)
}

/** Renders the store whose Datum.yml is the entry (`doc`), with its files read through `files`. */
export function renderStore(
  doc: SourceDocument,
  options: DatumOptions,
  context: DialectContext,
  files: StoreFileSystem = createContextStoreFiles(context),
): StoreRender {
  const { report } = context
  // The store is the entry: its files are read as the entry is.
  context.allowEntryFolder?.()
  const store = openStore({
    definitionPath: context.entry,
    files,
    options: context.options,
    report,
    handlers: options.handlers ?? {},
  })
  const entry: Where = { doc: store.definition.doc, path: [] }
  if (options.node === undefined) {
    return report.fail({
      code: 'MY_DATUM_NODE_REQUIRED',
      message:
        "this entry is a Datum store's Datum.yml: name the node to render with the datum.node option (CLI --node, import query ?node=)",
      doc,
      path: [],
    })
  }
  const table = createStrategyTable(declaredOptions(store, options, entry), report)
  const file = findNode(store, options.node, entry)
  const node = convertNode(store, file, options.nodeProperties ?? {})
  const env: HandlerEnvironment = { node: node.data, root: store.root, fileInfo: store.fileInfo }
  const mergeContext: MergeContext = {
    table,
    report,
    prepare: (value, origin) => store.handlers.beforeMerge(value, env, origin),
    legacyKnockouts: options.version === '0.40',
  }
  // For `explain`: a layer's value as the RSOP shows it, evaluated without reporting twice.
  const quiet = store.handlers.withReporter(new Reporter(false))
  const evaluate = (raw: unknown): unknown => {
    try {
      return quiet.convert(raw, env, entry)
    } catch {
      return raw
    }
  }
  const lookups: NodeLookups = {
    layers: resolvePrecedence(store, env),
    root: store.root,
    context: mergeContext,
    made: new Map(),
  }
  if (options.lookup !== undefined) {
    const result = resolveNodeProperty(options.lookup, lookups)
    if (!result.found) {
      report.lenient({
        code: 'MY_DATUM_LOOKUP_NOT_FOUND',
        message: `no layer of node ${file.source} has a value at '${normalisePath(options.lookup)}' (Resolve-NodeProperty throws here)`,
        ...locate(entry),
      })
    }
    const value = toOutput(convertRsop(store, result.value, env, entry))
    const made = new Map([[options.lookup, result]])
    if (context.provenance)
      record(context, explainStore(value, made, node, lookups.layers, table, evaluate, options.lookup))
    return { value, store, lookups: made }
  }
  const rsop = composeRsop(store, node, lookups, entry)
  const value = toOutput(convertRsop(store, rsop.value, env, entry))
  if (context.provenance) record(context, explainStore(value, rsop.lookups, node, lookups.layers, table, evaluate))
  return { value, store, lookups: rsop.lookups }
}
