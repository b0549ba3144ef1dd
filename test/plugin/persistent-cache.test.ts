// A bundler's persistent cache (webpack's `cache: { type: 'filesystem' }`, as Next.js keeps it in
// `.next/cache`) runs no load for a module whose dependencies are unchanged: a checkout without
// declarations (git-ignored) but with CI's cache restored would get none. The declaration is one of
// the entry's dependencies (Host.cachesAcrossBuilds), so that its absence loads the entry again.
import { existsSync, readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import type { Stats } from 'webpack'
import MergedYamlWebpack from '../../src/webpack.ts'
import { writeTree } from '../helpers/tree.ts'
import { removeDir } from './bundlers.ts'

const roots: string[] = []
afterAll(() => roots.forEach(removeDir))

/** One `webpack` run with a filesystem cache in the project, as a CI job runs `next build --webpack`. */
async function buildWithCache(root: string): Promise<void> {
  const { default: webpack } = await import('webpack')
  const compiler = webpack({
    mode: 'production',
    context: root,
    entry: './main.js',
    devtool: false,
    output: { path: join(root, 'dist'), filename: 'main.js' },
    cache: { type: 'filesystem', cacheDirectory: join(root, '.cache') },
    plugins: [MergedYamlWebpack({ dts: 'sidecar' })],
    infrastructureLogging: { level: 'none' },
  })
  const stats = await new Promise<Stats>((resolve, reject) =>
    compiler.run((error, result) => (error ? reject(error) : resolve(result!))),
  )
  await new Promise<void>((resolve) => compiler.close(() => resolve()))
  if (stats.hasErrors()) throw new Error(stats.toString({ all: false, errors: true, colors: false }))
}

describe('a warm persistent cache (webpack)', () => {
  it('writes the declaration a checkout lacks, and keeps it from one build to the next', async () => {
    const root = writeTree({
      'app.merged.yaml': '#include\nbase.yaml\n',
      'base.yaml': 'port: 1\n',
      'main.js': "import config from './app.merged.yaml'\nconsole.log(config)\n",
    })
    roots.push(root)
    const sidecar = join(root, 'app.merged.d.yaml.ts')
    await buildWithCache(root)
    expect(readFileSync(sidecar, 'utf8')).toContain('port: number')
    expect(existsSync(join(root, '.cache'))).toBe(true)
    // A fresh checkout: the declaration is git-ignored, the cache restored.
    rmSync(sidecar)
    await buildWithCache(root)
    expect(readFileSync(sidecar, 'utf8')).toContain('port: number')
    await buildWithCache(root)
    expect(readFileSync(sidecar, 'utf8')).toContain('port: number')
  })
})
