// The render cache: one build parses each layer once however many entries include it, and a
// rebuild reads and parses only what changed. Counts, never times.
import { realpathSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { createRenderCache, renderSync } from '@merged-yaml/core'
import type { RenderCache, RenderOptions } from '@merged-yaml/core'
import { lines, writeTree } from '../helpers/tree.ts'

const ENTRIES = 50
const ENVS = ['dev', 'staging', 'prod']

/** 50 entries over one shared base, three shared env layers and a leaf each (cloud-init merge_how). */
function writeCorpus(): string {
  const files: Record<string, string> = {
    'base.yaml': lines('packages: [curl, git]', 'settings:', '  level: info', '  ports: [80]', 'motd: hello'),
  }
  for (const env of ENVS) {
    files[`env/${env}.yaml`] = lines(
      'merge_how: dict(recurse_array,no_replace)+list(append)',
      `settings:`,
      `  env: ${env}`,
      '  ports: [443]',
      `packages: [${env}-tools]`,
    )
  }
  for (let k = 0; k < ENTRIES; k++) {
    files[`apps/app-${k}.yaml`] = lines(`app: app-${k}`, 'settings:', `  replicas: ${k % 5}`)
    files[`app-${k}.merged.yaml`] = lines(
      '#include',
      'base.yaml',
      `env/${ENVS[k % ENVS.length]}.yaml`,
      `apps/app-${k}.yaml`,
    )
  }
  return writeTree(files, 'cache')
}

const UNIQUE_LAYERS = 1 + ENVS.length + ENTRIES
const entryNames = Array.from({ length: ENTRIES }, (_, k) => `app-${k}.merged.yaml`)

function renderAll(root: string, cache?: RenderCache, options: RenderOptions = { strict: false }): unknown[] {
  return entryNames.map((entry) => renderSync(join(root, entry), { root, ...options }, cache ? { cache } : {}).value)
}

/** Rewrites a file with other content of another size, as an editor's save does. */
function edit(path: string, text: string): void {
  const before = statSync(path)
  writeFileSync(path, text)
  // Some file systems keep a coarse mtime: make the save visible by time as well as by size.
  utimesSync(path, before.atime, new Date(before.mtimeMs + 2000))
}

describe('render cache', () => {
  let root = ''
  afterEach(() => rmSync(root, { recursive: true, force: true }))

  it('parses each shared layer once for a build of 50 entries, with the values of uncached renders', () => {
    root = writeCorpus()
    const cache = createRenderCache()
    const cached = renderAll(root, cache)
    expect(cache.stats.parses).toBe(UNIQUE_LAYERS)
    // Every layer and every entry file is read once.
    expect(cache.stats.reads).toBe(UNIQUE_LAYERS + ENTRIES)
    expect(cache.stats.parseHits).toBe(ENTRIES * 3 - UNIQUE_LAYERS)
    expect(cached).toEqual(renderAll(root))
    expect(cached[1]).toEqual({
      packages: ['curl', 'git', 'staging-tools'],
      settings: { level: 'info', ports: [80, 443], env: 'staging', replicas: 1 },
      motd: 'hello',
      app: 'app-1',
    })
  })

  it('after an edit of the shared base, reads and parses exactly that one file again', () => {
    root = writeCorpus()
    const cache = createRenderCache()
    renderAll(root, cache)
    const { reads, parses } = cache.stats
    edit(join(root, 'base.yaml'), lines('packages: [curl, git, vim]', 'settings:', '  level: debug', 'motd: edited'))
    const values = renderAll(root, cache)
    expect(cache.stats.parses - parses).toBe(1)
    expect(cache.stats.reads - reads).toBe(1)
    expect(values).toEqual(renderAll(root))
    expect(values[0]).toMatchObject({ motd: 'edited', settings: { level: 'debug' } })
  })

  it('after an edit of one leaf, re-renders read and parse only that leaf', () => {
    root = writeCorpus()
    const cache = createRenderCache()
    renderAll(root, cache)
    const { reads, parses } = cache.stats
    edit(join(root, 'apps/app-7.yaml'), lines('app: renamed'))
    const values = renderAll(root, cache)
    expect([cache.stats.reads - reads, cache.stats.parses - parses]).toEqual([1, 1])
    expect(values[7]).toMatchObject({ app: 'renamed' })
  })

  it('reads and parses a file again after invalidate(), and nothing else', () => {
    root = writeCorpus()
    const cache = createRenderCache()
    renderAll(root, cache)
    const { reads, parses } = cache.stats
    cache.invalidate(join(root, 'env/prod.yaml'))
    renderAll(root, cache)
    expect([cache.stats.reads - reads, cache.stats.parses - parses]).toEqual([1, 1])
    renderAll(root, cache)
    expect([cache.stats.reads - reads, cache.stats.parses - parses]).toEqual([1, 1])
  })

  it('keeps documents parsed with other options apart (the YAML version, chosen or not)', () => {
    root = writeCorpus()
    const cache = createRenderCache()
    renderAll(root, cache, { strict: false })
    renderAll(root, cache, { strict: false, yamlVersion: '1.1' })
    renderAll(root, cache, { strict: false, yamlVersion: '1.2' })
    expect(cache.stats.parses).toBe(3 * UNIQUE_LAYERS)
    expect(cache.stats.reads).toBe(UNIQUE_LAYERS + ENTRIES)
  })

  it('shares documents between strict and lenient renders (the render reports duplicate keys)', () => {
    root = writeCorpus()
    const cache = createRenderCache()
    renderAll(root, cache, { strict: false })
    renderAll(root, cache, { strict: true })
    expect(cache.stats.parses).toBe(UNIQUE_LAYERS)
  })

  it('during a build, asks each path once: files are taken as unchanged until invalidated or the build ends', () => {
    root = writeCorpus()
    const cache = createRenderCache()
    const base = join(root, 'base.yaml')
    const missing = join(root, 'later.yaml')
    // Outside a build every call goes to disk.
    expect(cache.stat(base)).not.toBe(cache.stat(base))
    cache.beginBuild()
    expect(cache.stat(base)).toBe(cache.stat(base))
    expect(cache.realpath(base)).toBe(realpathSync.native(base))
    expect(() => cache.stat(missing)).toThrow(expect.objectContaining({ code: 'ENOENT' }))
    const first = renderAll(root, cache)
    const { reads } = cache.stats
    writeFileSync(missing, 'a: 1\n')
    edit(base, lines('motd: unseen until invalidated'))
    // The edit is not seen (the watcher has not told the cache), the created file not found.
    expect(renderAll(root, cache)).toEqual(first)
    expect(() => cache.stat(missing)).toThrow(expect.objectContaining({ code: 'ENOENT' }))
    expect(cache.stats.reads).toBe(reads)
    cache.invalidate(base)
    cache.invalidate(missing)
    expect(cache.stat(missing).isFile()).toBe(true)
    expect(renderAll(root, cache)[0]).toMatchObject({ motd: 'unseen until invalidated' })
    expect(cache.stats.reads - reads).toBe(1)
    // The next build (or none) sees the disk again.
    cache.endBuild()
    edit(base, lines('motd: seen'))
    expect(renderAll(root, cache)[0]).toMatchObject({ motd: 'seen' })
    cache.beginBuild()
    edit(base, lines('motd: seen by the next build'))
    cache.beginBuild()
    expect(renderAll(root, cache)[0]).toMatchObject({ motd: 'seen by the next build' })
  })

  it('shares frozen documents, which no merge mutates', () => {
    root = writeCorpus()
    const cache = createRenderCache()
    const first = renderAll(root, cache)
    const [doc] = cache.parse(join(root, 'base.yaml'), lines('a: {b: [1]}'), {
      version: '1.2',
      allowDuplicateKeys: true,
      maxAliasCount: 100,
    })
    expect(Object.isFrozen(doc!.value)).toBe(true)
    expect(Object.isFrozen((doc!.value as { a: { b: unknown[] } }).a.b)).toBe(true)
    // A second build over the same cache gives the same values: nothing was changed in place.
    expect(renderAll(root, cache)).toEqual(first)
  })
})
