// The exported names of the project's modules that no other module imports: an export is a promise
// to a reader that something elsewhere uses it. The packages' entries (their tsdown `entry` lists)
// are the public API and exempt; tests count as importers (a module's test may reach its internals).
import { readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { readSources, REPO, SOURCE_ROOTS } from './source-files.ts'
import type { SourceFile } from './source-files.ts'

/** The modules each package's build takes as entries (repository-relative). */
export function entryModules(): Set<string> {
  const packages = ['.', 'packages/core', 'packages/cli']
  return new Set(
    packages.flatMap((dir) => {
      const config = readFileSync(join(REPO, dir, 'tsdown.config.ts'), 'utf8')
      const entry = /\bentry:\s*\[([^\]]*)\]/.exec(config)![1]!
      return [...entry.matchAll(/'(src\/[^']+\.ts)'/g)].map((m) => relative(REPO, join(REPO, dir, m[1]!)))
    }),
  )
}

const DECLARED =
  /^export\s+(?:declare\s+)?(?:async\s+)?(?:const|let|function\*?|class|type|interface|enum)\s+([A-Za-z_$][\w$]*)/gm
const LISTED = /^export\s+(?:type\s+)?\{([^}]*)\}(?!\s*from)/gm
const FROM = /(?:^|\n)\s*(import|export)\s+(type\s+)?([^'";]*?)\s*from\s+'([^']+)'/g

/** The names a module exports by declaration or by a local `export { … }` list (re-exports aside). */
function exportedNames(file: SourceFile): string[] {
  const names = [...file.text.matchAll(DECLARED)].map((m) => m[1]!)
  for (const m of file.text.matchAll(LISTED)) {
    for (const item of m[1]!.split(',')) {
      const name = item
        .trim()
        .replace(/^type\s+/, '')
        .split(/\s+as\s+/)
        .at(-1)!
        .trim()
      if (name) names.push(name)
    }
  }
  return names
}

/** Where an import specifier lands (a relative path, or one of the engine's package entries). */
function target(from: string, specifier: string): string | undefined {
  if (specifier === '@merged-yaml/core') return 'packages/core/src/index.ts'
  if (specifier === '@merged-yaml/core/internal') return 'packages/core/src/internal.ts'
  if (!specifier.startsWith('.')) return undefined
  return relative(REPO, resolve(dirname(join(REPO, from)), specifier))
}

/** `{ a, type b, c as d }` → the imported names (`a`, `b`, `c`); `*` for a namespace. */
function importedNames(clause: string): string[] {
  if (/\*\s+as\s+/.test(clause) || clause.trim() === '*') return ['*']
  const braces = /\{([^}]*)\}/.exec(clause)
  if (!braces) return []
  return braces[1]!
    .split(',')
    .map((item) =>
      item
        .trim()
        .replace(/^type\s+/, '')
        .split(/\s+as\s+/)[0]!
        .trim(),
    )
    .filter(Boolean)
}

/** `path: name` for each export of a non-entry module that no other module (source or test) imports. */
export function unimportedExports(): string[] {
  const sources = readSources()
  const importers = [...sources, ...readSources(['test', 'scripts', 'bench']).filter((f) => f.path.endsWith('.ts'))]
  const used = new Map<string, Set<string>>()
  for (const file of importers) {
    for (const m of file.text.matchAll(FROM)) {
      const landed = target(file.path, m[4]!)
      if (landed === undefined || landed === file.path) continue
      const names = used.get(landed) ?? new Set<string>()
      for (const name of importedNames(m[3]!)) names.add(name)
      used.set(landed, names)
    }
    // `import('./module.ts')` takes the module's namespace: a module loaded on first use (the pipeline, a
    // dialect's merge) hands every export to whoever awaited it.
    for (const m of file.text.matchAll(/\bimport\(\s*'([^']+)'\s*\)/g)) {
      const landed = target(file.path, m[1]!)
      if (landed !== undefined && landed !== file.path) used.set(landed, new Set(['*']))
    }
  }
  const entries = entryModules()
  return sources
    .filter((file) => SOURCE_ROOTS.some((root) => file.path.startsWith(`${root}/`)) && !entries.has(file.path))
    .flatMap((file) => {
      const names = used.get(file.path) ?? new Set()
      if (names.has('*')) return []
      return exportedNames(file)
        .filter((name) => !names.has(name))
        .map((name) => `${file.path}: ${name}`)
    })
}
