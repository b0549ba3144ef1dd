// The project's own TypeScript sources and their relative imports, read as text.
import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'

export const REPO = resolve(import.meta.dirname, '../..')

/** The source rooms: the engine, the CLI and the plugin. */
export const SOURCE_ROOTS = ['packages/core/src', 'packages/cli/src', 'src']

export interface SourceFile {
  /** Relative to the repository, with forward slashes. */
  path: string
  text: string
  /** The repository-relative paths it imports (type-only imports included). */
  imports: string[]
}

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return walk(path)
    return entry.name.endsWith('.ts') ? [path] : []
  })
}

const IMPORT = /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s+'(\.{1,2}\/[^']+)'/g

export function readSources(roots: readonly string[] = SOURCE_ROOTS): SourceFile[] {
  return roots.flatMap((root) =>
    walk(join(REPO, root)).map((file) => {
      const text = readFileSync(file, 'utf8')
      const imports = [...text.matchAll(IMPORT)].map((m) => relative(REPO, resolve(dirname(file), m[1]!)))
      return { path: relative(REPO, file), text, imports }
    }),
  )
}

/** The import cycles among `files`, each as the list of files around it (one per strongly connected group). */
export function findCycles(files: readonly SourceFile[]): string[][] {
  const graph = new Map(files.map((f) => [f.path, f.imports.filter((i) => i !== f.path)]))
  // Tarjan's strongly connected components.
  let index = 0
  const indices = new Map<string, number>()
  const lowlink = new Map<string, number>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const groups: string[][] = []
  const visit = (node: string): void => {
    indices.set(node, index)
    lowlink.set(node, index)
    index++
    stack.push(node)
    onStack.add(node)
    for (const next of graph.get(node) ?? []) {
      if (!graph.has(next)) continue
      if (!indices.has(next)) {
        visit(next)
        lowlink.set(node, Math.min(lowlink.get(node)!, lowlink.get(next)!))
      } else if (onStack.has(next)) lowlink.set(node, Math.min(lowlink.get(node)!, indices.get(next)!))
    }
    if (lowlink.get(node) === indices.get(node)) {
      const group: string[] = []
      let member: string
      do {
        member = stack.pop()!
        onStack.delete(member)
        group.push(member)
      } while (member !== node)
      if (group.length > 1) groups.push(group.sort())
    }
  }
  for (const node of graph.keys()) if (!indices.has(node)) visit(node)
  return groups
}
