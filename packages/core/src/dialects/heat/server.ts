// heat/common/environment_util.py merge_environments / merge_parameters
// (docs/heat.md#strategies--heats-rules): the environment files, base first, merged into the
// initial environment with per-parameter strategies.
import { relative } from 'node:path'
import type { Reporter } from '../../reporter.ts'
import type { SourceDocument } from '../../source-document.ts'
import type { PathSegment } from '../../values.ts'
import { mergeMap, mergeParam } from './merge.ts'
import { HeatRaise, isTruthy, pyEquals, TYPE_MISMATCH } from './python.ts'
import { pyTypeName } from '../../values.ts'
import { getOwn, isMapping, setOwn } from '../../values.ts'
import type { Mapping } from './python.ts'
import type { ParameterSchema } from './schema.ts'
import { inferredTypeReadings } from './inferred-types.ts'
import { resolveRegistryPaths } from './registry-paths.ts'
import { LIST_SECTIONS, PARAMETER_MERGE_STRATEGIES, PARAMETER_SECTIONS, parseEnvironment } from './sections.ts'
import { checkFileStrategies, DEEP_MERGE, MERGE, strategyFor } from './strategies.ts'
import type { FileStrategies, RecordedStrategy } from './strategies.ts'

export interface ServerMerge {
  schema: ParameterSchema
  /** Heat's `params`: mutated and returned. */
  initial: Mapping
  root: string
  /** The entry's folder: registry paths end up relative to it. */
  entryDir: string
  report: Reporter
}

interface FileContext extends ServerMerge {
  doc: SourceDocument
  strategies: FileStrategies
  available: Map<string, RecordedStrategy>
}

function where(doc: SourceDocument, path: readonly PathSegment[], root: string): string {
  const { line } = doc.locate(path, 'key')
  return `${relative(root, doc.file) || doc.file}:${line}`
}

/** Runs Heat code that may raise, turning a HeatRaise into a located failure in `doc` under `base`. */
function located<T>(ctx: FileContext, base: readonly PathSegment[], run: () => T): T {
  try {
    return run()
  } catch (error) {
    if (!(error instanceof HeatRaise)) throw error
    return ctx.report.fail({ code: error.code, message: error.message, doc: ctx.doc, path: [...base, ...error.path] })
  }
}

function recordStrategies(section: string, values: Mapping, ctx: FileContext): void {
  const { doc, available, schema, report, strategies } = ctx
  for (const [key, value] of Object.entries(values)) {
    if (!schema.types.has(key) || value === null) continue
    const strategy = strategyFor(strategies, key, available, report)
    const recorded = available.get(key)
    if (!recorded) {
      available.set(key, { strategy, doc, path: [section, key] })
    } else if (!pyEquals(strategy, recorded.strategy)) {
      const explicit = isMapping(strategies.value) && Object.hasOwn(strategies.value, key)
      report.fail({
        code: 'MY_HEAT_CONFLICTING_STRATEGY',
        message:
          `conflicting merge strategy ${JSON.stringify(strategy)} for parameter '${key}': its strategy is ` +
          `${JSON.stringify(recorded.strategy)}, fixed by the first file that set it ` +
          `(${where(recorded.doc, recorded.path, ctx.root)}) ` +
          `(Heat raises ConflictingMergeStrategyForParam)`,
        doc,
        path: explicit ? [PARAMETER_MERGE_STRATEGIES, key] : [section, key],
        target: explicit ? 'value' : 'key',
      })
    }
  }
}

/** merge_parameters: record/check strategies, take the first non-empty section whole, merge the rest. */
function mergeParameters(section: string, old: unknown, values: unknown, ctx: FileContext): unknown {
  const { doc, schema, report, available } = ctx
  if (!isMapping(values)) {
    return report.fail({
      code: TYPE_MISMATCH,
      message:
        `section '${section}' must be a mapping of parameters, not a ${pyTypeName(values)} (Heat raises ` +
        `AttributeError: '${pyTypeName(values)}' object has no attribute 'items')`,
      doc,
      path: [section],
    })
  }
  recordStrategies(section, values, ctx)
  if (!isTruthy(old)) return values
  if (!isMapping(old)) {
    return report.fail({
      code: TYPE_MISMATCH,
      message:
        `the initial environment's '${section}' is a ${pyTypeName(old)}, not a mapping (Heat raises an ` +
        `exception merging into it)`,
      doc,
      path: [section],
    })
  }
  for (const [key, value] of Object.entries(values)) {
    if (value === null) continue
    if (!schema.types.has(key)) {
      report.lenient({
        code: 'MY_HEAT_UNDECLARED_PARAMETER',
        message:
          `parameter '${key}' is not declared by the template, so Heat drops it (only the first file that ` +
          `sets '${section}' keeps undeclared parameters); declare it or remove it`,
        doc,
        path: [section, key],
        target: 'key',
      })
      continue
    }
    const strategy = available.get(key)!.strategy
    if (strategy !== MERGE && strategy !== DEEP_MERGE) {
      setOwn(old, key, value)
      continue
    }
    const type = schema.types.get(key)!
    const readings = schema.inferred ? inferredTypeReadings(old, key, value, type, strategy === DEEP_MERGE) : undefined
    if (readings !== undefined) {
      report.lenient({
        code: 'MY_HEAT_INFERRED_TYPE',
        message:
          `parameter '${key}' has no declared type and its '${strategy}' depends on it (${readings}); ` +
          `the type inferred from its first value is ${type}: ` +
          'declare it (heat.parameterTypes, heat.template or a template part)',
        doc,
        path: [section, key],
        target: 'key',
      })
    }
    if (type === 'number') {
      report.lenient({
        code: 'MY_HEAT_MERGE_NUMBER',
        message:
          `parameter '${key}' is a number and its strategy is '${strategy}': Heat does not add numbers, it ` +
          `concatenates string values ("3" + "4" = "34") and rejects real numbers; use 'overwrite'`,
        doc,
        path: [section, key],
      })
    }
    located(ctx, [section, key], () => mergeParam(old, key, value, type, strategy === DEEP_MERGE, []))
  }
  return old
}

/** merge_map(old, new) for resource_registry, event_sinks and encrypted_param_names: shallow. */
function mergeOtherSection(section: string, old: unknown, value: unknown, ctx: FileContext): unknown {
  const expected = LIST_SECTIONS.includes(section) ? 'a list' : 'a mapping'
  const wellTyped = LIST_SECTIONS.includes(section) ? Array.isArray(value) : isMapping(value)
  if (!isTruthy(old)) {
    if (!wellTyped) {
      ctx.report.lenient({
        code: 'MY_HEAT_SECTION_TYPE',
        message: `section '${section}' must be ${expected}, not a ${pyTypeName(value)} (Heat stores it as given)`,
        doc: ctx.doc,
        path: [section],
      })
    }
    return value
  }
  if (Array.isArray(value) && Array.isArray(old)) {
    ctx.report.fail({
      code: TYPE_MISMATCH,
      message:
        `'${section}' is already set by an earlier file or the initial environment; Heat merges list ` +
        `sections like mappings and raises AttributeError: 'list' object has no attribute 'items'`,
      doc: ctx.doc,
      path: [section],
    })
  }
  return located(ctx, [section], () => mergeMap(old, value, false))
}

export function mergeEnvironments(docs: readonly SourceDocument[], merge: ServerMerge): Mapping {
  const params = merge.initial
  const available = new Map<string, RecordedStrategy>()
  for (const doc of docs) {
    const env = parseEnvironment(doc, 'server', merge.report)
    resolveRegistryPaths(env, doc.file, merge.entryDir)
    const declared = Object.hasOwn(env, PARAMETER_MERGE_STRATEGIES)
    const strategies: FileStrategies = { doc, value: declared ? env[PARAMETER_MERGE_STRATEGIES] : {} }
    delete env[PARAMETER_MERGE_STRATEGIES]
    if (declared) checkFileStrategies(strategies, env, merge.schema, merge.report)
    const ctx: FileContext = { ...merge, doc, strategies, available }
    for (const [section, value] of Object.entries(env)) {
      if (!isTruthy(value)) continue
      if (!Object.hasOwn(params, section)) {
        merge.report.fail({
          code: 'MY_HEAT_MISSING_SECTION',
          message:
            `this file sets '${section}', which heat.initial does not have (Heat raises KeyError); add ` +
            `'${section}: ${LIST_SECTIONS.includes(section) ? '[]' : '{}'}' to heat.initial`,
          doc,
          path: [section],
          target: 'key',
        })
      }
      const merged = PARAMETER_SECTIONS.includes(section)
        ? mergeParameters(section, getOwn(params, section), value, ctx)
        : mergeOtherSection(section, getOwn(params, section), value, ctx)
      setOwn(params, section, merged)
    }
  }
  return params
}
