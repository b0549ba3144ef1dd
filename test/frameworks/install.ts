// The frameworks of the example apps (playground/frameworks/), installed once per checkout into
// .tmp/frameworks (gitignored) from this folder's package.json and package-lock.json, with `npm ci`
// from the registry: about 1,100 packages that stay out of the repository's lockfile. The install
// starts in the global setup of the `frameworks` project (test/setup/frameworks.ts), in the
// background, while the other tests run; a test file waits for its end (frameworksMissing). The
// package itself is linked in (node_modules/unplugin-merged-yaml → the repository), as `npm link`
// would. Not under node_modules/: the apps are copied beside the install, and Next.js compiles a page
// under a node_modules folder as a dependency's (no JSX transform).
import { createHash } from 'node:crypto'
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { withLock } from '../setup/lock.ts'
import { run } from '../setup/run.ts'

const REPO = resolve(import.meta.dirname, '../..')
export const FRAMEWORKS = join(REPO, '.tmp/frameworks')
const MANIFESTS = ['package.json', 'package-lock.json'].map((file) => join(REPO, 'test/frameworks', file))
const STAMP = join(FRAMEWORKS, 'installed')
const LOCK = `${FRAMEWORKS}.lock`
/** Why this run's install failed, for the test files (removed when a run starts). */
const FAILED = `${FRAMEWORKS}.failed`
/** npm gives up on the registry long before; a waiting test file waits no longer than this. */
const INSTALL_TIMEOUT = 600_000

const manifestsHash = (): string => {
  const hash = createHash('sha256')
  for (const file of MANIFESTS) hash.update(readFileSync(file))
  return hash.digest('hex')
}

const installed = (hash: string): boolean => existsSync(STAMP) && readFileSync(STAMP, 'utf8') === hash

async function install(hash: string, signal?: AbortSignal): Promise<void> {
  rmSync(STAMP, { force: true })
  mkdirSync(FRAMEWORKS, { recursive: true })
  for (const file of MANIFESTS) cpSync(file, join(FRAMEWORKS, file.slice(file.lastIndexOf('/') + 1)))
  // The npm cache first (a second CI run on the machine reads no registry), few retries offline.
  const flags = ['--prefer-offline', '--no-audit', '--no-fund', '--fetch-retries=1', '--loglevel=error']
  const npm = await run('npm', ['ci', ...flags], FRAMEWORKS, INSTALL_TIMEOUT, signal)
  if (npm.code !== 0) {
    const why = npm.output.trim().split('\n').slice(0, 8).join('\n')
    throw new Error(`\`npm ci\` in .tmp/frameworks failed (exit code ${npm.code}; no registry?):\n${why}`)
  }
  const link = join(FRAMEWORKS, 'node_modules/unplugin-merged-yaml')
  rmSync(link, { recursive: true, force: true })
  symlinkSync(REPO, link, 'dir')
  writeFileSync(STAMP, hash)
}

/**
 * Installs the frameworks unless this checkout has them (the global setup calls it, without waiting):
 * an install another test run of this checkout holds the lock for is waited for, never repeated.
 */
export async function installFrameworks(signal?: AbortSignal): Promise<void> {
  rmSync(FAILED, { force: true })
  const hash = manifestsHash()
  if (installed(hash)) return
  try {
    await withLock(LOCK, INSTALL_TIMEOUT, async () => {
      if (!installed(hash)) await install(hash, signal)
    })
  } catch (error) {
    writeFileSync(FAILED, (error as Error).message)
  }
}

/**
 * Waits for the install the global setup started: undefined once the frameworks are installed, else
 * why the tests cannot run. Waits no longer than the install may take.
 */
export async function frameworksMissing(): Promise<string | undefined> {
  const hash = manifestsHash()
  const deadline = Date.now() + INSTALL_TIMEOUT + 30_000
  let idleSince = Date.now()
  while (Date.now() < deadline) {
    if (installed(hash)) return undefined
    if (existsSync(FAILED)) return readFileSync(FAILED, 'utf8')
    if (existsSync(LOCK)) idleSince = Date.now()
    // No install under way for 5 s (the global setup takes the lock before the tests start).
    else if (Date.now() - idleSince > 5000)
      return 'the frameworks are not installed (test/setup/frameworks.ts installs them, in `vitest run`)'
    await sleep(500)
  }
  return `the framework install did not end in ${INSTALL_TIMEOUT / 60_000} minutes`
}

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
