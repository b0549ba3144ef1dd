// The parameter types Heat's merge is directed by (`Template.all_param_schemata`): declared by HOT
// templates or `heat.parameterTypes`, or — when the entry declares nothing — inferred from the values.
import type { Reporter } from '../../reporter.ts'
import type { SourceDocument } from '../../source-document.ts'
import { suggestName } from '../../suggest.ts'
import type { DialectContext } from '../types.ts'
import type { ResolvedHeatOptions } from './options.ts'
import { isMapping } from '../../values.ts'
import type { Mapping } from './python.ts'
import { PARAMETER_SECTIONS } from './sections.ts'
import { loadTemplateFile } from './template-file.ts'
import { HEAT_PARAMETER_TYPES } from './types.ts'
import type { HeatParameterType } from './types.ts'

export interface ParameterSchema {
  types: Map<string, HeatParameterType>
  /** No declaration was given: every parameter's type comes from its first non-null value. */
  inferred: boolean
}

/** Adds the `parameters:` declarations of a HOT template; names already declared keep their type. */
function declareFromTemplate(doc: SourceDocument, types: Map<string, HeatParameterType>, report: Reporter): void {
  const invalid = (message: string, path: (string | number)[]): never =>
    report.fail({ code: 'MY_HEAT_INVALID_TEMPLATE', message, doc, path })
  if (!isMapping(doc.value)) invalid('a HOT template must be a mapping', [])
  const parameters = (doc.value as Mapping).parameters
  if (parameters === undefined || parameters === null) return
  if (!isMapping(parameters))
    invalid("the template's 'parameters' must map parameter names to their declarations", ['parameters'])
  for (const [name, declaration] of Object.entries(parameters as Mapping)) {
    const type = isMapping(declaration) ? declaration.type : undefined
    if (typeof type !== 'string') {
      invalid(
        `parameter '${name}' declares no type (HOT requires 'type: string|number|comma_delimited_list|json|boolean')`,
        ['parameters', name],
      )
    }
    if (!HEAT_PARAMETER_TYPES.includes(type as HeatParameterType)) {
      const suggestion = suggestName(type as string, HEAT_PARAMETER_TYPES)
      report.fail({
        code: 'MY_HEAT_UNKNOWN_TYPE',
        message: `'${String(type)}' is not a HOT parameter type (${HEAT_PARAMETER_TYPES.join(', ')})`,
        doc,
        path: ['parameters', name, 'type'],
        ...(suggestion ? { suggestion } : {}),
      })
    }
    if (!types.has(name)) types.set(name, type as HeatParameterType)
  }
}

export function inferParameterType(value: unknown): HeatParameterType {
  if (typeof value === 'string') return 'string'
  if (typeof value === 'number') return 'number'
  if (typeof value === 'boolean') return 'boolean'
  if (Array.isArray(value)) return 'comma_delimited_list'
  return 'json'
}

function inferFrom(section: unknown, types: Map<string, HeatParameterType>): void {
  if (!isMapping(section)) return
  for (const [name, value] of Object.entries(section)) {
    if (value !== null && !types.has(name)) types.set(name, inferParameterType(value))
  }
}

export function resolveParameterSchema(
  heat: ResolvedHeatOptions,
  templateParts: readonly SourceDocument[],
  environments: readonly SourceDocument[],
  context: DialectContext,
): ParameterSchema {
  const { report } = context
  const types = new Map<string, HeatParameterType>(heat.parameterTypes)
  for (const path of heat.templates) declareFromTemplate(loadTemplateFile(path, context), types, report)
  for (const doc of templateParts) declareFromTemplate(doc, types, report)
  const declared = heat.parameterTypes !== undefined || heat.templates.length > 0 || templateParts.length > 0
  if (declared) return { types, inferred: false }
  // Heat's own order of visits: the initial environment, then each file's sections as written.
  for (const section of PARAMETER_SECTIONS) inferFrom(heat.initial[section], types)
  for (const doc of environments) {
    if (!isMapping(doc.value)) continue
    for (const [section, value] of Object.entries(doc.value)) {
      if (PARAMETER_SECTIONS.includes(section)) inferFrom(value, types)
    }
  }
  return { types, inferred: true }
}
