// What `npm run build` reads, as one hash: build.mjs records it beside the output (.tmp/build.stamp),
// and the tests' global setup (test/setup/build.ts) builds again only when it changed, so the tests
// that run dist/ always run what the sources say, and a run after `npm install` builds nothing.
import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'

export const REPO = fileURLToPath(new URL('..', import.meta.url))
export const BUILD_STAMP = join(REPO, '.tmp/build.stamp')

const PACKAGES = ['.', 'packages/core', 'packages/cli']
const FOLDERS = ['src', 'packages/core/src', 'packages/cli/src', 'schema']
const FILES = [
  'tsconfig.json',
  'scripts/build.mjs',
  ...PACKAGES.flatMap((dir) => [`${dir}/package.json`, `${dir}/tsdown.config.ts`]),
]

/** A file of each package that a build writes (a missing one means dist/ was deleted). */
export const BUILD_OUTPUTS = PACKAGES.map((dir) => join(REPO, dir, 'dist/index.js'))

function walk(dir) {
  if (!existsSync(dir)) return []
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    return entry.isDirectory() ? walk(path) : [path]
  })
}

/** The hash of every file the build reads (sources, configs, manifests), paths included. */
export function hashBuildInputs() {
  const files = [...FOLDERS.flatMap((dir) => walk(join(REPO, dir))), ...FILES.map((file) => join(REPO, file))]
  const hash = createHash('sha256')
  for (const file of files.filter((f) => existsSync(f)).sort()) {
    hash
      .update(`${relative(REPO, file)}\0`)
      .update(readFileSync(file))
      .update('\0')
  }
  return hash.digest('hex')
}
