// The history record (render option `history: true`, `RenderResult.history`): every event of every
// key path of a render's result in merge order — set, merged, replaced, kept out, removed — with the
// merger that decided and the layer; what `merged-yaml explain` and the inspector show. The recorder
// (recorder.ts) keeps it; the sources record (value-sources.ts) is what declarations need of it.
import type { ChainLink } from '../diagnostics.ts'
import type { PathSegment } from '../values.ts'

export type HistoryAction =
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
export interface HistoryEvent {
  /** Key path in the result (list items by index). */
  path: PathSegment[]
  /** The part's file, and the 1-based position of the key (or item) that caused the event. */
  file: string
  line: number
  column: number
  /** How `file` was reached from the entry, outermost first. */
  chain: ChainLink[]
  action: HistoryAction
  /** Who decided, in merge-string form: `dict(replace)`, `list(append)`, `json-patch(add)`, a dialect's name. */
  merger: string
  /** The part's value for the path (absent for removals). */
  value?: unknown
  /** Why, when the action alone does not say it. */
  note?: string
}

/** One part of the entry, in merge order, with the merger set it was merged with. */
export interface HistoryPart {
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

export interface HistoryPath {
  path: PathSegment[]
  events: HistoryEvent[]
}

/** What `render(entry, { history: true })` returns as `history`. */
export interface ValueHistory {
  /**
   * `full`: every path (a values or cloud-init entry, Deckhand documents, a Datum store's RSOP).
   * `top-level`: only which layers define each top-level key (Heat, Datum's layer lists). `none`:
   * such a dialect's result is not a mapping.
   */
  detail: 'full' | 'top-level' | 'none'
  parts: HistoryPart[]
  /** Every path any part touched (removed ones included), in the order first touched. */
  paths: HistoryPath[]
}
