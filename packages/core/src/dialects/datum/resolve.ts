// `Resolve-Datum` (specs/datum.md §5): one property path looked up across the layers, most specific
// first, each value found merged into the accumulated one with the path's strategy.
import type { SourceDocument } from '../../source-document.ts'
import { clearKnockout } from './knockout.ts'
import type { DatumMap } from './keys.ts'
import { mergeDatum } from './merge.ts'
import type { MergeContext } from './merge.ts'
import { SEPARATOR } from './path.ts'
import { walkLayer } from './walk.ts'

/** One layer's data (directive keys removed) and the document it came from. */
export interface Layer {
  doc: SourceDocument
  data: DatumMap
}

export type LookupResult = { found: true; value: unknown } | { found: false; value: null }

/** Looks up `segments` in `layers` (most specific first). */
export function resolveLookup(
  segments: readonly string[],
  layers: readonly Layer[],
  context: MergeContext,
): LookupResult {
  const path = segments.join(SEPARATOR)
  const strategy = context.table.strategyFor(path)
  let merged: unknown
  let found = 0
  for (const layer of layers) {
    const hit = walkLayer(layer.data, segments)
    if (!hit) continue
    found++
    if (found === 1) {
      // `Strategy: MostSpecific|First` returns the first value as found, markers included.
      if (strategy.firstFound) return { found: true, value: hit.value }
      merged = hit.value
      continue
    }
    merged = mergeDatum(path, merged, hit.value, { doc: layer.doc, path: hit.path }, context)
  }
  if (found === 0) return { found: false, value: null }
  return { found: true, value: clearKnockout(path, merged, context.table) }
}
