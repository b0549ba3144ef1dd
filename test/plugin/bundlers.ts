// One `build()` per bundler, all with the same contract (like unplugin's own test table): bundle
// `entry` in `root` in production mode with the plugin, resolve with the output code, or reject with
// an Error whose message is the bundler's error text as a user would read it.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { runInNewContext } from 'node:vm'
import type { Stats as RspackStats } from '@rspack/core'
import type { Stats as WebpackStats } from 'webpack'
import type { Options } from '../../src/index.ts'
import MergedYamlEsbuild from '../../src/esbuild.ts'
import type { HostName } from '../../src/hosts/index.ts'
import MergedYamlFarm from '../../src/farm.ts'
import MergedYamlRolldown from '../../src/rolldown.ts'
import MergedYamlRollup from '../../src/rollup.ts'
import MergedYamlRspack from '../../src/rspack.ts'
import MergedYamlVite from '../../src/vite.ts'
import MergedYamlWebpack from '../../src/webpack.ts'
import { scaled } from '../helpers/time-scale.ts'

export const REPO = fileURLToPath(new URL('../..', import.meta.url))

/**
 * Every bundler the plugin ships an entry for: unplugin's frameworks (the hosts' `HostName`) but Rsbuild
 * (Rspack's, through `rspack`), unloader (no entry) and Turbopack (a loader, tested on its own). A
 * framework unplugin adds is a bundler here until excluded: `BUILDERS` fails to compile without its build.
 */
export type BundlerName = Exclude<HostName, 'rsbuild' | 'unloader' | 'turbopack'>

export interface BuildRequest {
  root: string
  /** Entry module, relative to root. */
  entry: string
  /** Plugin options. Bundlers without a mode of their own get `vars.mode: 'production'` added. */
  options?: Options
  /**
   * A server build (its output runs in Node): Vite's SSR build, webpack's and Rspack's `target: 'node'`,
   * esbuild's `platform: 'node'`, Bun's `target: 'node'`, Farm's `targetEnv: 'node'`; Rollup and
   * Rolldown, which have no notion of it, get the plugin's `serverBuild` option. Else a client build.
   */
  server?: boolean
  /**
   * Receives the warnings the bundler reports, each its text: Rollup's and Rolldown's logs, Vite's, webpack's
   * and Rspack's stats, esbuild's result, and what the `bun` child printed besides its outcome. What the
   * plugin prints on the console in this process (Farm's warnings, every summary) is the caller's to capture.
   */
  warnings?: string[]
}

type Build = (request: BuildRequest) => Promise<string>

const outDir = (name: string) => mkdtempSync(join(tmpdir(), `my-out-${name}-`))

/** For bundlers that have no production mode to tell the plugin. */
const withProductionMode = (options: Options = {}): Options => ({
  ...options,
  vars: { mode: 'production', ...options.vars },
})

function readOutput(dir: string, ext = '.js'): string {
  const files = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith(ext))
  if (files.length === 0) throw new Error(`no ${ext} output in ${dir}`)
  return files.map((f) => readFileSync(join(dir, f), 'utf8')).join('\n')
}

/** For Rollup and Rolldown, which have no notion of a server build: the plugin's option says. */
const withServerBuild = (options: Options = {}, server = false): Options =>
  server ? { serverBuild: true, ...options } : options

const rollup: Build = async ({ root, entry, options, server, warnings }) => {
  const { rollup } = await import('rollup')
  // Rollup has no root of its own (the plugin falls back to the cwd): give it one.
  const plugin = MergedYamlRollup({ root, ...withProductionMode(withServerBuild(options, server)) })
  const onwarn = (warning: { message: string }) => void warnings?.push(warning.message)
  const bundle = await rollup({ input: join(root, entry), plugins: [plugin], onwarn })
  try {
    const { output } = await bundle.generate({ format: 'iife' })
    return output[0].code
  } finally {
    await bundle.close()
  }
}

const rolldown: Build = async ({ root, entry, options, server, warnings }) => {
  const { rolldown } = await import('rolldown')
  const bundle = await rolldown({
    input: join(root, entry),
    cwd: root,
    plugins: [MergedYamlRolldown(withProductionMode(withServerBuild(options, server)))],
    onLog: (level, log) => void (level === 'warn' && warnings?.push(log.message)),
  })
  try {
    const { output } = await bundle.generate({ format: 'iife', minify: true })
    return output[0].code
  } finally {
    await bundle.close()
  }
}

const vite: Build = async ({ root, entry, options, server, warnings }) => {
  const { build } = await import('vite')
  const onwarn = (warning: { message: string }) => void warnings?.push(warning.message)
  const result = await build({
    root,
    configFile: false,
    logLevel: 'silent',
    mode: 'production',
    plugins: [MergedYamlVite(options)],
    build: server
      ? { write: false, ssr: join(root, entry), rolldownOptions: { output: { format: 'es' }, onwarn } }
      : {
          write: false,
          minify: true,
          rolldownOptions: { input: join(root, entry), output: { format: 'iife' }, onwarn },
        },
  })
  const outputs = Array.isArray(result) ? result : [result]
  return outputs
    .flatMap((o) => ('output' in o ? o.output : []))
    .map((chunk) => ('code' in chunk ? chunk.code : ''))
    .join('\n')
}

const webpack: Build = async ({ root, entry, options, server, warnings }) => {
  const { default: webpack } = await import('webpack')
  const path = outDir('webpack')
  const compiler = webpack({
    mode: 'production',
    context: root,
    entry: `./${entry}`,
    devtool: false,
    output: { path, filename: 'main.js' },
    plugins: [MergedYamlWebpack(options)],
    ...(server ? { target: 'node' } : {}),
    infrastructureLogging: { level: 'none' },
  })
  const stats = await new Promise<WebpackStats>((resolve, reject) =>
    compiler.run((error, stats) => (error ? reject(error) : resolve(stats!))),
  )
  await new Promise<void>((resolve) => compiler.close(() => resolve()))
  warnings?.push(...stats.compilation.warnings.map((warning) => warning.message))
  if (stats.hasErrors()) throw new Error(stats.toString({ all: false, errors: true, colors: false }))
  return readOutput(path)
}

const rspack: Build = async ({ root, entry, options, server, warnings }) => {
  const { rspack } = await import('@rspack/core')
  const path = outDir('rspack')
  const compiler = rspack({
    mode: 'production',
    context: root,
    entry: `./${entry}`,
    devtool: false,
    output: { path, filename: 'main.js' },
    plugins: [MergedYamlRspack(options)],
    ...(server ? { target: 'node' } : {}),
    infrastructureLogging: { level: 'none' },
  })
  const stats = await new Promise<RspackStats>((resolve, reject) =>
    compiler.run((error, stats) => (error ? reject(error) : resolve(stats!))),
  )
  await new Promise<void>((resolve) => compiler.close(() => resolve()))
  warnings?.push(...stats.compilation.warnings.map((warning) => warning.message))
  if (stats.hasErrors()) throw new Error(stats.toString({ all: false, errors: true, colors: false }))
  return readOutput(path)
}

const esbuild: Build = async ({ root, entry, options, server, warnings }) => {
  const { build } = await import('esbuild')
  const result = await build({
    absWorkingDir: root,
    entryPoints: [entry],
    bundle: true,
    write: false,
    format: 'iife',
    minify: true,
    logLevel: 'silent',
    platform: server ? 'node' : 'browser',
    plugins: [MergedYamlEsbuild(withProductionMode(options))],
  })
  warnings?.push(...result.warnings.map((warning) => warning.text))
  return result.outputFiles.map((f) => f.text).join('\n')
}

const farm: Build = async ({ root, entry, options, server }) => {
  // Farm's build() logs a failure and exits the process: drive its compiler instead.
  const { createCompiler, Logger, resolveConfig } = await import('@farmfe/core')
  const path = outDir('farm')
  const nodeEnv = process.env.NODE_ENV
  try {
    const logger = new Logger()
    const config = await resolveConfig(
      {
        root,
        configPath: false as unknown as string,
        clearScreen: false,
        compilation: {
          input: { main: `./${entry}` },
          output: { path, targetEnv: server ? 'node' : 'browser' },
          persistentCache: false,
          minify: true,
          presetEnv: false,
          sourcemap: false,
        },
        plugins: [MergedYamlFarm(withProductionMode(options))],
      },
      'production',
      logger,
      false,
    )
    const compiler = await createCompiler(config, logger)
    try {
      await compiler.compile()
    } catch (error) {
      throw new Error(error instanceof Error ? error.message : String(error), { cause: error })
    }
    compiler.writeResourcesToDisk()
    return readOutput(path)
  } finally {
    // resolveConfig sets NODE_ENV for the whole process.
    process.env.NODE_ENV = nodeEnv
  }
}

export const BUN = join(REPO, 'node_modules/.bin/bun')

/** Why Bun cannot build here, or `undefined` when it can. */
export function bunUnavailable(): string | undefined {
  if (!existsSync(BUN)) return 'node_modules/.bin/bun is missing'
  const version = spawnSync(BUN, ['--version'], { encoding: 'utf8' })
  return version.status === 0
    ? undefined
    : `bun --version failed: ${(version.stderr || version.stdout).trim().split('\n')[0]}`
}

// Bun plugins run inside Bun: a child `bun` process builds with the plugin's source (Bun runs
// TypeScript and reads the repo's tsconfig paths) and prints the outcome as JSON.
const bun: Build = async ({ root, entry, options, server, warnings }) => {
  const script = join(dirname(fileURLToPath(import.meta.url)), 'bun-build.ts')
  const request = { root, entry, options: withProductionMode(options), target: server ? 'node' : 'browser' }
  const child = spawnSync(BUN, [script, JSON.stringify(request)], {
    cwd: REPO,
    encoding: 'utf8',
    timeout: scaled(120_000),
  })
  const printed = child.stdout.trim().split('\n')
  const line = printed.pop() ?? ''
  // Bun's plugin runs in the child: what it printed (its warnings, a summary) is the child's output.
  warnings?.push(...printed, ...child.stderr.split('\n').filter(Boolean))
  let outcome: { code?: string; error?: string }
  try {
    outcome = JSON.parse(line)
  } catch {
    throw new Error(`bun exited with ${child.status}: ${child.stderr}`)
  }
  if (outcome.error !== undefined) throw new Error(`bun exited with ${child.status}:\n${outcome.error}`)
  return outcome.code!
}

export const BUILDERS: Record<BundlerName, Build> = { vite, rollup, rolldown, webpack, rspack, esbuild, farm, bun }

/** The one list of bundlers every test that builds with each of them reads, in `BUILDERS`' order. */
export const BUNDLERS = Object.keys(BUILDERS) as BundlerName[]

/** Builds and cleans up the temporary output folder of bundlers that write to disk. */
export async function build(bundler: BundlerName, request: BuildRequest): Promise<string> {
  return BUILDERS[bundler](request)
}

/** Runs a bundle the way a browser page would and returns what its entry stored in `__mergedYamlResult`. */
export function evaluateBundle(code: string): unknown {
  const sandbox: Record<string, unknown> = {}
  // A browser-like global; Farm's runtime also probes `require`/`__filename` when there is no document.
  sandbox.window = sandbox
  sandbox.require = createRequire(import.meta.url)
  sandbox['__filename'] = 'main.js'
  runInNewContext(code, sandbox)
  return sandbox['__mergedYamlResult']
}

export function removeDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true })
}
