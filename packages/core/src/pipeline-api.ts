// What the plugin imports on its first entry (internal.ts's `loadPipeline`): the pipeline, the render
// cache, and each dialect's merge loaded on the first entry of that dialect (`loadDialect`, for an entry
// the plugin serves from its disk cache without rendering), each gather hook on the first entry whose
// options ask it to read (`loadGathers`, awaited before `prepareEntry`).
import { findDialect, loadMerge } from './dialects/registry.ts'

export { loadGathers } from './dialects/registry.ts'

export { prepareEntry, render } from './render.ts'
export { createRenderCache } from './render-cache.ts'

/** Loads the merge of the dialect named (an unknown name loads nothing: the render reports it). */
export async function loadDialect(name: string): Promise<void> {
  const dialect = findDialect(name)
  if (dialect) await loadMerge(dialect)
}
