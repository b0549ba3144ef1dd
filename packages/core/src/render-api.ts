// The public API's renders (index.ts): every dialect's merge and gather hook imported with them, because
// renderSync() and PreparedEntry.render() cannot await one. The plugin takes render.ts's own through internal.ts
// (`loadPipeline`), whose renderAsync() loads a dialect's merge on the first entry of that dialect.
import { cloudInitMerge } from './dialects/cloud-init/dialect-merge.ts'
import { datumMerge } from './dialects/datum/dialect-merge.ts'
import { gatherStore } from './dialects/datum/store/gather-store.ts'
import { deckhandMerge } from './dialects/deckhand/dialect-merge.ts'
import { heatMerge } from './dialects/heat/dialect-merge.ts'
import { provideGathers, provideMerges } from './dialects/registry.ts'
import * as pipeline from './render.ts'
import type { PreparedEntry, RenderHooks, RenderResult } from './render.ts'
import type { RenderOptions } from './render-options.ts'

let provided = false
const provide = (): void => {
  if (provided) return
  provideMerges({ 'cloud-init': cloudInitMerge, datum: datumMerge, deckhand: deckhandMerge, heat: heatMerge })
  provideGathers({ datum: { gather: gatherStore } })
  provided = true
}

/** The first half of renderSync: reads the entry's files. Throws only MergedYamlError. */
export function prepareEntry(entry: string, options?: RenderOptions, hooks?: RenderHooks): PreparedEntry {
  provide()
  return pipeline.prepareEntry(entry, options, hooks)
}

/** `render()` without the promise: the engine itself is synchronous. Throws only MergedYamlError. */
export function renderSync(entry: string, options?: RenderOptions, hooks?: RenderHooks): RenderResult {
  provide()
  return pipeline.renderSync(entry, options, hooks)
}

/**
 * Renders a `*.merged.yaml` entry: gathers its parts and merges them. Resolves with the merged value,
 * the files read and the warnings; rejects with a MergedYamlError carrying located diagnostics.
 */
export function render(entry: string, options?: RenderOptions, hooks?: RenderHooks): Promise<RenderResult> {
  provide()
  return pipeline.render(entry, options, hooks)
}
