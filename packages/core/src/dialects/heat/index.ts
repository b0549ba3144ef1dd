// The Heat dialect: an entry's documents are OpenStack Heat environment files, merged as Heat's
// merge_environments does (or as python-heatclient's deep_update does, `heat.mode: 'heatclient'`).
import { dirname } from 'node:path'
import type { Dialect } from '../types.ts'
import { mergeClientEnvironments } from './client.ts'
import { resolveHeatOptions } from './options.ts'
import type { OptionSite } from './options.ts'
import { resolveParameterSchema } from './schema.ts'
import { detectHeat, isTemplateDocument } from './sections.ts'
import { mergeEnvironments } from './server.ts'

export type { HeatMode, HeatOptions, HeatParameterType } from './types.ts'

/** Option problems point at the entry file, the only place options relate to. */
function optionSite(entry: string): OptionSite {
  return { file: entry, position: { line: 1, column: 1 }, chain: [] }
}

export const heatDialect: Dialect = {
  name: 'heat',
  // Heat's loaders are PyYAML's (YAML 1.1).
  yamlVersion: '1.1',
  detect: detectHeat,
  render(docs, context) {
    const { options, report } = context
    const site = optionSite(context.entry)
    const heat = resolveHeatOptions(options.raw.heat, site, report)
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
  },
}
