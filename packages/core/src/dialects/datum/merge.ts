// `Merge-Datum` and `Merge-Hashtable` (docs/datum.md#presets): one less specific value folded into
// the value accumulated so far (the reference, which wins by default).
import type { Reporter } from '../../reporter.ts'
import { datumTypeOf } from './datum-type.ts'
import type { DatumType } from './datum-type.ts'
import { copyMap, foldCase, isDatumMap, KeyIndex } from './keys.ts'
import { setOwn } from '../../values.ts'
import type { DatumMap } from './keys.ts'
import type { StrategyTable } from './lookup-options.ts'
import { mergeBaseTypeArrays, mergeHashArrays } from './merge-array.ts'
import { childPath } from './path.ts'
import { knockoutPatterns, removeFirstMatch } from './strategy.ts'
import type { Strategy } from './strategy.ts'
import { locate, within } from './types.ts'
import type { Where } from './types.ts'

export interface MergeContext {
  table: StrategyTable
  report: Reporter
  /**
   * Merge-Datum's first step in a store: handlers evaluate a value they take (each item of a list)
   * before it is merged. Absent for entries, which have no handlers.
   */
  prepare?: (value: unknown, origin: Where) => unknown
  /** Datum up to 0.40's knockouts (`datum.version: '0.40'`): see merge-array.ts and resolve.ts. */
  legacyKnockouts?: boolean
}

/** Whether `strategy` combines two values of `type` (rather than keeping the most specific one). */
function combines(type: DatumType, strategy: Strategy): boolean {
  if (type === 'hashtable') return strategy.hash !== 'mostSpecific'
  if (type === 'baseType_array') return strategy.baseTypeArray === 'unique' || strategy.baseTypeArray === 'sum'
  if (type === 'hash_array')
    return (
      strategy.hashArray === 'sum' || strategy.hashArray === 'deepTuple' || strategy.hashArray === 'uniqueKeyValTuples'
    )
  return false
}

/**
 * Merges `diff` (less specific, found at `origin`) into `ref` with the strategy of `path`. Values of
 * different types are not merged: the most specific one wins, as in Datum, which only warns. That is
 * reported only where the strategy would have combined the values: elsewhere it changes nothing.
 */
export function mergeDatum(path: string, ref: unknown, diff: unknown, origin: Where, context: MergeContext): unknown {
  if (context.prepare) {
    ref = context.prepare(ref, origin)
    diff = context.prepare(diff, origin)
  }
  const strategy = context.table.strategyFor(path)
  const refType = datumTypeOf(ref)
  const diffType = datumTypeOf(diff)
  if (refType !== diffType) {
    if (!combines(refType, strategy) && !combines(diffType, strategy)) return ref
    context.report.lenient({
      code: 'MY_DATUM_TYPE_MISMATCH',
      message:
        `cannot merge this ${diffType} into the more specific ${refType} at '${path}'; Datum keeps the most ` +
        `specific value`,
      ...locate(origin),
    })
    return ref
  }
  switch (refType) {
    case 'hashtable':
      if (strategy.hash === 'mostSpecific') return ref
      return mergeHashtable(ref as DatumMap, diff as DatumMap, strategy, path, origin, context)
    case 'baseType_array':
      return mergeBaseTypeArrays(ref as unknown[], diff as unknown[], strategy, context.legacyKnockouts)
    case 'hash_array':
      return mergeHashArrays(
        ref as unknown[],
        diff as unknown[],
        strategy,
        origin,
        context.report,
        (merged, item, at) => mergeHashtable(merged, item, strategy, path, at, context),
        context.legacyKnockouts,
      )
    default:
      return ref
  }
}

/**
 * Adds the keys only `diff` has, honours `--key` knockouts (the prefix defaults to `--` here even
 * without a knockout_prefix), and merges keys both sides have: arrays always with their own path's
 * strategy, nested mappings only under `deep`, inheriting `strategy` when their path has no option.
 */
export function mergeHashtable(
  ref: DatumMap,
  diff: DatumMap,
  strategy: Strategy,
  parentPath: string,
  origin: Where,
  context: MergeContext,
): DatumMap {
  const { literal: marker } = knockoutPatterns(strategy.knockoutPrefix ?? '--')
  const refKeys = new KeyIndex(ref)
  const knockedOut = new Set(
    Object.keys(ref)
      .filter((key) => marker.test(key))
      .map((key) => foldCase(removeFirstMatch(key, marker))),
  )
  const out = copyMap(ref)
  for (const key of Object.keys(diff)) {
    if (knockedOut.has(foldCase(key))) continue
    if (marker.test(key) && !refKeys.has(removeFirstMatch(key, marker))) {
      // A knockout from a less specific layer keeps blocking the layers below it.
      if (!refKeys.has(key)) setOwn(out, key, null)
      continue
    }
    const refKey = refKeys.key(key)
    if (refKey === undefined) {
      setOwn(out, key, diff[key])
      continue
    }
    const refValue = ref[refKey]
    const diffValue = diff[key]
    const path = childPath(parentPath, key)
    const at = within(origin, key)
    switch (datumTypeOf(refValue)) {
      case 'hashtable': {
        if (strategy.hash !== 'deep') break
        if (!context.table.strategyFor(path).inherits) {
          setOwn(out, refKey, mergeDatum(path, refValue, diffValue, at, context))
          break
        }
        if (!isDatumMap(diffValue)) {
          // Datum adds the value to an ordered dictionary here, which throws.
          context.report.fail({
            code: 'MY_DATUM_DEEP_TYPE_CONFLICT',
            message:
              `'${path}' is a mapping in a more specific layer and ` +
              `${diffValue === null ? 'null' : datumTypeOf(diffValue)} here; Datum's deep merge cannot merge them ` +
              `(give the path a lookup option of its own to keep the most specific value)`,
            ...locate(at),
          })
        }
        setOwn(out, refKey, mergeHashtable(refValue as DatumMap, diffValue, strategy, path, at, context))
        break
      }
      case 'baseType':
        break
      default:
        setOwn(out, refKey, mergeDatum(path, refValue, diffValue, at, context))
    }
  }
  return out
}
