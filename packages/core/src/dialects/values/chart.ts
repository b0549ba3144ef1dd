// `values: { chart: true }`: the entry's first layer is the chart's values.yaml, the others are `-f`
// files, and the value is the `.Values` Helm 4 hands the chart's templates (coalesce.ts). The history
// tells it as Helm does it: the chart's values, its nulls dropped, the `-f` files merged over them, then
// each key CoalesceValues deletes — every removal an event at the `null` that caused it.
import type { ParsedPart } from '../../parts.ts'
import { documentParts } from '../../parts.ts'
import type { ProvenanceRecorder } from '../../provenance/recorder.ts'
import type { Reporter } from '../../reporter.ts'
import type { SourceDocument } from '../../source-document.ts'
import { isMapping } from '../../values.ts'
import type { Mapping, PathSegment } from '../../values.ts'
import { ABSENT, PartRecorder } from '../part-recorder.ts'
import type { MergerLabels } from '../part-recorder.ts'
import { coalesceValues, withoutNulls } from './coalesce.ts'
import type { CoalesceFinding } from './coalesce.ts'
import { valueAt, withoutPath } from './merge.ts'

/** Merges layers (base first) from `start`, recording to `provenance` when given (index.ts). */
type MergeDocuments = (
  docs: readonly SourceDocument[],
  provenance: ProvenanceRecorder | undefined,
  start?: Mapping,
) => Mapping

const DROPPED_NULL = "a null in the chart's values.yaml: Helm 4.2+ drops the chart's own nulls (cleanNilValues)"
const DELETING_NULL = "null over a key of the chart's values.yaml: Helm's CoalesceValues deletes the key"
const FILLED = "the chart's default, coalesced under the -f files' table (CoalesceValues)"

/** The documents of the first layer: the first file's documents, in order, as the entry reads them. */
function chartDocuments(parts: readonly ParsedPart[], docs: readonly SourceDocument[]): Set<SourceDocument> {
  const chart = new Set<SourceDocument>()
  let file: string | undefined
  let next = 0
  for (const part of documentParts(parts)) {
    if (part.kind !== 'yaml') break
    file ??= part.doc.file
    // The same file again (included twice) is another layer: its documents count from 0 again.
    if (part.doc.file !== file || part.doc.index !== next) break
    chart.add(part.doc)
    next++
  }
  return new Set(docs.filter((doc) => chart.has(doc)))
}

/** The last of `docs` that has a value at `path` (the one that set what the merge holds there). */
function setterOf(docs: readonly SourceDocument[], path: readonly PathSegment[]): SourceDocument | undefined {
  return docs.findLast((doc) => valueAt(doc.value, path) !== ABSENT)
}

/**
 * The chart's values without the paths the `-f` files tag `!override` or `!reset`: Compose's tags remove
 * what lies below them, the chart's defaults included (Helm itself would read `!override {…}` as a plain
 * mapping and `!reset` as a string: tags are this project's, and mean here what they mean between layers).
 */
function withoutTagged(chart: Mapping, userDocs: readonly SourceDocument[]): Mapping {
  let out: Mapping = chart
  for (const doc of userDocs) {
    for (const { path } of doc.mergeTags ?? []) {
      if (path.length > 0 && path.every((segment) => typeof segment === 'string'))
        out = withoutPath(out, path) as Mapping
    }
  }
  return out
}

function findingMessage({ kind, path, chart }: CoalesceFinding): string {
  const at = path.map(String).join('.')
  const shown = JSON.stringify(chart) ?? String(chart)
  const brief = shown.length > 60 ? `${shown.slice(0, 57)}...` : shown
  if (kind === 'table-default')
    return (
      `${at}: the -f files' non-table value stays over the chart's table ${brief}; Helm logs ` +
      `"cannot overwrite table with non table"`
    )
  return (
    `${at}: the -f files' table stays over the chart's non-table default ${brief}; Helm logs ` +
    (kind === 'skipped'
      ? `"skipped value for …: Not a table."`
      : `"destination … is a table. Ignoring non-table value"`)
  )
}

/** The deletions and fillings that turn `merged` (the `-f` files over the chart's values) into `result`. */
function recordCoalescing(
  merged: Mapping,
  result: Mapping,
  chartDocs: readonly SourceDocument[],
  userDocs: readonly SourceDocument[],
  recorderOf: (doc: SourceDocument) => PartRecorder,
  path: PathSegment[] = [],
): void {
  for (const key of Object.keys(merged)) {
    const at = [...path, key]
    const before = merged[key]
    if (!Object.hasOwn(result, key)) {
      const doc = setterOf(userDocs, at)
      if (doc) recorderOf(doc).put(at, before, ABSENT, 'dict', DELETING_NULL)
    } else if (isMapping(before) && isMapping(result[key])) {
      recordCoalescing(before, result[key], chartDocs, userDocs, recorderOf, at)
    }
  }
  for (const key of Object.keys(result)) {
    if (Object.hasOwn(merged, key)) continue
    const at = [...path, key]
    const doc = setterOf(chartDocs, at)
    if (doc) recorderOf(doc).put(at, ABSENT, result[key], 'dict', FILLED)
  }
}

export function coalesceWithChart(
  parts: readonly ParsedPart[],
  docs: readonly SourceDocument[],
  merge: MergeDocuments,
  labels: MergerLabels,
  report: Reporter,
  provenance: ProvenanceRecorder | undefined,
): Mapping {
  const chartSet = chartDocuments(parts, docs)
  const chartDocs = docs.filter((doc) => chartSet.has(doc))
  const userDocs = docs.filter((doc) => !chartSet.has(doc))
  const chart = merge(chartDocs, provenance)
  const values = merge(userDocs, undefined)
  const value = coalesceValues(withoutTagged(chart, userDocs), values, (finding) =>
    report.warnWith(() => ({
      code: 'MY_VALUES_CHART_NOT_A_TABLE',
      message: findingMessage(finding),
      ...((doc) => (doc ? { doc } : {}))(setterOf(userDocs, finding.path)),
      path: finding.path,
    })),
  )
  if (provenance) {
    const recorders = new Map<SourceDocument, PartRecorder>()
    const recorderOf = (doc: SourceDocument): PartRecorder => {
      let recorder = recorders.get(doc)
      if (!recorder) recorders.set(doc, (recorder = new PartRecorder(provenance, doc, labels)))
      return recorder
    }
    const cleaned = withoutNulls(chart, (path) => {
      const doc = setterOf(chartDocs, path)
      if (doc) recorderOf(doc).put(path, null, ABSENT, 'dict', DROPPED_NULL)
    })
    for (const recorder of recorders.values()) recorder.end(true, false)
    recorders.clear()
    // The same merge again, recorded over the chart's values: its warnings were reported the first time.
    const mark = report.markWarnings()
    const merged = merge(userDocs, provenance, cleaned)
    report.takeWarnings(mark)
    recordCoalescing(merged, value, chartDocs, userDocs, recorderOf)
    for (const recorder of recorders.values()) recorder.end(true, false)
  }
  return value
}
