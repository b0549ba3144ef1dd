// The inspector's report (unplugin-merged-yaml/codegen), from real renders: the layer tree (nested
// includes, globs, a stream's documents), each value's source, the kept-out values, another dialect's
// top-level detail, the comparison of two modes, the bounds; and the page it is shown in, whose data
// reaches the DOM as text only.
import { join } from 'node:path'
import { render } from '@merged-yaml/core'
import { createInspectorReport, generateInspectorPage } from 'unplugin-merged-yaml/codegen'
import type { InspectorReport, ValueNode } from 'unplugin-merged-yaml/codegen'
import { describe, expect, it } from 'vitest'
import { lines, writeTree } from '../helpers/tree.ts'

const find = (node: ValueNode | undefined, path: string): ValueNode | undefined => {
  if (!node) return undefined
  if (node.path === path) return node
  for (const child of node.children ?? []) {
    const found = find(child, path)
    if (found) return found
  }
  return undefined
}

async function reportOf(files: Record<string, string>, entry = 'app.merged.yaml', compare?: string) {
  const root = writeTree(files, 'inspector')
  const file = join(root, entry)
  const result = await render(file, { root, history: true, vars: { mode: 'development' } })
  const other = compare ? await render(file, { root, history: true, vars: { mode: compare } }) : undefined
  return createInspectorReport({
    entry: file,
    root,
    mode: 'development',
    result,
    ...(other ? { compare: { mode: compare, result: other } } : {}),
  })
}

describe('createInspectorReport', () => {
  const layered = {
    'app.merged.yaml': lines(
      '#include',
      'base.yaml',
      'nested.yaml',
      'conf.d/*.yaml',
      'env/${mode}.yaml',
      '?local.yaml',
    ),
    'base.yaml': lines('#cloud-config', 'merge_how: dict(recurse_list)+list(append)+str()', 'name: base', 'port: 1'),
    'nested.yaml': lines('#include', 'deep.yaml'),
    'deep.yaml': lines('#cloud-config', 'tags: [a]'),
    'conf.d/a.yaml': lines('#cloud-config', 'tags: [b]'),
    'conf.d/b.yaml': lines('#cloud-config', 'tags: [c]'),
    'env/development.yaml': lines('#cloud-config', 'name: dev', 'debug: true'),
    'env/production.yaml': lines('#cloud-config', 'name: prod', 'replicas: 3'),
  }

  it('builds the layer tree: nested includes under their line, glob matches, the optional file not found', async () => {
    const report = await reportOf(layered)
    const tree = report.layers
    expect(tree.file).toBe('app.merged.yaml')
    expect(tree.children.map((c) => [c.via, c.file, c.glob])).toEqual([
      [2, 'base.yaml', undefined],
      [3, 'nested.yaml', undefined],
      [4, 'conf.d/a.yaml', 'conf.d/*.yaml'],
      [4, 'conf.d/b.yaml', 'conf.d/*.yaml'],
      [5, 'env/development.yaml', undefined],
    ])
    expect(tree.children[1]!.children.map((c) => [c.via, c.file, c.parts.length])).toEqual([[2, 'deep.yaml', 1]])
    expect(tree.children[0]!.parts).toEqual([
      { line: 2, merger: 'dict(recurse_list)+list(append)+str()', status: 'merged' },
    ])
    expect(report.missing).toEqual(['local.yaml'])
  })

  it('gives each value its layer line and how it merged, and lists what the merge kept out', async () => {
    const report = await reportOf(layered)
    expect(report).toMatchObject({ status: 'warnings', dialect: 'cloud-init', detail: 'full' })
    // The value the merge keeps out is also a located warning in strict mode.
    expect(report.diagnostics.map((d) => [d.code, d.file, d.line])).toEqual([
      ['MY_MERGE_DISCARDED', 'env/development.yaml', 2],
    ])
    expect(find(report.values, 'port')).toMatchObject({
      value: '1',
      source: { file: 'base.yaml', line: 4, column: 1 },
      action: 'set',
    })
    expect(find(report.values, 'tags[2]')).toMatchObject({ value: '"c"', source: { file: 'conf.d/b.yaml', line: 2 } })
    expect(find(report.values, 'tags')).toMatchObject({ type: 'list', action: 'appended', merger: 'list(append)' })
    expect(report.keptOut).toEqual([
      expect.objectContaining({
        path: 'name',
        source: { file: 'env/development.yaml', line: 2, column: 1 },
        action: 'kept',
        value: '"dev"',
        result: '"base"',
      }),
    ])
  })

  it('marks what differs from another mode, in both trees', async () => {
    const report = await reportOf(layered, 'app.merged.yaml', 'production')
    expect(report.compare).toMatchObject({ mode: 'production', status: 'warnings' })
    expect(report.compare!.differences).toBe(2)
    expect(find(report.values, 'debug')?.differs).toBe(true)
    expect(find(report.compare!.values, 'replicas')?.differs).toBe(true)
    expect(find(report.values, 'port')?.differs).toBeUndefined()
    expect(report.values?.differs).toBe(true)
  })

  it('reads a failed render: its diagnostics with frames and the files it read', async () => {
    const root = writeTree({
      'app.merged.yaml': lines('#include', 'a.yaml'),
      'a.yaml': lines('#cloud-config', 'merge_how: dict()+lst()'),
    })
    const error = await render(join(root, 'app.merged.yaml'), { root }).catch((e: unknown) => e)
    const { diagnostics, dependencies } = error as { diagnostics: never[]; dependencies: { files: string[] } }
    const report = createInspectorReport({
      entry: join(root, 'app.merged.yaml'),
      root,
      error: { diagnostics, files: dependencies.files },
    })
    expect(report.status).toBe('errors')
    expect(report.values).toBeUndefined()
    expect(report.diagnostics[0]).toMatchObject({ code: 'MY_UNKNOWN_MERGER', file: 'a.yaml', line: 2 })
    expect(report.diagnostics[0]!.chain).toEqual(['app.merged.yaml:2'])
    expect(report.diagnostics[0]!.frame).toContain('lst()')
    expect(report.layers.children.map((c) => c.file)).toEqual(['a.yaml'])
  })

  it("shows another dialect's top-level detail: values below a key take their key's layer", async () => {
    const report = await reportOf({
      'app.merged.yaml': lines(
        'parameter_merge_strategies: { Tags: merge }',
        'parameter_defaults: { Tags: { a: 1 } }',
        '---',
        'parameter_defaults: { Tags: { b: 2 } }',
      ),
    })
    expect(report.dialect).toBe('heat')
    expect(report.detail).not.toBe('full')
    expect(report.layers.parts.length).toBeGreaterThan(0)
  })

  it('keeps within its bounds: long text cut, children past the node budget counted', async () => {
    const many = Array.from({ length: 6_000 }, (_, i) => `k${i}: ${i}`)
    const report = await reportOf({ 'app.merged.yaml': lines('#cloud-config', `long: ${'x'.repeat(500)}`, ...many) })
    expect(find(report.values, 'long')!.value!.length).toBeLessThanOrEqual(200)
    expect(report.values!.children!.length).toBeLessThan(5_001)
    expect(report.values!.omitted).toBe(6_001 - report.values!.children!.length)
  })
})

describe('generateInspectorPage', () => {
  it('holds its data as JSON no value can end early, and allows no network in a static report', () => {
    const hostile = '</script><script>alert(1)</script><!--'
    const report = { entry: hostile } as unknown as InspectorReport
    const html = generateInspectorPage({ data: { entries: [{ id: hostile, loaded: true }], reports: { x: report } } })
    expect(html.match(/<\/script>/g)).toHaveLength(2)
    expect(html).not.toContain('<!--')
    expect(html).toContain(`default-src 'none'`)
    expect(html).toContain(`connect-src 'none'`)
    expect(html).not.toMatch(/\s(?:src|href)="(?!data:)/)
  })
})
