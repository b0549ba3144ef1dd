// What each entry module depends on: files, and folders where globs look. The hosts (hosts/) make
// their bundler watch them; Vite's HMR asks the graph which entries a changed file concerns.
import { dirname, resolve, sep } from 'node:path'

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

/** What two renders depend on together, each path once. */
export function mergeDependencies(a: Dependencies, b: Dependencies): Dependencies {
  if (b.files.length === 0 && b.dirs.length === 0) return a
  return { files: [...new Set([...a.files, ...b.files])], dirs: [...new Set([...a.dirs, ...b.dirs])] }
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
  // Entry ids by file read (its key): a dev server asks for every file it sees change, sidecar
  // declarations and the disk cache's writes included, so this is an index, not a search.
  const byFile = new Map<string, Set<string>>()
  return {
    set(id, deps) {
      for (const file of byEntry.get(id)?.files ?? []) byFile.get(key(file))?.delete(id)
      const files = [...new Set(deps.files)]
      byEntry.set(id, { files, dirs: [...new Set(deps.dirs)] })
      for (const file of files) {
        const readers = byFile.get(key(file))
        if (readers) readers.add(id)
        else byFile.set(key(file), new Set([id]))
      }
    },
    get(id) {
      return byEntry.get(id) ?? { files: [], dirs: [] }
    },
    readers(file) {
      return [...(byFile.get(key(file)) ?? [])]
    },
    searchers(file) {
      return [...byEntry].filter(([, deps]) => deps.dirs.some((dir) => inside(file, dir))).map(([id]) => id)
    },
  }
}
