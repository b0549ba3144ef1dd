// Strict mode refuses what Helm cannot read though YAML can, located, with Helm's reason; lenient mode
// keeps the engine's reading with a warning. Helm's behaviour for each input was checked with its own
// code (../shared/realworld/oracle/helm-values): every one of these is an error there.
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { isMergedYamlError, render } from '@merged-yaml/core'
import type { RenderOptions } from '@merged-yaml/core'
import { writeTree } from '../../helpers/tree.ts'

async function renderValues(text: string, options: RenderOptions = {}) {
  const root = writeTree({ 'app.merged.yaml': '#include\nvalues.yaml\n', 'values.yaml': text }, 'values-helm')
  return render(join(root, 'app.merged.yaml'), { root, ...options })
}

describe('what Helm cannot read', () => {
  it.each([
    ['%YAML 1.2\n---\na: 1\n', 1, 1, "%YAML directive: Helm's values loader (go-yaml v2) cannot read", { a: 1 }],
    ['%TAG ! tag:x,2000:\n---\na: 1\n', 1, 1, '%TAG directive', { a: 1 }],
    ['a: 1\n--- {b: 2}\n', 2, 1, 'invalid Yaml document separator: {b: 2}', { a: 1, b: 2 }],
    ['a: 1\nk: .nan\n', 2, 4, 'json: unsupported value: NaN', { a: 1, k: Number.NaN }],
    ['l: [1, -.inf]\n', 1, 8, 'json: unsupported value: -Inf', { l: [1, -Infinity] }],
    ['k: .inf\n', 1, 4, 'json: unsupported value: +Inf', { k: Infinity }],
    [
      'a: 1\n...\n# note\nb: 2\n',
      4,
      1,
      "text after a '...' document end: Helm's values loader drops it",
      { a: 1, b: 2 },
    ],
  ])('%j: strict refuses it at %i:%i, lenient reads it with a warning', async (text, line, column, reason, value) => {
    const error = await renderValues(text).catch((e: unknown) => e)
    if (!isMergedYamlError(error)) throw new Error(`expected a MergedYamlError, got ${JSON.stringify(error)}`)
    expect(error.diagnostics[0]).toMatchObject({ code: 'MY_VALUES_HELM_UNREADABLE', line, column })
    expect(error.diagnostics[0]!.message).toContain(reason)
    const lenient = await renderValues(text, { strict: false })
    expect(lenient.value).toEqual(value)
    expect(lenient.warnings.map((w) => w.code)).toContain('MY_VALUES_HELM_UNREADABLE')
  })

  it('what Helm reads stays silent: a comment after ---, a quoted .inf, documents split on their own lines', async () => {
    for (const text of [
      '--- # c\na: 1\n',
      'k: ".inf"\n',
      'a: 1\n---\nb: 2\n',
      'a: "--- x"\n',
      'a: 1\n...\n---\nb: 2\n',
    ]) {
      const result = await renderValues(text)
      expect(result.warnings).toEqual([])
    }
  })

  it('another dialect keeps its own reading', async () => {
    const root = writeTree({ 'app.merged.yaml': '#cloud-config\n%YAML 1.1\n---\nk: 1\n' }, 'values-helm')
    const result = await render(join(root, 'app.merged.yaml'), { root, strict: false })
    expect(result.warnings.map((w) => w.code)).not.toContain('MY_VALUES_HELM_UNREADABLE')
  })
})
