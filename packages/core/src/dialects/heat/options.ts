import type { Problem, Reporter } from '../../reporter.ts'
import { suggestName } from '../../suggest.ts'
import { cloneOwned } from './python.ts'
import { isMapping } from '../../values.ts'
import type { Mapping } from './python.ts'
import { defaultEnvironment } from './sections.ts'
import { HEAT_PARAMETER_TYPES } from './types.ts'
import type { HeatMode, HeatOptions, HeatParameterType } from './types.ts'
import type { OptionKeys } from '../types.ts'

/** The `heat` option's keys (the registry's `optionKeys`). */
export const HEAT_OPTION_KEYS: OptionKeys<HeatOptions> = {
  mode: true,
  template: true,
  parameterTypes: true,
  initial: true,
}

const MODES: readonly HeatMode[] = ['server', 'heatclient']

export interface ResolvedHeatOptions {
  mode: HeatMode
  templates: string[]
  /** Undefined when the option is not given (it then does not count as a declaration). */
  parameterTypes: Map<string, HeatParameterType> | undefined
  /** A copy we may mutate. */
  initial: Mapping
}

/** Where option problems point: the entry file, since options have no source position. */
export type OptionSite = NonNullable<Problem['at']>

export function resolveHeatOptions(
  raw: HeatOptions | undefined,
  site: OptionSite,
  report: Reporter,
): ResolvedHeatOptions {
  const options: HeatOptions = raw ?? {}
  const invalid = (name: string, message: string, suggestion?: string): never =>
    report.fail({
      code: 'MY_HEAT_INVALID_OPTION',
      message: `heat.${name}: ${message}`,
      at: site,
      ...(suggestion ? { suggestion } : {}),
    })

  const mode = options.mode ?? 'server'
  if (!MODES.includes(mode))
    invalid('mode', `'${String(mode)}' is not a mode; use 'server' or 'heatclient'`, suggestName(String(mode), MODES))

  const template = options.template ?? []
  const templates = typeof template === 'string' ? [template] : template
  if (!Array.isArray(templates) || !templates.every((t) => typeof t === 'string' && t !== '')) {
    invalid('template', 'must be a path or a list of paths (relative to the entry file)')
  }

  let parameterTypes: Map<string, HeatParameterType> | undefined
  if (options.parameterTypes !== undefined) {
    if (!isMapping(options.parameterTypes)) invalid('parameterTypes', 'must map parameter names to HOT types')
    parameterTypes = new Map()
    for (const [name, type] of Object.entries(options.parameterTypes)) {
      if (!HEAT_PARAMETER_TYPES.includes(type)) {
        invalid(
          `parameterTypes.${name}`,
          `'${String(type)}' is not a HOT parameter type (${HEAT_PARAMETER_TYPES.join(', ')})`,
          suggestName(String(type), HEAT_PARAMETER_TYPES),
        )
      }
      parameterTypes.set(name, type)
    }
  }

  if (options.initial !== undefined && !isMapping(options.initial))
    invalid('initial', 'must be a mapping of environment sections')
  const initial =
    options.initial !== undefined
      ? cloneOwned(options.initial as Mapping)
      : mode === 'server'
        ? defaultEnvironment()
        : {}

  return { mode, templates: [...templates], parameterTypes, initial }
}

/**
 * The template files `heat.template` names, read with the entry's own files (so they are part of its
 * fingerprint). A malformed option names none here: resolveHeatOptions reports it.
 */
export function templatePaths(raw: HeatOptions | undefined): readonly string[] {
  const template = isMapping(raw) ? raw.template : undefined
  const paths = typeof template === 'string' ? [template] : template
  return Array.isArray(paths) && paths.every((path) => typeof path === 'string' && path !== '') ? paths : []
}
