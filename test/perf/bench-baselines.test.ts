// The values corpora's native baselines (json/) must be the data the values dialect gives, or a build
// ratio compares importing other data: the generator's own baselines append lists as cloud-init's
// directives say, half as large again (bench/corpus.mjs writes them again from Helm's merge).
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { render } from '@merged-yaml/core'
import { CORPORA, GEN_CORPUS, generateCorpus } from '../../bench/corpus.mjs'

const scratch = mkdtempSync(join(tmpdir(), 'my-bench-baselines-'))
afterAll(() => rmSync(scratch, { recursive: true, force: true }))

describe.skipIf(!existsSync(GEN_CORPUS))('values corpora baselines (needs ../shared/bench)', () => {
  it.each(['values-t3', 'values-s200'] as const)('%s: each json/ baseline is the entry as rendered', async (name) => {
    const dir = join(scratch, name)
    const manifest = generateCorpus(dir, CORPORA[name])
    expect(manifest.dialect).toBe('values')
    for (const { entry, json } of manifest.entries) {
      const { value } = await render(join(dir, entry), { root: dir, vars: { mode: 'production' } })
      expect(value, entry).toEqual(JSON.parse(readFileSync(join(dir, json), 'utf8')))
    }
  })
})
