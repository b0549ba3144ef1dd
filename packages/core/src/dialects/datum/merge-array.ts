// Merging lists (`Merge-Datum`'s array branches and `Merge-DatumArray`, docs/datum.md#presets).
import type { Reporter } from '../../reporter.ts'
import { isHashLike } from './datum-type.ts'
import { copyMap, getIgnoringCase, isDatumMap, KeyIndex } from './keys.ts'
import type { DatumMap } from './keys.ts'
import { psDiffers, psEquals, psMatches, psString } from './powershell.ts'
import { knockoutPatterns, removeFirstMatch } from './strategy.ts'
import type { Strategy } from './strategy.ts'
import { locate, within } from './types.ts'
import type { Where } from './types.ts'

/** Same item for `Select-Object -Unique`: strings compare case-sensitively, values of other types by structure. */
function sameItem(a: unknown, b: unknown): boolean {
  if (a === b) return true
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false
  return JSON.stringify(a) === JSON.stringify(b)
}

function selectUnique(items: readonly unknown[]): unknown[] {
  const out: unknown[] = []
  const scalars = new Set<unknown>()
  for (const item of items) {
    if (typeof item !== 'object' || item === null) {
      if (scalars.has(item)) continue
      scalars.add(item)
    } else if (out.some((kept) => sameItem(kept, item))) continue
    out.push(item)
  }
  return out
}

/** Datum up to 0.40: list knockouts only drop the markers themselves, while merging. */
function withoutMarkers(items: readonly unknown[], strategy: Strategy): unknown[] {
  if (!strategy.knockoutPrefix) return [...items]
  const { anchored } = knockoutPatterns(strategy.knockoutPrefix)
  return items.filter((item) => !psMatches(item, anchored))
}

/** Lists of scalars: MostSpecific, Unique (ref items first) or Sum with knockouts. */
export function mergeBaseTypeArrays(
  ref: readonly unknown[],
  diff: readonly unknown[],
  strategy: Strategy,
  legacy = false,
): unknown[] {
  if (legacy && (strategy.baseTypeArray === 'unique' || strategy.baseTypeArray === 'sum')) {
    const kept = withoutMarkers([...ref, ...diff], strategy)
    return strategy.baseTypeArray === 'unique' ? selectUnique(kept) : kept
  }
  switch (strategy.baseTypeArray) {
    case 'unique':
      return selectUnique([...ref, ...diff])
    case 'sum': {
      const all = [...ref, ...diff]
      if (!strategy.knockoutPrefix) return all
      // Markers in the accumulated (more specific) value remove equal items, ignoring case, from the
      // whole concatenation, more specific items included.
      const { anchored } = knockoutPatterns(strategy.knockoutPrefix)
      const knockedOut = ref
        .filter((item) => psMatches(item, anchored))
        .map((item) => removeFirstMatch(psString(item), anchored))
      return all.filter((item) => !knockedOut.some((target) => psEquals(target, item)))
    }
    default:
      return [...ref]
  }
}

/** Merges one less specific item into a merged item (`Merge-Hashtable` with the array's strategy). */
export type ItemMerger = (merged: DatumMap, item: DatumMap, origin: Where) => DatumMap

/** `Compare-Hashtable` finds no difference on `props`: both items hold every key, with -eq values. */
function sameTuple(candidate: DatumMap, other: DatumMap, props: readonly string[]): boolean {
  const a = new KeyIndex(candidate)
  const b = new KeyIndex(other)
  return props.every((prop) => {
    const keyA = a.key(prop)
    const keyB = b.key(prop)
    if (keyA === undefined || keyB === undefined) return false
    const left = candidate[keyA]
    const right = other[keyB]
    // Nested mappings never count as different (Compare-Hashtable's recursion result is discarded).
    if (isHashLike(left) || isHashLike(right)) return true
    return !psDiffers(left, right)
  })
}

type TupleKnockout = [key: string, value: string][]

/** The tuple values the accumulated items knock out: only the prefixed tuple keys of one item count. */
function tupleKnockouts(ref: readonly DatumMap[], strategy: Strategy): TupleKnockout[] {
  if (!strategy.knockoutPrefix || !strategy.tupleKeys) return []
  const { literal } = knockoutPatterns(strategy.knockoutPrefix)
  const tupleKeys = strategy.tupleKeys.map((k) => k.toLowerCase())
  const out: TupleKnockout[] = []
  for (const item of ref) {
    const marked = Object.keys(item).filter((k) => tupleKeys.includes(k.toLowerCase()) && psMatches(item[k], literal))
    if (marked.length > 0) out.push(marked.map((k) => [k, removeFirstMatch(psString(item[k]), literal)]))
  }
  return out
}

function isKnockedOut(item: DatumMap, knockouts: readonly TupleKnockout[]): boolean {
  return knockouts.some((ko) => ko.every(([key, value]) => psEquals(value, getIgnoringCase(item, key))))
}

/**
 * Items as `[ordered]@{} + $item` copies. A null item has no reliable Datum reading; it is located in
 * the less specific list when it is there, else at that list (the merged list has no single file).
 */
function itemsOf(list: readonly unknown[], origin: Where, report: Reporter, indexed: boolean): DatumMap[] {
  return list.map((item, index) => {
    if (isDatumMap(item)) return copyMap(item)
    report.lenient({
      code: 'MY_DATUM_NULL_ITEM',
      message: 'a null item in a list of mappings: Datum fails or drops it here; it is merged as an empty mapping',
      ...locate(indexed ? within(origin, index) : origin),
    })
    return {}
  })
}

function deepTuple(
  ref: DatumMap[],
  diff: DatumMap[],
  strategy: Strategy,
  origin: Where,
  mergeItem: ItemMerger,
): DatumMap[] {
  const knockouts = tupleKnockouts(ref, strategy)
  // Without tuple keys Datum compares on the first reference item's keys, for every item.
  const props = strategy.tupleKeys ?? Object.keys(ref[0] ?? {})
  const used = new Set<number>()
  const out: DatumMap[] = []
  for (const refItem of ref) {
    let merged = refItem
    diff.forEach((item, index) => {
      if (isKnockedOut(item, knockouts)) {
        used.add(index)
        return
      }
      if (!sameTuple(refItem, item, props)) return
      merged = mergeItem(merged, item, within(origin, index))
      used.add(index)
    })
    out.push(merged)
  }
  diff.forEach((item, index) => {
    if (!used.has(index)) out.push(item)
  })
  return out
}

function uniqueTuples(ref: DatumMap[], diff: DatumMap[], strategy: Strategy): DatumMap[] {
  const knockouts = tupleKnockouts(ref, strategy)
  // Without tuple keys Datum compares on the last reference item's keys.
  const props = strategy.tupleKeys ?? Object.keys(ref.at(-1) ?? {})
  const out: DatumMap[] = []
  for (const item of ref) if (!out.some((kept) => sameTuple(item, kept, props))) out.push(item)
  for (const item of diff) {
    if (isKnockedOut(item, knockouts)) continue
    if (!out.some((kept) => sameTuple(item, kept, props))) out.push(item)
  }
  return out
}

/** Lists of mappings: MostSpecific, Sum, DeepTuple or UniqueKeyValTuples. */
export function mergeHashArrays(
  ref: readonly unknown[],
  diff: readonly unknown[],
  strategy: Strategy,
  origin: Where,
  report: Reporter,
  mergeItem: ItemMerger,
  legacy = false,
): unknown[] {
  // Datum up to 0.40 has no knockouts of hash-array items (#161).
  if (legacy) strategy = { ...strategy, knockoutPrefix: undefined }
  switch (strategy.hashArray) {
    case 'sum':
      return [...ref, ...diff].map((item) => (isDatumMap(item) ? copyMap(item) : item))
    case 'deepTuple':
      return deepTuple(
        itemsOf(ref, origin, report, false),
        itemsOf(diff, origin, report, true),
        strategy,
        origin,
        mergeItem,
      )
    case 'uniqueKeyValTuples':
      return uniqueTuples(itemsOf(ref, origin, report, false), itemsOf(diff, origin, report, true), strategy)
    default:
      return [...ref]
  }
}
