// The history of a Deckhand set, value by value: which document's own data a value comes from, which
// layer's action merged, replaced or deleted it, which substitution wrote it (with the source's own
// history first), and where Deckhand's aliasing changed it afterwards. Each document's history is kept
// by data path while the set renders; children start from their parent's.
// One recorder, kept whole: the histories of every document and value are kept together.
import type { HistoryAction, HistoryEvent } from '../../provenance/history.ts'
import type { ProvenanceRecorder } from '../../provenance/recorder.ts'
import type { PathSegment } from '../../values.ts'
import type { AppliedAction } from './actions.ts'
import { describeDocument } from './document.ts'
import type { DeckhandDocument } from './document.ts'
import type { RenderedDocument } from './document.ts'
import type { PathStep } from './path.ts'
import type { SubstitutionWrite } from './substitution.ts'
import { sameData } from './values.ts'
import { getOwn, isMapping } from '../../values.ts'

type Path = PathSegment[]
interface Entry {
  path: Path
  events: HistoryEvent[]
}
/** A document's history: every path of its data (containers and leaves), by key. */
type History = Map<string, Entry>

const keyOf = (path: readonly PathSegment[]): string => JSON.stringify(path)
const stepsToPath = (steps: readonly PathStep[]): Path =>
  steps.map((step) => (step.kind === 'field' ? step.key : step.index))

function isContainer(value: unknown): boolean {
  return Array.isArray(value) || isMapping(value)
}

/** Every path of `value` below `at` (`at` included), depth first, with its value. */
function* walk(value: unknown, at: Path = []): Generator<[Path, unknown]> {
  yield [at, value]
  if (Array.isArray(value)) for (const [i, item] of value.entries()) yield* walk(item, [...at, i])
  else if (isMapping(value)) for (const key of Object.keys(value)) yield* walk(value[key], [...at, key])
}

function startsWith(path: readonly PathSegment[], prefix: readonly PathSegment[]): boolean {
  return prefix.length <= path.length && prefix.every((segment, i) => path[i] === segment)
}

function lookup(value: unknown, path: readonly PathSegment[]): { found: boolean; value?: unknown } {
  let node = value
  for (const segment of path) {
    if (Array.isArray(node) && typeof segment === 'number' && segment < node.length) node = node[segment]
    else if (isMapping(node) && Object.prototype.hasOwnProperty.call(node, segment)) node = node[segment as string]
    else return { found: false }
  }
  return { found: true, value: node }
}

export class DeckhandHistory {
  private readonly histories = new Map<DeckhandDocument, History>()
  /** What children of a replaced parent start from: its replacement's history. */
  private readonly forChildren = new Map<DeckhandDocument, History>()

  private event(
    doc: DeckhandDocument,
    docPath: readonly PathSegment[],
    path: Path,
    action: HistoryAction,
    merger: string,
    value: unknown,
    note: string,
  ): HistoryEvent {
    const { line, column } = doc.source.locate(docPath, 'key')
    const event: HistoryEvent = {
      path,
      file: doc.source.file,
      line,
      column,
      chain: [...doc.source.chain],
      action,
      merger,
      note,
    }
    if (!isContainer(value) && value !== undefined) event.value = value
    return event
  }

  /** The history of a document's own data: every value set by the document itself. */
  private own(doc: DeckhandDocument): History {
    const history: History = new Map()
    const note = `the data of ${describeDocument(doc)}`
    for (const [path, value] of walk(getOwn(doc.raw, 'data') ?? null)) {
      history.set(keyOf(path), {
        path,
        events: [this.event(doc, ['data', ...path], path, 'set', 'deckhand(data)', value, note)],
      })
    }
    return history
  }

  historyOf(doc: DeckhandDocument): History {
    let history = this.histories.get(doc)
    if (!history) {
      history = this.own(doc)
      this.histories.set(doc, history)
    }
    return history
  }

  private static clone(history: History): History {
    return new Map([...history].map(([key, entry]) => [key, { path: entry.path, events: [...entry.events] }]))
  }

  /** Takes out the entries at and below `path` (only below, with `keep`: the path's own history stays). */
  private static removeBelow(history: History, path: readonly PathSegment[], keep = false): Entry[] {
    const removed: Entry[] = []
    for (const [key, entry] of history) {
      if (startsWith(entry.path, path) && !(keep && entry.path.length === path.length)) {
        removed.push(entry)
        history.delete(key)
      }
    }
    return removed
  }

  private static append(history: History, path: Path, event: HistoryEvent): void {
    const entry = history.get(keyOf(path))
    if (entry) entry.events.push(event)
    else history.set(keyOf(path), { path, events: [event] })
  }

  /** Containers a write created on its way to `path` (missing keys are created as `{}`) count as set by it. */
  private static created(history: History, path: Path, event: (at: Path) => HistoryEvent): void {
    for (let depth = 1; depth < path.length; depth++) {
      const at = path.slice(0, depth)
      if (!history.has(keyOf(at))) history.set(keyOf(at), { path: at, events: [event(at)] })
    }
  }

  /** The document starts from its parent's rendered data (its actions follow). */
  inherit(doc: DeckhandDocument, parent: DeckhandDocument): void {
    const start = this.forChildren.get(parent) ?? this.historyOf(parent)
    this.histories.set(doc, DeckhandHistory.clone(start))
  }

  /** One layering action of `doc`. */
  action(doc: DeckhandDocument, parent: DeckhandDocument, applied: AppliedAction): void {
    const history = this.historyOf(doc)
    const at = stepsToPath(applied.steps)
    const merger = `deckhand(${applied.method})`
    const note = `action ${applied.position + 1} of ${describeDocument(doc)}, onto ${describeDocument(parent)}`
    if (applied.method === 'delete') {
      const location = [...(applied.deletedAt ?? at)]
      const actionPath = ['metadata', 'layeringDefinition', 'actions', applied.position, 'path']
      const removed = DeckhandHistory.removeBelow(history, location)
      // The whole data emptied: each top-level key was deleted.
      for (const entry of removed.filter((e) => e.path.length === Math.max(1, location.length))) {
        entry.events.push(this.event(doc, actionPath, entry.path, 'deleted', merger, undefined, note))
        history.set(keyOf(entry.path), entry)
      }
      if (typeof location.at(-1) === 'number') DeckhandHistory.shiftItems(history, location)
      return
    }
    const add = (path: Path, value: unknown, action: HistoryAction): void => {
      DeckhandHistory.created(history, path, (p) =>
        this.event(
          doc,
          ['metadata', 'layeringDefinition', 'actions', applied.position, 'path'],
          p,
          'set',
          merger,
          {},
          note,
        ),
      )
      // What was at the path stays in its history; what was below it is gone.
      DeckhandHistory.removeBelow(history, path, true)
      for (const [sub, node] of walk(value)) {
        const full = [...path, ...sub]
        const event = this.event(doc, ['data', ...full], full, sub.length === 0 ? action : 'set', merger, node, note)
        DeckhandHistory.append(history, full, event)
      }
    }
    // deep_merge: mappings on both sides merge key by key; anything else takes the child's value.
    const merge = (path: Path, before: unknown, value: unknown): void => {
      if (!isMapping(before) || !isMapping(value)) {
        add(path, value, before === undefined ? 'set' : 'replaced')
        return
      }
      DeckhandHistory.append(history, path, this.event(doc, ['data', ...path], path, 'merged', merger, value, note))
      for (const key of Object.keys(value)) merge([...path, key], lookup(before, [key]).value, value[key])
    }
    if (applied.mergedInto !== undefined) merge(at, applied.mergedInto, applied.childValue)
    else add(at, applied.childValue, history.has(keyOf(at)) ? 'replaced' : 'set')
  }

  /** A list item at `removed` was taken out: the items after it move one place up. */
  private static shiftItems(history: History, removed: readonly PathSegment[]): void {
    const depth = removed.length - 1
    const list = removed.slice(0, depth)
    const index = removed[depth] as number
    const moved = [...history.values()].filter(
      (entry) => startsWith(entry.path, list) && typeof entry.path[depth] === 'number' && entry.path[depth] > index,
    )
    for (const entry of moved) history.delete(keyOf(entry.path))
    for (const entry of moved) {
      const path = [...entry.path]
      path[depth] = (path[depth] as number) - 1
      for (const event of entry.events) event.path = path
      history.set(keyOf(path), { path, events: entry.events })
    }
  }

  /** One destination of a substitution, written. */
  substitution(write: SubstitutionWrite, dataNow: unknown): void {
    const { doc, source, sub } = write
    const history = this.historyOf(doc)
    const dest = stepsToPath(write.destSteps)
    const merger = 'deckhand(substitution)'
    const docPath = ['metadata', 'substitutions', sub.index, ...write.at, 'path']
    const what = `${write.srcPath} of ${describeDocument(source)}`
    const from = `substitution ${sub.index + 1} of ${describeDocument(doc)}: ${what}`
    if (write.pattern) {
      // The strings at or below the destination that the pattern replacement changed.
      const now = lookup(dataNow, dest)
      for (const [sub2, value] of walk(now.value)) {
        if (isContainer(value) || sameData(lookup(write.before, sub2).value, value)) continue
        const path = [...dest, ...sub2]
        const note = `${from}, into the dest.pattern match`
        DeckhandHistory.append(history, path, this.event(doc, docPath, path, 'replaced', merger, value, note))
      }
      return
    }
    const sourceHistory = this.historyOf(source)
    const srcAt = this.sourcePathOf(write)
    // At the root, a mapping is merged into mapping data key by key (dict.update).
    const roots: [Path, Path][] =
      dest.length === 0 && isMapping(write.value) && isMapping(dataNow)
        ? Object.keys(write.value).map((key) => [[key], [key]])
        : [[dest, []]]
    DeckhandHistory.created(history, dest, (p) => this.event(doc, docPath, p, 'set', merger, {}, from))
    for (const [at, within] of roots) {
      const before = history.get(keyOf(at))?.events ?? []
      DeckhandHistory.removeBelow(history, at)
      for (const [sub2, value] of walk(lookup(write.value, within).value)) {
        const path = [...at, ...sub2]
        const earlier = sourceHistory.get(keyOf([...srcAt, ...within, ...sub2]))?.events ?? []
        const action: HistoryAction = sub2.length === 0 && before.length > 0 ? 'replaced' : 'set'
        history.set(keyOf(path), {
          path,
          events: [
            // What the destination held before, then where the value comes from, then the substitution.
            ...(sub2.length === 0 ? before : []),
            ...earlier.map((e) => ({ ...e, path })),
            this.event(doc, docPath, path, action, merger, value, from),
          ],
        })
      }
    }
  }

  private sourcePathOf(write: SubstitutionWrite): Path {
    const text = write.srcPath === '.' || write.srcPath === '$' ? '' : write.srcPath.replace(/^\$?\./, '')
    if (text === '') return []
    return text.split('.').flatMap((piece) => {
      const match = /^([^[]*)((?:\[\d+\])*)$/.exec(piece)
      if (!match) return [piece]
      const indexes = [...match[2]!.matchAll(/\[(\d+)\]/g)].map((m) => Number(m[1]))
      return [...(match[1] ? [match[1].replace(/^["']|["']$/g, '')] : []), ...indexes]
    })
  }

  /** `parent.data = doc.data`: later children of the replaced parent start from the replacement. */
  replaced(parent: DeckhandDocument, replacement: DeckhandDocument): void {
    this.forChildren.set(parent, this.historyOf(replacement))
  }

  /**
   * Writes the histories of the rendered documents into the recorder, under `prefix(i)` of each (its
   * place in the result), after noting the values Deckhand's aliasing changed after they were set.
   */
  finish(
    documents: readonly DeckhandDocument[],
    rendered: readonly RenderedDocument[],
    recorder: ProvenanceRecorder,
    prefix: (index: number) => Path | undefined,
  ): void {
    for (const doc of documents) recorder.recordDialectPart(doc.source, 'deckhand')
    for (const [index, { doc, value }] of rendered.entries()) {
      const at = prefix(index)
      if (!at) continue
      const history = this.historyOf(doc)
      const data = (value as Record<string, unknown>).data ?? null
      const note =
        `changed after ${describeDocument(doc)} was rendered, through a mapping or list it shares with ` +
        `another document (Deckhand's shallow copy of a substitution without src.deepcopy)`
      for (const [path, node] of walk(data)) {
        const last = history.get(keyOf(path))?.events.at(-1)
        const same = last !== undefined && (isContainer(node) || sameData(last.value, node))
        if (same && last.action !== 'deleted') continue
        const event = this.event(
          doc,
          ['data', ...path],
          path,
          last ? 'replaced' : 'set',
          'deckhand(aliasing)',
          node,
          note,
        )
        DeckhandHistory.append(history, path, event)
      }
      for (const entry of history.values()) {
        for (const event of entry.events) recorder.add({ ...event, path: [...at, ...entry.path] })
      }
    }
  }
}
