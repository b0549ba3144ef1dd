// Heat's merge, loaded with the first Heat entry (its registry entry, index.ts, imports it).
import { dirname } from 'node:path'
import { layerDocuments, recordLayers } from '../layers.ts'
import type { DialectContext, DialectMerge } from '../types.ts'
import { mergeClientEnvironments } from './client.ts'
import { resolveHeatOptions } from './options.ts'
import { resolveParameterSchema } from './schema.ts'
import { isTemplateDocument } from './sections.ts'
import { mergeEnvironments } from './server.ts'
import type { HeatOptions } from './types.ts'

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

export const heatMerge: DialectMerge<HeatOptions, undefined> = {
  render(parts, context) {
    const docs = layerDocuments(parts, 'heat', context)
    const value = renderHeat(docs, context)
    recordLayers(context, docs, value, 'heat')
    return { value }
  },
}
