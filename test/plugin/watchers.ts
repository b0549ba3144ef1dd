// One watch-mode runner per bundler, with the same contract: start watching `entry`, report every
// (re)build as its output code or its error text, stop on `close()`.
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Plugin as EsbuildPlugin } from 'esbuild'
import type { RolldownWatcher } from 'rolldown'
import { vi } from 'vitest'
import type { BuildRequest, BundlerName } from './bundlers.ts'
import MergedYamlEsbuild from '../../src/esbuild.ts'
import MergedYamlRolldown from '../../src/rolldown.ts'
import MergedYamlRollup from '../../src/rollup.ts'
import MergedYamlRspack from '../../src/rspack.ts'
import MergedYamlVite from '../../src/vite.ts'
import MergedYamlWebpack from '../../src/webpack.ts'

/** The bundlers with a watch mode the tests drive: every bundler (`BUNDLERS`) but those listed here. */
export type WatchBundler = Exclude<BundlerName, 'farm' | 'bun'>

export type Outcome = { code: string } | { error: string }

export interface Watching {
  close(): Promise<void>
}

type Watch = (request: BuildRequest, report: (outcome: Outcome) => void) => Promise<Watching>

const outFile = (name: string) => join(mkdtempSync(join(tmpdir(), `my-watch-${name}-`)), 'main.js')
const message = (error: unknown) => (error instanceof Error ? error.message : String(error))

/** Rollup, Rolldown and `vite build --watch` share the watcher events: report each bundle's output or error. */
interface BundleWatcherLike {
  on(
    name: 'event',
    listener: (event: { code: string; result?: { close(): unknown } | null; error?: unknown }) => void,
  ): unknown
  close(): Promise<void>
}

function reportBundleEvents(watcher: BundleWatcherLike, file: string, report: (outcome: Outcome) => void): Watching {
  watcher.on('event', (event) => {
    if (event.code === 'BUNDLE_END') {
      void event.result?.close()
      report({ code: readFileSync(file, 'utf8') })
    } else if (event.code === 'ERROR') {
      void event.result?.close()
      report({ error: message(event.error) })
    }
  })
  return { close: () => watcher.close() }
}

const rollup: Watch = async ({ root, entry, options }, report) => {
  const { watch } = await import('rollup')
  const file = outFile('rollup')
  const watcher = watch({
    input: join(root, entry),
    plugins: [MergedYamlRollup({ root, ...options })],
    output: { file, format: 'iife' },
    onwarn: () => {},
  })
  return reportBundleEvents(watcher, file, report)
}

const rolldown: Watch = async ({ root, entry, options }, report) => {
  const { watch } = await import('rolldown')
  const file = outFile('rolldown')
  const watcher = watch({
    input: join(root, entry),
    cwd: root,
    plugins: [MergedYamlRolldown(options)],
    output: { file, format: 'iife' },
    onLog: () => {},
  })
  return reportBundleEvents(watcher, file, report)
}

/** `vite build --watch` (Rolldown's watcher under Vite's plugin container). */
const vite: Watch = async ({ root, entry, options }, report) => {
  const { build } = await import('vite')
  const file = outFile('vite')
  const watcher = (await build({
    root,
    configFile: false,
    logLevel: 'silent',
    mode: 'development',
    plugins: [MergedYamlVite(options)],
    build: {
      watch: {},
      minify: false,
      outDir: join(file, '..'),
      emptyOutDir: false,
      rolldownOptions: { input: join(root, entry), output: { format: 'iife', entryFileNames: 'main.js' } },
    },
  })) as RolldownWatcher
  return reportBundleEvents(watcher, file, report)
}

/** webpack and Rspack share the compiler watch API: report each rebuild's output or errors. */
interface CompilerLike {
  watch(
    options: { aggregateTimeout: number },
    callback: (error: Error | null, stats?: { hasErrors(): boolean; toString(options: object): string }) => void,
  ): { close(callback: () => void): void } | undefined
}

function watchCompiler(
  compiler: CompilerLike,
  file: string,
  report: (outcome: Outcome) => void,
): { close(): Promise<void> } {
  const watching = compiler.watch({ aggregateTimeout: 50 }, (error, stats) => {
    if (error) report({ error: message(error) })
    else if (stats!.hasErrors()) report({ error: stats!.toString({ all: false, errors: true, colors: false }) })
    else report({ code: readFileSync(file, 'utf8') })
  })
  return { close: () => new Promise<void>((resolve) => (watching ? watching.close(() => resolve()) : resolve())) }
}

const webpack: Watch = async ({ root, entry, options }, report) => {
  const { default: webpack } = await import('webpack')
  const file = outFile('webpack')
  const compiler = webpack({
    mode: 'development',
    context: root,
    entry: `./${entry}`,
    devtool: false,
    output: { path: join(file, '..'), filename: 'main.js' },
    plugins: [MergedYamlWebpack(options)],
    infrastructureLogging: { level: 'none' },
  })
  return watchCompiler(compiler, file, report)
}

const rspack: Watch = async ({ root, entry, options }, report) => {
  const { rspack } = await import('@rspack/core')
  const file = outFile('rspack')
  const compiler = rspack({
    mode: 'development',
    context: root,
    entry: `./${entry}`,
    devtool: false,
    output: { path: join(file, '..'), filename: 'main.js' },
    plugins: [MergedYamlRspack(options)],
    infrastructureLogging: { level: 'none' },
  })
  return watchCompiler(compiler, file, report)
}

const esbuild: Watch = async ({ root, entry, options }, report) => {
  const { context } = await import('esbuild')
  const outcomes: EsbuildPlugin = {
    name: 'report',
    setup(build) {
      build.onEnd((result) => {
        if (result.errors.length > 0) report({ error: result.errors.map((e) => e.text).join('\n') })
        else report({ code: result.outputFiles!.map((f) => f.text).join('\n') })
      })
    },
  }
  const ctx = await context({
    absWorkingDir: root,
    entryPoints: [entry],
    bundle: true,
    write: false,
    format: 'iife',
    logLevel: 'silent',
    plugins: [MergedYamlEsbuild(options), outcomes],
  })
  await ctx.watch()
  return { close: () => ctx.dispose() }
}

export const WATCHERS: Record<WatchBundler, Watch> = { vite, rollup, rolldown, webpack, rspack, esbuild }

/** The one list of bundlers every watch-mode test reads, in `WATCHERS`' order. */
export const WATCH_BUNDLERS = Object.keys(WATCHERS) as WatchBundler[]

/** Collects the outcomes of every (re)build and waits for one that satisfies a check. */
export function createOutcomes(stepTimeout = 60_000) {
  const seen: Outcome[] = []
  let from = 0
  return {
    report: (outcome: Outcome) => void seen.push(outcome),
    /** Waits for a build after the previous `until` whose outcome passes `check` (which throws otherwise). */
    async until<T>(check: (outcome: Outcome) => T): Promise<T> {
      return vi.waitFor(
        () => {
          const errors: unknown[] = []
          for (let i = from; i < seen.length; i++) {
            try {
              const result = check(seen[i]!)
              from = i + 1
              return result
            } catch (error) {
              errors.push(error)
            }
          }
          throw errors.at(-1) ?? new Error('no build yet')
        },
        { timeout: stepTimeout, interval: 100 },
      )
    },
  }
}
