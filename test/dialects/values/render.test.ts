// The values dialect through render(): Helm's merge of values files, Compose's tags, what selects
// the dialect, its provenance and sources, and its errors (docs/values.md).
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { isMergedYamlError, render } from '@merged-yaml/core'
import type { Diagnostic, RenderOptions } from '@merged-yaml/core'
import { lines, writeTree } from '../../helpers/tree.ts'

const entry = 'app.merged.yaml'

/** An entry including `layers` in order (each a file `<i>.yaml`), rendered. */
async function renderLayers(layers: readonly string[], options: RenderOptions = {}) {
  const files: Record<string, string> = { [entry]: lines('#include', ...layers.map((_, i) => `${i}.yaml`)) }
  layers.forEach((text, i) => (files[`${i}.yaml`] = text))
  const root = writeTree(files, 'values')
  return { root, result: await render(join(root, entry), { root, ...options }) }
}

async function failure(layers: readonly string[], options: RenderOptions = {}): Promise<Diagnostic> {
  const error = await renderLayers(layers, options).catch((e: unknown) => e)
  if (!isMergedYamlError(error)) throw new Error(`expected a MergedYamlError, got ${String(error)}`)
  return error.diagnostics[0]!
}

describe('the values merge', () => {
  it('gives the production values the issue asked for: a later layer wins key by key', async () => {
    const { result } = await renderLayers([
      lines('api:', '  url: https://dev', '  timeoutMs: 5000', '  retries: 3', 'theme:', '  darkMode: false'),
      lines('api:', '  url: https://prod', '  timeoutMs: 2500', 'theme:', '  darkMode: true'),
    ])
    expect(result.dialect).toBe('values')
    expect(result.value).toEqual({
      api: { url: 'https://prod', timeoutMs: 2500, retries: 3 },
      theme: { darkMode: true },
    })
  })

  it('replaces lists, lets any later value take a mapping’s place, and keeps a later null', async () => {
    const { result } = await renderLayers([
      lines('list: [1, 2, 3]', 'map: {a: 1}', 'scalar: 1', 'gone: {a: 1}'),
      lines('list: [9]', 'map: 5', 'scalar: {b: 2}', 'gone: null'),
    ])
    expect(result.value).toEqual({ list: [9], map: 5, scalar: { b: 2 }, gone: null })
  })

  it('is {} without documents, and skips empty and null documents', async () => {
    expect((await renderLayers(['', '# nothing\n', '~\n'])).result.value).toEqual({})
  })

  it('refuses a document that is not a mapping, at its line, in every mode', async () => {
    for (const strict of [true, false]) {
      expect(await failure([lines('a: 1'), lines('- x')], { strict })).toMatchObject({
        code: 'MY_VALUES_NOT_A_MAPPING',
        line: 1,
        column: 1,
      })
    }
  })
})

describe('!override and !reset', () => {
  it('replaces a mapping whole, removes a key, and keeps the key’s place', async () => {
    const { result } = await renderLayers([
      lines('first: 1', 'net:', '  name: dev', '  external: true', 'last: 2', 'tools: [a]'),
      lines('net: !override', '  name: prod', 'tools: !reset', 'new: !override {x: 1}'),
    ])
    expect(result.value).toEqual({ first: 1, net: { name: 'prod' }, last: 2, new: { x: 1 } })
    expect(Object.keys(result.value as object)).toEqual(['first', 'net', 'last', 'new'])
    expect(result.warnings).toEqual([])
  })

  it('leaves a !reset item out of its list, deleting nothing earlier', async () => {
    const { result } = await renderLayers([lines('l: [1, 2]', 'm: {a: 1}'), lines('l: [x, !reset y, z]')])
    expect(result.value).toEqual({ l: ['x', 'z'], m: { a: 1 } })
  })

  it('reads a tagged scalar as text, as Compose does', async () => {
    const { result } = await renderLayers([lines('n: 1'), lines('n: !override 5')])
    expect(result.value).toEqual({ n: '5' })
  })

  it('refuses a tag on a whole document (strict), and ignores it otherwise', async () => {
    expect(await failure([lines('a: {b: 1}'), lines('!override', 'a: {c: 2}')])).toMatchObject({
      code: 'MY_VALUES_TAG_ROOT',
      line: 2,
    })
    const { result } = await renderLayers([lines('a: {b: 1}'), lines('!override', 'a: {c: 2}')], {
      strict: false,
    })
    expect(result.value).toEqual({ a: { b: 1, c: 2 } })
    expect(result.warnings.map((w) => w.code)).toEqual(['MY_VALUES_TAG_ROOT'])
  })

  it('warns of the tags in an entry of another dialect, which reads the plain value', async () => {
    const { result } = await renderLayers([lines('#cloud-config', 'a: 1'), lines('#cloud-config', 'b: !reset 2')])
    expect(result.dialect).toBe('cloud-init')
    expect(result.value).toEqual({ a: 1, b: '2' })
    expect(result.warnings.map((w) => [w.code, w.line, w.column])).toEqual([['MY_YAML_TAG_RESOLVE_FAILED', 2, 1]])
  })
})

describe('choosing the dialect', () => {
  it('is values without markers, cloud-init with a header, merge_how or its options', async () => {
    expect((await renderLayers([lines('a: 1')])).result.dialect).toBe('values')
    expect((await renderLayers([lines('#cloud-config', 'a: 1')])).result.dialect).toBe('cloud-init')
    expect((await renderLayers([lines('merge_how: dict(replace)+list()+str()', 'a: 1')])).result.dialect).toBe(
      'cloud-init',
    )
    expect((await renderLayers([lines('a: 1')], { mergeHow: 'dict()+list()+str()' })).result.dialect).toBe('cloud-init')
    expect((await renderLayers([lines('a: 1')], { 'cloud-init': { stack: 'per-part' } })).result.dialect).toBe(
      'cloud-init',
    )
    expect((await renderLayers([lines('a: 1')], { stack: 'scoped' })).result.dialect).toBe('values')
    expect((await renderLayers([lines('#cloud-config', 'a: 1')], { dialect: 'values' })).result.dialect).toBe('values')
  })

  it('refuses an unknown cloud-init option', async () => {
    const error = await renderLayers([lines('a: 1')], {
      'cloud-init': { mergeHwo: 'x' } as never,
    }).catch((e: unknown) => e)
    expect(error).toMatchObject({ code: 'MY_INVALID_OPTION' })
  })
})

describe('provenance', () => {
  it('records each value set, replaced, merged into and removed, at its layer line', async () => {
    const { root, result } = await renderLayers(
      [lines('api:', '  url: a', '  retries: 3', 'tools: [x]'), lines('api:', '  url: b', 'tools: !reset')],
      { history: true },
    )
    const at = (...path: string[]) =>
      result
        .history!.paths.find((p) => p.path.join('.') === path.join('.'))!
        .events.map((e) => `${e.action} ${e.file.slice(root.length + 1)}:${e.line}:${e.column} ${e.merger}`)
    expect(at('api', 'url')).toEqual(['set 0.yaml:2:3 values', 'replaced 1.yaml:2:3 values'])
    expect(at('api')).toEqual(['set 0.yaml:1:1 values', 'merged 1.yaml:1:1 values'])
    expect(at('api', 'retries')).toEqual(['set 0.yaml:3:3 values'])
    expect(at('tools')).toEqual(['set 0.yaml:4:1 values', 'deleted 1.yaml:3:1 values'])
    expect(result.history!.parts.map((p) => [p.merger, p.status])).toEqual([
      ['values', 'merged'],
      ['values', 'merged'],
    ])
  })

  it('answers sources at the layer line that set each value', async () => {
    const { root, result } = await renderLayers(
      [lines('api:', '  url: a', '  retries: 3'), lines('api:', '  url: b')],
      { sources: true },
    )
    const url = result.sources!.at(['api', 'url'])!
    expect([url.file.slice(root.length + 1), url.line, url.column, url.action, url.over?.line]).toEqual([
      '1.yaml',
      2,
      3,
      'replaced',
      2,
    ])
    expect(result.sources!.at(['api', 'retries'])).toMatchObject({ line: 3, action: 'set' })
  })
})

describe('near misses of directive keys', () => {
  const misses = [
    ['merge_hwo', 'merge_how'],
    ['Merge_How', 'merge_how'],
    ['merge-how', 'merge_how'],
    ['mrege_how', 'merge_how'],
    ['lookup_option', 'lookup_options'],
    ['parameter_merge_strategy', 'parameter_merge_strategies'],
    ['layeringDefintion', 'layeringDefinition'],
  ] as const
  for (const [key, directive] of misses) {
    it(`${key}: an error at the key in strict mode, with the did-you-mean; a warning otherwise`, async () => {
      const layers = [lines('a: 1'), lines('b: 2', `${key}: x`)]
      expect(await failure(layers)).toMatchObject({
        code: 'MY_DIRECTIVE_NEAR_MISS',
        line: 2,
        column: 1,
        suggestion: directive,
      })
      const { result } = await renderLayers(layers, { strict: false })
      expect(result.value).toEqual({ a: 1, b: 2, [key]: 'x' })
      expect(result.warnings.map((w) => w.code)).toEqual(['MY_DIRECTIVE_NEAR_MISS'])
    })
  }

  it('leaves directives, their other spellings a dialect reads, and ordinary keys alone', async () => {
    const { result } = await renderLayers([lines('merge_type_name: 1', 'lookups: 2', 'parameters: 3', 'message: 4')])
    expect(result.warnings).toEqual([])
  })
})

describe('the tag walk is bounded', () => {
  it('refuses a document whose aliases would make finding its tags visit over 100 000 nodes', async () => {
    const ten = (alias: string) => `[${Array.from({ length: 10 }, () => alias).join(', ')}]`
    const doc = lines(
      't: !reset x',
      `a: &a ${ten('x')}`,
      `b: &b ${ten('*a')}`,
      `c: &c ${ten('*b')}`,
      `d: &d ${ten('*c')}`,
      `e: ${ten('*d')}`,
      `f: ${ten('*d')}`,
    )
    const error = await failure([doc], { limits: { maxAliasCount: 1_000_000 } })
    expect(error).toMatchObject({ code: 'MY_YAML_ALIAS_LIMIT' })
    expect(error.message).toContain('!override and !reset tags')
  })
})
