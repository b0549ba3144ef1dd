// Chooses what `explain` shows from a render's history record: the values of the result in document
// order (leaves, plus containers whose own history matters), or one key path and what is below it,
// and the paths that were removed on the way.
import type { HistoryEvent, ValueHistory } from '@merged-yaml/core'

type Segment = string | number

export interface ExplainedPath {
  path: Segment[]
  /** Whether the path exists in the result (false: it was removed on the way). */
  present: boolean
  /** The result's value at the path, when present. */
  value?: unknown
  events: HistoryEvent[]
  /** Set when the path has no history of its own and `events` are its nearest ancestor's (other dialects). */
  inheritedFrom?: Segment[]
}

const keyOf = (path: readonly Segment[]): string => JSON.stringify(path.map(String))

function isMapping(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** The value at `path` in `root`; list indices may be given as numbers or digit strings. */
export function lookupPath(root: unknown, path: readonly Segment[]): { found: boolean; value?: unknown } {
  let node = root
  for (const segment of path) {
    if (Array.isArray(node)) {
      const index = typeof segment === 'number' ? segment : /^\d+$/.test(segment) ? Number(segment) : -1
      if (index < 0 || index >= node.length) return { found: false }
      node = node[index]
    } else if (isMapping(node) && Object.hasOwn(node, String(segment))) {
      node = node[String(segment)]
    } else {
      return { found: false }
    }
  }
  return { found: true, value: node }
}

function childrenOf(value: unknown): [Segment, unknown][] {
  if (Array.isArray(value)) return value.map((item, i) => [i, item])
  if (isMapping(value)) return Object.keys(value).map((key) => [key, value[key]])
  return []
}

/** A container's own history is worth showing when an incoming value was kept out or trimmed. */
function containerMatters(events: readonly HistoryEvent[]): boolean {
  return events.some((e) => e.action === 'kept' || e.note !== undefined)
}

export interface ExplainView {
  paths: ExplainedPath[]
  /** No value and no history at the asked path. */
  missing: boolean
}

/**
 * What to explain: with `target`, that path (its own history, then the values below it); without,
 * every value of the result. Paths removed on the way follow the values of their parent.
 */
export function selectPaths(value: unknown, history: ValueHistory, target?: readonly Segment[]): ExplainView {
  const byPath = new Map(history.paths.map((p) => [keyOf(p.path), p]))
  const topLevelOnly = history.detail !== 'full'
  // Removed paths, grouped under their parent's key.
  const removedUnder = new Map<string, Segment[][]>()
  for (const entry of history.paths) {
    if (entry.path.length === 0 || lookupPath(value, entry.path).found) continue
    const parent = entry.path.slice(0, -1)
    if (!lookupPath(value, parent).found) continue
    const key = keyOf(parent)
    removedUnder.set(key, [...(removedUnder.get(key) ?? []), entry.path])
  }

  const out: ExplainedPath[] = []
  const eventsOf = (path: readonly Segment[]): { events: HistoryEvent[]; inheritedFrom?: Segment[] } => {
    for (let depth = path.length; depth >= 1; depth--) {
      const entry = byPath.get(keyOf(path.slice(0, depth)))
      if (entry)
        return depth === path.length
          ? { events: entry.events }
          : { events: entry.events, inheritedFrom: path.slice(0, depth) }
    }
    return { events: [] }
  }
  const pushPresent = (path: Segment[], node: unknown): void => {
    out.push({ path, present: true, value: node, ...eventsOf(path) })
  }
  const pushRemoved = (parent: readonly Segment[]): void => {
    for (const path of removedUnder.get(keyOf(parent)) ?? [])
      out.push({ path, present: false, events: byPath.get(keyOf(path))!.events })
  }
  const walk = (path: Segment[], node: unknown, isTarget: boolean): void => {
    const children = childrenOf(node)
    const stop = children.length === 0 || (topLevelOnly && path.length >= 1)
    if (stop || isTarget || containerMatters(byPath.get(keyOf(path))?.events ?? [])) {
      if (path.length > 0) pushPresent(path, node)
    }
    if (!stop) for (const [segment, child] of children) walk([...path, segment], child, false)
    pushRemoved(path)
  }

  if (!target || target.length === 0) {
    walk([], value, false)
    return { paths: out, missing: false }
  }
  const found = lookupPath(value, target)
  if (found.found) {
    // The path as the result spells it (list indices as numbers).
    const path = target.map((segment, i) =>
      Array.isArray(lookupPath(value, target.slice(0, i)).value) ? Number(segment) : segment,
    )
    walk(path, found.value, true)
    return { paths: out, missing: false }
  }
  const removed = byPath.get(keyOf(target))
  if (removed) return { paths: [{ path: removed.path, present: false, events: removed.events }], missing: false }
  return { paths: [], missing: true }
}

/** The keys of the deepest existing parent of `path`, to suggest when it has no value. */
export function nearestKeys(value: unknown, path: readonly Segment[]): { parent: Segment[]; keys: string[] } {
  for (let depth = path.length - 1; depth >= 0; depth--) {
    const found = lookupPath(value, path.slice(0, depth))
    if (found.found)
      return { parent: path.slice(0, depth), keys: childrenOf(found.value).map(([segment]) => String(segment)) }
  }
  return { parent: [], keys: [] }
}
