// First use outside this repository: the three packages packed as a release would be (`npm pack`, whose
// `prepack` builds each one, in a copy of the sources holding no build output), then installed from
// the tarballs into fresh apps, each with nothing else of ours — a Vite 8 + TypeScript monorepo
// (`apps/web` importing `../../config/app.merged.yaml`), a Vite 6 app (with its esbuild), a Vite 7 app and
// webpack 5 with a CommonJS config — built, type-checked, and checked with `npx merged-yaml` from the app's folder. The installs
// use the npm registry: without it the suite says so and skips. No timing is asserted.
import { execFileSync, spawn, spawnSync } from 'node:child_process'
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { skipUnlessAvailable, titleUnlessAvailable } from '../helpers/available.ts'
import { REPO, removeDir } from '../plugin/bundlers.ts'
import { PACKAGES, writeApp } from './apps.ts'
import type { AppKind } from './apps.ts'
import { scaled } from '../helpers/time-scale.ts'

const NPM = process.platform === 'win32' ? 'npm.cmd' : 'npm'

/** The files a manifest's `exports` or `bin` names: its string leaves. */
const namedFiles = (field: unknown): string[] =>
  typeof field === 'string'
    ? [field]
    : typeof field === 'object' && field !== null
      ? Object.values(field).flatMap(namedFiles)
      : []

/** Why the registry cannot be used here, or undefined. */
function registryUnreachable(): string | undefined {
  const ping = spawnSync(NPM, ['ping'], { encoding: 'utf8', timeout: scaled(30_000) })
  return ping.status === 0 ? undefined : `the npm registry is unreachable (npm ping: ${ping.status ?? ping.signal})`
}

interface Run {
  code: number | null
  output: string
}

/** Runs a command to its end (asynchronously, so that installs can overlap), with its output. */
function run(command: string, args: string[], cwd: string, env: Record<string, string> = {}): Promise<Run> {
  return new Promise((resolve, reject) => {
    // As a user's shell would: without the NODE_ENV=test vitest sets.
    const { NODE_ENV: _, ...inherited } = process.env
    const child = spawn(command, args, {
      cwd,
      env: { ...inherited, npm_config_update_notifier: 'false', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.on('error', reject)
    child.on('close', (code) => resolve({ code, output }))
  })
}

/** Runs a command that must succeed; its output is the failure's message. */
async function ok(command: string, args: string[], cwd: string, env?: Record<string, string>): Promise<string> {
  const result = await run(command, args, cwd, env)
  expect(result.code, `${command} ${args.join(' ')} in ${cwd}:\n${result.output}`).toBe(0)
  return result.output
}

/**
 * A copy of the repository's sources (tracked and new files, no dist/) whose node_modules links to
 * the repository's, except the workspace packages, which link to the copy's: `npm pack` there builds
 * from nothing, as in a clean clone, without touching the repository's own dist/ other tests read.
 */
function copySources(): string {
  const copy = mkdtempSync(join(tmpdir(), 'my-pack-src-'))
  const listed = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: REPO })
  for (const file of listed.toString().split('\0')) {
    if (!file || !existsSync(join(REPO, file))) continue
    mkdirSync(dirname(join(copy, file)), { recursive: true })
    cpSync(join(REPO, file), join(copy, file))
  }
  mkdirSync(join(copy, 'node_modules/@merged-yaml'), { recursive: true })
  for (const name of readdirSync(join(REPO, 'node_modules'))) {
    if (name !== '@merged-yaml') symlinkSync(join(REPO, 'node_modules', name), join(copy, 'node_modules', name))
  }
  for (const name of ['core', 'cli'])
    symlinkSync(`../../packages/${name}`, join(copy, 'node_modules/@merged-yaml', name))
  return copy
}

/** npm naming one of our packages for an install script, or any engine or peer conflict. */
const OUR_INSTALL_PROBLEMS = /install-scripts\s+(?:unplugin-merged-yaml|@merged-yaml)|EBADENGINE|ERESOLVE/

const unreachable = registryUnreachable()
const dirs: string[] = []
afterAll(() => dirs.forEach(removeDir))

describe.skipIf(skipUnlessAvailable(unreachable))(
  titleUnlessAvailable('packed tarballs in fresh apps', unreachable),
  () => {
    let tarballs: Record<string, string>
    let sources: string
    const apps: Record<string, { root: string; app: string; installed: Promise<Run> }> = {}

    beforeAll(async () => {
      sources = copySources()
      const packed = mkdtempSync(join(tmpdir(), 'my-packed-'))
      dirs.push(sources, packed)
      await ok(
        NPM,
        ['pack', '--pack-destination', packed, '-w', '@merged-yaml/core', '-w', '@merged-yaml/cli'],
        sources,
      )
      await ok(NPM, ['pack', '--pack-destination', packed], sources)
      tarballs = Object.fromEntries(PACKAGES.map(({ name, file }) => [name, join(packed, file)]))
      // The three installs overlap: they mostly wait on the registry.
      for (const kind of ['vite8-monorepo', 'vite5', 'vite6', 'vite7', 'webpack5-cjs', 'create-vite'] as const) {
        const root = mkdtempSync(join(tmpdir(), `my-app-${kind}-`))
        dirs.push(root)
        const app = writeApp(kind, root, tarballs)
        apps[kind] = {
          root,
          app,
          installed: run(NPM, ['install', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=warn'], root),
        }
      }
    }, scaled(600_000))

    /** Waits for an app's install, which must have gone cleanly, and returns its folder. */
    async function installedApp(kind: AppKind): Promise<string> {
      const install = await apps[kind]!.installed
      expect(install.code, install.output).toBe(0)
      // No install script of ours (npm 11 lists them), the engines fit this Node, the peers fit.
      expect(install.output).not.toMatch(OUR_INSTALL_PROBLEMS)
      return apps[kind]!.app
    }

    /** Builds a Vite app in production: its bundle holds the production layer's value. */
    async function viteBuild(app: string): Promise<string> {
      const output = await ok('npx', ['vite', 'build'], app)
      const bundle = readdirSync(join(app, 'dist/assets')).find((file) => file.endsWith('.js'))!
      expect(readFileSync(join(app, 'dist/assets', bundle), 'utf8')).toContain('https://api.example.com')
      return output
    }

    it('packs manifests without dev-only fields, with LICENSE, README and built files', () => {
      for (const { name } of PACKAGES) {
        const list = execFileSync('tar', ['-tzf', tarballs[name]!], { encoding: 'utf8' }).split('\n')
        expect(list, name).toEqual(
          expect.arrayContaining(['package/LICENSE', 'package/README.md', 'package/package.json']),
        )
        expect(
          list.some((file) => file.startsWith('package/dist/') && file.endsWith('.js')),
          name,
        ).toBe(true)
        const manifest = JSON.parse(
          execFileSync('tar', ['-xzOf', tarballs[name]!, 'package/package.json'], { encoding: 'utf8' }),
        )
        expect(Object.keys(manifest), name).not.toEqual(expect.arrayContaining(['scripts']))
        for (const field of ['scripts', 'devDependencies', 'workspaces'])
          expect(manifest[field], `${name} ${field}`).toBeUndefined()
        for (const field of ['repository', 'homepage', 'bugs', 'engines', 'license', 'keywords'])
          expect(manifest[field], `${name} ${field}`).toBeDefined()
        if (name.startsWith('@')) expect(manifest.publishConfig, name).toEqual({ access: 'public' })
        // Every file `exports` and `bin` name is packed (a subpath whose build entry was forgotten fails here).
        const packed = namedFiles([manifest.exports, manifest.bin]).map(
          (file) => `package/${file.replace(/^\.\//, '')}`,
        )
        expect(
          packed.filter((file) => !list.includes(file)),
          name,
        ).toEqual([])
      }
    })

    it(
      'publishes (dry run) each package with exactly the files it should, in the release order',
      async () => {
        // The scripts ran in the pack above, from the same sources: `--ignore-scripts` publishes what it built.
        const allowed: Record<string, RegExp> = {
          '@merged-yaml/core': /^(?:LICENSE|README\.md|package\.json|dist\/[\w.-]+\.(?:js|d\.ts))$/,
          '@merged-yaml/cli': /^(?:LICENSE|README\.md|package\.json|dist\/[\w.-]+\.(?:js|d\.ts))$/,
          'unplugin-merged-yaml':
            /^(?:LICENSE|README\.md|CHANGELOG\.md|package\.json|client\.d\.ts|bin\/merged-yaml\.js|dist\/(?:[\w-]+\/)*[\w.-]+\.(?:js|d\.ts|json))$/,
        }
        // The three dry runs overlap: they mostly wait on the registry.
        const dryRuns = PACKAGES.map(({ name }) =>
          ok(
            NPM,
            ['publish', '--dry-run', '--json', '--ignore-scripts', ...(name.startsWith('@') ? ['-w', name] : [])],
            sources,
          ),
        )
        for (const [index, { name }] of PACKAGES.entries()) {
          const output = await dryRuns[index]!
          const report = JSON.parse(output.slice(output.indexOf('{')))
          const published = (report[name] ?? report) as { name: string; files: { path: string }[] }
          expect(published.name).toBe(name)
          const files = published.files.map((file) => file.path)
          expect(
            files.filter((file) => !allowed[name]!.test(file)),
            name,
          ).toEqual([])
          // No source, test, map or backup of the stripped manifest.
          expect(files.some((file) => file.endsWith('.pack-backup') || file.endsWith('.map'))).toBe(false)
          const pack = execFileSync('tar', ['-tzf', tarballs[name]!], { encoding: 'utf8' })
          expect(files.map((file) => `package/${file}`).sort()).toEqual(pack.trim().split('\n').sort())
        }
      },
      scaled(300_000),
    )

    it('Vite 8 + TypeScript in a monorepo: builds, type-checks, checks, and reports a broken layer as Vite prints it', async () => {
      const app = await installedApp('vite8-monorepo')
      const root = apps['vite8-monorepo']!.root
      expect(await viteBuild(app)).not.toContain('PLUGIN_TIMINGS')
      // The declaration covers development too: `devtools` (development only) is optional, whatever ran last.
      const declaration = readFileSync(join(root, 'config/app.merged.d.yaml.ts'), 'utf8')
      expect(declaration).toContain('devtools?: boolean')
      await ok('npx', ['tsc', '-p', '.'], app)

      const checked = await ok('npx', ['merged-yaml', 'check', '../../config/app.merged.yaml'], app)
      expect(checked).toContain(`✓ ${join(root, 'config/app.merged.yaml')}`)

      // A broken layer (the `broken` mode): one location, 1-based, in Vite's header and in the text; no
      // stack trace into the plugin.
      const broken = await run('npx', ['vite', 'build', '--mode', 'broken'], app)
      expect(broken.code).not.toBe(0)
      const layer = join(root, 'config/env/broken.yaml')
      expect(broken.output).toContain(`[plugin unplugin-merged-yaml] ${layer}:2:12\n`)
      expect(broken.output).toContain('env/broken.yaml:2:12: error MY_UNKNOWN_MERGER')
      expect(broken.output).not.toMatch(/^\s+at .*node_modules\/(?:unplugin|unplugin-merged-yaml)\//m)
    })

    it(
      'create-vite app, options only in merged-yaml.config.ts: sync from prepare, tsc -b, check and vite build agree',
      { timeout: scaled(600_000) },
      async () => {
        const app = await installedApp('create-vite')
        // `prepare` ran `merged-yaml sync` at install: the declaration is there before any build.
        const sidecar = join(app, 'config/app.merged.d.yaml.ts')
        expect(readFileSync(sidecar, 'utf8')).toContain('devtools?: boolean')
        const written = readFileSync(sidecar, 'utf8')
        await ok('npx', ['tsc', '-b'], app)
        const main = join(app, 'src/main.ts')
        const source = readFileSync(main, 'utf8')
        writeFileSync(main, source.replace('config.server.port', 'config.server.prot'))
        const typo = await run('npx', ['tsc', '-b'], app)
        expect(typo.code).not.toBe(0)
        expect(typo.output).toContain("'prot'")
        writeFileSync(main, source)
        // Passing: the same verdict, and the build rewrites the same declaration.
        expect(await ok('npx', ['merged-yaml', 'check'], app)).toContain('1 entry checked')
        await ok('npx', ['vite', 'build'], app)
        expect(readFileSync(sidecar, 'utf8')).toBe(written)
        // Failing: without the config file's yamlVersion, `enabled: yes` is ambiguous, for both.
        const config = join(app, 'merged-yaml.config.ts')
        const options = readFileSync(config, 'utf8')
        writeFileSync(config, options.replace("yamlVersion: '1.1', ", ''))
        const checked = await run('npx', ['merged-yaml', 'check'], app)
        const built = await run('npx', ['vite', 'build'], app)
        expect([checked.code, built.code]).toEqual([1, 1])
        expect(checked.output).toContain('MY_YAML_VERSION_AMBIGUOUS')
        expect(built.output).toContain('MY_YAML_VERSION_AMBIGUOUS')
        writeFileSync(config, options)
      },
    )

    it('Vite 5 (whose dev server would never hot-update a layer) is refused at install, not built silently', async () => {
      const install = await apps['vite5']!.installed
      expect(install.code).not.toBe(0)
      expect(install.output).toMatch(/ERESOLVE/)
      expect(install.output).toMatch(
        /peerOptional vite@"\^6\.0\.0 \|\| \^7\.0\.0 \|\| \^8\.0\.0" from unplugin-merged-yaml/,
      )
    })

    it('Vite 6 (and the esbuild it brings): builds, and the command runs', async () => {
      const app = await installedApp('vite6')
      await viteBuild(app)
      // The esbuild Vite 6 brings (0.25), within the declared peer range: no second esbuild was installed.
      expect(existsSync(join(app, 'node_modules/vite/node_modules/esbuild'))).toBe(false)
      await ok('node', ['esbuild.mjs'], app)
      expect(readFileSync(join(app, 'dist-esbuild/main.js'), 'utf8')).toContain('https://api.example.com')
      const checked = await ok('npx', ['merged-yaml', 'check', 'config/app.merged.yaml', '--mode', 'production'], app)
      expect(checked).toContain('✓ config/app.merged.yaml')
    })

    it('Vite 7: builds (the peer range names 6, 7 and 8: each is built here)', async () => {
      const output = await viteBuild(await installedApp('vite7'))
      expect(output).toMatch(/vite v7\./)
    })

    it('webpack 5 with a CommonJS config: require(…).default, builds, and the command runs', async () => {
      const app = await installedApp('webpack5-cjs')
      await ok('node', ['build.js'], app)
      expect(readFileSync(join(app, 'dist/main.js'), 'utf8')).toContain('https://api.example.com')
      const checked = await ok('npx', ['merged-yaml', 'check', 'config/app.merged.yaml'], app, {
        NODE_ENV: 'production',
      })
      expect(checked).toContain('✓ config/app.merged.yaml')
    })
  },
)
