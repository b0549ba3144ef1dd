// Resolve-Datum over a store: for each layer path, Resolve-DatumPath walks `$Datum` (stores,
// folders, files, then keys with PowerShell's member access) to the looked-up property; the values
// found, most specific first, are merged with the path's strategy, handlers running before each
// merge (Merge-Datum). A path that ends at a folder gives the folder's files as a mapping.
import { memberOf } from '../handlers/ps-values.ts'
import { findKey, isDatumMap } from '../keys.ts'
import type { MergeContext } from '../merge.ts'
import { SEPARATOR } from '../path.ts'
import { mergeFound } from '../resolve.ts'
import type { FoundValue, LookupResult } from '../resolve.ts'
import type { Where } from '../types.ts'
import type { PathSegment } from '../../../values.ts'
import type { StoreLayerPath } from './precedence.ts'
import { DatumRoot, StoreFolder } from './tree.ts'

export type StoreLookup = LookupResult & {
  /** The values found, most specific first, with their layer (for the history). */
  hits: (FoundValue & { layer: StoreLayerPath })[]
}

/** Resolve-DatumPath: the value at `segments` from the tree's root, or undefined (null counts as absent). */
export function walkStore(root: DatumRoot, segments: readonly string[]): FoundValue | undefined {
  let current: unknown = root
  let where: Where | undefined
  let docPath: PathSegment[] = []
  let inFile = false
  for (const segment of segments) {
    if (current instanceof DatumRoot) {
      current = current.member(segment)
    } else if (current instanceof StoreFolder) {
      const child = current.child(segment)
      if (child === undefined) return undefined
      if (child instanceof StoreFolder) current = child
      else {
        const data = child.data()
        current = data.value
        where = { doc: data.doc, path: [] }
        docPath = []
        inFile = true
      }
    } else if (isDatumMap(current)) {
      const key = findKey(current, segment)
      current = key === undefined ? memberOf(current, segment) : current[key]
      if (inFile && key !== undefined) docPath.push(key)
      else inFile = false
    } else {
      // Through a list (member enumeration) or a scalar, positions stop at the last key.
      current = memberOf(current, segment)
      inFile = false
    }
    if (current === null || current === undefined) return undefined
  }
  if (current instanceof StoreFolder) {
    return {
      value: current.toMapping(),
      where: { at: { file: current.path, position: { line: 1, column: 1 }, chain: [] }, path: [] },
    }
  }
  if (current instanceof DatumRoot) return undefined
  return { value: current, where: where ? { ...where, path: docPath } : { path: [] } }
}

/** Looks `path` up in the node's layers (most specific first). */
export function lookupInStore(
  path: readonly string[],
  layers: readonly StoreLayerPath[],
  root: DatumRoot,
  context: MergeContext,
): StoreLookup {
  const hits: StoreLookup['hits'] = []
  for (const layer of layers) {
    const hit = walkStore(root, [...layer.segments, ...path])
    if (hit) hits.push({ ...hit, layer })
  }
  return { ...mergeFound(path.join(SEPARATOR), hits, context), hits }
}
