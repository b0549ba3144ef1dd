// The cloud-config handler (cloudinit/handlers/cloud_config.py) with the strategy stack (the `stack`
// option): parts are merged into one buffer in order, each with its own declaration ('per-part',
// cloud-init) or with the declarations in force in its scope ('scoped').
import { weakMemo } from '../../memo.ts'
import type { ParsedPart } from '../../parts.ts'
import type { Reporter } from '../../reporter.ts'
import type { SourceDocument } from '../../source-document.ts'
import { parseMergeString } from './directive.ts'
import type { MergerSpec } from './directive.ts'
import { extractPart } from './extract.ts'
import { applyJsonPatch, JsonPatchError } from './json-patch.ts'
import { isMapping } from '../../values.ts'
import { createMergerSet, describeMergers } from './merger-set.ts'
import { MergeRun, PartSkipped } from './mergers.ts'
import { MergeOwnership } from './ownership.ts'
import type { ProvenanceRecorder } from '../../provenance/recorder.ts'
import { CloudInitProvenance } from './provenance.ts'
import type { StackMode } from '../../options.ts'

export interface CloudInitMergeOptions {
  stack: StackMode
  mergeHow: string
}

/** Keeps the first merger of each name: later ones are dead (cloud-init's lookup takes the first). */
function compact(specs: readonly MergerSpec[]): MergerSpec[] {
  const seen = new Set<string>()
  return specs.filter((spec) => !seen.has(spec.name) && seen.add(spec.name))
}

// The same directive over the same declarations in force stacks to the same list every time (the
// lists are shared: parseMergeString memoizes), so it is built once and its merger set too.
const stacked = weakMemo<readonly MergerSpec[], WeakMap<readonly MergerSpec[], MergerSpec[]>>(
  'cloud-init: a declaration stacked on the declarations in force',
  'both spec lists are frozen',
)

const newWeakMap = (): WeakMap<readonly MergerSpec[], MergerSpec[]> => new WeakMap()

/** A part's declarations on top of those in force (scoped stack). */
function stackSpecs(declared: readonly MergerSpec[], inForce: readonly MergerSpec[]): MergerSpec[] {
  const byInForce = stacked.get(declared, newWeakMap)
  let specs = byInForce.get(inForce)
  if (specs === undefined) byInForce.set(inForce, (specs = compact([...declared, ...inForce])))
  return specs
}

/** What a part that is not a mapping is, as the message names it. */
function describeKind(value: unknown): string {
  if (Array.isArray(value)) return 'a list'
  return value === null ? 'null' : `a ${typeof value}`
}

/** With `recorder` (render option `history` or `sources`), the merge's decisions are recorded there. */
export function mergeCloudInit(
  parts: readonly ParsedPart[],
  options: CloudInitMergeOptions,
  report: Reporter,
  recorder?: ProvenanceRecorder,
): unknown {
  const parsedDefault = parseMergeString(options.mergeHow)
  const defaults = parsedDefault.specs
  // Set when a cloud-config part was attempted: cloud-init then writes {} even if every part failed.
  let buffer: Record<string, unknown> | undefined
  let merged = false
  // Containers earlier parts created are merged into in place (see MergeOwnership), but not for
  // the history record; a `sources` record keeps only the parts' own values, which never change.
  const provenance = recorder && new CloudInitProvenance(recorder)
  let ownership = recorder?.keeps === 'history' ? undefined : new MergeOwnership()

  const mergeYaml = (doc: SourceDocument, headerless: boolean, empty: boolean, inForce: MergerSpec[]): MergerSpec[] => {
    if (empty) {
      // A no-op; cloud-init counts it as a (failed) cloud-config part, so the result is at least {}.
      buffer ??= {}
      provenance?.skipPart(doc, 'empty', describeMergers(inForce))
      return inForce
    }
    const value = doc.value
    if (!isMapping(value)) {
      if (headerless && !report.strict) {
        report.warn({
          code: 'MY_PART_UNHANDLED',
          message:
            'a file without #cloud-config that is not a YAML mapping is not cloud-config; it is skipped, as ' +
            'cloud-init skips text/plain',
          doc,
        })
        provenance?.skipPart(doc, 'skipped', describeMergers(inForce))
        return inForce
      }
      buffer ??= {}
      report.lenient({
        code: 'MY_NOT_A_MAPPING',
        message: `a cloud-config part must be a YAML mapping, not ${describeKind(value)}; cloud-init skips it`,
        doc,
      })
      provenance?.skipPart(doc, 'skipped', describeMergers(inForce))
      return inForce
    }
    buffer ??= {}
    const part = extractPart(doc, value, report)
    if (!part.ok) {
      provenance?.skipPart(doc, 'skipped', describeMergers(inForce))
      return inForce
    }
    let specs: MergerSpec[]
    let next = inForce
    if (options.stack === 'per-part') specs = part.specs.length > 0 ? part.specs : defaults
    else {
      specs = part.specs.length > 0 ? stackSpecs(part.specs, inForce) : inForce
      next = specs
    }
    const mergers = createMergerSet(specs)
    if (mergers.dict === undefined) {
      report.lenient({
        code: 'MY_NO_DICT_MERGER',
        message: 'the merger list has no dict merger, so cloud-init drops the whole part; add dict()',
        doc,
        path: Object.hasOwn(value, 'merge_how')
          ? ['merge_how']
          : Object.hasOwn(value, 'merge_type')
            ? ['merge_type']
            : [],
      })
    }
    // After an error the result is not used: later parts are only checked, as their merges could
    // fail because of the part that failed.
    if (report.failed) return next
    const partRecorder = provenance?.beginPart(doc, specs)
    const run = new MergeRun(
      mergers,
      (conflict) => {
        report.lenient({ code: conflict.code, message: conflict.message, doc, path: conflict.path, target: 'key' })
      },
      partRecorder,
      ownership,
      // Strict mode says what cloud-init keeps out without a word, as a warning: the value is cloud-init's.
      report.strict
        ? (describe) =>
            report.warnWith(() => {
              const { path, message } = describe()
              return { code: 'MY_MERGE_DISCARDED', message, doc, path, target: 'key' }
            })
        : undefined,
    )
    try {
      const result = run.merge(merged ? buffer : {}, part.data)
      buffer = result as Record<string, unknown>
      merged = true
      ownership?.commit()
    } catch (error) {
      if (error instanceof PartSkipped) {
        ownership?.rollback()
        partRecorder?.end(false)
        return inForce
      }
      throw error
    }
    partRecorder?.end(true)
    return next
  }

  const mergePatch = (doc: SourceDocument): void => {
    buffer ??= {}
    // A patch of a result that is not used (a part failed) could only fail because of it.
    if (report.failed) return
    try {
      const before = merged ? buffer : {}
      buffer = applyJsonPatch(before, doc.value) as Record<string, unknown>
      merged = true
      // A patch shares subtrees (`copy`): nothing in the result may be changed in place any more.
      if (ownership) ownership = new MergeOwnership()
      provenance?.patch(doc, before, buffer)
    } catch (error) {
      if (!(error instanceof JsonPatchError)) throw error
      const path = error.op < 0 ? [] : [error.op, error.field]
      report.lenient({ code: 'MY_JSON_PATCH', message: `${error.message}; cloud-init skips this part`, doc, path })
      provenance?.skipPart(doc, 'skipped', 'json-patch')
    }
  }

  const skipInvalid = (step: Extract<ParsedPart, { kind: 'invalid' }>, inForce: MergerSpec[]): void => {
    // cloud-init: an unparsable part is a failed cloud-config part (the result is at least {});
    // unparsable headerless text is plain text to it, which it does not handle at all.
    if (!step.headerless || report.strict) buffer ??= {}
    report.lenient({ ...step.problem, message: `${step.problem.message}; cloud-init skips this part` })
    if (step.problem.at) provenance?.skipUnparsable(step.problem.at, describeMergers(inForce))
  }

  // Each part on its own: in strict mode one part's error does not hide the next parts' errors.
  const walk = (list: readonly ParsedPart[], inForce: MergerSpec[]): void => {
    let current = inForce
    for (const step of list) {
      if (step.kind === 'scope') walk(step.parts, current)
      else if (step.kind === 'jsonp') report.collect(() => mergePatch(step.doc))
      else if (step.kind === 'invalid') report.collect(() => skipInvalid(step, current))
      else current = report.collect(() => mergeYaml(step.doc, step.headerless, step.empty, current)) ?? current
    }
  }
  walk(parts, defaults)
  return buffer === undefined ? null : buffer
}
