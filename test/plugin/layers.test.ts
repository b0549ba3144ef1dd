// webpack and Rspack make one module of a file per layer (an experiment in webpack 5, stable in Rspack 2;
// Next.js builds its Server Components and its SSR in two layers of one compilation): a broken entry
// imported from two layers fails the build with its error once, not once per importer.
import { cpSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import MergedYamlRspack from '../../src/rspack.ts'
import MergedYamlWebpack from '../../src/webpack.ts'
import { REPO, removeDir } from './bundlers.ts'

const FIXTURE = join(REPO, 'test/fixtures/plugin/basic')

let root: string
const outputs: string[] = []
beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'my-plugin-layers-'))
  cpSync(FIXTURE, root, { recursive: true })
  for (const name of ['server', 'browser'])
    writeFileSync(join(root, `${name}.js`), "import broken from './broken.merged.yaml'\nconsole.log(broken)\n")
})
afterAll(() => {
  removeDir(root)
  for (const dir of outputs) removeDir(dir)
})

/** The two importers, each an entry point of its own layer. */
const entry = {
  server: { import: './server.js', layer: 'server' },
  browser: { import: './browser.js', layer: 'browser' },
}

interface Stats {
  compilation: { errors: unknown[] }
  toString(options: object): string
}

/** Runs a webpack-API compiler to its end: the errors' count and text. */
async function errorsOf(compiler: {
  run(callback: (error: Error | null, stats?: Stats) => void): void
  close(callback: () => void): void
}): Promise<{ count: number; text: string }> {
  const stats = await new Promise<Stats>((resolve, reject) =>
    compiler.run((error, stats) => (error ? reject(error) : resolve(stats!))),
  )
  await new Promise<void>((resolve) => compiler.close(() => resolve()))
  return { count: stats.compilation.errors.length, text: stats.toString({ all: false, errors: true, colors: false }) }
}

const config = (name: string) => {
  const path = mkdtempSync(join(tmpdir(), `my-out-${name}-`))
  outputs.push(path)
  return {
    mode: 'production' as const,
    context: root,
    entry,
    devtool: false as const,
    output: { path, filename: '[name].js' },
    infrastructureLogging: { level: 'none' as const },
  }
}

const LOCATED = 'broken-layer.yaml:1:12: error MY_UNKNOWN_MERGER'
const occurrences = (text: string) => text.split(LOCATED).length - 1

describe('an entry imported from two layers of one compilation', () => {
  it('webpack reports its error once', async () => {
    const { default: webpack } = await import('webpack')
    const { count, text } = await errorsOf(
      webpack({ ...config('webpack'), experiments: { layers: true }, plugins: [MergedYamlWebpack({ dts: false })] }),
    )
    expect(count, text).toBe(1)
    expect(occurrences(text), text).toBe(1)
  })

  it('Rspack reports its error once', async () => {
    const { rspack } = await import('@rspack/core')
    const { count, text } = await errorsOf(rspack({ ...config('rspack'), plugins: [MergedYamlRspack({ dts: false })] }))
    expect(count, text).toBe(1)
    expect(occurrences(text), text).toBe(1)
  })
})
