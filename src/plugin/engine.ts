// The engine's pipeline, loaded on the plugin's first entry: loading the plugin in a bundler config
// loads none of it (only the option check, the error class and the dialects' registry entries, from
// `@merged-yaml/core/internal`). Each dialect's merge then loads on the first entry of that dialect.
import { realpathSync, statSync } from 'node:fs'
import { loadPipeline } from '@merged-yaml/core/internal'
import type { Pipeline } from '@merged-yaml/core/internal'
import type { RenderCache } from '@merged-yaml/core'

export interface LazyEngine {
  /** Whether the pipeline is loaded: `pipeline()` and `renderCache()` may be called. */
  readonly loaded: boolean
  /** Loads the pipeline (once) and makes the render cache. */
  load(): Promise<void>
  pipeline(): Pipeline
  /** One per plugin instance: a build reads and parses each shared layer once, a rebuild only what changed. */
  renderCache(): RenderCache
  /** A build's start and end (the render cache's lookups, shared by its entries), told before the load too. */
  beginBuild(): void
  endBuild(): void
  /** Whether a path exists: through the render cache once loaded (once per build), else asked of the disk. */
  exists(path: string): boolean
  /** A path's real path: through the render cache once loaded (once per build), else asked of the disk. */
  realpath(path: string): string
}

export function createLazyEngine(): LazyEngine {
  let loaded: { pipeline: Pipeline; cache: RenderCache } | undefined
  let loading: Promise<void> | undefined
  let inBuild = false
  const current = () => {
    // A bug of the plugin's: every path that renders awaits load() first.
    if (!loaded) throw new Error("merged-yaml: the engine's pipeline is not loaded")
    return loaded
  }
  return {
    get loaded() {
      return loaded !== undefined
    },
    load() {
      loading ??= loadPipeline().then((pipeline) => {
        const cache = pipeline.createRenderCache()
        if (inBuild) cache.beginBuild()
        loaded = { pipeline, cache }
      })
      return loading
    },
    pipeline: () => current().pipeline,
    renderCache: () => current().cache,
    beginBuild() {
      inBuild = true
      loaded?.cache.beginBuild()
    },
    endBuild() {
      inBuild = false
      loaded?.cache.endBuild()
    },
    realpath: (path) => (loaded ? loaded.cache.realpath(path) : realpathSync.native(path)),
    exists(path) {
      try {
        if (loaded) loaded.cache.stat(path)
        else statSync(path)
        return true
      } catch {
        return false
      }
    },
  }
}
