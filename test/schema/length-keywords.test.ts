// `maxLength`/`minLength` decided by the string's UTF-16 length where it can (length-keywords.ts):
// the same verdicts, errors and error order as ajv's own keywords, surrogate pairs and lone
// surrogates included, and the 12 MB string of issue #38 checked without counting it.
import { createRequire } from 'node:module'
import { describe, expect, it } from 'vitest'
import type { default as AjvCore, Options } from 'ajv/dist/core.js'
import { longerThan, shorterThan, useLengthKeywords } from '../../packages/core/src/schema/length-keywords.ts'

const require = createRequire(import.meta.url)
const Ajv = (require('ajv') as { default: new (options: Options) => AjvCore }).default
const options: Options = { allErrors: true, verbose: true, strict: false, logger: false }

const TEXTS = ['', 'a', 'ab', 'abc', '😀', 'a😀', '😀😀', '😀a😀', '\ud800', 'a\udc00', '\ud800\ud800', 'é'.repeat(5)]

describe('length keywords', () => {
  it('count as ajv counts (code points): every text, every limit around its lengths', () => {
    const count = (text: string) => [...text].length
    for (const text of TEXTS) {
      for (let limit = 0; limit <= text.length + 2; limit++) {
        expect(longerThan(text, limit), `${JSON.stringify(text)} > ${limit}`).toBe(count(text) > limit)
        expect(shorterThan(text, limit), `${JSON.stringify(text)} < ${limit}`).toBe(count(text) < limit)
      }
    }
  })

  it('give the errors of ajv’s own keywords, in the same order among the string keywords', () => {
    const ours = new Ajv(options)
    useLengthKeywords(ours)
    const theirs = new Ajv(options)
    for (const limit of [0, 1, 2, 3]) {
      const schema = {
        type: 'object',
        properties: { s: { pattern: '^z', maxLength: limit, minLength: limit + 1, format: 'x', enum: ['q'] } },
      }
      const check = ours.compile(schema)
      const reference = theirs.compile(schema)
      for (const s of TEXTS) {
        expect(check({ s }), JSON.stringify(s)).toBe(reference({ s }))
        expect(check.errors, JSON.stringify(s)).toEqual(reference.errors)
      }
    }
  })

  it('decide a 12 MB string by its length', () => {
    const big = 'x'.repeat(12 * 1024 * 1024)
    expect(longerThan(big, 1)).toBe(true)
    expect(shorterThan(big, 1_000_000_000)).toBe(true)
    expect(longerThan(big, big.length)).toBe(false)
    expect(shorterThan(big, big.length)).toBe(false)
  })
})
