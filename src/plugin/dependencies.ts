// What each entry module depends on (files, and folders where globs look), how to make the
// bundler watch them, and the Vite HMR glue built on that map.
import { existsSync } from 'node:fs'
import { dirname, resolve, sep } from 'node:path'
import type { UnpluginBuildContext, UnpluginContextMeta } from 'unplugin'
import type { EnvironmentModuleNode, HotUpdateOptions, Plugin as VitePlugin } from 'vite'

/** Paths are compared resolved and with forward slashes (Vite reports files that way on Windows too). */
const key = (file: string): string => resolve(file).replaceAll('\\', '/')

const GLOB_CHAR = /[*?[\]{}]/

/** The folder a glob pattern searches from: its path before the first glob character. */
export function globBase(pattern: string): string {
  const prefix = pattern.slice(0, pattern.search(GLOB_CHAR))
  return prefix.endsWith('/') || prefix.endsWith(sep) ? resolve(prefix) : dirname(prefix)
}

export interface Dependencies {
  /** Files read, and files optional includes looked for: a change, creation or deletion matters. */
  files: string[]
  /** Folders glob includes search: a file created or deleted in them may change the entry. */
  dirs: string[]
}

/** The dependencies of a render: its files, and glob folders instead of glob patterns. */
export function dependenciesOf(result: { files: string[]; missing: string[]; globs: string[] }): Dependencies {
  return {
    files: [...result.files, ...result.missing.filter((path) => !GLOB_CHAR.test(path))],
    dirs: [...new Set(result.globs.map(globBase))],
  }
}

export interface DependencyGraph {
  /** Records what an entry module depends on, replacing what it depended on before. */
  set(id: string, deps: Dependencies): void
  get(id: string): Dependencies
  /** The entry modules (ids, queries included) that read a file. */
  readers(file: string): string[]
  /** The entry modules with a glob folder that contains a file. */
  searchers(file: string): string[]
}

const inside = (file: string, dir: string): boolean => key(file).startsWith(`${key(dir)}/`)

export function createDependencyGraph(): DependencyGraph {
  const byEntry = new Map<string, Dependencies>()
  return {
    set(id, deps) {
      byEntry.set(id, { files: [...new Set(deps.files)], dirs: [...new Set(deps.dirs)] })
    },
    get(id) {
      return byEntry.get(id) ?? { files: [], dirs: [] }
    },
    readers(file) {
      const wanted = key(file)
      return [...byEntry].filter(([, deps]) => deps.files.some((f) => key(f) === wanted)).map(([id]) => id)
    },
    searchers(file) {
      return [...byEntry].filter(([, deps]) => deps.dirs.some((dir) => inside(file, dir))).map(([id]) => id)
    },
  }
}

/** A file watcher that takes any path, existing or not: the Vite dev server's. */
export interface PathWatcher {
  add(path: string): unknown
}

/**
 * Makes the bundler watch an entry's dependencies. Folders: webpack and Rspack take them as context
 * dependencies (a file added inside counts); Rollup, Rolldown and Farm's watchers watch a folder's
 * contents; esbuild's come from `watchDirs` (see esbuild-load.ts), as its unplugin context takes
 * files only. Rolldown's watcher cannot watch a file that does not exist yet (an optional include):
 * its folder is watched instead. In Vite dev, `addWatchFile` makes the path an import of the module,
 * which must resolve: folders and missing files go to the dev server's watcher.
 */
export function watchDependencies(
  context: Pick<UnpluginBuildContext, 'addWatchFile'> & Partial<Pick<UnpluginBuildContext, 'getNativeBuildContext'>>,
  deps: Dependencies,
  framework: UnpluginContextMeta['framework'],
  devWatcher?: PathWatcher,
  exists: (path: string) => boolean = existsSync,
): void {
  for (const file of deps.files) {
    const found = exists(file)
    if (devWatcher && !found) devWatcher.add(file)
    else context.addWatchFile(file)
    if ((framework === 'rolldown' || framework === 'vite') && !found && !devWatcher) context.addWatchFile(dirname(file))
  }
  const native = context.getNativeBuildContext?.()
  for (const dir of deps.dirs) {
    if ((native?.framework === 'webpack' || native?.framework === 'rspack') && native.loaderContext)
      native.loaderContext.addContextDependency(dir)
    else if (devWatcher) devWatcher.add(dir)
    else if (framework !== 'esbuild') context.addWatchFile(dir)
  }
}

export interface HotUpdateHelpers {
  graph: DependencyGraph
  /** Renders an entry module again; true when its code (or its error) is not what was served. */
  changed(id: string): boolean
}

/**
 * Vite's `hotUpdate`: a change to a file an entry read (an included layer, an optional file
 * appearing) updates that entry's modules, so their importers hot-update; a file created or deleted
 * in a glob folder does when it changes the entry's output (not for an editor's swap file). Vite
 * alone would not know: a layer is not a module, and `addWatchFile` from `load` is lost on a
 * module's first load in Vite dev (vitejs/vite#18103).
 */
export function createHotUpdate({ graph, changed }: HotUpdateHelpers): NonNullable<VitePlugin['hotUpdate']> {
  return function hotUpdate(
    this: { environment: { moduleGraph: { getModuleById(id: string): EnvironmentModuleNode | undefined } } },
    options: HotUpdateOptions,
  ) {
    const ids = new Set(graph.readers(options.file))
    if (options.type !== 'update')
      for (const id of graph.searchers(options.file)) if (!ids.has(id) && changed(id)) ids.add(id)
    if (ids.size === 0) return
    const modules = new Set(options.modules)
    for (const id of ids) {
      const module = this.environment.moduleGraph.getModuleById(id)
      if (module) modules.add(module)
    }
    return [...modules]
  }
}
