// The merge stage: the entry's dialect merges its parts, and the merged value is checked against
// the value limits (merges and JSON-patch copies can repeat subtrees each document kept within bounds).
import { mergeOf } from '../dialects/registry.ts'
import type { DependencyFile, Dialect, DialectContext, DialectResult } from '../dialects/types.ts'
import { decodeUtf8 } from '../file-system.ts'
import type { ResolvedOptions } from '../options.ts'
import type { ParsedPart } from '../parts.ts'
import { ProvenanceRecorder } from '../provenance/recorder.ts'
import type { ProvenanceRecord } from '../provenance/recorder.ts'
import { Reporter } from '../reporter.ts'
import type { DependencyOutcome } from './gather/gather.ts'
import { checkValueLimits } from './value-limits.ts'

export interface MergeInput {
  entry: string
  parts: readonly ParsedPart[]
  dialect: Dialect
  dependencies: ReadonlyMap<string, DependencyOutcome>
  /** What the dialects' gather hooks returned, by dialect. */
  gathered: ReadonlyMap<string, unknown>
  provenance: ProvenanceRecorder | undefined
}

/** What the entry's dialect is handed: its options, the reporter, the files its options name. */
export function createDialectContext(input: MergeInput, options: ResolvedOptions, report: Reporter): DialectContext {
  const { entry, dialect } = input
  const dependency = (path: string): DependencyFile => {
    const outcome = input.dependencies.get(path)
    if (outcome === undefined)
      throw new Error(`${dialect.name} asked for '${path}', which its dependencies did not name`)
    if ('error' in outcome) throw outcome.error
    return { file: outcome.file, text: decodeUtf8(outcome.bytes) }
  }
  return {
    options,
    dialectOptions: options.dialectOptions[dialect.name],
    report,
    entry,
    dependency,
    provenance: input.provenance,
    gathered: input.gathered.get(dialect.name),
  }
}

export function mergeParts(input: MergeInput, options: ResolvedOptions, report: Reporter): DialectResult {
  const result = mergeOf(input.dialect).render(input.parts, createDialectContext(input, options, report))
  // The errors of parts merged on their own (cloud-init's, in strict mode) end the render here.
  report.throwErrors()
  const { bound } = result
  const limit =
    bound !== undefined && bound.maxSize <= options.limits.maxValueSize
      ? undefined
      : checkValueLimits(result.value, options.limits)
  if (limit) {
    report.fail({
      code: limit.code,
      message: `merged value: ${limit.message}`,
      at: { file: input.entry, position: { line: 1, column: 1 }, chain: [] },
      path: limit.path,
    })
  }
  return result
}

/**
 * The parts of a render merged again with a recorder: for a record of its provenance (`history`,
 * `sources`) asked for after the render (its warnings were reported then).
 */
export function mergeAgain(input: MergeInput, options: ResolvedOptions, keeps: ProvenanceRecord): ProvenanceRecorder {
  const recorder = new ProvenanceRecorder(keeps)
  // Its warnings are the render's, reported then: none is built again (a frame each, on every
  // rebuild of a dev server or a watch build), they are only counted.
  const report = new Reporter(options.strict, options.root, Number.POSITIVE_INFINITY, 0)
  mergeParts({ ...input, provenance: recorder }, options, report)
  return recorder
}
