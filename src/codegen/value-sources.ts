// Where each value of an entry came from, for its declaration: the layer line that set the value at
// a key path in the current mode, read from the engine's `explain` record. The declaration asks
// with the paths of the properties it prints, in which an array's items are one `ANY_ITEM` (the
// items share one type): that step is the first item that has the rest of the path.
import type { Provenance, ProvenanceEvent } from '@merged-yaml/core'
import { isPlainObject } from './module.ts'

/** A step of a printed property's path: a key, a tuple index, or any item of an array. */
export type PathStep = string | number | typeof ANY_ITEM

export const ANY_ITEM: unique symbol = Symbol('any item')

export interface SourceLocation {
  /** Absolute path of the layer. */
  file: string
  /** 1-based, as the engine reports positions. */
  line: number
  column: number
}

/** The layer line that set a value, how it was merged, and what it took the place of. */
export interface ValueSource extends SourceLocation {
  /** Who decided, in merge-string form (`dict(replace)`, `list(append)`, `heat`, `deckhand`). */
  merger: string
  /** What the layer did: `set`, `replaced`, `merged`, `appended`, … (the engine's `ProvenanceAction`). */
  action: string
  /** The length of the key at `line` and `column` (what the name maps to). */
  length: number
  /** The layer whose value this one replaced or merged into, when there was one. */
  over?: SourceLocation
  /** Set when the record stops above the path (a dialect that records top-level keys): that key. */
  inheritedFrom?: string
}

/** What an entry's declaration knows of where its values came from (the declaration's `sources`). */
export interface ValueSources {
  /** The source of the value at `path` of the current mode's value, if the record has one. */
  at(path: readonly PathStep[]): ValueSource | undefined
}

/** Events that leave the part's value in place; `kept` and `deleted` ones do not. */
const SETTING = new Set(['set', 'replaced', 'merged', 'appended', 'prepended', 'patched', 'defined'])

// Joined with NUL: only paths whose keys hold NUL could be confused, at worst naming a wrong line.
const keyOf = (path: readonly (string | number)[]): string => path.join('\0')

/** The concrete path (indices) of `path` in `value`: each `ANY_ITEM` is the first item having the rest. */
function concretePath(value: unknown, path: readonly PathStep[]): (string | number)[] | undefined {
  const out: (string | number)[] = []
  const found = (node: unknown, from: number): boolean => {
    if (from === path.length) return true
    const step = path[from]!
    if (step === ANY_ITEM) {
      if (!Array.isArray(node)) return false
      for (let i = 0; i < node.length; i++) {
        out.push(i)
        if (found(node[i], from + 1)) return true
        out.length = from
      }
      return false
    }
    if (typeof step === 'number') {
      if (!Array.isArray(node) || step >= node.length) return false
    } else if (!isPlainObject(node) || !Object.hasOwn(node, step)) return false
    out.push(step)
    return found((node as Record<string | number, unknown>)[step], from + 1)
  }
  return found(value, 0) ? out : undefined
}

/** Whether `value` (a layer's value for a key) has something at `rest`. */
function holds(value: unknown, rest: readonly (string | number)[]): boolean {
  let node = value
  for (const step of rest) {
    if (Array.isArray(node) && typeof step === 'number' && step < node.length) node = node[step]
    else if (isPlainObject(node) && Object.hasOwn(node, step)) node = node[step]
    else return false
  }
  return true
}

/**
 * The source of a path from the events of the path itself (`rest` empty), or of its nearest
 * recorded ancestor (`rest`: the steps below it): then the events of layers that hold the path
 * count, so a key only the base layer has points there, not at the last layer of its parent.
 */
function sourceOf(
  events: readonly ProvenanceEvent[],
  rest: readonly (string | number)[],
  ancestor: readonly (string | number)[],
): ValueSource | undefined {
  const counts = (event: ProvenanceEvent) =>
    SETTING.has(event.action) && (rest.length === 0 || (event.value !== undefined && holds(event.value, rest)))
  const last = events.findLastIndex(counts)
  if (last < 0) return undefined
  const event = events[last]!
  const { file, line, column, merger, action } = event
  const length = String(ancestor.at(-1)).length
  const source: ValueSource = { file, line, column, length, merger, action }
  const before = events.slice(0, last).findLast(counts)
  if (before) source.over = { file: before.file, line: before.line, column: before.column }
  if (rest.length > 0) source.inheritedFrom = ancestor.join('.')
  return source
}

/**
 * The sources of `value` (the current mode's, one of the declaration's values) from its render's
 * `provenance`. A path the record does not reach (Heat and Datum record top-level keys) takes its
 * nearest recorded ancestor's source.
 */
export function createValueSources(provenance: Provenance, value: unknown): ValueSources {
  const history = new Map<string, ProvenanceEvent[]>()
  for (const entry of provenance.paths) history.set(keyOf(entry.path), entry.events)
  return {
    at(path) {
      const concrete = concretePath(value, path)
      if (!concrete || concrete.length === 0) return undefined
      for (let depth = concrete.length; depth >= 1; depth--) {
        const events = history.get(keyOf(concrete.slice(0, depth)))
        if (!events) continue
        const source = sourceOf(events, concrete.slice(depth), concrete.slice(0, depth))
        if (source) return source
      }
      return undefined
    },
  }
}
