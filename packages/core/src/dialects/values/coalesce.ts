// Helm 4's `.Values` for a chart without dependencies (pkg/chart/common/util/coalesce.go, helm/helm
// e9b85e4): `helm template CHART -f a.yaml -f b.yaml` merges the `-f` files first (merge.ts), then
// CoalesceValues(chart, merged) — the merged values win, the chart's values.yaml fills what they lack:
// - a key the `-f` files set to `null` is deleted when the chart has it: at the top level whatever the
//   chart has there (`null` too); below, when the chart's default is not `null`. Elsewhere it stays `null`;
// - the chart's own nulls are dropped (cleanNilValues, Helm ≥ 4.2), at every depth of its tables, not
//   inside lists;
// - tables coalesce key by key; where a table meets a non-table the `-f` files' value stays, and Helm logs
//   a warning (not for a scalar or a list over a top-level table).
// The `global` key is an ordinary key: only subcharts read it.
import { isMapping, setOwn } from '../../values.ts'
import type { Mapping, PathSegment } from '../../values.ts'

/** Where a table and a non-table met, as Helm logs it (coalesceValues / coalesceTablesFullKey). */
export interface CoalesceFinding {
  /** `skipped`: the `-f` table over a top-level chart non-table; `table-default`: a non-table over a chart
   * table; `table-value`: a `-f` table over a chart non-table below the top. */
  kind: 'skipped' | 'table-default' | 'table-value'
  path: PathSegment[]
  /** The chart's value there. */
  chart: unknown
}

/** `value` without its nulls at every depth of its mappings (not inside lists): cleanNilValues. */
export function withoutNulls(
  value: Mapping,
  onNull?: (path: PathSegment[]) => void,
  path: PathSegment[] = [],
): Mapping {
  const out: Mapping = {}
  for (const key of Object.keys(value)) {
    const item = value[key]
    if (item === null) onNull?.([...path, key])
    else setOwn(out, key, isMapping(item) ? withoutNulls(item, onNull, [...path, key]) : item)
  }
  return out
}

/**
 * CoalesceValues(chart, values): the chart's `.Values`. Neither argument is changed (both may be frozen
 * documents); keys come in the chart's order, then those only the `-f` files have.
 */
export function coalesceValues(
  chart: Mapping,
  values: Mapping,
  onFinding: (finding: CoalesceFinding) => void,
): Mapping {
  const out: Mapping = {}
  for (const key of Object.keys(chart)) {
    const fallback = chart[key]
    if (!Object.hasOwn(values, key)) {
      if (fallback !== null) setOwn(out, key, isMapping(fallback) ? withoutNulls(fallback) : fallback)
      continue
    }
    const value = values[key]
    if (value === null) continue
    if (isMapping(value) && isMapping(fallback)) {
      setOwn(out, key, coalesceTables(value, withoutNulls(fallback), [key], onFinding))
      continue
    }
    if (isMapping(value) && fallback !== null) onFinding({ kind: 'skipped', path: [key], chart: fallback })
    setOwn(out, key, value)
  }
  for (const key of Object.keys(values)) if (!Object.hasOwn(chart, key)) setOwn(out, key, values[key])
  return out
}

/** coalesceTablesFullKey(dst = values, src = the chart's table without its nulls, merge = false). */
function coalesceTables(
  values: Mapping,
  chart: Mapping,
  path: PathSegment[],
  onFinding: (finding: CoalesceFinding) => void,
): Mapping {
  const out: Mapping = {}
  for (const key of Object.keys(chart)) {
    const fallback = chart[key]
    if (!Object.hasOwn(values, key)) {
      setOwn(out, key, fallback)
      continue
    }
    const value = values[key]
    // A null over a default the chart has: deleted.
    if (value === null) continue
    if (isMapping(fallback) && isMapping(value)) {
      setOwn(out, key, coalesceTables(value, fallback, [...path, key], onFinding))
      continue
    }
    if (isMapping(fallback)) onFinding({ kind: 'table-default', path: [...path, key], chart: fallback })
    else if (isMapping(value)) onFinding({ kind: 'table-value', path: [...path, key], chart: fallback })
    setOwn(out, key, value)
  }
  for (const key of Object.keys(values)) if (!Object.hasOwn(chart, key)) setOwn(out, key, values[key])
  return out
}
