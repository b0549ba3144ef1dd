// A rebuild served by its inputs' stamps stats each input: a one-off build (`vite build`) once per build,
// however many entries include it; a build that may watch (a dev server, `--watch`) once per entry, on disk.
import * as fs from 'node:fs'
import { join } from 'node:path'
import type { UnpluginContextMeta, UnpluginOptions } from 'unplugin'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { RACY_MS } from '../../src/plugin/input-stamps.ts'
import { unpluginFactory } from '../../src/index.ts'
import { lines, writeTree } from '../helpers/tree.ts'

const statted = vi.hoisted(() => [] as string[])

// Every stat and lstat, by path: the render cache stats a plain file with lstat.
vi.mock('node:fs', async (importOriginal) => {
  const original = await importOriginal<typeof fs>()
  const counted = <F extends (path: fs.PathLike, ...rest: never[]) => unknown>(stat: F): F =>
    ((path: fs.PathLike, ...rest: never[]) => {
      statted.push(String(path))
      return stat(path, ...rest)
    }) as F
  const stats = { statSync: counted(original.statSync), lstatSync: counted(original.lstatSync) }
  return { ...original, ...stats, default: { ...original, ...stats } }
})

const ENTRIES = 4

/** One build of every entry, as a fresh process runs it; the paths it stats. */
async function build(root: string, oneOff: boolean): Promise<{ codes: string[]; statted: string[] }> {
  const plugin = unpluginFactory({ root, dts: false, cache: '.cache' }, {
    framework: 'rollup',
    versions: {},
  } as UnpluginContextMeta) as UnpluginOptions
  const context = {
    meta: { watchMode: !oneOff },
    addWatchFile: () => {},
    getWatchFiles: () => [],
    error: (error: unknown) => {
      throw new Error(String(error))
    },
    warn: () => {},
  }
  ;(plugin.buildStart as () => void).call(context)
  statted.length = 0
  const load = plugin.load as { handler: (this: unknown, id: string) => Promise<{ code: string }> }
  const codes: string[] = []
  for (let k = 0; k < ENTRIES; k++)
    codes.push((await load.handler.call(context, join(root, `app-${k}.merged.yaml`))).code)
  const seen = [...statted]
  await (plugin.buildEnd as () => Promise<void>).call(context)
  await (plugin.rollup!.closeBundle as () => Promise<void>).call(context)
  return { codes, statted: seen }
}

describe('stamps of a rebuild', () => {
  let root = ''
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }))

  it.each([
    { what: 'a one-off build', oneOff: true, times: 1 },
    { what: 'a build that may watch', oneOff: false, times: ENTRIES },
  ])('$what stats a layer every entry includes $times time(s)', async ({ oneOff, times }) => {
    const files: Record<string, string> = { 'base.yaml': lines('name: base') }
    for (let k = 0; k < ENTRIES; k++) {
      files[`leaf-${k}.yaml`] = lines(`leaf: ${k}`)
      files[`app-${k}.merged.yaml`] = lines('#include', 'base.yaml', `leaf-${k}.yaml`)
    }
    root = writeTree(files, 'stamp-stats')
    // Inputs changed within RACY_MS of a build are not stamped.
    await new Promise((done) => setTimeout(done, Number(RACY_MS) + 100))
    const first = await build(root, oneOff)
    const next = await build(root, oneOff)
    expect(next.codes).toEqual(first.codes)
    expect(next.statted.filter((path) => path === join(root, 'base.yaml'))).toHaveLength(times)
    // Served by the stamps: each entry's own layer statted once, never read to be gathered again.
    expect(next.statted.filter((path) => path === join(root, 'leaf-0.yaml'))).toHaveLength(1)
  })
})
