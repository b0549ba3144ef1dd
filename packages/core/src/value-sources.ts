// Where each value of a render's result was set (render option `sources`): for a key path, the layer
// line that set its final value, how it was merged and the layer before — what a declaration's JSDoc
// and map need, and no more. Events are kept in a tree of the result's paths; an event a merge
// recorded for a whole subtree (a part's value put in one piece) answers for every path below it,
// and positions are located only when a path is asked for, so recording costs one small object per
// decision instead of one located event per value (`explain`'s history, provenance.ts).
import type { SourceDocument } from './source-document.ts'
import { isMapping } from './values.ts'
import type { PathSegment } from './values.ts'

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
  /** What the layer did (provenance.ts's `ProvenanceAction`: `set`, `replaced`, `merged`, `appended`, …). */
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
  /** provenance.ts's `ProvenanceAction`. */
  action: string
  merger: string
  /** The part's value for the path, or NO_VALUE. */
  value: unknown
  /** The event answers for the paths below its own too: the part put `value` there as a whole. */
  whole: boolean
  /** Where the event's key is: the part's document (located when asked, at `docPath`), or a position. */
  place: SourceDocument | SourceLocation
  docPath: readonly PathSegment[]
  /** Merge order across the whole tree (set when added). */
  order: number
}

class SourceNode {
  children: Map<string, SourceNode> | undefined
  events: SourceEvent[] | undefined
  /** A list's prepends: items recorded before one (`order`) sit `by` places further right now. */
  shifts: { order: number; by: number }[] | undefined
}

/** Events that leave the part's value in place; `kept` and `deleted` ones do not. */
const SETTING: ReadonlySet<string> = new Set([
  'set',
  'replaced',
  'merged',
  'appended',
  'prepended',
  'patched',
  'defined',
])

/** Whether `value` (a part's value for a path) has something at `rest` below it. */
function holds(value: unknown, rest: readonly PathSegment[], from: number): boolean {
  let node = value
  for (let i = from; i < rest.length; i++) {
    const step = rest[i]!
    if (Array.isArray(node) && typeof step === 'number' && step < node.length) node = node[step]
    else if (isMapping(node) && Object.hasOwn(node, step)) node = node[String(step)]
    else return false
  }
  return true
}

/**
 * The steps of `path` below `depth` as they were when `event` was recorded there: a list item's
 * index before the prepends made since (`nodes[i]` holds the list at `path[i]`). Undefined when the
 * item was prepended after the event, which then holds nothing there.
 */
function stepsAt(
  event: SourceEvent,
  nodes: readonly SourceNode[],
  path: readonly PathSegment[],
  depth: number,
): readonly PathSegment[] | undefined {
  let steps: PathSegment[] | undefined
  for (let i = depth; i < nodes.length && i < path.length; i++) {
    const shifts = nodes[i]!.shifts
    const step = path[i]
    if (!shifts || typeof step !== 'number') continue
    let index = step
    for (const shift of shifts) if (shift.order > event.order) index -= shift.by
    if (index < 0) return undefined
    steps ??= path.slice()
    steps[i] = index
  }
  return steps ?? path
}

/** The position of `event`'s key, or of the key `rest` below it in its part. */
function locate(event: SourceEvent, rest: readonly PathSegment[]): SourceLocation {
  const { place, docPath } = event
  if (!('locate' in place)) return { file: place.file, line: place.line, column: place.column }
  const { line, column } = place.locate(rest.length === 0 ? docPath : [...docPath, ...rest], 'key')
  return { file: place.file, line, column }
}

/** An event found for a path: the event, the depth of the node that holds it, the path's steps then. */
interface Found {
  event: SourceEvent
  depth: number
  steps: readonly PathSegment[]
}

/** The record of a render's decisions by path, and the answer to `at`. */
export class SourceTree implements ValueSources {
  private readonly root = new SourceNode()
  private order = 0

  add(path: readonly PathSegment[], event: SourceEvent): void {
    const node = this.nodeAt(path)
    event.order = this.order++
    ;(node.events ??= []).push(event)
  }

  /**
   * Moves what is recorded for a list's items `by` places to the right (a prepend), and notes the
   * shift for the events above the list whose values hold its items (see `stepsAt`).
   */
  shift(listPath: readonly PathSegment[], by: number): void {
    const node = this.nodeAt(listPath)
    // The nodes below the list move.
    this.lastPath = []
    this.lastNodes = [this.root]
    ;(node.shifts ??= []).push({ order: this.order, by })
    if (!node.children) return
    const moved = new Map<string, SourceNode>()
    for (const [key, child] of node.children) moved.set(String(Number(key) + by), child)
    node.children = moved
  }

  // The nodes of the path added last: a merge reports siblings one after the other, so most paths
  // share all but their last step with the one before.
  private lastPath: readonly PathSegment[] = []
  private lastNodes: SourceNode[] = [this.root]

  private nodeAt(path: readonly PathSegment[]): SourceNode {
    const { lastPath, lastNodes } = this
    let depth = 0
    while (depth < path.length && depth < lastPath.length && path[depth] === lastPath[depth]) depth++
    lastNodes.length = depth + 1
    let node = lastNodes[depth]!
    for (let i = depth; i < path.length; i++) {
      const key = String(path[i])
      node.children ??= new Map()
      let child = node.children.get(key)
      if (!child) node.children.set(key, (child = new SourceNode()))
      node = child
      lastNodes.push(node)
    }
    this.lastPath = path
    return node
  }

  at(path: readonly PathSegment[]): ValueSource | undefined {
    if (path.length === 0) return undefined
    const nodes: SourceNode[] = [this.root]
    for (const segment of path) {
      const child = nodes.at(-1)!.children?.get(String(segment))
      if (!child) break
      nodes.push(child)
    }
    // The path's own events, and those of a part that put a whole subtree above it holding the path.
    let last: Found | undefined
    let before: Found | undefined
    for (let depth = nodes.length - 1; depth >= 1; depth--) {
      for (const event of nodes[depth]!.events ?? []) {
        if (!SETTING.has(event.action)) continue
        let steps = path
        if (depth < path.length) {
          if (!event.whole) continue
          const then = stepsAt(event, nodes, path, depth)
          if (!then || !holds(event.value, then, depth)) continue
          steps = then
        }
        if (!last || event.order > last.event.order) {
          before = last
          last = { event, depth, steps }
        } else if (!before || event.order > before.event.order) before = { event, depth, steps }
      }
    }
    if (!last) return this.inherited(path, nodes)
    const { event, depth, steps } = last
    // A value below a subtree put as a whole was set with it.
    const action = depth < path.length ? 'set' : event.action
    const { file, line, column } = locate(event, steps.slice(depth))
    // Built whole: an object spread and properties added after it cost V8 a slow path here.
    const source: ValueSource = { file, line, column, length: String(path.at(-1)).length, merger: event.merger, action }
    if (before) source.over = locate(before.event, before.steps.slice(before.depth))
    return source
  }

  /**
   * A path below what the record reaches (a dialect that records top-level keys): the source of its
   * nearest recorded ancestor, counting the events of layers whose value holds the path.
   */
  private inherited(path: readonly PathSegment[], nodes: readonly SourceNode[]): ValueSource | undefined {
    for (let depth = Math.min(nodes.length, path.length) - 1; depth >= 1; depth--) {
      const counting = (nodes[depth]!.events ?? []).filter(
        (event) => SETTING.has(event.action) && event.value !== NO_VALUE && holds(event.value, path, depth),
      )
      const event = counting.at(-1)
      if (!event) continue
      const { file, line, column } = locate(event, [])
      const source: ValueSource = {
        file,
        line,
        column,
        length: String(path[depth - 1]).length,
        merger: event.merger,
        action: event.action,
        inheritedFrom: path.slice(0, depth).map(String).join('.'),
      }
      const previous = counting.at(-2)
      if (previous) source.over = locate(previous, [])
      return source
    }
    return undefined
  }
}
