// Vite: its resolved config gives the root, mode and cache folder. A build runs on Rolldown (see
// rolldown.ts). The dev server needs more: its watcher for paths `addWatchFile` cannot take, a
// `transform` that registers dependencies again, and `hotUpdate` for changes to layers.
import { existsSync } from 'node:fs'
import type { EnvironmentModuleNode, HotUpdateOptions, ResolvedConfig } from 'vite'
import type { Dependencies } from '../plugin/dependencies.ts'
import { parseEntryId } from '../plugin/entry-id.ts'
import type { EntryOutcome } from '../plugin/entry-module.ts'
import type { IdFilter } from '../plugin/id-filter.ts'
import type { Inspector } from '../inspector/server.ts'
import { createServeGuard } from '../plugin/serve-access.ts'
import type { ServeRules } from '../plugin/serve-access.ts'
import { createDefaultHost, isOneOffBuild } from './default.ts'
import { recoverDroppedChanges } from './dropped-changes.ts'
import type { Host, HostParts, LoadContext } from './host.ts'
import { chainFromResolvedImports, chainFromViteModuleGraph, viteClientBuild } from './client-build.ts'
import { dropOwnTimings, watchOnRolldown } from './rolldown.ts'

/** A file watcher that takes any path, existing or not: the Vite dev server's. */
interface PathWatcher {
  add(path: string): unknown
}

/**
 * Watches an entry's dependencies in Vite dev, where `addWatchFile` makes the path an import of the
 * module, which must resolve: folders and missing files go to the dev server's watcher.
 */
function watchInDev(
  context: Pick<LoadContext, 'addWatchFile'>,
  deps: Dependencies,
  devWatcher: PathWatcher,
  exists: (path: string) => boolean,
): void {
  for (const file of deps.files) {
    if (exists(file)) context.addWatchFile(file)
    else devWatcher.add(file)
  }
  for (const dir of deps.dirs) devWatcher.add(dir)
}

/**
 * Vite's `server.fs` rules. Vite 7 and 8 export their own check (`isFileLoadingAllowed`), which the
 * guard asks; Vite 6 exports none, so the guard applies the rules itself, with what Vite's check also
 * reads off the resolved config where it has them (internal fields): its compiled deny matcher
 * (`fsDenyGlob`, checked besides ours) and the files its served modules import (`safeModulePaths`,
 * served outside `allow`). `import('vite')` only here: a plugin for another bundler never loads it.
 */
async function serveRulesOf(config: ResolvedConfig): Promise<ServeRules> {
  const { strict, allow, deny } = config.server.fs
  const vite = (await import('vite').catch(() => undefined)) as { isFileLoadingAllowed?: unknown } | undefined
  if (typeof vite?.isFileLoadingAllowed === 'function') {
    const isFileLoadingAllowed = vite.isFileLoadingAllowed as (config: ResolvedConfig, path: string) => boolean
    return { strict, allow, deny, loadable: (path) => isFileLoadingAllowed(config, path) }
  }
  const { fsDenyGlob, safeModulePaths } = config as { fsDenyGlob?: unknown; safeModulePaths?: unknown }
  const denied = typeof fsDenyGlob === 'function' ? (fsDenyGlob as (path: string) => boolean) : undefined
  const safe = safeModulePaths instanceof Set ? (path: string) => safeModulePaths.has(path) : undefined
  return { strict, allow, deny, denied, safe }
}

const servedAs = (outcome: EntryOutcome): string => (outcome.ok ? outcome.code : outcome.error.message)

export function createViteHost({ info, options, idFilter, graph, exists, render, finish }: HostParts): Host {
  /** The dev server's file watcher, when serving. */
  let devWatcher: PathWatcher | undefined
  /** The inspector page (`/__merged-yaml/`), when serving with the `inspector` option. */
  let inspector: Inspector | undefined
  /** What each module id was last served as (code or error text), for "did it change?". */
  const served = new Map<string, string>()

  // Vite dev drops `addWatchFile` from `load` on a module's first load (vitejs/vite#18103):
  // registering the dependencies again from `transform` makes Vite watch them. Builds (with or
  // without --watch) keep what `load` registered and need no transform: there, configResolved
  // gives it a filter that matches nothing, so Rolldown does not call into JavaScript once per
  // entry for nothing (~8% of a 200-entry build).
  const devTransform = {
    filter: { id: idFilter } as { id: IdFilter | { exclude: RegExp[] } },
    handler(this: { addWatchFile(file: string): void }, _code: string, id: string) {
      if (devWatcher) watchInDev(this, graph.get(id), devWatcher, existsSync)
      return null
    },
  }

  /** Renders an entry module again: whether its code (or its error) is not what was served. */
  const changed = async (id: string): Promise<boolean> => {
    const entry = parseEntryId(id)
    return entry !== undefined && servedAs(await render(id, entry)) !== served.get(id)
  }

  /**
   * A change to a file an entry read (an included layer, an optional file appearing) updates that
   * entry's modules, so their importers hot-update; a file created or deleted in a glob folder does
   * when it changes the entry's output (not for an editor's swap file). Vite alone would not know: a
   * layer is not a module, and `addWatchFile` from `load` is lost on a module's first load in Vite
   * dev (vitejs/vite#18103).
   */
  async function hotUpdate(
    this: { environment: { moduleGraph: { getModuleById(id: string): EnvironmentModuleNode | undefined } } },
    options: HotUpdateOptions,
  ) {
    const ids = new Set(graph.readers(options.file))
    if (options.type !== 'update')
      for (const id of graph.searchers(options.file)) if (!ids.has(id) && (await changed(id))) ids.add(id)
    if (ids.size === 0) return
    const modules = new Set(options.modules)
    for (const id of ids) {
      const module = this.environment.moduleGraph.getModuleById(id)
      if (module) modules.add(module)
    }
    return [...modules]
  }

  return {
    ...createDefaultHost(
      {
        vite: {
          async configResolved(config) {
            info.root = config.root
            info.mode = config.mode
            info.serving = config.command === 'serve'
            info.cacheDir = config.cacheDir
            // What Vite serves, includes may read: by default the workspace root (searchForWorkspaceRoot).
            info.allow = config.server.fs.allow
            // A request reaches `load` whatever its query: the plugin reads only what Vite would serve.
            info.serveGuard = info.serving ? createServeGuard(await serveRulesOf(config)) : undefined
            if (!info.serving) devTransform.filter = { id: { exclude: [/[\s\S]*/] } }
          },
          async configureServer(server) {
            devWatcher = server.watcher
            // A layer's second write within 50 ms of its first would go unseen (dropped-changes.ts).
            recoverDroppedChanges(server.watcher, (file) => graph.readers(file).length > 0)
            // Only a dev server has it: configureServer is never called in a build. Loaded then (Vite awaits it).
            if (!options.inspector) return
            const { installInspector } = await import('../inspector/server.ts')
            inspector = await installInspector(server, { options, info })
          },
          transform: devTransform,
          hotUpdate,
          // Vite 8 builds on Rolldown: see rolldown.ts.
          onLog: dropOwnTimings,
          // Called once the output is generated, even when a build writes nothing (see rolldown.ts).
          closeBundle: finish,
        },
        // Vite prints `loc` as it is in its headers (`file:line:column`, and its overlay's editor link,
        // which counts from 1), on Rolldown (Vite 8) and on Rollup (Vite 6 and 7) alike.
      },
      1,
    ),
    finishesAtClose: true,
    clientBuild: viteClientBuild,
    importChain: (context, id) =>
      info.serving ? chainFromViteModuleGraph(context, id) : chainFromResolvedImports(context, id),
    watch(context, deps) {
      if (devWatcher) watchInDev(context, deps, devWatcher, exists)
      else if (!isOneOffBuild(context)) watchOnRolldown(context, deps, exists)
    },
    served(id, outcome) {
      if (!info.serving) return
      served.set(id, servedAs(outcome))
      inspector?.loaded(id)
    },
  }
}
