// The values dialect, the default: an entry's documents are values files merged as Helm merges
// `helm template -f a.yaml -f b.yaml` (merge.ts), with Docker Compose's `!override` and `!reset`
// tags (docs/values.md). No marker selects it: an entry whose parts carry no other dialect's.
import { documentParts } from '../../parts.ts'
import type { ParsedPart } from '../../parts.ts'
import type { ProvenanceRecorder } from '../../provenance/recorder.ts'
import type { Reporter } from '../../reporter.ts'
import type { SourceDocument } from '../../source-document.ts'
import { describeValue, isMapping } from '../../values.ts'
import type { Mapping } from '../../values.ts'
import type { MergeTag } from '../../yaml/merge-tags.ts'
import { layerDocuments } from '../layers.ts'
import { PartRecorder } from '../part-recorder.ts'
import { defineDialect } from '../types.ts'
import type { ValueBound } from '../types.ts'
import { coalesceWithChart } from './chart.ts'
import { VALUES_CODES } from './codes.ts'
import { chartMode, VALUES_OPTION_KEYS } from './options.ts'
import { describeForHelm } from './yaml-words.ts'
import { findUnreadableLines, reportNonFiniteNumbers, reportStringifiedKeys } from './helm-reading.ts'
import { readAsHelm } from './helm-scalars.ts'
import type { ValuesOptions } from './options.ts'
import { applyTagDeletions, mergeMaps, withoutResets } from './merge.ts'
import type { Overridden } from './merge.ts'

export type { ValuesOptions } from './options.ts'

const LABELS = { of: () => 'values', part: 'values' }

/** The tags of a document that apply: one on the whole document is refused (strict) or ignored. */
function usableTags(doc: SourceDocument, report: Reporter): readonly MergeTag[] {
  const tags = doc.mergeTags ?? []
  const root = tags.find((tag) => tag.path.length === 0)
  if (root === undefined) return tags
  report.lenient({
    code: 'MY_VALUES_TAG_ROOT',
    message:
      `${root.tag} on a whole document: Docker Compose ${root.tag === '!reset' ? 'cannot read it' : 'ignores it'}; ` +
      'tag a key instead (lenient mode merges the document as if untagged)',
    doc,
    path: [],
  })
  return tags.filter((tag) => tag.path.length > 0)
}

/**
 * What the merge is known to be without walking it: Helm's merge only moves what the documents
 * hold, so it is no larger than their sum and plain JSON when they all are.
 */
function mergedBound(parts: readonly ParsedPart[]): ValueBound | undefined {
  let sum = 0
  let plainJson = true
  for (const part of documentParts(parts)) {
    if (part.kind !== 'yaml' || part.empty) continue
    if (part.tree === undefined) return undefined
    sum += part.tree.size
    plainJson &&= part.tree.plainJson
  }
  return { maxSize: sum, plainJson }
}

/**
 * Helm's merge of `-f` files, from `start` (an empty map: Options.MergeValues); `helmValues` holds the value of each
 * document Helm reads otherwise than YAML (its `!!binary` as text).
 */
function mergeValueDocuments(
  docs: readonly SourceDocument[],
  helmValues: ReadonlyMap<SourceDocument, unknown>,
  report: Reporter,
  provenance: ProvenanceRecorder | undefined,
  start?: Mapping,
): Mapping {
  const owned = new WeakSet<object>()
  let merged: Mapping = start ?? {}
  owned.add(merged)
  for (const doc of docs) {
    const docValue = helmValues.has(doc) ? helmValues.get(doc) : doc.value
    // Helm reads a `null` document as no values; anything but a mapping fails to unmarshal.
    if (docValue === null) continue
    if (!isMapping(docValue)) {
      report.error({
        code: 'MY_VALUES_NOT_A_MAPPING',
        message: `a values document must be a mapping, not ${describeValue(docValue)} (Helm cannot read it)`,
        doc,
        path: [],
      })
      continue
    }
    const tags = report.collect(() => usableTags(doc, report)) ?? []
    const recorder = provenance && new PartRecorder(provenance, doc, LABELS)
    const overridden = recorder && new Map<string, Overridden>()
    merged = applyTagDeletions(merged, tags, recorder, overridden)
    const value = tags.length === 0 ? docValue : withoutResets(docValue, tags)
    merged = mergeMaps(merged, value, owned, recorder, [], overridden)
    recorder?.end(true)
  }
  report.throwErrors()
  return merged
}

export const valuesDialect = defineDialect<'values', ValuesOptions, undefined, typeof VALUES_CODES>({
  name: 'values',
  query: [],
  optionKeys: VALUES_OPTION_KEYS,
  flags: [
    {
      flag: 'values-chart',
      option: 'chart',
      value: '',
      description: "values: the first layer is the chart's values.yaml; render the chart's .Values (Helm 4)",
      kind: 'switch',
      switchValue: true,
    },
  ],
  codes: VALUES_CODES,
  recordsPerValue: true,
  readsMergeTags: true,
  describeVersionDifference: describeForHelm,
  // Checked with Helm's own parser (the Go oracle): `a: 1` then `a: 2` is `a: 2`, silently.
  duplicateKeyReader: 'Helm (go-yaml v2)',
  checkPartText: findUnreadableLines,
  // The default: no marker selects it (detect.ts).
  detect: () => undefined,
  // The default dialect merges with the pipeline: nothing to load.
  merge: {
    render(parts, context) {
      const { report, provenance } = context
      const docs = layerDocuments(parts, 'values', context)
      const helmValues = new Map<SourceDocument, unknown>()
      for (const part of documentParts(parts)) {
        if (part.kind !== 'yaml' || part.empty) continue
        const { doc } = part
        // Only documents that are not plain JSON can hold a number JSON lacks.
        if (part.tree?.plainJson !== true) report.collect(() => reportNonFiniteNumbers(doc, report))
        report.collect(() => reportStringifiedKeys(doc, report))
        report.collect(() => {
          const value = readAsHelm(doc, report)
          if (value !== doc.value) helmValues.set(doc, value)
        })
      }
      report.throwErrors()
      const value = chartMode(context.dialectOptions, context.entry, report)
        ? coalesceWithChart(
            parts,
            docs,
            (layers, recorder, start) => mergeValueDocuments(layers, helmValues, report, recorder, start),
            LABELS,
            report,
            provenance,
          )
        : mergeValueDocuments(docs, helmValues, report, provenance)
      const bound = mergedBound(parts)
      return bound === undefined ? { value } : { value, bound }
    },
  },
})
