// Provenance for `explain` (render option `explain: true`): which part set each value of the result,
// and which merger decided, overridden values included. Only created when asked for: MergeRun and the
// cloud-init handler hold an optional recorder, so a normal render pays one null check per decision.
import type { ChainLink } from '../diagnostics.ts'
import type { SourceDocument } from '../source.ts'
import type { PathSegment } from '../yaml/parse.ts'
import type { MergerSpec } from './directive.ts'

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
  /** `merged`; `empty` (a no-op); `skipped` (cloud-init skips it, a lenient-mode warning says why); `layer` (another dialect). */
  status: 'merged' | 'empty' | 'skipped' | 'layer'
}

export interface ProvenancePath {
  path: PathSegment[]
  events: ProvenanceEvent[]
}

/** What `render(entry, { explain: true })` returns as `provenance`. */
export interface Provenance {
  /**
   * `full`: every path of a cloud-init entry. `top-level`: another dialect; only which layers define
   * each top-level key. `none`: another dialect whose result is not a mapping.
   */
  detail: 'full' | 'top-level' | 'none'
  parts: ProvenancePart[]
  /** Every path any part touched (removed ones included), in the order first touched. */
  paths: ProvenancePath[]
}

/** The recorder a MergeRun reports to. Paths are copied: callers may pass arrays they mutate later. */
export interface MergeRecorder {
  /** `value` takes the place of `old` at `path`; `ABSENT` for "nothing there before" / "removed". */
  put(path: readonly PathSegment[], old: unknown, value: unknown, by: MergerType): void
  /** An event on `path` alone (the part's value for it is `value`). */
  note(
    path: readonly PathSegment[],
    action: ProvenanceAction,
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

const keyOf = (path: readonly PathSegment[]): string => JSON.stringify(path.map(String))

function isMapping(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** A container's children by segment; scalars (and ABSENT) have none. */
function childrenOf(value: unknown): Map<string, [PathSegment, unknown]> {
  const out = new Map<string, [PathSegment, unknown]>()
  if (Array.isArray(value)) value.forEach((item, i) => out.set(String(i), [i, item]))
  else if (isMapping(value)) for (const key of Object.keys(value)) out.set(key, [key, value[key]])
  return out
}

function formatSpec(spec: MergerSpec): string {
  return `${spec.name}(${typeof spec.options === 'string' ? spec.options : spec.options.map(String).join(',')})`
}

/** The merger set as a merge string, one merger per type (the first listed wins, as in cloud-init). */
export function describeMergers(specs: readonly MergerSpec[]): string {
  const seen = new Set<string>()
  return specs
    .filter((spec) => !seen.has(spec.name) && seen.add(spec.name))
    .map(formatSpec)
    .join('+')
}

interface Located {
  file: string
  line: number
  column: number
  chain: ChainLink[]
}

function locate(doc: SourceDocument, docPath: readonly PathSegment[]): Located {
  const { line, column } = doc.locate(docPath, 'key')
  return { file: doc.file, line, column, chain: [...doc.chain] }
}

/** Collects the provenance of one render. */
export class ProvenanceRecorder {
  private readonly parts: ProvenancePart[] = []
  private readonly paths = new Map<string, ProvenancePath>()
  private detail: Provenance['detail'] = 'full'
  private recordedByDialect = false

  add(event: ProvenanceEvent): void {
    const key = keyOf(event.path)
    let entry = this.paths.get(key)
    if (!entry) {
      entry = { path: event.path, events: [] }
      this.paths.set(key, entry)
    }
    entry.events.push(event)
  }

  /** Moves the recorded history of a list's items `by` places to the right (a prepend). */
  shift(listPath: readonly PathSegment[], by: number): void {
    const depth = listPath.length
    const prefix = keyOf(listPath).slice(0, -1)
    const moved: ProvenancePath[] = []
    for (const [key, entry] of this.paths) {
      if (
        entry.path.length > depth &&
        key.startsWith(prefix) &&
        keyOf(entry.path.slice(0, depth)) === keyOf(listPath)
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

  /** A part cloud-init does not merge (empty, not a mapping, a bad directive). */
  skipPart(doc: SourceDocument, status: 'empty' | 'skipped', merger: string): void {
    this.parts.push({ ...locate(doc, []), merger, status })
  }

  /** A part that could not be parsed, which cloud-init skips. */
  skipUnparsable(
    at: { file: string; position: { line: number; column: number }; chain: readonly ChainLink[] },
    merger: string,
  ): void {
    this.parts.push({ file: at.file, ...at.position, chain: [...at.chain], merger, status: 'skipped' })
  }

  /** Starts recording a cloud-config part merged with `specs`; its events count once it ends well. */
  beginPart(doc: SourceDocument, specs: readonly MergerSpec[]): PartRecorder {
    return new PartRecorder(this, doc, specs)
  }

  endPart(doc: SourceDocument, specs: readonly MergerSpec[], ok: boolean): void {
    this.parts.push({ ...locate(doc, []), merger: describeMergers(specs), status: ok ? 'merged' : 'skipped' })
  }

  /** A `#cloud-config-jsonp` part turned `before` into `after`: every changed path is an event. */
  patch(doc: SourceDocument, before: unknown, after: unknown): void {
    this.parts.push({ ...locate(doc, []), merger: 'json-patch', status: 'merged' })
    const ops = Array.isArray(doc.value) ? doc.value : []
    // The last operation whose path (or `from`) leads to the changed node is the one to point at.
    const cause = (path: readonly PathSegment[]): { docPath: PathSegment[]; op: string } => {
      const target = path.map(String)
      for (let i = ops.length - 1; i >= 0; i--) {
        const op: unknown = ops[i]
        if (!isMapping(op)) continue
        for (const field of ['path', 'from'] as const) {
          const pointer = op[field]
          if (typeof pointer !== 'string') continue
          const tokens =
            pointer === ''
              ? []
              : pointer
                  .slice(1)
                  .split('/')
                  .map((t) => t.replaceAll('~1', '/').replaceAll('~0', '~'))
          if (tokens.length > target.length || !tokens.every((t, j) => t === target[j])) continue
          const inValue = field === 'path' && Object.hasOwn(op, 'value')
          return { docPath: inValue ? [i, 'value', ...path.slice(tokens.length)] : [i, field], op: String(op.op) }
        }
      }
      return { docPath: [], op: 'patch' }
    }
    const walk = (path: PathSegment[], old: unknown, value: unknown): void => {
      if (old === value) return
      const oldKids = childrenOf(old)
      const newKids = childrenOf(value)
      const container = (isMapping(old) && isMapping(value)) || (Array.isArray(old) && Array.isArray(value))
      if (path.length > 0 && !container) {
        const { docPath, op } = cause(path)
        const event: ProvenanceEvent = {
          path,
          ...locate(doc, docPath),
          action: value === ABSENT ? 'deleted' : 'patched',
          merger: `json-patch(${op})`,
        }
        if (value !== ABSENT) event.value = value
        this.add(event)
      }
      for (const [key, [segment, child]] of newKids)
        walk([...path, segment], oldKids.has(key) ? oldKids.get(key)![1] : ABSENT, child)
      for (const [key, [segment, child]] of oldKids) if (!newKids.has(key)) walk([...path, segment], child, ABSENT)
    }
    walk([], before, after)
  }

  /**
   * A dialect that knows which layer set each value (a Datum store): its layers and its events for
   * every path, in full detail. `layers()` then adds nothing.
   */
  recordDialect(parts: readonly ProvenancePart[], events: readonly ProvenanceEvent[]): void {
    this.recordedByDialect = true
    this.detail = 'full'
    this.parts.push(...parts)
    for (const event of events) this.add(event)
  }

  /** Another dialect: which layer defines each top-level key of the result. */
  layers(docs: readonly SourceDocument[], value: unknown, dialect: string): void {
    if (this.recordedByDialect) return
    this.detail = isMapping(value) ? 'top-level' : 'none'
    for (const doc of docs) {
      this.parts.push({ ...locate(doc, []), merger: dialect, status: 'layer' })
      if (!isMapping(value) || !isMapping(doc.value)) continue
      for (const key of Object.keys(doc.value)) {
        if (!Object.hasOwn(value, key)) continue
        this.add({ path: [key], ...locate(doc, [key]), action: 'defined', merger: dialect, value: doc.value[key] })
      }
    }
  }

  result(): Provenance {
    return { detail: this.detail, parts: this.parts, paths: [...this.paths.values()] }
  }
}

type Pending = { kind: 'event'; event: ProvenanceEvent } | { kind: 'shift'; path: PathSegment[]; by: number }

/**
 * The recorder of one part. Events wait until the part ends: cloud-init abandons a part whose merge
 * raises, and so does its history.
 */
export class PartRecorder implements MergeRecorder {
  private readonly pending: Pending[] = []

  constructor(
    private readonly owner: ProvenanceRecorder,
    private readonly doc: SourceDocument,
    private readonly specs: readonly MergerSpec[],
  ) {}

  private label(by: MergerType | undefined): string {
    const spec = by && this.specs.find((s) => s.name === by)
    return spec ? formatSpec(spec) : 'none'
  }

  private event(
    path: readonly PathSegment[],
    docPath: readonly PathSegment[],
    action: ProvenanceAction,
    merger: string,
    value: unknown,
    note?: string,
  ): void {
    const event: ProvenanceEvent = { path: [...path], ...locate(this.doc, docPath), action, merger }
    if (value !== ABSENT) event.value = value
    if (note) event.note = note
    this.pending.push({ kind: 'event', event })
  }

  /**
   * One event for `path` and one for each path below it, old and new. `cause` explains the events
   * below a path the part replaced or deleted as a whole.
   */
  private walk(
    path: readonly PathSegment[],
    docPath: readonly PathSegment[],
    old: unknown,
    value: unknown,
    merger: string,
    action: ProvenanceAction,
    cause?: string,
  ): void {
    this.event(path, docPath, action, merger, value, action === 'set' ? undefined : cause)
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

  put(path: readonly PathSegment[], old: unknown, value: unknown, by: MergerType): void {
    this.walk(
      path,
      path,
      old,
      value,
      this.label(by),
      old === ABSENT ? 'set' : value === ABSENT ? 'deleted' : 'replaced',
    )
  }

  note(
    path: readonly PathSegment[],
    action: ProvenanceAction,
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
    this.event(
      path,
      path,
      action,
      merger,
      incoming,
      fromList
        ? undefined
        : `list(${method}) adds the ${typeof incoming === 'string' ? 'characters' : 'keys'} of a non-list value one by one`,
    )
    if (method === 'prepend') this.pending.push({ kind: 'shift', path: [...path], by: items.length })
    const start = method === 'append' ? oldLength : 0
    items.forEach((item, i) => {
      this.walk([...path, start + i], fromList ? [...path, i] : path, ABSENT, item, merger, action)
    })
  }

  /** Ends the part: its events count when cloud-init kept the merge, and are dropped when it skipped the part. */
  end(ok: boolean): void {
    if (ok) {
      for (const item of this.pending) {
        if (item.kind === 'event') this.owner.add(item.event)
        else this.owner.shift(item.path, item.by)
      }
    }
    this.owner.endPart(this.doc, this.specs, ok)
  }
}
