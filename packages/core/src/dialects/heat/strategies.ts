// `parameter_merge_strategies` of one file and Heat's get_param_merge_strategy (docs/heat.md).
import type { Reporter } from '../../reporter.ts'
import type { SourceDocument } from '../../source-document.ts'
import { suggestName } from '../../suggest.ts'
import type { PathSegment } from '../../values.ts'
import { pyTypeName } from '../../values.ts'
import { isMapping } from '../../values.ts'
import type { Mapping } from './python.ts'
import type { ParameterSchema } from './schema.ts'
import { PARAMETER_MERGE_STRATEGIES, PARAMETER_SECTIONS } from './sections.ts'

export const OVERWRITE = 'overwrite'
export const MERGE = 'merge'
export const DEEP_MERGE = 'deep_merge'
export const STRATEGIES: readonly string[] = [OVERWRITE, MERGE, DEEP_MERGE]

/** The strategy fixed for a parameter by the first file that set it, and where that happened. */
export interface RecordedStrategy {
  strategy: unknown
  doc: SourceDocument
  path: PathSegment[]
}

/** One file's `parameter_merge_strategies` (`{}` when absent), as Heat pops it. */
export interface FileStrategies {
  doc: SourceDocument
  value: unknown
}

const isStrategy = (value: unknown): value is string => typeof value === 'string' && STRATEGIES.includes(value)

function describe(value: unknown): string {
  return typeof value === 'string' ? `'${value}'` : (JSON.stringify(value) ?? String(value))
}

/**
 * get_param_merge_strategy: the file's explicit entry for `key`, else the strategy already recorded
 * for it, else the file's `default`, else `overwrite`. A value that is not a strategy name falls back
 * to the file's default, which itself is not validated.
 */

const STRATEGY_LIST = STRATEGIES.join(', ')
export function strategyFor(
  file: FileStrategies,
  key: string,
  available: ReadonlyMap<string, RecordedStrategy>,
  report: Reporter,
): unknown {
  const strategies = file.value
  if (!isMapping(strategies)) {
    report.fail({
      code: 'MY_HEAT_SECTION_TYPE',
      message:
        `${PARAMETER_MERGE_STRATEGIES} must be a mapping, not a ${pyTypeName(strategies)} (Heat raises ` +
        `AttributeError: '${pyTypeName(strategies)}' object has no attribute 'get')`,
      doc: file.doc,
      path: [PARAMETER_MERGE_STRATEGIES],
    })
  }
  const fileDefault = Object.hasOwn(strategies, 'default') ? strategies.default : OVERWRITE
  const chosen = Object.hasOwn(strategies, key)
    ? strategies[key]
    : available.has(key)
      ? available.get(key)!.strategy
      : fileDefault
  return isStrategy(chosen) ? chosen : fileDefault
}

/** Names set (non-null) in the parameter sections of one environment. */
function parametersSetIn(env: Mapping): string[] {
  const names: string[] = []
  for (const section of PARAMETER_SECTIONS) {
    const value = env[section]
    if (!isMapping(value)) continue
    for (const [name, item] of Object.entries(value)) if (item !== null && !names.includes(name)) names.push(name)
  }
  return names
}

/**
 * What Heat accepts silently in a `parameter_merge_strategies` section: a non-mapping (it fails only
 * once it looks a strategy up), unknown strategy names (it falls back to the file's default), and
 * entries for parameters the file does not set or the template does not declare (never consulted).
 */
export function checkFileStrategies(
  file: FileStrategies,
  env: Mapping,
  schema: ParameterSchema,
  report: Reporter,
): void {
  const { doc, value } = file
  if (!isMapping(value)) {
    report.lenient({
      code: 'MY_HEAT_SECTION_TYPE',
      message:
        `${PARAMETER_MERGE_STRATEGIES} must be a mapping of parameter names to ${STRATEGIES.join(' / ')}; ` +
        `Heat fails as soon as this file sets a declared parameter`,
      doc,
      path: [PARAMETER_MERGE_STRATEGIES],
    })
    return
  }
  const fileDefault = Object.hasOwn(value, 'default') ? value.default : OVERWRITE
  const set = parametersSetIn(env)
  for (const [key, strategy] of Object.entries(value)) {
    if (!isStrategy(strategy)) {
      const suggestion = typeof strategy === 'string' ? suggestName(strategy, STRATEGIES) : undefined
      const consequence =
        key === 'default'
          ? `Heat keeps it as the strategy of the parameters this file sets first, merges them like '${OVERWRITE}', ` +
            `and reports a conflict when a later file sets them`
          : `Heat falls back to this file's default (${describe(fileDefault)})`
      report.lenient({
        code: 'MY_HEAT_UNKNOWN_STRATEGY',
        message: `${describe(strategy)} is not a merge strategy (${STRATEGY_LIST}) for '${key}': ${consequence}`,
        doc,
        path: [PARAMETER_MERGE_STRATEGIES, key],
        ...(suggestion ? { suggestion } : {}),
      })
    }
    if (key === 'default') continue
    const reason = !set.includes(key)
      ? `this file does not set '${key}' (a strategy applies only to the parameters of its own file)`
      : !schema.types.has(key)
        ? `'${key}' is not a declared parameter`
        : undefined
    if (reason) {
      const suggestion = suggestName(
        key,
        set.filter((name) => !Object.hasOwn(value, name)),
      )
      report.lenient({
        code: 'MY_HEAT_UNUSED_STRATEGY',
        message: `the strategy for '${key}' has no effect: ${reason}`,
        doc,
        path: [PARAMETER_MERGE_STRATEGIES, key],
        target: 'key',
        ...(suggestion ? { suggestion } : {}),
      })
    }
  }
}
