// The merged value as the inspector's tree: each value with the layer line that set it and how it
// merged (the last event of its own history, else its nearest ancestor's: other dialects
// record top-level keys only), and the comparison of two trees. Bounded: past MAX_NODES values the
// rest of a container is counted, not listed.
import type { HistoryEvent, ValueHistory } from '@merged-yaml/core'
import type { RelativePath } from './paths.ts'

type Segment = string | number

export interface ValueNode {
  /** The key in its parent (`[0]` for a list item); empty for the root. */
  key: string
  /** The full key path, as `explain` writes it (`api.retries`, `features[1]`). */
  path: string
  type: 'map' | 'list' | 'value'
  /** A scalar's text (JSON for strings), or `{}` / `[]` for an empty container. */
  value?: string
  /** Where the value was set, relative to the root. */
  source?: { file: string; line: number; column: number }
  /** How it merged: `set`, `replaced`, `appended`, … */
  action?: string
  merger?: string
  note?: string
  /** The source is its ancestor's (no history of its own). */
  inherited?: boolean
  /** Earlier events of its history (oldest first), as `action file:line merger`. */
  history?: string[]
  children?: ValueNode[]
  /** Children left out past the bound. */
  omitted?: number
  /** Differs from the other mode's value (set by `markDifferences`). */
  differs?: boolean
}

const MAX_NODES = 5_000
const MAX_TEXT = 200
const MAX_HISTORY = 10
const IDENTIFIER = /^[A-Za-z_$][\w$-]*$/

/** A key path as `explain` writes it: `a.b[0]["dotted.key"]`. */
export function formatPath(path: readonly Segment[]): string {
  let out = ''
  for (const segment of path) {
    if (typeof segment === 'number') out += `[${segment}]`
    else if (IDENTIFIER.test(segment)) out += out === '' ? segment : `.${segment}`
    else out += `[${JSON.stringify(segment)}]`
  }
  return out
}

/** A value in one short line: JSON for strings and plain data, bytes counted, long text cut. */
export function formatLeaf(value: unknown): string {
  let text: string
  if (value instanceof Uint8Array) text = `<${value.byteLength} bytes>`
  else if (typeof value === 'string') text = JSON.stringify(value)
  else if (typeof value === 'number' || typeof value === 'boolean' || value === null || typeof value === 'bigint')
    text = Object.is(value, -0) ? '-0' : String(value)
  else if (value === undefined) text = 'undefined'
  else if (value instanceof Date) text = value.toISOString()
  else {
    try {
      text = JSON.stringify(value, (_key, v: unknown) => (v instanceof Uint8Array ? `<${v.byteLength} bytes>` : v))
    } catch {
      text = String(value)
    }
  }
  return text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT - 1)}…` : text
}

const isMapping = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  !(value instanceof Uint8Array) &&
  !(value instanceof Date)

const keyOf = (path: readonly Segment[]): string => JSON.stringify(path.map(String))

/** The event that gave a path its value: the last one that did not keep the old value out. */
const setterOf = (events: readonly HistoryEvent[]): HistoryEvent | undefined =>
  events.findLast((e) => e.action !== 'kept' && e.action !== 'deleted')

export function createValueTree(value: unknown, history: ValueHistory | undefined, rel: RelativePath): ValueNode {
  const byPath = new Map<string, readonly HistoryEvent[]>()
  for (const entry of history?.paths ?? []) byPath.set(keyOf(entry.path), entry.events)
  let budget = MAX_NODES
  const describe = (e: HistoryEvent) => `${e.action} ${rel(e.file)}:${e.line} ${e.merger}`

  const build = (key: string, path: Segment[], node: unknown, inheritedFrom?: HistoryEvent): ValueNode => {
    budget--
    const events = byPath.get(keyOf(path)) ?? []
    const own = setterOf(events)
    const setter = own ?? inheritedFrom
    const out: ValueNode = { key, path: formatPath(path), type: 'value' }
    if (setter) {
      out.source = { file: rel(setter.file), line: setter.line, column: setter.column }
      out.action = setter.action
      out.merger = setter.merger
      if (setter.note) out.note = setter.note
      if (!own) out.inherited = true
    }
    if (events.length > 1) out.history = events.slice(-MAX_HISTORY).map(describe)
    const entries: [string, Segment, unknown][] = Array.isArray(node)
      ? node.map((item, i) => [`[${i}]`, i, item])
      : isMapping(node)
        ? Object.keys(node).map((k) => [k, k, node[k]])
        : []
    if (Array.isArray(node) || isMapping(node)) {
      out.type = Array.isArray(node) ? 'list' : 'map'
      if (entries.length === 0) out.value = Array.isArray(node) ? '[]' : '{}'
      const children: ValueNode[] = []
      for (const [label, segment, child] of entries) {
        if (budget <= 0) break
        children.push(build(label, [...path, segment], child, setter))
      }
      if (children.length < entries.length) out.omitted = entries.length - children.length
      if (children.length > 0) out.children = children
    } else {
      out.value = formatLeaf(node)
    }
    return out
  }
  return build('', [], value)
}

/**
 * Marks the values that differ between two trees (a value only one has, another scalar, another
 * kind of container), and their ancestors; returns how many leaves or missing values differ.
 */
export function markDifferences(a: ValueNode, b: ValueNode): number {
  const mark = (node: ValueNode): void => {
    node.differs = true
  }
  const compare = (x: ValueNode, y: ValueNode): number => {
    if (x.type !== y.type || (x.type === 'value' && x.value !== y.value)) {
      mark(x)
      mark(y)
      return 1
    }
    const left = new Map((x.children ?? []).map((child) => [child.key, child]))
    const right = new Map((y.children ?? []).map((child) => [child.key, child]))
    let count = 0
    for (const [key, child] of left) {
      const other = right.get(key)
      if (other) count += compare(child, other)
      else {
        mark(child)
        count++
      }
    }
    for (const [key, child] of right)
      if (!left.has(key)) {
        mark(child)
        count++
      }
    if (count > 0) {
      mark(x)
      mark(y)
    }
    return count
  }
  return compare(a, b)
}
