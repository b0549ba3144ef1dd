// Which files each entry module read, and the Vite HMR glue built on that map.
import { resolve } from 'node:path'
import type { EnvironmentModuleNode, HotUpdateOptions, Plugin as VitePlugin } from 'vite'

/** Paths are compared resolved and with forward slashes (Vite reports files that way on Windows too). */
const key = (file: string): string => resolve(file).replaceAll('\\', '/')

export interface DependencyGraph {
  /** Records the files an entry module depends on, replacing what it depended on before. */
  set(id: string, files: Iterable<string>): void
  /** The files an entry module depends on (itself included). */
  filesOf(id: string): string[]
  /** The entry modules (ids, queries included) that depend on a file. */
  entriesOf(file: string): string[]
}

export function createDependencyGraph(): DependencyGraph {
  const filesByEntry = new Map<string, Set<string>>()
  const entriesByFile = new Map<string, Set<string>>()
  return {
    set(id, files) {
      for (const file of filesByEntry.get(id) ?? []) entriesByFile.get(key(file))?.delete(id)
      const next = new Set(files)
      filesByEntry.set(id, next)
      for (const file of next) {
        const entries = entriesByFile.get(key(file)) ?? new Set()
        entries.add(id)
        entriesByFile.set(key(file), entries)
      }
    },
    filesOf(id) {
      return [...(filesByEntry.get(id) ?? [])]
    },
    entriesOf(file) {
      return [...(entriesByFile.get(key(file)) ?? [])]
    },
  }
}

/**
 * Vite's `hotUpdate`: a change to any file an entry read (an included layer, a glob match, an
 * optional file appearing) updates that entry's modules, so their importers hot-update. Vite alone
 * would not know: a layer is not a module, and `addWatchFile` from `load` is lost on first load in
 * Vite dev (vitejs/vite#18103).
 */
export function createHotUpdate(graph: DependencyGraph): NonNullable<VitePlugin['hotUpdate']> {
  return function hotUpdate(this: { environment: { moduleGraph: { getModuleById(id: string): EnvironmentModuleNode | undefined } } }, options: HotUpdateOptions) {
    const ids = graph.entriesOf(options.file)
    if (ids.length === 0) return
    const modules = new Set(options.modules)
    for (const id of ids) {
      const module = this.environment.moduleGraph.getModuleById(id)
      if (module) modules.add(module)
    }
    return [...modules]
  }
}
