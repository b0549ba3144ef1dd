// Limits that guard the YAML parsers themselves: nesting that would overflow their recursion, and
// work that would grow quadratically with the input (duplicate-key checks, merging many parts).
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { render } from '@merged-yaml/core'
import type { Diagnostic, RenderOptions } from '@merged-yaml/core'
import { lines, writeTree } from '../helpers/tree.ts'
import { firstDiagnostic } from './helpers.ts'

const entry = 'app.merged.yaml'

async function failure(files: Record<string, string>, options: RenderOptions = {}): Promise<Diagnostic> {
  const root = writeTree(files, 'limits')
  // The test's timeout (60 s) is the bound: no time is asserted on these shared, noisy machines.
  const d = await firstDiagnostic(entry, { root, ...options })
  return d
}

describe('nesting (maxDepth) before the parsers recurse', () => {
  const flow = (n: number) => `${'['.repeat(n)}${']'.repeat(n)}\n`
  const flowMaps = (n: number) => `${'{a: '.repeat(n)}1${'}'.repeat(n)}\n`
  const block = (n: number) => `${Array.from({ length: n }, (_, i) => `${' '.repeat(i)}k${i}:`).join('\n')} 1\n`
  const seqs = (n: number) => `${'- '.repeat(n)}x\n`

  for (const [name, text] of [
    ['100 000 nested [', `x: ${'['.repeat(100_000)}\n`],
    ['100 000 nested closed [ ]', `x: ${flow(100_000)}`],
    ['20 000 nested flow mappings', flowMaps(20_000)],
    ['2 000 nested block mappings', block(2000)],
    ['5 000 nested compact sequences', seqs(5000)],
  ] as const) {
    it(`refuses ${name} with a located error, not a stack overflow`, async () => {
      const d = await failure({ [entry]: text })
      expect(d.code).toMatch(/^MY_(YAML|VALUE)_TOO_DEEP$/)
      expect(d.message).toContain('limits.maxDepth')
    })
  }
})

describe('work that grows with the input stays near-linear', () => {
  // Linear work takes about a second here, quadratic work many minutes: the test's timeout (60 s) is the bound.
  it('reads a mapping with 50 000 keys (with an anchor, so the positions parser reads it)', async () => {
    const keys = Array.from({ length: 50_000 }, (_, i) => `k${i}: ${i}`)
    const root = writeTree({ [entry]: lines('anchor: &a 1', 'alias: *a', ...keys) }, 'limits')
    const result = await render(join(root, entry), { root })
    expect(Object.keys(result.value as object)).toHaveLength(50_002)
  })
})

describe('the fast path’s checks stay linear (found by fuzzing)', () => {
  // Quadratic checks took minutes on these inputs; linear ones take milliseconds. The bound is the test's
  // timeout (60 s): no time is asserted on these shared, noisy machines.
  const renders = async (text: string, options: RenderOptions = {}): Promise<boolean> => {
    const root = writeTree({ [entry]: text }, 'limits')
    await render(join(root, entry), { root, ...options }).catch(() => undefined)
    return true
  }

  it('reads thousands of comment lines ending in a colon', async () => {
    expect(await renders(`a:\n${'## tres:\r\n'.repeat(5000)}b: 1\n`, { yamlVersion: '1.1' })).toBe(true)
    expect(await renders(`x: |\n  y\n${'# c:\n'.repeat(20_000)}z\n`)).toBe(true)
  })

  it('reads a long comment full of block-scalar indicators', async () => {
    expect(await renders(`a: 1 ${' | #'.repeat(200_000)}\n\nb: 2\n`)).toBe(true)
    expect(await renders(`a: >${' > #'.repeat(200_000)}\n`)).toBe(true)
  })
})
