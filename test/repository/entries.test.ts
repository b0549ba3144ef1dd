// Each package's manifest (`exports`, `bin`) and its build (tsdown.config.ts `entry`) name the same
// modules: a subpath added without its entry would publish a missing file (the packaging test, which
// needs the npm registry, would be the first to notice), an entry without a subpath builds a module
// nobody can import. And the CLI and the plugin depend on the engine at its exact version.
import { readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

const REPO = resolve(import.meta.dirname, '../..')

/** The strings at the leaves of a manifest field. */
const leaves = (field: unknown): string[] =>
  typeof field === 'string'
    ? [field]
    : typeof field === 'object' && field !== null
      ? Object.values(field).flatMap(leaves)
      : []

/** The built modules a package's manifest names (`./dist/vite.js` → `vite`). */
function exportedModules(dir: string): string[] {
  const manifest = JSON.parse(readFileSync(join(REPO, dir, 'package.json'), 'utf8'))
  const built = leaves([manifest.exports, manifest.bin]).filter((file) => /^\.\/dist\/.+\.js$/.test(file))
  return [...new Set(built.map((file) => file.slice('./dist/'.length, -'.js'.length)))].sort()
}

/** The modules a package's tsdown.config.ts builds (`'src/vite.ts'` → `vite`). */
function builtModules(dir: string): string[] {
  const config = readFileSync(join(REPO, dir, 'tsdown.config.ts'), 'utf8')
  const entry = /\bentry:\s*\[([^\]]*)\]/.exec(config)![1]!
  return [...entry.matchAll(/'src\/([^']+)\.ts'/g)].map((m) => m[1]!).sort()
}

describe.each(['.', 'packages/core', 'packages/cli'])('the package in %s', (dir) => {
  it('exports every module it builds, and builds every module it exports', () => {
    expect(builtModules(dir).length).toBeGreaterThan(0)
    expect(exportedModules(dir)).toEqual(builtModules(dir))
  })
})

describe('the engine', () => {
  it('is a dependency of the CLI and the plugin at its exact version (its internal entry has no semver promise)', () => {
    const manifest = (dir: string) => JSON.parse(readFileSync(join(REPO, dir, 'package.json'), 'utf8'))
    const core = manifest('packages/core').version
    for (const dir of ['.', 'packages/cli']) expect(manifest(dir).dependencies['@merged-yaml/core'], dir).toBe(core)
  })
})
