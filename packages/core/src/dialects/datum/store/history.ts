// The history of a store's RSOP: for each value of the result, the layer file and line it came from
// and the strategy that merged it, most specific layer first, the less specific values it won over
// included. Attributed after the fact from the values each lookup found (a list item to the layer
// that holds an equal item, or the same tuple; a scalar to the first layer with that value, or with
// a handler expression that gave it).
import type { HistoryEvent, HistoryPart } from '../../../provenance/history.ts'
import type { PathSegment } from '../../../values.ts'
import { isInvokeCommand } from '../handlers/invoke-command.ts'
import { isProtectedDatum } from '../handlers/protected-data.ts'
import { stringOf } from '../handlers/ps-values.ts'
import { findKey, isDatumMap } from '../keys.ts'
import type { DatumMap } from '../keys.ts'
import type { StrategyTable } from '../lookup-options.ts'
import { childPath, normalisePath } from '../path.ts'
import { psEquals } from '../powershell.ts'
import type { Strategy } from '../strategy.ts'
import type { Where } from '../types.ts'
import type { StoreLookup } from './lookup.ts'
import type { StoreNode } from './node.ts'
import type { StoreLayerPath } from './precedence.ts'
import { toOutput } from './rsop.ts'

interface Candidate {
  value: unknown
  where: Where
}

/** What decided between the layers' mappings: `MostSpecific`, `hash` or `deep`. */
function describeHash(strategy: Strategy): string {
  return strategy.hash === 'mostSpecific' ? 'MostSpecific' : strategy.hash
}

/** What decided between the layers' lists: `MostSpecific`, `Unique`, `Sum`, `DeepTuple(keys)`, … */
function describeList(strategy: Strategy, items: readonly unknown[]): string {
  const tuples = strategy.tupleKeys ? `(${strategy.tupleKeys.join(',')})` : ''
  if (items.some(isDatumMap)) {
    if (strategy.hashArray === 'deepTuple') return `DeepTuple${tuples}`
    if (strategy.hashArray === 'uniqueKeyValTuples') return `UniqueKeyValTuples${tuples}`
    return strategy.hashArray === 'sum' ? 'Sum' : 'MostSpecific'
  }
  if (strategy.baseTypeArray === 'unique') return 'Unique'
  return strategy.baseTypeArray === 'sum' ? 'Sum' : 'MostSpecific'
}

function isExpression(raw: unknown): boolean {
  return isInvokeCommand(raw) || isProtectedDatum(stringOf(raw))
}

/** A layer's value as it ends up in a result: its handler values evaluated (quietly). */
export type Evaluate = (raw: unknown) => unknown

class Attribution {
  readonly events: HistoryEvent[] = []

  constructor(
    private readonly table: StrategyTable,
    private readonly evaluate: Evaluate,
  ) {}

  private same(raw: unknown, value: unknown): boolean {
    return JSON.stringify(toOutput(this.evaluate(raw))) === JSON.stringify(value)
  }

  private event(
    candidate: Candidate,
    path: PathSegment[],
    action: 'set' | 'kept',
    merger: string,
    value: unknown,
    note?: string,
  ): void {
    const { doc } = candidate.where
    if (!doc) return
    const { line, column } = doc.locate(candidate.where.path, 'key')
    const event: HistoryEvent = { path, file: doc.file, line, column, chain: [...doc.chain], action, merger, value }
    if (note) event.note = note
    this.events.push(event)
  }

  /** One event for a value no layer wrote. */
  note(path: PathSegment[], value: unknown, where: Where, merger: string, note: string): void {
    this.event({ value, where }, path, 'set', merger, value, note)
  }

  /** Events for `value` at `path` of the result, from the layers' values `candidates` (most specific first). */
  attribute(
    path: PathSegment[],
    value: unknown,
    candidates: Candidate[],
    strategyPath: string,
    decidedBy: string,
  ): void {
    if (candidates.length === 0) return
    const strategy = this.table.strategyFor(strategyPath)
    if (isDatumMap(value)) {
      for (const key of Object.keys(value)) {
        const inner = candidates.flatMap((c): Candidate[] => {
          if (!isDatumMap(c.value)) return []
          const found = findKey(c.value, key)
          if (found === undefined) return []
          return [{ value: c.value[found], where: { ...c.where, path: [...c.where.path, found] } }]
        })
        this.attribute([...path, key], value[key], inner, childPath(strategyPath, key), describeHash(strategy))
      }
      return
    }
    if (Array.isArray(value)) {
      value.forEach((item, index) => {
        const inner = candidates.flatMap((c): Candidate[] => {
          if (!Array.isArray(c.value)) return []
          const at = this.matchItem(c.value, item, strategy)
          return at < 0 ? [] : [{ value: c.value[at], where: { ...c.where, path: [...c.where.path, at] } }]
        })
        this.attribute([...path, index], item, inner, strategyPath, describeList(strategy, value))
      })
      return
    }
    const winner = candidates.find((c) => this.same(c.value, value)) ?? candidates[0]!
    const merger = `datum(${decidedBy})`
    for (const candidate of candidates) {
      if (candidate === winner) {
        const note = isExpression(candidate.value) ? `from ${stringOf(candidate.value)}` : undefined
        this.event(candidate, path, 'set', merger, value, note)
      } else {
        this.event(candidate, path, 'kept', merger, toOutput(candidate.value), 'a more specific value won')
      }
    }
  }

  /** The index of the item of `list` that `item` came from: an equal item, else one with the same tuple. */
  private matchItem(list: readonly unknown[], item: unknown, strategy: Strategy): number {
    const equal = list.findIndex((raw) => this.same(raw, item))
    if (equal >= 0 || !isDatumMap(item)) return equal
    const keys = strategy.tupleKeys ?? Object.keys(item)
    return list.findIndex((raw) => {
      if (!isDatumMap(raw)) return false
      const shared = keys.filter((key) => findKey(raw, key) !== undefined && findKey(item, key) !== undefined)
      return (
        shared.length > 0 &&
        shared.every((key) => psEquals(toOutput(this.evaluate(raw[findKey(raw, key)!])), item[findKey(item, key)!]))
      )
    })
  }
}

/** The parts (the layers the lookups read) and events of a store's RSOP. */
export function storeHistory(
  value: unknown,
  lookups: ReadonlyMap<string, StoreLookup>,
  node: StoreNode,
  layers: readonly StoreLayerPath[],
  table: StrategyTable,
  evaluate: Evaluate,
  /** The `datum.lookup` path, when the value is that one lookup. */
  lookupPath?: string,
): { parts: HistoryPart[]; events: HistoryEvent[] } {
  const attribution = new Attribution(table, evaluate)
  const nodeDoc = node.file.data().doc
  const parts: HistoryPart[] = []
  const seen = new Set<string>()
  const addPart = (where: Where): void => {
    const doc = where.doc
    if (!doc || seen.has(doc.file)) return
    seen.add(doc.file)
    parts.push({ file: doc.file, line: 1, column: 1, chain: [...doc.chain], merger: 'datum', status: 'layer' })
  }
  // The layers in precedence order (most specific first), the node's own file before them.
  const hits = [...lookups.values()].flatMap((lookup) => lookup.hits)
  addPart({ doc: nodeDoc, path: [] })
  for (const layer of layers) for (const hit of hits) if (hit.layer === layer) addPart(hit.where)
  if (lookupPath !== undefined) {
    const path = normalisePath(lookupPath)
    const only = lookups.get(lookupPath)
    if (only) attribution.attribute([], value, only.hits, path, describeHash(table.strategyFor(path)))
    return { parts, events: attribution.events }
  }
  if (!isDatumMap(value)) return { parts, events: attribution.events }
  for (const key of Object.keys(value)) {
    const lookup = lookups.get(key)
    if (lookup) {
      attribution.attribute([key], value[key], lookup.hits, key, describeHash(table.strategyFor(key)))
      continue
    }
    // A key of the node itself: Get-DatumRsop takes it as the node has it.
    if (findKey(node.data, key) === undefined) continue
    const raw = nodeDoc.value
    const written = isDatumMap(raw) ? findKey(raw, key) : undefined
    if (written === undefined) {
      // Not in the file: its name (`Name`) or a given node property.
      attribution.note(
        [key],
        value[key],
        { doc: nodeDoc, path: [] },
        'datum(node)',
        "the node's name or a given property",
      )
      continue
    }
    const candidate = { value: (raw as DatumMap)[written], where: { doc: nodeDoc, path: [written] } }
    attribution.attribute([key], value[key], [candidate], key, 'node')
  }
  return { parts, events: attribution.events }
}
