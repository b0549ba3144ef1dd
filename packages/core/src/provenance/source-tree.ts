// The events of a `sources` record (value-sources.ts) in a tree of the result's paths. An event a
// merge recorded for a whole subtree (a part's value put in one piece, or the items it added to a
// list) answers for every path below it, and positions are located only when a path is asked for,
// so recording costs one small object per decision instead of one located event per value
// (the history record's, history.ts).
import { isMapping } from '../values.ts'
import type { PathSegment } from '../values.ts'
import { NO_VALUE } from './value-sources.ts'
import type { SourceEvent, SourceLocation, ValueSource, ValueSources } from './value-sources.ts'

class SourceNode {
  children: Map<string, SourceNode> | undefined
  events: SourceEvent[] | undefined
  /** A list's prepends: items recorded before one (`order`) sit `by` places further right now. */
  shifts: { order: number; by: number }[] | undefined
  /** Reached by a list index: a prepend to the list above moves it (a key of a mapping once there stays). */
  item = false
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

/** Whether `event`, recorded at `depth` of `steps`, holds the value at `steps` (see `SourceEvent.first`). */
function holdsBelow(event: SourceEvent, steps: readonly PathSegment[], depth: number): boolean {
  if (event.first < 0) return holds(event.value, steps, depth)
  const items = event.value as readonly unknown[]
  const index = steps[depth]
  if (typeof index !== 'number') return false
  const item = index - event.first
  return item >= 0 && item < items.length && holds(items[item], steps, depth + 1)
}

/** The path below `event`'s own to the value at `steps`, in the part's value. */
function restBelow(event: SourceEvent, steps: readonly PathSegment[], depth: number): PathSegment[] {
  const rest = steps.slice(depth)
  if (event.first >= 0) rest[0] = (rest[0] as number) - event.first
  return rest
}

/**
 * The steps of `path` below `depth` as they were when `event` was recorded there: a list item's
 * index before the prepends made since (`nodes[i]`, below `reached`, holds the list at `path[i]`).
 * Undefined when the item was prepended after the event, which then holds nothing there.
 */
function stepsAt(
  event: SourceEvent,
  nodes: readonly SourceNode[],
  reached: number,
  path: readonly PathSegment[],
  depth: number,
): readonly PathSegment[] | undefined {
  let steps: PathSegment[] | undefined
  for (let i = depth; i < reached && i < path.length; i++) {
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
    for (const [key, child] of node.children) moved.set(child.item ? String(Number(key) + by) : key, child)
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
      if (!child) {
        node.children.set(key, (child = new SourceNode()))
        child.item = typeof path[i] === 'number'
      }
      node = child
      lastNodes.push(node)
    }
    this.lastPath = path
    return node
  }

  // The nodes along the path asked for last (one array for every call: `at` runs once per property).
  private readonly nodes: SourceNode[] = []

  at(path: readonly PathSegment[]): ValueSource | undefined {
    if (path.length === 0) return undefined
    // Nodes past `reached` are left from an earlier call: `stepsAt` and `inherited` stop before them.
    const { nodes } = this
    nodes[0] = this.root
    let reached = 1
    for (let node: SourceNode | undefined = this.root; reached <= path.length; reached++) {
      node = node.children?.get(String(path[reached - 1]))
      if (!node) break
      nodes[reached] = node
    }
    // The path's own events, and those of a part that put a whole subtree above it holding the path;
    // the last and the one before, each with its depth and the path's steps when it was recorded.
    let last: SourceEvent | undefined
    let lastDepth = 0
    let lastSteps = path
    let before: SourceEvent | undefined
    let beforeDepth = 0
    let beforeSteps = path
    for (let depth = reached - 1; depth >= 1; depth--) {
      const events = nodes[depth]!.events
      if (!events) continue
      for (const event of events) {
        if (!SETTING.has(event.action)) continue
        let steps = path
        if (depth < path.length) {
          if (!event.whole) continue
          const then = stepsAt(event, nodes, reached, path, depth)
          if (!then || !holdsBelow(event, then, depth)) continue
          steps = then
        } else if (event.first >= 0) continue
        if (!last || event.order > last.order) {
          before = last
          beforeDepth = lastDepth
          beforeSteps = lastSteps
          last = event
          lastDepth = depth
          lastSteps = steps
        } else if (!before || event.order > before.order) {
          before = event
          beforeDepth = depth
          beforeSteps = steps
        }
      }
    }
    if (!last) return this.inherited(path, nodes, reached)
    // A value below a subtree put as a whole was set with it (an item added to a list: added).
    const own = lastDepth === path.length || (last.first >= 0 && lastDepth === path.length - 1)
    const { file, line, column } = locate(last, restBelow(last, lastSteps, lastDepth))
    // Built whole: an object spread and properties added after it cost V8 a slow path here.
    const length = String(path.at(-1)).length
    const source: ValueSource = { file, line, column, length, merger: last.merger, action: own ? last.action : 'set' }
    if (before) source.over = locate(before, restBelow(before, beforeSteps, beforeDepth))
    return source
  }

  /**
   * A path below what the record reaches (a dialect that records top-level keys): the source of its
   * nearest recorded ancestor, counting the events of layers whose value holds the path.
   */
  private inherited(
    path: readonly PathSegment[],
    nodes: readonly SourceNode[],
    reached: number,
  ): ValueSource | undefined {
    for (let depth = Math.min(reached, path.length) - 1; depth >= 1; depth--) {
      const counting = (nodes[depth]!.events ?? []).filter(
        (event) =>
          SETTING.has(event.action) && event.first < 0 && event.value !== NO_VALUE && holds(event.value, path, depth),
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
