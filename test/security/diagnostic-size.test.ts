// Every diagnostic is bounded in size: a quoted value is cut (its length said), one message is cut,
// and the text of one render's diagnostics together is bounded, whatever `maxErrors` allows. The
// amplification shape of issue #38 — a long string, aliased four times, against a 13-rule `allOf` —
// at 1, 8 and 12 MB: located schema errors, never MY_INTERNAL (at 12 MB the unbounded messages passed
// V8's longest string), and a message of kilobytes, not of the input's size times the rules.
import { dirname, join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { render } from '../../packages/core/src/index.ts'
import type { MergedYamlError } from '../../packages/core/src/index.ts'
import { MAX_DIAGNOSTICS_TEXT, MAX_MESSAGE } from '../../packages/core/src/reporter.ts'
import { lines, writeTree } from '../helpers/tree.ts'
import { removeDir } from '../plugin/bundlers.ts'

const roots: string[] = []
afterAll(() => roots.forEach(removeDir))

const RULES = [
  { maxLength: 1 },
  { minLength: 1_000_000_000 },
  { pattern: '^a' },
  { pattern: '^b' },
  { pattern: '^c' },
  { enum: ['a', 'b'] },
  { const: 'a' },
  { type: 'number' },
  { type: 'boolean' },
  { type: 'array' },
  { type: 'object' },
  { type: 'null' },
  { not: { type: 'string' } },
]
const KEYS = ['big', 'b1', 'b2', 'b3', 'b4']

/** The shape: `big` holds `size` bytes, four keys alias it, each key must meet all 13 rules. */
function amplification(size: number): string {
  const properties = Object.fromEntries(KEYS.map((key) => [key, { allOf: RULES }]))
  const root = writeTree(
    {
      'schema.json': JSON.stringify({ type: 'object', properties }),
      'app.merged.yaml': lines(
        '# yaml-language-server: $schema=schema.json',
        `big: &a ${'x'.repeat(size)}`,
        ...KEYS.slice(1).map((key) => `${key}: *a`),
      ),
    },
    'diagnostic-size',
  )
  roots.push(root)
  return join(root, 'app.merged.yaml')
}

async function failure(entry: string, options = {}): Promise<MergedYamlError> {
  try {
    await render(entry, { root: dirname(entry), ...options })
  } catch (error) {
    return error as MergedYamlError
  }
  throw new Error('the render succeeded')
}

describe('the size of diagnostics', () => {
  for (const megabytes of [1, 8, 12]) {
    it(`${megabytes} MB aliased against 13 rules: located schema errors of bounded size`, async () => {
      const error = await failure(amplification(megabytes * 1024 * 1024))
      expect(error.diagnostics.length).toBeGreaterThan(1)
      for (const d of error.diagnostics) {
        expect(d.code).toBe('MY_SCHEMA_VIOLATION')
        expect(d.line).toBeGreaterThan(1)
        expect(d.message.length).toBeLessThanOrEqual(MAX_MESSAGE + 40)
      }
      expect(error.message.length).toBeLessThan(2 * MAX_DIAGNOSTICS_TEXT)
      // A quoted value says how long it was.
      expect(error.message).toContain(`(${megabytes * 1024 * 1024} characters)`)
    })
  }

  it('bounds the text of one render even when maxErrors allows every error', async () => {
    const error = await failure(amplification(1024 * 1024), { limits: { maxErrors: Number.MAX_SAFE_INTEGER } })
    const text = error.diagnostics.reduce((sum, d) => sum + d.message.length + (d.frame?.length ?? 0), 0)
    expect(text).toBeLessThanOrEqual(MAX_DIAGNOSTICS_TEXT + MAX_MESSAGE + 2000)
    expect(error.diagnostics.every((d) => d.code === 'MY_SCHEMA_VIOLATION')).toBe(true)
  })
})
