// Where a schema violation of the merged value comes from, found in the history record (asked for
// only once there is a violation): the last layer that set the value, or — for a missing key — the
// last that touched the mapping lacking it (or removed the key). Cloud-init records every path; the
// other dialects record which layers define each top-level key, and the path is followed inside them.
import type { ChainLink, Position } from '../diagnostics.ts'
import { documentParts } from '../parts.ts'
import type { ParsedPart } from '../parts.ts'
import type { HistoryEvent, ValueHistory } from '../provenance/history.ts'
import type { SourceDocument } from '../source-document.ts'
import { isMapping } from '../values.ts'
import type { PathSegment } from '../values.ts'

export interface ViolationPlace {
  file: string
  position: Position
  chain: readonly ChainLink[]
  /** A code frame, when the place is in a document of the entry. */
  frame?: string
}

const SETTERS = new Set(['set', 'merged', 'replaced', 'appended', 'prepended', 'patched', 'defined'])

const keyOf = (path: readonly PathSegment[]): string => JSON.stringify(path.map(String))

/** The value at `path` inside `value`, and how many segments of it exist. */
function follow(value: unknown, path: readonly PathSegment[]): number {
  let node = value
  for (const [depth, segment] of path.entries()) {
    if (!(Array.isArray(node) || isMapping(node)) || !Object.hasOwn(node, segment)) return depth
    node = (node as Record<string, unknown>)[segment]
  }
  return path.length
}

export class ViolationLocator {
  private readonly events = new Map<string, HistoryEvent[]>()
  private readonly docs: SourceDocument[] = []

  constructor(
    private readonly history: ValueHistory,
    parts: readonly ParsedPart[],
    private readonly entry: ViolationPlace,
  ) {
    for (const { path, events } of history.paths) this.events.set(keyOf(path), events)
    for (const part of documentParts(parts)) if (part.kind !== 'invalid') this.docs.push(part.doc)
  }

  private place(event: HistoryEvent): ViolationPlace {
    const position = { line: event.line, column: event.column }
    const doc = this.docs.find((d) => d.file === event.file)
    return { file: event.file, position, chain: event.chain, ...(doc ? { frame: doc.frame(position) } : {}) }
  }

  private inDocument(doc: SourceDocument, path: readonly PathSegment[]): ViolationPlace {
    const position = doc.locate(path, 'key')
    return { file: doc.file, position, chain: doc.chain, frame: doc.frame(position) }
  }

  /** The last event that set `path` or, up the path, the nearest ancestor that has one. */
  private lastSetter(path: readonly PathSegment[]): { event: HistoryEvent; depth: number } | undefined {
    for (let depth = path.length; depth > 0; depth--) {
      const events = this.events.get(keyOf(path.slice(0, depth))) ?? []
      const event = events.findLast((e) => SETTERS.has(e.action))
      if (event) return { event, depth }
    }
    return undefined
  }

  /** Top-level detail: the last layer defining `path[0]` whose value goes deepest along the path. */
  private byLayer(path: readonly PathSegment[]): ViolationPlace | undefined {
    const events = (this.events.get(keyOf(path.slice(0, 1))) ?? []).filter((e) => SETTERS.has(e.action))
    let best: { event: HistoryEvent; depth: number } | undefined
    for (const event of events.toReversed()) {
      const depth = follow(event.value, path.slice(1))
      if (!best || depth > best.depth) best = { event, depth }
      if (depth === path.length - 1) break
    }
    if (!best) return undefined
    const key = path[0]!
    const doc = this.docs.find(
      (d) => d.file === best.event.file && isMapping(d.value) && d.value[key] === best.event.value,
    )
    return doc ? this.inDocument(doc, path.slice(0, best.depth + 1)) : this.place(best.event)
  }

  /** Where the value at `path` was set. */
  value(path: readonly PathSegment[]): ViolationPlace {
    if (path.length === 0) return this.entry
    if (this.history.detail === 'top-level') return this.byLayer(path) ?? this.entry
    const found = this.lastSetter(path)
    return found ? this.place(found.event) : this.entry
  }

  /** Where the mapping at `path` lacking `key` was last touched, or where `key` was removed. */
  missing(path: readonly PathSegment[], key: string): ViolationPlace {
    const removed = (this.events.get(keyOf([...path, key])) ?? []).at(-1)
    if (removed?.action === 'deleted') return this.place(removed)
    return this.value(path)
  }
}
