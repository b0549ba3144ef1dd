// The provenance recorder: what a merge decided, kept as one of the two records a render may return —
// `history` (history.ts: every event of every path) or `sources` (value-sources.ts: where each value
// was set, kept in a tree of paths, source-tree.ts). Only created when a record is asked for
// (records.ts): a dialect holds an optional recorder, so a normal render pays one null check per
// decision. What cloud-init's merge records is in dialects/cloud-init/provenance.ts.
import type { ChainLink } from '../diagnostics.ts'
import type { SourceDocument } from '../source-document.ts'
import { isMapping } from '../values.ts'
import type { PathSegment } from '../values.ts'
import type { HistoryEvent, HistoryPart, HistoryPath, ValueHistory } from './history.ts'
import { SourceTree } from './source-tree.ts'
import { NO_VALUE } from './value-sources.ts'
import type { SourceEvent, ValueSources } from './value-sources.ts'

/** The records of a render's provenance: every event per path, or where each value was set. */
export type ProvenanceRecord = 'history' | 'sources'

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
 * Collects the provenance of one render: the `history` record, every event of every value, or the
 * `sources` record, where each value was set (a dialect may then record a part's subtree as one event
 * and leave its positions to be located when asked: see `addSource`).
 */
export class ProvenanceRecorder {
  private readonly parts: HistoryPart[] = []
  private readonly paths = new Map<string, HistoryPath>()
  private readonly tree: SourceTree | undefined
  private detail: ValueHistory['detail'] = 'full'
  private dialectDetail = false

  constructor(readonly keeps: ProvenanceRecord = 'history') {
    if (keeps === 'sources') this.tree = new SourceTree()
  }

  add(event: HistoryEvent): void {
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
    const moved: HistoryPath[] = []
    for (const [key, entry] of this.paths) {
      // Only the list's items move: a key below the path is a mapping's that was there before the list.
      if (
        typeof entry.path[depth] === 'number' &&
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
  addPart(part: HistoryPart): void {
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

  /** The `history` record (a `history` recorder's; a `sources` recorder's holds the parts only). */
  history(): ValueHistory {
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
function sourceEventOf(event: HistoryEvent): SourceEvent {
  const { file, line, column, action, merger } = event
  const value = Object.hasOwn(event, 'value') ? event.value : NO_VALUE
  return { action, merger, value, whole: false, first: -1, place: { file, line, column }, docPath: [], order: 0 }
}
