// `Resolve-DatumPath`: the value at a property path in one layer. Keys match ignoring case; through a
// list, PowerShell member enumeration collects the key from every item (as Resolve-Datum walks).
import type { PathSegment } from '../../values.ts'
import { findKey, isDatumMap } from './keys.ts'

export interface Found {
  value: unknown
  /** The keys as written in the layer, for diagnostics (stops at a list walked through). */
  path: PathSegment[]
}

/** `$list.Name`: every item's value, lists flattened one level; null when none, the item when one. */
function enumerateMember(list: readonly unknown[], name: string): unknown {
  const values: unknown[] = []
  for (const item of list) {
    if (!isDatumMap(item)) continue
    const key = findKey(item, name)
    const value = key === undefined ? null : item[key]
    if (value === null) continue
    if (Array.isArray(value)) values.push(...value)
    else values.push(value)
  }
  if (values.length === 0) return null
  return values.length === 1 ? values[0] : values
}

/** The value at `segments` in `data`, or undefined when absent or null (null counts as not found). */
export function walkLayer(data: unknown, segments: readonly string[]): Found | undefined {
  let current = data
  const path: PathSegment[] = []
  let throughList = false
  for (const segment of segments) {
    if (isDatumMap(current)) {
      const key = findKey(current, segment)
      if (key === undefined) return undefined
      current = current[key]
      if (!throughList) path.push(key)
    } else if (Array.isArray(current)) {
      current = enumerateMember(current, segment)
      throughList = true
    } else {
      return undefined
    }
    if (current === null || current === undefined) return undefined
  }
  return { value: current, path }
}
