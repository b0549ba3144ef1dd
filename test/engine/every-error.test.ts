// Every independent error of an entry in one run (each include line, each file of a glob, each part,
// each document), up to limits.maxErrors, in the order met; what depends on a failed unit is not run.
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { isMergedYamlError, render } from '@merged-yaml/core'
import type { Diagnostic, RenderOptions } from '@merged-yaml/core'
import { lines, writeTree } from '../helpers/tree.ts'

const entry = 'app.merged.yaml'

async function failures(files: Record<string, string>, options: RenderOptions = {}): Promise<Diagnostic[]> {
  const root = writeTree(files, 'every')
  const error = await render(join(root, entry), { root, ...options }).catch((e: unknown) => e)
  if (!isMergedYamlError(error)) throw new Error(`expected a MergedYamlError, got ${String(error)}`)
  return error.diagnostics.map((d) => ({ ...d, file: d.file.slice(root.length + 1) }))
}

const where = (d: Diagnostic) => `${d.code} ${d.file}:${d.line}:${d.column}`

describe('every error in one run', () => {
  it('each include line and each included file on its own', async () => {
    const found = await failures({
      [entry]: lines('#include', 'base.yaml', 'missing.yaml', 'https://example.com/x.yaml', 'bad.yaml', 'gone/*.yaml'),
      'base.yaml': lines('merge_how: dict(replace)+lst()', 'a: 1'),
      'bad.yaml': lines('b: [1'),
    })
    expect(found.map(where)).toEqual([
      'MY_INCLUDE_NOT_FOUND app.merged.yaml:3:1',
      'MY_INCLUDE_REMOTE app.merged.yaml:4:1',
      'MY_INCLUDE_NO_MATCH app.merged.yaml:6:1',
      'MY_UNKNOWN_MERGER base.yaml:1:12',
      'MY_YAML_SYNTAX bad.yaml:2:1',
    ])
  })

  it('each unknown variable of an include list', async () => {
    const found = await failures({ [entry]: lines('#include', '${env}.yaml', 'a/${region}.yaml') })
    expect(found.map((d) => d.code)).toEqual(['MY_INCLUDE_UNKNOWN_VARIABLE', 'MY_INCLUDE_UNKNOWN_VARIABLE'])
  })

  it('each part of a cloud-init entry in strict mode, without merges that depend on a failed part', async () => {
    const found = await failures({
      [entry]: lines('#include', 'a.yaml', 'b.yaml', 'c.yaml'),
      'a.yaml': lines('merge_how: dict(recurse_lst)+list()', 'x: [1]'),
      // Would conflict only because a.yaml's part is skipped: not reported.
      'b.yaml': lines('merge_how: dict(recurse_list)+list(no_replace)', 'x: {k: 1}'),
      'c.yaml': lines('merge_how: dict()+str(apend)', 's: t'),
    })
    expect(found.map(where)).toEqual(['MY_UNKNOWN_MERGE_OPTION a.yaml:1:12', 'MY_UNKNOWN_MERGE_OPTION c.yaml:1:12'])
  })

  it('each invalid document of a Datum, Heat or Deckhand entry', async () => {
    const found = await failures({
      [entry]: lines('#include', 'datum.yaml', 'bad-1.yaml', 'bad-2.yaml'),
      'datum.yaml': lines('lookup_options:', '  a: MostSpecific', 'a: 1'),
      'bad-1.yaml': lines('a: [1'),
      'bad-2.yaml': lines('a: {b'),
    })
    expect(found.map((d) => `${d.code} ${d.file}`)).toEqual(['MY_YAML_SYNTAX bad-1.yaml', 'MY_YAML_SYNTAX bad-2.yaml'])
  })

  it('each malformed document and each unknown layer of a Deckhand set, in strict mode each silent problem', async () => {
    const doc = (name: string, layer: string, extra = '') =>
      lines(
        '---',
        'schema: a/Kind/v1',
        `metadata: {schema: metadata/Document/v1, name: ${name}, layeringDefinition: {layer: ${layer}}${extra}}`,
        'data: {}',
      )
    const policy = lines(
      '---',
      'schema: deckhand/LayeringPolicy/v1',
      'metadata: {schema: metadata/Control/v1, name: p}',
      'data: {layerOrder: [global, site]}',
    )
    const layers = await failures({ [entry]: policy + doc('a', 'gobal') + doc('b', 'stie') })
    expect(layers.map((d) => d.code)).toEqual(['MY_DECKHAND_INVALID_LAYER', 'MY_DECKHAND_INVALID_LAYER'])
    expect(layers.map((d) => d.suggestion)).toEqual(['global', 'site'])
    const silent = await failures({
      [entry]:
        policy +
        doc('a', 'global', ', parentSelecter: {x: 1}') +
        doc('b', 'site', ', labels: {x: 1}, replacment: true'),
    })
    expect(silent.map((d) => [d.code, d.path?.at(-1)])).toEqual([
      ['MY_DECKHAND_UNKNOWN_KEY', 'parentSelecter'],
      ['MY_DECKHAND_UNKNOWN_KEY', 'replacment'],
    ])
  })

  it('stops at limits.maxErrors', async () => {
    const includes = Array.from({ length: 8 }, (_, i) => `missing-${i}.yaml`)
    const found = await failures({ [entry]: lines('#include', ...includes) }, { limits: { maxErrors: 3 } })
    expect(found.map((d) => d.line)).toEqual([2, 3, 4])
  })

  it('lenient mode still gives the value and a warning per skipped part', async () => {
    const root = writeTree({
      [entry]: lines('#include', 'a.yaml', 'b.yaml'),
      'a.yaml': lines('merge_how: dict(replace)+lst()', 'a: 1'),
      'b.yaml': lines('merge_how: dict(replace)+lst()', 'b: 2'),
    })
    const { value, warnings } = await render(join(root, entry), { root, strict: false })
    expect(value).toEqual({})
    expect(warnings.map((w) => w.code)).toEqual(['MY_UNKNOWN_MERGER', 'MY_UNKNOWN_MERGER'])
  })
})
