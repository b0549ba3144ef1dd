// The load hook as each bundler's adapter calls it: the same entry gives byte-identical code
// whatever the bundler, and only the engine's value decides it.
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { renderSync } from '@merged-yaml/core'
import type { UnpluginContextMeta, UnpluginOptions } from 'unplugin'
import { describe, expect, it } from 'vitest'
import { generateModule } from '../../src/codegen/module.ts'
import { unpluginFactory } from '../../src/index.ts'
import { lines, writeTree } from '../helpers/tree.ts'
import { BUNDLERS, REPO } from './bundlers.ts'
import type { BundlerName } from './bundlers.ts'

const ROOT = join(REPO, 'test/fixtures/plugin/basic')

async function loadWith(framework: BundlerName, id: string): Promise<string> {
  const plugin = unpluginFactory({ root: ROOT, dts: false, vars: { mode: 'production' } }, {
    framework,
    versions: {},
  } as UnpluginContextMeta) as UnpluginOptions
  const hook = plugin.load as { handler: (this: unknown, id: string) => Promise<{ code: string }> }
  const context = {
    addWatchFile: () => {},
    getWatchFiles: () => [],
    error: (message: unknown) => {
      throw new Error(JSON.stringify(message))
    },
    warn: () => {},
  }
  return (await hook.handler.call(context, id)).code
}

describe('the load hook', () => {
  it.each(['app.merged.yaml', 'mime.merged.yaml', 'awkward.merged.yaml'])(
    'gives byte-identical code for %s in every bundler',
    async (entry) => {
      const id = join(ROOT, entry)
      const expected = generateModule(renderSync(id, { root: ROOT, vars: { mode: 'production' } }).value)
      for (const framework of BUNDLERS) expect(await loadWith(framework, id), framework).toBe(expected)
    },
  )
})

describe('watching a failing entry', () => {
  it('keeps what failed and what worked last, without piling up what earlier failures read', async () => {
    const root = writeTree({
      'app.merged.yaml': lines('#include', 'a.yaml'),
      'a.yaml': lines('a: 1'),
      'b.yaml': lines('b: [1'),
      'c.yaml': lines('c: [1'),
    })
    const plugin = unpluginFactory({ root, dts: false, vars: { mode: 'production' } }, {
      framework: 'rollup',
      versions: {},
    } as UnpluginContextMeta) as UnpluginOptions
    const hook = plugin.load as { handler: (this: unknown, id: string) => unknown }
    const load = async (): Promise<string[]> => {
      const watched: string[] = []
      const context = {
        meta: { watchMode: true },
        addWatchFile: (file: string) => void watched.push(file),
        getWatchFiles: () => [],
        error: () => undefined,
        warn: () => {},
      }
      await hook.handler.call(context, join(root, 'app.merged.yaml'))
      return watched.map((file) => file.slice(root.length + 1)).sort()
    }
    expect(await load()).toEqual(['a.yaml', 'app.merged.yaml'])
    writeFileSync(join(root, 'app.merged.yaml'), lines('#include', 'b.yaml'))
    expect(await load()).toEqual(['a.yaml', 'app.merged.yaml', 'b.yaml'])
    writeFileSync(join(root, 'app.merged.yaml'), lines('#include', 'c.yaml'))
    // b.yaml broke it once; what counts now is c.yaml, and a.yaml from the last render that worked.
    expect(await load()).toEqual(['a.yaml', 'app.merged.yaml', 'c.yaml'])
  })
})
