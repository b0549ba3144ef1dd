// The recorder of one part's merge, for the dialects that record value by value (cloud-init's
// MergeRun, the values merge): each decision is reported; the events count once the part ends well
// (cloud-init abandons a part whose merge raises, and so does its history).
import type { ChainLink } from '../diagnostics.ts'
import type { HistoryAction, HistoryEvent } from '../provenance/history.ts'
import { locateKey } from '../provenance/recorder.ts'
import type { ProvenanceRecorder } from '../provenance/recorder.ts'
import type { SourceDocument } from '../source-document.ts'
import type { PathSegment } from '../values.ts'
import { isMapping } from '../values.ts'
import { NO_VALUE } from '../provenance/value-sources.ts'
import type { SourceEvent } from '../provenance/value-sources.ts'

/** How a part's events name who decided: per merger type (`dict(replace)`), and the part's whole set. */
export interface MergerLabels {
  of(by: MergerType | undefined): string
  readonly part: string
}

/** The recorder a MergeRun reports to. */
export interface MergeRecorder {
  /**
   * `value` takes the place of `old` at `path`; `ABSENT` for "nothing there before" / "removed".
   * `path` is the recorder's to keep (a new array each call); the other calls copy theirs.
   */
  put(path: readonly PathSegment[], old: unknown, value: unknown, by: MergerType): void
  /** An event on `path` alone (the part's value for it is `value`). */
  note(
    path: readonly PathSegment[],
    action: HistoryAction,
    by: MergerType | undefined,
    value: unknown,
    note?: string,
  ): void
  /** `items` (from `incoming`) were appended or prepended to the list at `path`, which held `oldLength` items. */
  addItems(
    path: readonly PathSegment[],
    oldLength: number,
    items: readonly unknown[],
    incoming: unknown,
    method: 'append' | 'prepend',
  ): void
}

export type MergerType = 'dict' | 'list' | 'str'

/** Marks "no value": before a `set`, after a `deleted`. */
export const ABSENT: unique symbol = Symbol('absent')

/** A container's children by segment; scalars (and ABSENT) have none. */
export function childrenOf(value: unknown): Map<string, [PathSegment, unknown]> {
  const out = new Map<string, [PathSegment, unknown]>()
  if (Array.isArray(value)) value.forEach((item, i) => out.set(String(i), [i, item]))
  else if (isMapping(value)) for (const key of Object.keys(value)) out.set(key, [key, value[key]])
  return out
}

/** A `sources` event, with its path in the result until it is added. */
interface PendingSource extends SourceEvent {
  kind: 'source'
  path: readonly PathSegment[]
}

type Pending =
  | { kind: 'event'; event: HistoryEvent }
  | PendingSource
  | { kind: 'shift'; path: PathSegment[]; by: number }

/**
 * The recorder of one part. Events wait until the part ends: cloud-init abandons a part whose merge
 * raises, and so does its history. For a `sources` record, a value the part puts in one piece is one
 * event for its whole subtree, located when asked for (source-tree.ts).
 */
export class PartRecorder implements MergeRecorder {
  private readonly pending: Pending[] = []
  // One copy of the part's chain for all its events (an event per value: copies add up).
  private chain: ChainLink[] | undefined
  private readonly wholes: boolean

  constructor(
    private readonly owner: ProvenanceRecorder,
    private readonly doc: SourceDocument,
    private readonly labels: MergerLabels,
  ) {
    this.wholes = owner.keeps === 'sources'
  }

  private label(by: MergerType | undefined): string {
    return this.labels.of(by)
  }

  /**
   * A `sources` event (`path` and `docPath` kept as given): `whole` when it answers for the subtree
   * of `value` too, `first` for the items of `value` added to a list (see SourceEvent).
   */
  private source(
    path: readonly PathSegment[],
    docPath: readonly PathSegment[],
    action: HistoryAction,
    merger: string,
    value: unknown,
    whole: boolean,
    first = -1,
  ): void {
    const place = this.doc
    this.pending.push({
      kind: 'source',
      path,
      action,
      merger,
      value: value === ABSENT ? NO_VALUE : value,
      whole,
      first,
      place,
      docPath,
      order: 0,
    })
  }

  private event(
    path: readonly PathSegment[],
    docPath: readonly PathSegment[],
    action: HistoryAction,
    merger: string,
    value: unknown,
    note?: string,
  ): void {
    if (this.wholes) {
      // Called with the merge's own path (note, addItems): a copy to keep.
      const own = [...path]
      return this.source(own, docPath === path ? own : [...docPath], action, merger, value, false)
    }
    const { file } = this.doc
    const { line, column } = this.doc.locate(docPath, 'key')
    this.chain ??= [...this.doc.chain]
    const event: HistoryEvent = { path: [...path], file, line, column, chain: this.chain, action, merger }
    if (value !== ABSENT) event.value = value
    if (note) event.note = note
    this.pending.push({ kind: 'event', event })
  }

  /**
   * One event for `path` and one for each path below it, old and new. `cause` explains the events
   * below a path the part replaced or deleted as a whole; `own`, the path's own event.
   */
  private walk(
    path: readonly PathSegment[],
    docPath: readonly PathSegment[],
    old: unknown,
    value: unknown,
    merger: string,
    action: HistoryAction,
    cause?: string,
    own?: string,
  ): void {
    if (this.wholes) return this.source(path, docPath, action, merger, value, true)
    this.event(path, docPath, action, merger, value, own ?? (action === 'set' ? undefined : cause))
    const oldKids = childrenOf(old)
    const newKids = childrenOf(value)
    if (oldKids.size === 0 && newKids.size === 0) return
    const below =
      cause ??
      (old === ABSENT
        ? undefined
        : `${path.map(String).join('.')} was ${value === ABSENT ? 'deleted' : 'replaced as a whole'}`)
    for (const [key, [segment, child]] of newKids) {
      const before = oldKids.has(key) ? oldKids.get(key)![1] : ABSENT
      this.walk(
        [...path, segment],
        [...docPath, segment],
        before,
        child,
        merger,
        before === ABSENT ? 'set' : 'replaced',
        below,
      )
    }
    // Removed descendants point at the value that removed them.
    for (const [key, [segment, child]] of oldKids) {
      if (!newKids.has(key)) this.walk([...path, segment], docPath, child, ABSENT, merger, 'deleted', below)
    }
  }

  /** `note` says why, on the path's own event and on every event below it. */
  put(path: readonly PathSegment[], old: unknown, value: unknown, by: MergerType, note?: string): void {
    const action = old === ABSENT ? 'set' : value === ABSENT ? 'deleted' : 'replaced'
    this.walk(path, path, old, value, this.label(by), action, note, note)
  }

  note(
    path: readonly PathSegment[],
    action: HistoryAction,
    by: MergerType | undefined,
    value: unknown,
    note?: string,
  ): void {
    // The root is the part itself, listed in `parts`.
    if (path.length === 0) return
    this.event(path, path, action, this.label(by), value, note)
  }

  addItems(
    path: readonly PathSegment[],
    oldLength: number,
    items: readonly unknown[],
    incoming: unknown,
    method: 'append' | 'prepend',
  ): void {
    const merger = this.label('list')
    const action = method === 'append' ? 'appended' : 'prepended'
    const fromList = Array.isArray(incoming)
    // The merge's own path, which changes once this call returns; kept by the item events' places.
    const listPath = [...path]
    this.event(
      listPath,
      listPath,
      action,
      merger,
      incoming,
      fromList
        ? undefined
        : `list(${method}) adds the ${typeof incoming === 'string' ? 'characters' : 'keys'} of a non-list value one ` +
            `by one`,
    )
    if (method === 'prepend' && items.length > 0) this.pending.push({ kind: 'shift', path: listPath, by: items.length })
    const start = method === 'append' ? oldLength : 0
    // A `sources` record: one event for the items of a list, which its values answer for.
    if (this.wholes && fromList) return this.source(listPath, listPath, action, merger, incoming, true, start)
    items.forEach((item, i) => {
      this.walk([...listPath, start + i], fromList ? [...listPath, i] : listPath, ABSENT, item, merger, action)
    })
  }

  /**
   * Ends the part: its events count when cloud-init kept the merge, and are dropped when it skipped the part.
   * `listPart` false: events of a part already listed (a step after its merge), not the part again.
   */
  end(ok: boolean, listPart = true): void {
    if (ok) {
      for (const item of this.pending) {
        if (item.kind === 'event') this.owner.add(item.event)
        else if (item.kind === 'source') this.owner.addSource(item.path, item)
        else this.owner.shift(item.path, item.by)
      }
    }
    if (!listPart) return
    this.owner.addPart({
      ...locateKey(this.doc, []),
      merger: this.labels.part,
      status: ok ? 'merged' : 'skipped',
    })
  }
}
