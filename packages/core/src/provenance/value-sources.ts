// The sources record (render option `sources: true`, `RenderResult.sources`): for a key path of a
// render's result, the layer line that set its final value, how it was merged and the layer before —
// what a declaration's JSDoc and map need, and no more (every event is the history record's,
// history.ts). What is recorded, and how it is asked; source-tree.ts keeps the events.
import type { SourceDocument } from '../source-document.ts'
import type { PathSegment } from '../values.ts'

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
  /** What the layer did (history.ts's `HistoryAction`: `set`, `replaced`, `merged`, `appended`, …). */
  action: string
  /** The length of the key at `line` and `column`, as its segment reads (what a declaration maps the name to). */
  length: number
  /** The layer whose value this one replaced or merged into, when there was one. */
  over?: SourceLocation
  /** Set when the record stops above the path (a dialect that records top-level keys): that key's path. */
  inheritedFrom?: string
}

/** Where the values of a render's result came from (`RenderResult.sources`). */
export interface ValueSources {
  /** The source of the value at `path` (list items by index) of the result, if the record has one. */
  at(path: readonly PathSegment[]): ValueSource | undefined
}

/** Marks an event without a value (a removal). */
export const NO_VALUE: unique symbol = Symbol('no value')

/**
 * One recorded decision on a path. A render records one per merge decision, all kept to its end:
 * flat, without objects of its own (a part's document is shared, its path is the caller's), so
 * that the young generation's collections have little to copy.
 */
export interface SourceEvent {
  /** history.ts's `HistoryAction`. */
  action: string
  merger: string
  /** The part's value for the path, or NO_VALUE. */
  value: unknown
  /** The event answers for the paths below its own too: the part put `value` there as a whole. */
  whole: boolean
  /**
   * -1, or the event stands for the items of `value` (a list) a part added to the list at its path,
   * the first at this index: it answers for the paths below those items only.
   */
  first: number
  /** Where the event's key is: the part's document (located when asked, at `docPath`), or a position. */
  place: SourceDocument | SourceLocation
  docPath: readonly PathSegment[]
  /** Merge order across the whole tree (set when added). */
  order: number
}
