import { isAbsolute, join } from 'node:path'
import { expect } from 'vitest'
import { MergedYamlError, render } from '@merged-yaml/core'
import type { Diagnostic, RenderHooks, RenderOptions } from '@merged-yaml/core'

/**
 * Renders an entry that must fail, and returns the MergedYamlError (anything else fails the test).
 * A relative entry is relative to `options.root` here (render() takes it relative to the working directory).
 */
export async function renderFailure(
  entry: string,
  options: RenderOptions,
  hooks?: RenderHooks,
): Promise<MergedYamlError> {
  const file = isAbsolute(entry) || options.root === undefined ? entry : join(options.root, entry)
  const outcome = await render(file, options, hooks).then(
    (result) => ({ result }),
    (error: unknown) => ({ error }),
  )
  if (!('error' in outcome))
    throw new Error(
      `render() resolved with ${JSON.stringify(outcome.result.value)?.slice(0, 200)}; expected a MergedYamlError`,
    )
  expect(outcome.error).toBeInstanceOf(MergedYamlError)
  return outcome.error as MergedYamlError
}

/** The first diagnostic of a failing render, checked to be located (a file, line and column ≥ 1). */
export async function firstDiagnostic(entry: string, options: RenderOptions, hooks?: RenderHooks): Promise<Diagnostic> {
  const d = (await renderFailure(entry, options, hooks)).diagnostics[0]!
  expect(d.file).not.toBe('<unknown>')
  expect(d.line).toBeGreaterThanOrEqual(1)
  expect(d.column).toBeGreaterThanOrEqual(1)
  return d
}
