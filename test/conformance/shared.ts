import { existsSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { expect } from 'vitest'
import { isMergedYamlError } from '@merged-yaml/core'

/** `../shared/conformance` beside the repo (present in CI); the runners skip when it is absent. */
export const CONFORMANCE_ROOT = resolve(import.meta.dirname, '../../../shared/conformance')

export function conformanceDir(system: string): string | undefined {
  const dir = join(CONFORMANCE_ROOT, system)
  return existsSync(dir) ? dir : undefined
}

export function scratchDir(prefix: string): string {
  return mkdtempSync(join(tmpdir(), `my-${prefix}-`))
}

/** Strict mode must give the lenient (reference) value or a located MergedYamlError, never another value. */
export async function expectSameOrLocatedError(
  run: () => Promise<unknown>,
  reference: unknown,
): Promise<'same' | 'error'> {
  let value: unknown
  try {
    value = await run()
  } catch (error) {
    if (!isMergedYamlError(error)) throw error
    for (const d of error.diagnostics) {
      expect(d.code).toMatch(/^MY_/)
      expect(d.file).toBeTruthy()
      expect(d.line).toBeGreaterThanOrEqual(1)
      expect(d.column).toBeGreaterThanOrEqual(1)
    }
    return 'error'
  }
  expect(JSON.stringify(value)).toBe(JSON.stringify(reference))
  return 'same'
}
