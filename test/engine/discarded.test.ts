// cloud-init stays exact, and strict mode says what its merge keeps out of a later part without a
// word: a located warning (MY_MERGE_DISCARDED) at the later layer's key, naming the merger that kept
// the old value and how to get the new one. The issue's case: the README's old `merge_how`.
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { render } from '@merged-yaml/core'
import type { RenderOptions } from '@merged-yaml/core'
import { lines, writeTree } from '../helpers/tree.ts'

const entry = 'app.merged.yaml'

async function renderTree(files: Record<string, string>, options: RenderOptions = {}) {
  const root = writeTree(files, 'discarded')
  const result = await render(join(root, entry), { root, ...options })
  const warnings = result.warnings.map((w) => `${w.file.slice(root.length + 1)}:${w.line}:${w.column} ${w.code}`)
  return { result, warnings }
}

const issue = {
  [entry]: lines('#include', 'base.yaml', 'production.yaml'),
  'base.yaml': lines(
    '#cloud-config',
    'merge_how: dict(recurse_list,recurse_str)+list(append)+str()',
    'api:',
    '  timeoutMs: 5000',
    'theme:',
    '  darkMode: false',
  ),
  'production.yaml': lines('api:', '  timeoutMs: 2500', 'theme:', '  darkMode: true'),
}

describe('what cloud-init keeps out of a later part', () => {
  it("warns at each later key a dict merger without 'replace' keeps, and names the way out", async () => {
    const { result, warnings } = await renderTree(issue)
    expect(result.dialect).toBe('cloud-init')
    // cloud-init's value, exactly.
    expect(result.value).toEqual({ api: { timeoutMs: 5000 }, theme: { darkMode: false } })
    expect(warnings).toEqual(['production.yaml:2:3 MY_MERGE_DISCARDED', 'production.yaml:4:3 MY_MERGE_DISCARDED'])
    const [first] = result.warnings
    expect(first!.message).toContain("api.timeoutMs stays the number 5000 and this part's the number 2500 is not used")
    expect(first!.message).toContain("the dict merger without 'replace' keeps an existing value")
    expect(first!.message).toContain("add 'replace' to the dict merger")
    expect(first!.message).toContain('merge these layers as values')
  })

  it('is silent where the part repeats the value, and in lenient mode', async () => {
    const same = { ...issue, 'production.yaml': lines('api:', '  timeoutMs: 5000') }
    expect((await renderTree(same)).warnings).toEqual([])
    expect((await renderTree(issue, { strict: false })).warnings).toEqual([])
  })

  it('warns of a scalar no merger takes, list(no_replace) and the items list(replace) drops', async () => {
    const { warnings, result } = await renderTree({
      [entry]: lines('#include', 'a.yaml', 'b.yaml'),
      'a.yaml': lines('#cloud-config', 'merge_how: dict(recurse_array)+list(no_replace)+str()', 'n: 1', 'l: [1]'),
      'b.yaml': lines('n: {x: 1}', 'l: [2]'),
    })
    expect(result.value).toEqual({ n: 1, l: [1] })
    expect(warnings).toEqual(['b.yaml:1:1 MY_MERGE_DISCARDED', 'b.yaml:2:1 MY_MERGE_DISCARDED'])
    const overlay = await renderTree({
      [entry]: lines('#include', 'a.yaml', 'b.yaml'),
      'a.yaml': lines('#cloud-config', 'merge_how: dict(recurse_array)+list()+str()', 'l: [1]'),
      'b.yaml': lines('l: [2, 3]'),
    })
    expect(overlay.result.value).toEqual({ l: [2] })
    expect(overlay.warnings).toEqual(['b.yaml:1:1 MY_MERGE_DISCARDED'])
    expect(overlay.result.warnings[0]!.message).toContain('the last 1 item(s)')
  })

  it('gives the production values as a values entry, without the merge_how', async () => {
    const base = issue['base.yaml'].split('\n').slice(2).join('\n')
    const { result, warnings } = await renderTree({ ...issue, 'base.yaml': base })
    expect(result.dialect).toBe('values')
    expect(result.value).toEqual({ api: { timeoutMs: 2500 }, theme: { darkMode: true } })
    expect(warnings).toEqual([])
  })
})
