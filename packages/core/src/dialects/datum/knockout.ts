// `Clear-DatumKnockout` (docs/datum.md#knockouts): removes knockout markers from a lookup's result. It
// consults the strategy of every path it visits and inherits nothing from the parent, so markers
// under a path whose strategy is MostSpecific stay in the output, as they do in Datum.
import { datumTypeOf } from './datum-type.ts'
import { isDatumMap } from './keys.ts'
import { setOwn } from '../../values.ts'
import type { DatumMap } from './keys.ts'
import type { StrategyTable } from './lookup-options.ts'
import { childPath } from './path.ts'
import { psMatches, psString } from './powershell.ts'
import { knockoutPatterns, removeFirstMatch } from './strategy.ts'

function clearMapping(path: string, value: DatumMap, table: StrategyTable): DatumMap {
  const strategy = table.strategyFor(path)
  if (strategy.hash === 'mostSpecific') return value
  // The prefix is used as an unanchored regex here: `a--b` goes too.
  const marker = strategy.knockoutPrefix ? knockoutPatterns(strategy.knockoutPrefix).anywhere : undefined
  const out: DatumMap = {}
  for (const key of Object.keys(value)) {
    if (marker?.test(key)) continue
    const item = value[key]
    setOwn(out, key, datumTypeOf(item) === 'baseType' ? item : clearKnockout(childPath(path, key), item, table))
  }
  return out
}

function clearBaseTypeArray(path: string, value: readonly unknown[], table: StrategyTable): unknown[] {
  const strategy = table.strategyFor(path)
  if (strategy.baseTypeArray === 'mostSpecific' || !strategy.knockoutPrefix) return [...value]
  const { anchored } = knockoutPatterns(strategy.knockoutPrefix)
  const dropped = new Set<number>()
  value.forEach((item, index) => {
    if (!psMatches(item, anchored)) return
    dropped.add(index)
    // Later items equal to the target go too (`IndexOf`: ordinal, so case-sensitive and strings only).
    const target = removeFirstMatch(psString(item), anchored)
    for (let later = index + 1; later < value.length; later++) if (value[later] === target) dropped.add(later)
  })
  return value.filter((_, index) => !dropped.has(index))
}

function clearHashArray(path: string, value: readonly unknown[], table: StrategyTable): unknown[] {
  const strategy = table.strategyFor(path)
  if (strategy.keepsHashArrayMarkers) return [...value]
  let items = value
  if (strategy.knockoutPrefix && strategy.tupleKeys) {
    const { literal } = knockoutPatterns(strategy.knockoutPrefix)
    const tupleKeys = strategy.tupleKeys.map((k) => k.toLowerCase())
    items = items.filter(
      (item) =>
        !(
          isDatumMap(item) &&
          Object.keys(item).some((k) => tupleKeys.includes(k.toLowerCase()) && psMatches(item[k], literal))
        ),
    )
  }
  // Items are cleared with the array's own path.
  return items.map((item) => clearKnockout(path, item, table))
}

/** The lookup result at `path` without knockout markers, as far as the strategies of its paths ask. */
export function clearKnockout(path: string, value: unknown, table: StrategyTable): unknown {
  switch (datumTypeOf(value)) {
    case 'hashtable':
      return clearMapping(path, value as DatumMap, table)
    case 'baseType_array':
      return clearBaseTypeArray(path, value as unknown[], table)
    case 'hash_array':
      return clearHashArray(path, value as unknown[], table)
    default:
      return value
  }
}
