// What the real-world runners share: where ../shared/realworld is, values as the corpus writes them
// (README there: bytes as {"$base64": …}, JSON numbers), and the rule for the default options: the
// reference's value or a located error, never another value.
import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import { expect } from 'vitest'
import { isMergedYamlError } from '@merged-yaml/core'
import type { Diagnostic } from '@merged-yaml/core'

/** `../shared/realworld` beside the checkout (present in CI); the runners skip when it is absent. */
export const REALWORLD = resolve(import.meta.dirname, '../../../shared/realworld')

export function realworldDir(system: string): string | undefined {
  const dir = resolve(REALWORLD, system)
  return existsSync(dir) ? dir : undefined
}

/** A value as the corpus's JSON writes it: bytes as {"$base64": …}, through JSON text. */
export function asCorpusJson(value: unknown): unknown {
  const text = JSON.stringify(value, function (this: Record<string, unknown>, key, item: unknown) {
    const raw = this[key]
    return raw instanceof Uint8Array ? { $base64: Buffer.from(raw).toString('base64') } : item
  })
  return text === undefined ? undefined : JSON.parse(text)
}

/** Every diagnostic located: a code, a file, a line and a column. */
export function expectLocated(diagnostics: readonly Diagnostic[]): void {
  expect(diagnostics.length).toBeGreaterThan(0)
  for (const d of diagnostics) {
    expect(d.code).toMatch(/^MY_/)
    expect(d.file).not.toBe('<unknown>')
    expect(d.line).toBeGreaterThanOrEqual(1)
    expect(d.column).toBeGreaterThanOrEqual(1)
  }
}

export type Outcome = { kind: 'same' } | { kind: 'error'; codes: string[] }

/** The expectation where the reference raises: no value equals it, only a located error passes. */
export const NO_VALUE: unique symbol = Symbol('the reference raises')

/**
 * The default options' outcome: the expected value (compared as JSON, key order aside) or a located
 * MergedYamlError. A different value fails: strict mode never differs silently.
 */
export async function sameOrLocatedError(run: () => Promise<unknown>, expected: unknown): Promise<Outcome> {
  let value: unknown
  try {
    value = await run()
  } catch (error) {
    if (!isMergedYamlError(error)) throw error
    expectLocated(error.diagnostics)
    return { kind: 'error', codes: error.diagnostics.map((d) => d.code) }
  }
  if (expected === NO_VALUE)
    throw new Error(`a value where the reference raises: ${JSON.stringify(asCorpusJson(value))}`)
  expect(asCorpusJson(value), 'a value other than the reference, without an error').toEqual(expected)
  return { kind: 'same' }
}

/** Counts outcomes for the summary line a runner prints. */
export function createTally(): { add(outcome: Outcome): void; summary(): string } {
  let same = 0
  const errors = new Map<string, number>()
  return {
    add(outcome) {
      if (outcome.kind === 'same') same++
      else errors.set(outcome.codes[0]!, (errors.get(outcome.codes[0]!) ?? 0) + 1)
    },
    summary() {
      const total = [...errors.values()].reduce((a, b) => a + b, 0)
      const codes = [...errors].map(([code, n]) => `${code} ${n}`).join(', ')
      return `${same} the same value, ${total} a located error${codes ? ` (${codes})` : ''}, 0 another value`
    },
  }
}
