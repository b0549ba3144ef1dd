// heat/common/environment_format.py: the sections of an environment file, what `parse` / `validate`
// reject, and how an entry's documents are told apart (environments, HOT templates).
import type { Reporter } from '../../reporter.ts'
import type { SourceDocument } from '../../source-document.ts'
import { suggestName } from '../../suggest.ts'
import { cloneOwned } from './python.ts'
import { isMapping } from '../../values.ts'
import type { Mapping } from './python.ts'
import type { HeatMode } from './types.ts'

export const PARAMETERS = 'parameters'
export const PARAMETER_DEFAULTS = 'parameter_defaults'
export const RESOURCE_REGISTRY = 'resource_registry'
export const ENCRYPTED_PARAM_NAMES = 'encrypted_param_names'
export const EVENT_SINKS = 'event_sinks'
export const PARAMETER_MERGE_STRATEGIES = 'parameter_merge_strategies'

export const SECTIONS: readonly string[] = [
  PARAMETERS,
  PARAMETER_DEFAULTS,
  RESOURCE_REGISTRY,
  ENCRYPTED_PARAM_NAMES,
  EVENT_SINKS,
  PARAMETER_MERGE_STRATEGIES,
]

export const PARAMETER_SECTIONS: readonly string[] = [PARAMETERS, PARAMETER_DEFAULTS]
export const LIST_SECTIONS: readonly string[] = [ENCRYPTED_PARAM_NAMES, EVENT_SINKS]

/** Sections no plain config would use: with only environment sections, any of these marks a Heat file. */
const ENVIRONMENT_MARKERS: readonly string[] = [
  PARAMETER_DEFAULTS,
  RESOURCE_REGISTRY,
  ENCRYPTED_PARAM_NAMES,
  EVENT_SINKS,
]

export const TEMPLATE_VERSION = 'heat_template_version'

/** `environment_format.default_for_missing({})`: the environment Heat's REST API starts from. */
export function defaultEnvironment(): Mapping {
  return { parameters: {}, resource_registry: {}, parameter_defaults: {}, encrypted_param_names: [], event_sinks: [] }
}

/** A HOT template part: it declares parameter types and is not merged. */
export function isTemplateDocument(doc: SourceDocument): boolean {
  return isMapping(doc.value) && Object.hasOwn(doc.value, TEMPLATE_VERSION)
}

/**
 * The Heat marker of a document: `parameter_merge_strategies` at top level, or an environment-file
 * shape — only environment sections, at least one of them `parameter_defaults`, `resource_registry`,
 * `encrypted_param_names` or `event_sinks`. A mapping whose only key is `parameters` is plain config
 * to every dialect, and so is a HOT template: such entries need `dialect: 'heat'`.
 */
export function detectHeat(value: unknown): string | undefined {
  if (!isMapping(value)) return undefined
  if (Object.hasOwn(value, PARAMETER_MERGE_STRATEGIES)) return PARAMETER_MERGE_STRATEGIES
  const keys = Object.keys(value)
  if (keys.length === 0 || !keys.every((key) => SECTIONS.includes(key))) return undefined
  return keys.find((key) => ENVIRONMENT_MARKERS.includes(key))
}

const describeScalar = (value: unknown): string => `the ${typeof value} ${JSON.stringify(value)}`

/**
 * `environment_format.parse` on one document: a mapping (null is `{}`) with only known sections;
 * the server also rejects null sections, heatclient's parser does not. Returns a copy we may mutate.
 */
export function parseEnvironment(doc: SourceDocument, mode: HeatMode, report: Reporter): Mapping {
  const value = doc.value
  if (value === null) return {}
  if (!isMapping(value)) {
    report.fail({
      code: 'MY_HEAT_NOT_MAPPING',
      message:
        `a Heat environment must be a mapping, not ${Array.isArray(value) ? 'a list' : describeScalar(value)} ` +
        '(Heat raises ValueError: The environment is not a valid YAML mapping data type)',
      doc,
      path: [],
    })
  }
  for (const [key, section] of Object.entries(value)) {
    if (!SECTIONS.includes(key)) {
      const suggestion = suggestName(key, SECTIONS)
      report.fail({
        code: 'MY_HEAT_UNKNOWN_SECTION',
        message:
          `'${key}' is not a section of a Heat environment; the sections are ${SECTIONS.join(', ')} (Heat ` +
          `raises ValueError: environment has wrong section)`,
        doc,
        path: [key],
        target: 'key',
        ...(suggestion ? { suggestion } : {}),
      })
    }
    if (section === null && mode === 'server') {
      report.fail({
        code: 'MY_HEAT_EMPTY_SECTION',
        message:
          `section '${key}' is empty (null); write '${key}: ${LIST_SECTIONS.includes(key) ? '[]' : '{}'}' or ` +
          `remove it (Heat raises ValueError: environment has empty section)`,
        doc,
        path: [key],
        target: 'key',
      })
    }
  }
  return cloneOwned(value)
}
