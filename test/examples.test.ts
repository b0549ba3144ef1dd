// The bundler examples shown in the README (playground/examples/) are real, working configurations:
// each one is built with its bundler from the repo root, with the published entry points
// (`unplugin-merged-yaml/<bundler>`, the built dist/), only the output folder moved to a temp folder,
// and the built playground/examples/main.js is run with Node. The playground's own vite.config.ts is
// built too (an HTML app: its JavaScript is checked instead).
import { spawnSync } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { UserConfig } from '@farmfe/core'
import type { InputOptions as RolldownOptions, OutputOptions as RolldownOutputOptions } from 'rolldown'
import type { OutputOptions as RollupOutputOptions, RollupOptions } from 'rollup'
import type { RspackOptions, Stats as RspackStats } from '@rspack/core'
import type { Configuration, Stats as WebpackStats } from 'webpack'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BUN, BUNDLERS, bunUnavailable, REPO, removeDir } from './plugin/bundlers.ts'
import { scaled } from './helpers/time-scale.ts'

const EXAMPLES = join(REPO, 'playground/examples')
/** What main.js prints with the production layer (playground/config/env/production.yaml). */
const PRINTED = 'Merged YAML Playground → https://api.example.com/v2'

const dirs: string[] = []
afterAll(() => dirs.forEach(removeDir))

function tempDir(name: string): string {
  const dir = mkdtempSync(join(tmpdir(), `my-example-${name}-`))
  dirs.push(dir)
  return dir
}

/** The default export of an example config. */
async function loadConfig<T>(file: string): Promise<T> {
  return ((await import(pathToFileURL(join(EXAMPLES, file)).href)) as { default: T }).default
}

/** Runs a built script with Node and returns what it printed. */
function runNode(file: string): string {
  const child = spawnSync(process.execPath, [file], { encoding: 'utf8', timeout: scaled(30_000) })
  expect(child.stderr).toBe('')
  expect(child.status).toBe(0)
  return child.stdout.trim()
}

function jsFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.js'))
}

// The built packages are what the examples import: `npm install` builds them.
const missingDist = [...BUNDLERS.map((b) => `dist/${b}.js`), 'packages/core/dist/index.js'].filter(
  (file) => !existsSync(join(REPO, file)),
)
const noDist =
  missingDist.length > 0 ? `the packages are not built (run \`npm run build\`): no ${missingDist[0]}` : undefined

describe.skipIf(noDist !== undefined)(
  `the examples beside the playground${noDist ? ` (skipped: ${noDist})` : ''}`,
  () => {
    it('rollup.config.mjs', async () => {
      const { rollup } = await import('rollup')
      const config = await loadConfig<RollupOptions & { output: RollupOutputOptions }>('rollup.config.mjs')
      const out = tempDir('rollup')
      const bundle = await rollup(config)
      try {
        await bundle.write({ ...config.output, dir: out })
      } finally {
        await bundle.close()
      }
      expect(runNode(join(out, 'main.js'))).toBe(PRINTED)
    })

    it('rolldown.config.mjs', async () => {
      const { rolldown } = await import('rolldown')
      const config = await loadConfig<RolldownOptions & { output: RolldownOutputOptions }>('rolldown.config.mjs')
      const out = tempDir('rolldown')
      const bundle = await rolldown(config)
      try {
        await bundle.write({ ...config.output, dir: out })
      } finally {
        await bundle.close()
      }
      expect(runNode(join(out, 'main.js'))).toBe(PRINTED)
    })

    it('webpack.config.mjs', async () => {
      const { default: webpack } = await import('webpack')
      const config = await loadConfig<Configuration>('webpack.config.mjs')
      const out = tempDir('webpack')
      const compiler = webpack({ ...config, output: { ...config.output, path: out } })
      const stats = await new Promise<WebpackStats>((resolve, reject) =>
        compiler.run((error, stats) => (error ? reject(error) : resolve(stats!))),
      )
      await new Promise<void>((resolve) => compiler.close(() => resolve()))
      expect(stats.toString({ all: false, errors: true, warnings: true, colors: false })).toBe('')
      expect(runNode(join(out, 'main.js'))).toBe(PRINTED)
    })

    it('rspack.config.mjs', async () => {
      const { rspack } = await import('@rspack/core')
      const config = await loadConfig<RspackOptions>('rspack.config.mjs')
      const out = tempDir('rspack')
      const compiler = rspack({ ...config, output: { ...config.output, path: out } })
      const stats = await new Promise<RspackStats>((resolve, reject) =>
        compiler.run((error, stats) => (error ? reject(error) : resolve(stats!))),
      )
      await new Promise<void>((resolve) => compiler.close(() => resolve()))
      expect(stats.toString({ all: false, errors: true, warnings: true, colors: false })).toBe('')
      expect(runNode(join(out, 'main.js'))).toBe(PRINTED)
    })

    it('farm.config.mjs', async () => {
      // Farm's own config loader bundles the file into a node_modules/.farm folder beside it, from where
      // `unplugin-merged-yaml` does not resolve: the module is imported as it is and given to Farm inline.
      // Farm's build() logs a failure and exits the process: drive its compiler (as test/plugin/bundlers.ts does).
      const { createCompiler, Logger, resolveConfig } = await import('@farmfe/core')
      const config = await loadConfig<UserConfig>('farm.config.mjs')
      const out = tempDir('farm')
      const nodeEnv = process.env.NODE_ENV
      try {
        const logger = new Logger()
        const compilation = {
          ...config.compilation,
          output: { ...config.compilation?.output, path: out },
          // The persistent cache would be written under node_modules/.farm: off, like in the plugin tests.
          persistentCache: false,
        }
        const inline = { ...config, configPath: false as unknown as string, clearScreen: false, compilation }
        const resolved = await resolveConfig(inline as Parameters<typeof resolveConfig>[0], 'production', logger, false)
        const compiler = await createCompiler(resolved, logger)
        await compiler.compile()
        compiler.writeResourcesToDisk()
      } finally {
        // resolveConfig sets NODE_ENV for the whole process.
        process.env.NODE_ENV = nodeEnv
      }
      const [main] = jsFiles(out)
      expect(main).toBeDefined()
      expect(runNode(join(out, main!))).toBe(PRINTED)
    })

    describe('scripts, run in a child process', () => {
      // The scripts write to `dist/<bundler>` under the working directory: they run in a temp folder
      // holding a copy of the playground's entries, never in the repo (whose dist/ is the plugin).
      let cwd: string
      beforeAll(() => {
        cwd = tempDir('scripts')
        mkdirSync(join(cwd, 'playground'))
        for (const folder of ['config', 'examples']) {
          cpSync(join(REPO, 'playground', folder), join(cwd, 'playground', folder), {
            recursive: true,
            filter: (src) => !src.endsWith('.d.yaml.ts'),
          })
        }
      })

      function runScript(command: string, script: string): void {
        const child = spawnSync(command, [join(EXAMPLES, script)], { cwd, encoding: 'utf8', timeout: scaled(120_000) })
        expect(child.stderr).toBe('')
        expect(child.status).toBe(0)
      }

      it('esbuild.mjs', () => {
        runScript(process.execPath, 'esbuild.mjs')
        expect(runNode(join(cwd, 'dist/esbuild/main.js'))).toBe(PRINTED)
      })

      const noBun = bunUnavailable()
      it.skipIf(noBun !== undefined)(`bun.build.ts${noBun ? ` (skipped: ${noBun})` : ''}`, () => {
        runScript(BUN, 'bun.build.ts')
        expect(runNode(join(cwd, 'dist/bun/main.js'))).toBe(PRINTED)
      })
    })

    it('render.mjs runs the engine without a bundler', () => {
      // It only reads: it runs from the repo root, where its entry path is relative to.
      const child = spawnSync(process.execPath, [join(EXAMPLES, 'render.mjs')], {
        cwd: REPO,
        encoding: 'utf8',
        timeout: scaled(30_000),
      })
      expect(child.stderr).toBe('')
      expect(child.status).toBe(0)
      expect(child.stdout.trim()).toMatch(/^https:\/\/api\.example\.com\/v2 \(\d+ files, 0 warnings\)$/)
    })

    it('playground/vite.config.ts builds the playground with the production layers', async () => {
      const { build } = await import('vite')
      const out = tempDir('vite')
      // Vite finds and loads playground/vite.config.ts itself, as `vite build playground` does.
      await build({ root: join(REPO, 'playground'), logLevel: 'silent', build: { outDir: out, emptyOutDir: true } })
      expect(readdirSync(out)).toContain('index.html')
      const code = jsFiles(out)
        .map((f) => readFileSync(join(out, f), 'utf8'))
        .join('\n')
      expect(code).toContain('https://api.example.com/v2')
      expect(code).not.toContain('http://localhost:8080/api')
    })
  },
)
