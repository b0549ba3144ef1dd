// A declaration covers its entry in every mode it declares (`modes`): its key holds the entry's fingerprint
// in each. With the cache, another mode's fingerprint is stored with its inputs' stamps, so that a rebuild
// in which nothing changed does not gather that mode again; an edit of a layer only that mode reads does.
// Counted through the pipeline's `prepareEntry` (each call gathers an entry in one mode).
import { readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type * as PipelineApi from '../../packages/core/src/pipeline-api.ts'
import { RACY_MS } from '../../src/plugin/input-stamps.ts'
import { buildOnce } from '../helpers/rollup-build.ts'
import { lines, writeTree } from '../helpers/tree.ts'

/** The mode of each entry gathered, in order. */
const gathered = vi.hoisted(() => [] as string[])

vi.mock('../../packages/core/src/pipeline-api.ts', async (importOriginal) => {
  const pipeline = await importOriginal<typeof PipelineApi>()
  return {
    ...pipeline,
    prepareEntry: (...args: Parameters<typeof pipeline.prepareEntry>) => {
      gathered.push(String(args[1]?.vars?.mode))
      return pipeline.prepareEntry(...args)
    },
  }
})

/** One build as a new process runs it (a fresh plugin instance) in `mode`, loading the entry. */
async function build(root: string, mode: string): Promise<void> {
  const code = await buildOnce(root, 'app.merged.yaml', { dts: 'sidecar', cache: '.cache' }, mode)
  if (code.startsWith('error: ')) throw new Error(code)
}

describe("another mode's fingerprint, with the cache", () => {
  let root = ''
  afterEach(() => rmSync(root, { recursive: true, force: true }))

  it('is taken from its stamps while they hold, and gathered again after an edit', async () => {
    root = writeTree({
      'base.yaml': lines('port: 80'),
      'env/development.yaml': lines('debug: true'),
      'env/production.yaml': lines('debug: false'),
      'app.merged.yaml': lines('#include', 'base.yaml', 'env/${mode}.yaml'),
    })
    // Inputs changed within RACY_MS of a build are not stamped.
    await new Promise((done) => setTimeout(done, Number(RACY_MS) + 100))
    await build(root, 'development')
    expect(gathered.splice(0)).toEqual(['development', 'production'])
    const sidecar = join(root, 'app.merged.d.yaml.ts')
    const written = readFileSync(sidecar, 'utf8')

    // Nothing changed: the entry is served by its stamps, and production's fingerprint is the stored one.
    await build(root, 'development')
    expect(gathered.splice(0)).toEqual([])
    expect(readFileSync(sidecar, 'utf8')).toBe(written)

    // A layer only production reads: its stamps fail, it is gathered; the declaration's key changed, so it
    // is generated again from each mode's value (development's module itself is still served by its stamps).
    writeFileSync(join(root, 'env/production.yaml'), lines('debug: "no"'))
    await build(root, 'development')
    expect(gathered.splice(0)).toEqual(['production', 'development'])
    expect(readFileSync(sidecar, 'utf8')).toContain('debug: boolean | string')
  })
})
