// Provenance for `explain` (render option `explain: true`): which part set each value of the result,
// and what decided, overridden values included; or, for the render option `sources`, only what a
// declaration needs (value-sources.ts). Only created when asked for: a dialect holds an optional
// recorder, so a normal render pays one null check per decision. What cloud-init's merge records is
// in dialects/cloud-init/provenance.ts.
import type { ChainLink } from './diagnostics.ts'
import type { SourceDocument } from './source-document.ts'
import { isMapping } from './values.ts'
import type { PathSegment } from './values.ts'
import { SourceTree } from './source-tree.ts'
import { NO_VALUE } from './value-sources.ts'
import type { SourceEvent, ValueSources } from './value-sources.ts'

export type ProvenanceAction =
  /** The path did not exist: the part added it. */
  | 'set'
  /** A mapping (or a list, index by index) the part merged into. */
  | 'merged'
  /** The part's value took the place of the one there. */
  | 'replaced'
  /** The part had a value for the path but the old one stayed. */
  | 'kept'
  /** The path was removed (`allow_delete`, a replaced parent, a JSON patch). */
  | 'deleted'
  /** Items or text added after the existing ones. */
  | 'appended'
  /** Items added before the existing ones. */
  | 'prepended'
  /** Changed by a `#cloud-config-jsonp` operation. */
  | 'patched'
  /** Another dialect's layer defines this top-level key (no per-value detail). */
  | 'defined'

/** One thing that happened to one key path, in merge order. */
export interface ProvenanceEvent {
  /** Key path in the result (list items by index). */
  path: PathSegment[]
  /** The part's file, and the 1-based position of the key (or item) that caused the event. */
  file: string
  line: number
  column: number
  /** How `file` was reached from the entry, outermost first. */
  chain: ChainLink[]
  action: ProvenanceAction
  /** Who decided, in merge-string form: `dict(replace)`, `list(append)`, `json-patch(add)`, a dialect's name. */
  merger: string
  /** The part's value for the path (absent for removals). */
  value?: unknown
  /** Why, when the action alone does not say it. */
  note?: string
}

/** One part of the entry, in merge order, with the merger set it was merged with. */
export interface ProvenancePart {
  file: string
  line: number
  column: number
  chain: ChainLink[]
  /** The merger set in force for the part (`dict(replace)+list()+str()`), `json-patch`, or the dialect's name. */
  merger: string
  /** `merged`; `empty` (a no-op); `skipped` (cloud-init skips it, a lenient-mode warning says why); `layer` (another
   * dialect). */
  status: 'merged' | 'empty' | 'skipped' | 'layer'
}

export interface ProvenancePath {
  path: PathSegment[]
  events: ProvenanceEvent[]
}

/** What `render(entry, { explain: true })` returns as `provenance`. */
export interface Provenance {
  /**
   * `full`: every path (a cloud-init entry, a Datum store's RSOP). `top-level`: another dialect; only
   * which layers define each top-level key. `none`: another dialect whose result is not a mapping.
   */
  detail: 'full' | 'top-level' | 'none'
  parts: ProvenancePart[]
  /** Every path any part touched (removed ones included), in the order first touched. */
  paths: ProvenancePath[]
}

// A path's key in the record: each segment after a NUL (one string per event, so not JSON). A path
// with a NUL or the mark in a key takes its JSON after the mark, which no other key starts with.
const MARK = '\u0001'
const keyOf = (path: readonly PathSegment[]): string => {
  let key = ''
  for (const segment of path) {
    const text = String(segment)
    if (text.includes('\0') || text.includes(MARK)) return MARK + JSON.stringify(path.map(String))
    key += `\0${text}`
  }
  return key
}

export interface Located {
  file: string
  line: number
  column: number
  chain: ChainLink[]
}

/** Where the key (or item) at `docPath` of a document is, as events and parts name it. */
export function locateKey(doc: SourceDocument, docPath: readonly PathSegment[]): Located {
  const { line, column } = doc.locate(docPath, 'key')
  return { file: doc.file, line, column, chain: [...doc.chain] }
}

/**
 * Collects the provenance of one render: `history`, every event of every value (`explain`), or
 * `sources`, where each value was set (a dialect may then record a part's subtree as one event and
 * leave its positions to be located when asked: see `addSource`).
 */
export class ProvenanceRecorder {
  private readonly parts: ProvenancePart[] = []
  private readonly paths = new Map<string, ProvenancePath>()
  private readonly tree: SourceTree | undefined
  private detail: Provenance['detail'] = 'full'
  private dialectDetail = false

  constructor(readonly keeps: 'history' | 'sources' = 'history') {
    if (keeps === 'sources') this.tree = new SourceTree()
  }

  add(event: ProvenanceEvent): void {
    if (this.tree) {
      this.tree.add(event.path, sourceEventOf(event))
      return
    }
    const key = keyOf(event.path)
    let entry = this.paths.get(key)
    if (!entry) {
      entry = { path: event.path, events: [] }
      this.paths.set(key, entry)
    }
    entry.events.push(event)
  }

  /** An event of a `sources` record, which may stand for a whole subtree and be located later. */
  addSource(path: readonly PathSegment[], event: SourceEvent): void {
    this.tree!.add(path, event)
  }

  /** Moves the recorded history of a list's items `by` places to the right (a prepend). */
  shift(listPath: readonly PathSegment[], by: number): void {
    if (this.tree) return this.tree.shift(listPath, by)
    const depth = listPath.length
    const listKey = keyOf(listPath)
    const prefix = `${listKey}\0`
    const moved: ProvenancePath[] = []
    for (const [key, entry] of this.paths) {
      if (
        entry.path.length > depth &&
        (key.startsWith(prefix) || key.startsWith(MARK)) &&
        keyOf(entry.path.slice(0, depth)) === listKey
      ) {
        moved.push(entry)
        this.paths.delete(key)
      }
    }
    for (const entry of moved) {
      const index = Number(entry.path[depth])
      const path = [...entry.path.slice(0, depth), index + by, ...entry.path.slice(depth + 1)]
      for (const event of entry.events) event.path = path
      this.paths.set(keyOf(path), { path, events: entry.events })
    }
  }

  /** A part of the entry, in merge order. */
  addPart(part: ProvenancePart): void {
    this.parts.push(part)
  }

  /** A document of a dialect that records its provenance value by value (Deckhand). */
  recordDialectPart(doc: SourceDocument, merger: string): void {
    this.detail = 'full'
    this.dialectDetail = true
    this.parts.push({ ...locateKey(doc, []), merger, status: 'layer' })
  }

  /** Whether the dialect recorded its own provenance (then `layers` is not needed). */
  get hasDialectDetail(): boolean {
    return this.dialectDetail
  }

  /**
   * Another dialect: which layer defines each top-level key of the result. `at` is where the result
   * is in each document (a Datum lookup's key path): the keys below it are the result's.
   */
  layers(docs: readonly SourceDocument[], value: unknown, dialect: string, at: readonly PathSegment[] = []): void {
    this.detail = isMapping(value) ? 'top-level' : 'none'
    for (const doc of docs) {
      this.parts.push({ ...locateKey(doc, []), merger: dialect, status: 'layer' })
      let own: unknown = doc.value
      for (const segment of at) own = isMapping(own) ? own[String(segment)] : undefined
      if (!isMapping(value) || !isMapping(own)) continue
      for (const key of Object.keys(own)) {
        if (!Object.hasOwn(value, key)) continue
        this.add({ path: [key], ...locateKey(doc, [...at, key]), action: 'defined', merger: dialect, value: own[key] })
      }
    }
  }

  /** `explain`'s record (a `history` recorder's). */
  result(): Provenance {
    return { detail: this.detail, parts: this.parts, paths: [...this.paths.values()] }
  }

  /** Where each value was set: the `sources` record, or one made from the history. */
  sources(): ValueSources {
    if (this.tree) return this.tree
    const tree = new SourceTree()
    // No event answers for another path's (none is whole): only each path's own order counts.
    for (const { path, events } of this.paths.values()) for (const event of events) tree.add(path, sourceEventOf(event))
    return tree
  }
}

/** A history event as a `sources` event: located already, for its own path only. */
function sourceEventOf(event: ProvenanceEvent): SourceEvent {
  const { file, line, column, action, merger } = event
  const value = Object.hasOwn(event, 'value') ? event.value : NO_VALUE
  return { action, merger, value, whole: false, first: -1, place: { file, line, column }, docPath: [], order: 0 }
}
