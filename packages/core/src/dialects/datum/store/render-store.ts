// A Datum store rendered for one node: the entry is the store's Datum.yml; the value is the node's
// RSOP as Get-DatumRsop builds it (or one lookup for the node, with `datum.lookup`). Its files were
// read while gathering (gather-store.ts): this is the resolution and merge phase, which reads none.
import type { ProvenanceRecorder } from '../../../provenance/recorder.ts'
import { Reporter } from '../../../reporter.ts'
import type { DialectContext } from '../../types.ts'
import { createStrategyTable } from '../lookup-options.ts'
import type { DeclaredOptions } from '../lookup-options.ts'
import type { MergeContext } from '../merge.ts'
import { normalisePath } from '../path.ts'
import { locate } from '../types.ts'
import type { DatumOptions, Where } from '../types.ts'
import { storeHistory } from './history.ts'
import type { StoreSnapshot } from './gather-store.ts'
import type { StoreLookup } from './lookup.ts'
import { composeRsop, convertRsop, resolveNodeProperty, toOutput } from './rsop.ts'
import type { NodeLookups } from './rsop.ts'
import type { DatumStore } from './store.ts'

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

/** The store's history: its layer files, and where each value of the result came from. */
function record(provenance: ProvenanceRecorder, history: ReturnType<typeof storeHistory>): void {
  for (const part of history.parts) provenance.addPart(part)
  for (const event of history.events) provenance.add(event)
}

/** Renders the store gathered for its node (`snapshot`), reading no file. */
export function renderStore(snapshot: StoreSnapshot, context: DialectContext<DatumOptions, unknown>): StoreRender {
  const { report, provenance } = context
  const { store, node, env, options } = snapshot
  const entry: Where = { doc: store.definition.doc, path: [] }
  const table = createStrategyTable(declaredOptions(store, options, entry), report)
  const mergeContext: MergeContext = {
    table,
    report,
    prepare: (value, origin) => store.handlers.beforeMerge(value, env, origin),
    legacyKnockouts: options.version === '0.40',
  }
  // For the history: a layer's value as the RSOP shows it, evaluated without reporting twice.
  const quiet = store.handlers.withReporter(new Reporter(false))
  const evaluate = (raw: unknown): unknown => {
    try {
      return quiet.convert(raw, env, entry)
    } catch {
      return raw
    }
  }
  const lookups: NodeLookups = {
    layers: snapshot.layers,
    root: store.root,
    context: mergeContext,
    made: new Map(),
  }
  if (options.lookup !== undefined) {
    const result = resolveNodeProperty(options.lookup, lookups)
    if (!result.found) {
      report.lenient({
        code: 'MY_DATUM_LOOKUP_NOT_FOUND',
        message:
          `no layer of node ${node.file.source} has a value at '${normalisePath(options.lookup)}' ` +
          '(Resolve-NodeProperty throws here)',
        ...locate(entry),
      })
    }
    const value = toOutput(convertRsop(store, result.value, env, entry))
    const made = new Map([[options.lookup, result]])
    if (provenance) record(provenance, storeHistory(value, made, node, lookups.layers, table, evaluate, options.lookup))
    return { value, store, lookups: made }
  }
  const rsop = composeRsop(store, node, lookups, entry)
  const value = toOutput(convertRsop(store, rsop.value, env, entry))
  if (provenance) record(provenance, storeHistory(value, rsop.lookups, node, lookups.layers, table, evaluate))
  return { value, store, lookups: rsop.lookups }
}
