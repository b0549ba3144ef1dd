// The frameworks of the example apps (playground/frameworks/), installed once per checkout (so once
// per CI run) into .tmp/frameworks (gitignored) from this folder's package.json, with npm from the
// registry: about 1,100 packages that stay out of the repository's lockfile. The first test file to
// get here installs, holding a lock folder; the others wait for it. The package itself is linked in
// (node_modules/unplugin-merged-yaml → the repository), as `npm link` would. Not under node_modules/:
// the apps are copied beside the install, and Next.js compiles a page under a node_modules folder as
// a dependency's (no JSX transform).
import { spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { REPO } from '../plugin/bundlers.ts'

export const FRAMEWORKS = join(REPO, '.tmp/frameworks')
const MANIFEST = join(REPO, 'test/frameworks/package.json')
const STAMP = join(FRAMEWORKS, 'installed')
const LOCK = `${FRAMEWORKS}.lock`

const manifestHash = (): string => createHash('sha256').update(readFileSync(MANIFEST)).digest('hex')

const sleep = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms)

/** Installs the frameworks unless done: undefined when ready, else why the tests skip. */
function install(): string | undefined {
  const missingDist = ['dist/vite.js', 'dist/loader.js', 'dist/nuxt.js', 'dist/astro.js'].find(
    (file) => !existsSync(join(REPO, file)),
  )
  if (missingDist) return `the package is not built (run \`npm run build\`): no ${missingDist}`
  const hash = manifestHash()
  const ready = () => existsSync(STAMP) && readFileSync(STAMP, 'utf8') === hash
  for (let waited = 0; !ready(); waited += 1000) {
    try {
      mkdirSync(LOCK, { recursive: false })
    } catch {
      // Another test file installs: wait for it (npm gives up long before 10 minutes).
      if (waited > 600_000) return 'waited 10 minutes for another test file to install the frameworks'
      sleep(1000)
      continue
    }
    try {
      if (ready()) break
      mkdirSync(FRAMEWORKS, { recursive: true })
      writeFileSync(join(FRAMEWORKS, 'package.json'), readFileSync(MANIFEST))
      // The npm cache first (a second CI run on the machine reads no registry), few retries offline.
      const flags = ['--prefer-offline', '--no-audit', '--no-fund', '--fetch-retries=1', '--loglevel=error']
      const npm = spawnSync('npm', ['install', ...flags], {
        cwd: FRAMEWORKS,
        encoding: 'utf8',
        timeout: 600_000,
      })
      if (npm.status !== 0) {
        const why = (npm.stderr || npm.error?.message || '').split('\n').slice(0, 5).join('\n')
        return `npm install of the frameworks failed (no network?): ${why}`
      }
      const link = join(FRAMEWORKS, 'node_modules/unplugin-merged-yaml')
      rmSync(link, { recursive: true, force: true })
      symlinkSync(REPO, link, 'dir')
      writeFileSync(STAMP, hash)
    } finally {
      rmSync(LOCK, { recursive: true, force: true })
    }
  }
  return undefined
}

/** Why the framework tests skip, or undefined when the frameworks are installed. */
export const frameworksUnavailable = install()

const copies: string[] = []

/** A fresh copy of playground/frameworks/<name> inside the install folder, whose node_modules it uses. */
export function copyApp(name: string): string {
  const apps = join(FRAMEWORKS, 'apps')
  mkdirSync(apps, { recursive: true })
  const dir = mkdtempSync(join(apps, `${name}-`))
  cpSync(join(REPO, 'playground/frameworks', name), dir, {
    recursive: true,
    filter: (src) => !/[/\\](?:node_modules|\.next|\.nuxt|\.output|dist|build|\.svelte-kit|\.astro)$/.test(src),
  })
  copies.push(dir)
  return dir
}

/** Removes the copies this test file made (after its servers stopped). */
export function removeCopies(): void {
  for (const dir of copies.splice(0)) rmSync(dir, { recursive: true, force: true })
}

/** A framework's command line tool in the install folder. */
export const bin = (name: string): string => join(FRAMEWORKS, 'node_modules/.bin', name)
