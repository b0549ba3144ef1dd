import type { Reporter } from '../../reporter.ts'
import type { SourceDocument } from '../../source-document.ts'
import { readEntry } from './directives.ts'
import { foldCase } from './keys.ts'
import { setOwn } from '../../values.ts'
import type { DatumMap } from './keys.ts'
import { createStrategyTable } from './lookup-options.ts'
import type { DeclaredOptions } from './lookup-options.ts'
import type { MergeContext } from './merge.ts'
import { normalisePath, splitPath } from './path.ts'
import { resolveLookup } from './resolve.ts'
import type { Layer } from './resolve.ts'
import { locate } from './types.ts'
import type { DatumOptions, Where } from './types.ts'

/** Diagnostics about options and lookups point at the entry file. */
function entryWhere(entry: string, path: (string | number)[]): Where {
  return { at: { file: entry, position: { line: 1, column: 1 }, chain: [] }, path }
}

/** Options given to render() fill the directives no part declares. */
function withOptionDefaults(declared: DeclaredOptions, options: DatumOptions, entry: string): DeclaredOptions {
  const given = options.lookupOptions
  if (!given) return declared
  const out = { ...declared }
  if (!out.defaultLookupOptions && given.default_lookup_options !== undefined) {
    out.defaultLookupOptions = {
      value: given.default_lookup_options,
      where: entryWhere(entry, ['datum', 'lookupOptions', 'default_lookup_options']),
    }
  }
  if (!out.lookupOptions && given.lookup_options !== undefined) {
    out.lookupOptions = {
      value: given.lookup_options,
      where: entryWhere(entry, ['datum', 'lookupOptions', 'lookup_options']),
    }
  }
  return out
}

/** Every top-level key of every layer, most specific spelling and order first (Merge-Hashtable's order). */
function topLevelKeys(layers: readonly Layer[]): string[] {
  const keys = new Map<string, string>()
  for (const layer of layers) {
    for (const key of Object.keys(layer.data)) if (!keys.has(foldCase(key))) keys.set(foldCase(key), key)
  }
  return [...keys.values()]
}

/** Renders a Datum entry: every top-level key looked up, or the one `options.lookup` path. */
export function renderDatum(
  docs: readonly SourceDocument[],
  options: DatumOptions,
  entryFile: string,
  report: Reporter,
): unknown {
  const entry = readEntry(docs, report)
  const table = createStrategyTable(withOptionDefaults(entry.declared, options, entryFile), report)
  const context: MergeContext = { table, report, legacyKnockouts: options.version === '0.40' }
  if (options.lookup !== undefined) {
    const result = resolveLookup(splitPath(options.lookup), entry.layers, context)
    if (!result.found) {
      report.lenient({
        code: 'MY_DATUM_LOOKUP_NOT_FOUND',
        message:
          `no layer has a value at '${normalisePath(options.lookup)}' (Datum's Lookup throws here; ` +
          `Resolve-Datum returns null)`,
        ...locate(entryWhere(entryFile, [])),
      })
    }
    return result.value
  }
  const out: DatumMap = {}
  for (const key of topLevelKeys(entry.layers)) setOwn(out, key, resolveLookup([key], entry.layers, context).value)
  return out
}
