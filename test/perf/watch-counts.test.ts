// Watch mode through the plugin (Rollup): editing a shared layer parses exactly that file again and
// re-merges the entries that include it; editing one leaf re-merges only its entry. Counts, not times.
import { readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Plugin } from 'rollup'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { RenderCache } from '@merged-yaml/core'
import type * as PipelineApi from '../../packages/core/src/pipeline-api.ts'
import { lines, writeTree } from '../helpers/tree.ts'
import { scaled } from '../helpers/time-scale.ts'

const caches = vi.hoisted(() => [] as RenderCache[])

// The plugin's cache, to read its counters: made by the pipeline the plugin loads on its first entry.
vi.mock('../../packages/core/src/pipeline-api.ts', async (importOriginal) => {
  const pipeline = await importOriginal<typeof PipelineApi>()
  return {
    ...pipeline,
    createRenderCache: () => {
      const cache = pipeline.createRenderCache()
      caches.push(cache)
      return cache
    },
  }
})

const ENTRIES = 6

function writeProject(): string {
  const files: Record<string, string> = {
    'base.yaml': lines('name: base', 'layers: [base]'),
    'main.js': lines(
      ...Array.from({ length: ENTRIES }, (_, k) => `import app${k} from './app-${k}.merged.yaml'`),
      `globalThis.__apps = [${Array.from({ length: ENTRIES }, (_, k) => `app${k}`).join(', ')}]`,
    ),
  }
  for (let k = 0; k < ENTRIES; k++) {
    files[`leaf-${k}.yaml`] = lines('merge_how: dict(recurse_array)+list(append)', `layers: [leaf-${k}]`)
    files[`app-${k}.merged.yaml`] = lines('#include', 'base.yaml', `leaf-${k}.yaml`)
  }
  return writeTree(files, 'watch-counts')
}

/** Counts how often each entry module is loaded (rendered and merged) by the plugin before it. */
function countLoads(counts: Map<string, number>): Plugin {
  return {
    name: 'count-entry-loads',
    transform(_code, id) {
      if (id.endsWith('.merged.yaml')) counts.set(id, (counts.get(id) ?? 0) + 1)
      return null
    },
  }
}

describe('watch mode (Rollup)', () => {
  let root = ''
  afterEach(() => rmSync(root, { recursive: true, force: true }))

  it(
    're-parses only the edited layer and re-merges only the entries that include it',
    { timeout: scaled(120_000) },
    async () => {
      root = writeProject()
      const { watch } = await import('rollup')
      const { default: MergedYaml } = await import('../../src/rollup.ts')
      const loads = new Map<string, number>()
      const out = join(root, 'dist/main.js')
      let builds = 0
      let failure: unknown
      const watcher = watch({
        input: join(root, 'main.js'),
        plugins: [MergedYaml({ root, dts: false }), countLoads(loads)],
        output: { file: out, format: 'iife' },
        onwarn: () => {},
      })
      watcher.on('event', (event) => {
        if (event.code === 'BUNDLE_END') {
          void event.result.close()
          builds++
        } else if (event.code === 'ERROR') failure = event.error
      })
      const nextBuild = async (after: number) => {
        await vi.waitFor(
          () => {
            if (failure) throw failure
            expect(builds).toBeGreaterThan(after)
          },
          { timeout: scaled(60_000), interval: 50 },
        )
      }
      const settle = () => new Promise((resolve) => setTimeout(resolve, 300))
      const loadsOf = () =>
        Array.from({ length: ENTRIES }, (_, k) => loads.get(join(root, `app-${k}.merged.yaml`)) ?? 0)
      try {
        await nextBuild(0)
        const cache = caches.at(-1)!
        expect(cache.stats.parses).toBe(1 + ENTRIES)
        expect(loadsOf()).toEqual(Array(ENTRIES).fill(1))

        await settle()
        let { parses, reads } = cache.stats
        writeFileSync(join(root, 'base.yaml'), lines('name: edited base', 'layers: [base]'))
        await nextBuild(1)
        expect(cache.stats.parses - parses).toBe(1)
        expect(cache.stats.reads - reads).toBe(1)
        expect(loadsOf()).toEqual(Array(ENTRIES).fill(2))
        expect(readFileSync(out, 'utf8')).toContain('edited base')

        await settle()
        ;({ parses, reads } = cache.stats)
        writeFileSync(join(root, 'leaf-3.yaml'), lines('layers: [leaf-3, edited]'))
        await nextBuild(2)
        expect(cache.stats.parses - parses).toBe(1)
        expect(cache.stats.reads - reads).toBe(1)
        expect(loadsOf()).toEqual([2, 2, 2, 3, 2, 2])
      } finally {
        await watcher.close()
      }
    },
  )
})
