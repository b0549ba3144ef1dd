// The cloud-config handler (specs/cloud-init.md §4) with the strategy stack of DESIGN.md §2: parts are
// merged into one buffer in order, each with its own declaration ('per-part', cloud-init) or with the
// declarations in force in its scope ('scoped').
import type { Reporter } from '../report.ts'
import type { SourceDocument } from '../source.ts'
import { parseMergeString } from './directive.ts'
import type { MergerSpec } from './directive.ts'
import { extractPart } from './extract.ts'
import { applyJsonPatch, JsonPatchError } from './json-patch.ts'
import { createMergerSet, isPlainObject, MergeRun, PartSkipped } from './mergers.ts'
import type { StackMode } from '../options.ts'

/** A cloud-config document or a JSON patch, in order, inside the scopes gathering produced. */
export type MergeStep =
  | { kind: 'yaml'; doc: SourceDocument; headerless: boolean; empty: boolean }
  | { kind: 'jsonp'; doc: SourceDocument }
  | { kind: 'scope'; steps: MergeStep[] }

export interface CloudInitMergeOptions {
  stack: StackMode
  mergeHow: string
}

/** Keeps the first merger of each name: later ones are dead (cloud-init's lookup takes the first). */
function compact(specs: readonly MergerSpec[]): MergerSpec[] {
  const seen = new Set<string>()
  return specs.filter((spec) => !seen.has(spec.name) && seen.add(spec.name))
}

export function mergeCloudInit(steps: readonly MergeStep[], options: CloudInitMergeOptions, report: Reporter): unknown {
  const parsedDefault = parseMergeString(options.mergeHow)
  const defaults = parsedDefault.specs
  // Set when a cloud-config part was attempted: cloud-init then writes {} even if every part failed.
  let buffer: Record<string, unknown> | undefined
  let merged = false

  const mergeYaml = (doc: SourceDocument, headerless: boolean, empty: boolean, inForce: MergerSpec[]): MergerSpec[] => {
    if (empty) {
      // A no-op; cloud-init counts it as a (failed) cloud-config part, so the result is at least {}.
      buffer ??= {}
      return inForce
    }
    const value = doc.value
    if (!isPlainObject(value)) {
      if (headerless && !report.strict) {
        report.warn({ code: 'MY_PART_UNHANDLED', message: 'a file without #cloud-config that is not a YAML mapping is not cloud-config; it is skipped, as cloud-init skips text/plain', doc })
        return inForce
      }
      buffer ??= {}
      report.lenient({
        code: 'MY_NOT_A_MAPPING',
        message: `a cloud-config part must be a YAML mapping, not ${Array.isArray(value) ? 'a list' : value === null ? 'null' : `a ${typeof value}`}; cloud-init skips it`,
        doc,
      })
      return inForce
    }
    buffer ??= {}
    const part = extractPart(doc, value, report)
    if (!part.ok) return inForce
    let specs: MergerSpec[]
    let next = inForce
    if (options.stack === 'per-part') specs = part.specs.length > 0 ? part.specs : defaults
    else {
      specs = part.specs.length > 0 ? compact([...part.specs, ...inForce]) : inForce
      next = specs
    }
    if (!specs.some((spec) => spec.name === 'dict')) {
      report.lenient({
        code: 'MY_NO_DICT_MERGER',
        message: 'the merger list has no dict merger, so cloud-init drops the whole part; add dict()',
        doc,
        path: Object.hasOwn(value, 'merge_how') ? ['merge_how'] : Object.hasOwn(value, 'merge_type') ? ['merge_type'] : [],
      })
    }
    const run = new MergeRun(createMergerSet(specs), (conflict) => {
      report.lenient({ code: conflict.code, message: conflict.message, doc, path: conflict.path, target: 'key' })
    })
    try {
      const result = run.merge(merged ? buffer : {}, part.data)
      buffer = result as Record<string, unknown>
      merged = true
    } catch (error) {
      if (error instanceof PartSkipped) return inForce
      throw error
    }
    return next
  }

  const mergePatch = (doc: SourceDocument): void => {
    buffer ??= {}
    try {
      buffer = applyJsonPatch(merged ? buffer : {}, doc.value) as Record<string, unknown>
      merged = true
    } catch (error) {
      if (!(error instanceof JsonPatchError)) throw error
      const path = error.op < 0 ? [] : [error.op, error.field]
      report.lenient({ code: 'MY_JSON_PATCH', message: `${error.message}; cloud-init skips this part`, doc, path })
    }
  }

  const walk = (list: readonly MergeStep[], inForce: MergerSpec[]): void => {
    let current = inForce
    for (const step of list) {
      if (step.kind === 'scope') walk(step.steps, current)
      else if (step.kind === 'jsonp') mergePatch(step.doc)
      else current = mergeYaml(step.doc, step.headerless, step.empty, current)
    }
  }
  walk(steps, defaults)
  return buffer === undefined ? null : buffer
}
