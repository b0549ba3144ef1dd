// `Resolve-Datum` (docs/datum.md#which-option-applies-to-a-path): one property path looked up
// across the layers, most specific first, each value found merged into the accumulated one with the
// path's strategy.
import type { SourceDocument } from '../../source-document.ts'
import { clearKnockout } from './knockout.ts'
import type { DatumMap } from './keys.ts'
import { mergeDatum } from './merge.ts'
import type { MergeContext } from './merge.ts'
import { SEPARATOR } from './path.ts'
import type { Where } from './types.ts'
import { walkLayer } from './walk.ts'

/** One layer's data (directive keys removed) and the document it came from. */
export interface Layer {
  doc: SourceDocument
  data: DatumMap
}

export type LookupResult = { found: true; value: unknown } | { found: false; value: null }

/** A value found for the looked-up path in one layer, and where. */
export interface FoundValue {
  value: unknown
  where: Where
}

/** Merges the values found for `path`, most specific first, as Resolve-Datum does. */
export function mergeFound(path: string, found: readonly FoundValue[], context: MergeContext): LookupResult {
  const strategy = context.table.strategyFor(path)
  let merged: unknown
  for (const [index, hit] of found.entries()) {
    if (index === 0) {
      // `Strategy: MostSpecific|First` returns the first value as found, markers included.
      if (strategy.firstFound) return { found: true, value: hit.value }
      merged = hit.value
      continue
    }
    merged = mergeDatum(path, merged, hit.value, hit.where, context)
  }
  if (found.length === 0) return { found: false, value: null }
  // Clear-DatumKnockout came after Datum 0.40: there, markers stay in the result.
  return { found: true, value: context.legacyKnockouts ? merged : clearKnockout(path, merged, context.table) }
}

/** Looks up `segments` in `layers` (most specific first). */
export function resolveLookup(
  segments: readonly string[],
  layers: readonly Layer[],
  context: MergeContext,
): LookupResult {
  const found: FoundValue[] = []
  for (const layer of layers) {
    const hit = walkLayer(layer.data, segments)
    if (hit) found.push({ value: hit.value, where: { doc: layer.doc, path: hit.path } })
  }
  return mergeFound(segments.join(SEPARATOR), found, context)
}
