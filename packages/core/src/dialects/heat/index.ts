// The Heat dialect: an entry's documents are OpenStack Heat environment files, merged as Heat's
// merge_environments does (or as python-heatclient's deep_update does, `heat.mode: 'heatclient'`).
import { dirname } from 'node:path'
import { layerDocuments, recordLayers } from '../layers.ts'
import { defineDialect } from '../types.ts'
import type { DialectContext } from '../types.ts'
import { mergeClientEnvironments } from './client.ts'
import { HEAT_CODES } from './codes.ts'
import { HEAT_OPTION_KEYS, resolveHeatOptions, templatePaths } from './options.ts'
import { resolveParameterSchema } from './schema.ts'
import { detectHeat, isTemplateDocument } from './sections.ts'
import { mergeEnvironments } from './server.ts'
import type { HeatOptions } from './types.ts'

export type { HeatMode, HeatOptions, HeatParameterType } from './types.ts'

function renderHeat(docs: ReturnType<typeof layerDocuments>, context: DialectContext<HeatOptions>): unknown {
  const { options, report } = context
  // Option problems point at the entry file, the only place options relate to.
  const heat = resolveHeatOptions(
    context.dialectOptions,
    { file: context.entry, position: { line: 1, column: 1 }, chain: [] },
    report,
  )
  const templates = docs.filter(isTemplateDocument)
  const environments = docs.filter((doc) => !isTemplateDocument(doc))
  // Registry paths are relative to the entry's folder once merged (registry-paths.ts).
  const entryDir = dirname(context.entry)
  if (heat.mode === 'heatclient') return mergeClientEnvironments(environments, heat.initial, entryDir, report)
  // With no environment files Heat returns the initial environment untouched.
  if (docs.length === 0) return heat.initial
  const schema = resolveParameterSchema(heat, templates, environments, context)
  if (environments.length === 0) return heat.initial
  return mergeEnvironments(environments, { schema, initial: heat.initial, root: options.root, entryDir, report })
}

export const heatDialect = defineDialect<'heat', HeatOptions, undefined, typeof HEAT_CODES>({
  name: 'heat',
  // Heat's loaders are PyYAML's (YAML 1.1).
  yamlVersion: '1.1',
  query: [],
  optionKeys: HEAT_OPTION_KEYS,
  flags: [
    {
      flag: 'heat-template',
      option: 'template',
      value: '<file>',
      description: 'Heat: a HOT template whose parameters declare the types (repeatable)',
      kind: 'list',
      path: true,
    },
    {
      flag: 'heat-mode',
      option: 'mode',
      value: '<server|heatclient>',
      description: "Heat: whose merge to reproduce (default: server, Heat's merge_environments)",
    },
    {
      flag: 'heat-parameter-type',
      option: 'parameterTypes',
      value: '<name=type>',
      description: 'Heat: a parameter type, over the templates (repeatable)',
      kind: 'pairs',
    },
    {
      flag: 'heat-initial',
      option: 'initial',
      value: '<file.yaml>',
      description: 'Heat: the environment before the files are merged (request-level parameters)',
      kind: 'yaml-file',
      path: true,
    },
  ],
  codes: HEAT_CODES,
  recordsPerValue: false,
  yaml11Reader: { reader: 'PyYAML', system: 'Heat' },
  detect: detectHeat,
  directiveKeys: ['parameter_merge_strategies', 'parameter_defaults', 'resource_registry'],
  dependencies: templatePaths,
  render(parts, context) {
    const docs = layerDocuments(parts, 'heat', context)
    const value = renderHeat(docs, context)
    recordLayers(context, docs, value, 'heat')
    return { value }
  },
})
