// Helm's merge of values files (`helm template -f base.yaml -f production.yaml`): pkg/cli/values
// Options.MergeValues folds every document of every file, in order, into one map with
// pkg/chart/v2/loader MergeMaps — a later mapping merges into an earlier mapping key by key, any
// other later value (a scalar, a list, `null`) takes the place of the earlier one, also of a mapping,
// and lists are never merged. A later `null` stays as the value `null` (MergeMaps keeps it; only the
// coalescing with a chart's own values.yaml deletes keys, and a values entry has no chart).
// Docker Compose's tags, per document, as compose-go's loader applies them (loader/reset.go): each
// tagged path is deleted from what the earlier documents merged to, then the document is merged
// without its `!reset` nodes — so `!override` replaces instead of merging and `!reset` removes.
import { ABSENT } from '../part-recorder.ts'
import type { PartRecorder } from '../part-recorder.ts'
import { isMapping, setOwn } from '../../values.ts'
import type { Mapping, PathSegment } from '../../values.ts'
import type { MergeTag } from '../../yaml/merge-tags.ts'

/**
 * Helm's MergeMaps(a, b). The documents are never changed (they may be shared and frozen): a mapping
 * of theirs is copied before a later one merges into it, and the copy is `owned`, so that the next
 * document merges into it in place — a copy per merge would make N layers cost N times the result.
 */
export function mergeMaps(
  a: Mapping,
  b: Mapping,
  owned: WeakSet<object>,
  recorder?: PartRecorder,
  path: PathSegment[] = [],
  overridden?: ReadonlyMap<string, Overridden>,
): Mapping {
  let out = a
  if (!owned.has(a)) owned.add((out = { ...a }))
  for (const key of Object.keys(b)) {
    const value = b[key]
    const old = Object.hasOwn(out, key) ? out[key] : ABSENT
    if (isMapping(value) && isMapping(old)) {
      recorder?.note([...path, key], 'merged', 'dict', value)
      const below = recorder ? [...path, key] : path
      setOwn(out, key, mergeMaps(old, value, owned, recorder, below, overridden))
      continue
    }
    if (recorder) {
      // A path a tag cleared (applyTagDeletions): its one event replaces what was there before the tag.
      const tagged = overridden?.get(pathKey([...path, key]))
      if (tagged) recorder.put([...path, key], tagged.before, value, 'dict', tagged.note)
      else recorder.put([...path, key], old, value, 'dict')
    }
    setOwn(out, key, value)
  }
  return out
}

/** What an `!override` cleared: the value before it, and the note of the event that replaces it. */
export interface Overridden {
  before: unknown
  note: string
}

/** A path as a map key. */
const pathKey = (path: readonly PathSegment[]): string => JSON.stringify(path)

/** `value` without the node at `path` (copies along the path; the same value when there is none). */
export function withoutPath(value: unknown, path: readonly PathSegment[], depth = 0): unknown {
  if (depth === path.length) return ABSENT
  const segment = path[depth]!
  if (Array.isArray(value) && typeof segment === 'number' && segment < value.length) {
    const item = withoutPath(value[segment], path, depth + 1)
    if (item === value[segment]) return value
    const copy = [...value]
    if (item === ABSENT) copy.splice(segment, 1)
    else copy[segment] = item
    return copy
  }
  if (!isMapping(value) || !Object.hasOwn(value, String(segment))) return value
  const key = String(segment)
  const child = withoutPath(value[key], path, depth + 1)
  if (child === value[key]) return value
  const copy: Mapping = {}
  for (const own of Object.keys(value)) {
    if (own !== key) setOwn(copy, own, value[own])
    else if (child !== ABSENT) setOwn(copy, own, child)
  }
  return copy
}

/**
 * The document with its `!reset` nodes removed (mapping keys, list items: compose-go's resolveContainer
 * leaves them out). Later items first, so that the indexes of earlier ones still hold.
 */
export function withoutResets(value: Mapping, tags: readonly MergeTag[]): Mapping {
  let out: unknown = value
  for (let i = tags.length - 1; i >= 0; i--) {
    const tag = tags[i]!
    if (tag.tag === '!reset' && tag.path.length > 0) out = withoutPath(out, tag.path)
  }
  return out as Mapping
}

/**
 * What the earlier documents merged to, with the paths the document tags deleted (compose-go's
 * ResetProcessor.Apply: only paths through mappings match — a list index is written `[0]` there and
 * `0` in the recorded path, so a tag below a list item deletes nothing that was there before).
 */
export function applyTagDeletions(
  merged: Mapping,
  tags: readonly MergeTag[],
  recorder: PartRecorder | undefined,
  overridden?: Map<string, Overridden>,
): Mapping {
  let out = merged
  for (const { path, tag } of tags) {
    if (path.length === 0 || path.some((segment) => typeof segment === 'number')) continue
    const before = valueAt(out, path)
    if (before === ABSENT) continue
    if (tag === '!reset') {
      out = withoutPath(out, path) as Mapping
      recorder?.put([...path], before, ABSENT, 'dict', `!reset on ${path.map(String).join('.')}: removed`)
    } else {
      // The key keeps its place; the document's value (never a mapping merged into null) takes it, in one
      // event that mergeMaps records.
      out = withPathNull(out, path)
      overridden?.set(pathKey(path), {
        before,
        note: `!override on ${path.map(String).join('.')}: replaced as a whole, not merged`,
      })
    }
  }
  return out
}

/** `value` with `null` at `path` (a path through mappings that exists), copied along the path. */
function withPathNull(value: Mapping, path: readonly PathSegment[], depth = 0): Mapping {
  const key = String(path[depth]!)
  const copy: Mapping = { ...value }
  setOwn(copy, key, depth === path.length - 1 ? null : withPathNull(value[key] as Mapping, path, depth + 1))
  return copy
}

/** The value at `path` through mappings, or ABSENT. */
export function valueAt(value: unknown, path: readonly PathSegment[]): unknown {
  let node = value
  for (const segment of path) {
    if (!isMapping(node) || !Object.hasOwn(node, String(segment))) return ABSENT
    node = node[String(segment)]
  }
  return node
}
