// The Heat dialect: an entry's documents are OpenStack Heat environment files, merged as Heat's
// merge_environments does (or as python-heatclient's deep_update does, `heat.mode: 'heatclient'`).
import type { SourceDocument } from '../../source.ts'
import type { Dialect } from '../types.ts'
import { mergeClientEnvironments } from './client.ts'
import { resolveHeatOptions } from './options.ts'
import type { OptionSite } from './options.ts'
import { resolveParameterSchema } from './schema.ts'
import { detectHeat, isTemplateDocument } from './sections.ts'
import { mergeEnvironments } from './server.ts'
import { rejectUnparsableParts } from './skipped.ts'

export type { HeatMode, HeatOptions, HeatParameterType } from './types.ts'

/** Option problems point at the entry file, the only place options relate to. */
function optionSite(docs: readonly SourceDocument[], root: string): OptionSite {
  const first = docs[0]
  const file = first ? (first.chain[0]?.file ?? first.file) : root
  return { file, position: { line: 1, column: 1 }, chain: [] }
}

export const heatDialect: Dialect = {
  name: 'heat',
  detect: detectHeat,
  render(docs, { options, report }) {
    rejectUnparsableParts(report)
    const site = optionSite(docs, options.root)
    const heat = resolveHeatOptions(options.raw.heat, site, report)
    const templates = docs.filter(isTemplateDocument)
    const environments = docs.filter((doc) => !isTemplateDocument(doc))
    if (heat.mode === 'heatclient') return mergeClientEnvironments(environments, heat.initial, report)
    // Template paths are relative to the entry, which an entry without documents does not reveal;
    // and with no environment files Heat returns the initial environment untouched.
    if (docs.length === 0) return heat.initial
    const schema = resolveParameterSchema(heat, templates, environments, site, options, report)
    if (environments.length === 0) return heat.initial
    return mergeEnvironments(environments, { schema, initial: heat.initial, root: options.root, report })
  },
}
