// Real user-data (../shared/realworld/cloud-init: cloud-init's doc examples and test data, GitHub
// templates, #include chains, MIME messages) against what cloud-init's own code makes of it. Each
// input is the entry itself. With the reference-compatible options every input gives cloud-init's
// merged cloud-config; with the default options, cloud-init's value or a located error.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { isMergedYamlError, render } from '@merged-yaml/core'
import { titleUnlessAvailable } from '../helpers/available.ts'
import type { RenderOptions } from '@merged-yaml/core'
import { asCorpusJson, createTally, expectLocated, NO_VALUE, realworldDir, sameOrLocatedError } from './shared.ts'

interface Item {
  input: string
  expected: string
  /** cloud-init raised: `Class: message`. */
  error?: string
}

const dir = realworldDir('cloud-init')
const items: Item[] = dir ? JSON.parse(readFileSync(join(dir, 'index.json'), 'utf8')) : []

/** cloud-init's exceptions and the diagnostic codes documented for them. */
const ERROR_CODES: Record<string, RegExp> = {
  // An http(s) include: cloud-init fetches it (and fails without a network); a build reads no URL.
  RuntimeError: /^MY_INCLUDE_REMOTE$/,
}

const REFERENCE: RenderOptions = { stack: 'per-part', strict: false, yamlVersion: '1.1' }

function expectedOf(item: Item): unknown {
  return JSON.parse(readFileSync(join(dir!, item.expected), 'utf8'))
}

describe.skipIf(!dir)(
  titleUnlessAvailable(
    'real cloud-init user-data (../shared/realworld/cloud-init)',
    dir ? undefined : '../shared/realworld is absent',
  ),
  () => {
    const tally = createTally()
    afterAll(() => {
      console.log(`realworld cloud-init, default options: ${tally.summary()}`)
    })

    it('has the 66 inputs', () => {
      expect(items).toHaveLength(66)
    })

    describe("with { stack: 'per-part', strict: false, yamlVersion: '1.1' }: cloud-init's value", () => {
      for (const item of items) {
        it(item.input, async () => {
          const entry = join(dir!, item.input)
          const expected = expectedOf(item)
          if (item.error !== undefined) {
            const error = await render(entry, { root: dir!, ...REFERENCE }).catch((e: unknown) => e)
            if (!isMergedYamlError(error)) throw new Error(`expected an error for ${item.error}, got a value`)
            expectLocated(error.diagnostics)
            expect(error.code).toMatch(ERROR_CODES[item.error.split(':')[0]!]!)
            return
          }
          const { value } = await render(entry, { root: dir!, ...REFERENCE })
          expect(asCorpusJson(value)).toEqual(expected)
        })
      }
    })

    describe("with the default options: cloud-init's value or a located error", () => {
      for (const item of items) {
        it(item.input, async () => {
          const entry = join(dir!, item.input)
          const run = async () => (await render(entry, { root: dir! })).value
          // Where cloud-init raises, any located error: the default options only promise not to differ.
          const outcome = await sameOrLocatedError(run, item.error === undefined ? expectedOf(item) : NO_VALUE)
          expect(['same', 'error']).toContain(outcome.kind)
          tally.add(outcome)
        })
      }
    })
  },
)
