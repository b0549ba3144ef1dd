// The bench corpora's entries, each rendered once (recorder.ts records them like every other render).
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { describe, it } from 'vitest'
import { render } from '@merged-yaml/core'
import { CORPORA, GEN_CORPUS, REPO_ROOT, generateCorpus } from '../../bench/corpus.mjs'

describe.skipIf(!existsSync(GEN_CORPUS))('bench corpora (needs ../shared/bench)', () => {
  for (const [name, params] of Object.entries(CORPORA)) {
    it(name, async () => {
      const dir = join(REPO_ROOT, 'bench', '.corpus', name)
      for (const { entry } of generateCorpus(dir, params).entries) {
        await render(join(dir, entry), { root: dir, vars: { mode: 'production' } }).catch(() => undefined)
      }
    })
  }
})
