// The diagnostics no other test meets: each code once, through render(), at its place in the file.
import { gzipSync } from 'node:zlib'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { isMergedYamlError, render } from '@merged-yaml/core'
import type { Diagnostic, RenderOptions } from '@merged-yaml/core'
import { lines, writeTree } from '../helpers/tree.ts'

const entry = 'app.merged.yaml'

async function failure(files: Record<string, string | Uint8Array>, options: RenderOptions = {}): Promise<Diagnostic> {
  const root = writeTree(files, 'codes')
  const error = await render(join(root, entry), { root, ...options }).catch((e: unknown) => e)
  if (!isMergedYamlError(error)) throw new Error(`expected a MergedYamlError, got ${String(error)}`)
  return error.diagnostics[0]!
}

async function warnings(
  files: Record<string, string | Uint8Array>,
  options: RenderOptions = {},
): Promise<Diagnostic[]> {
  const root = writeTree(files, 'codes')
  return (await render(join(root, entry), { root, ...options })).warnings
}

describe('#cloud-config-archive', () => {
  it('that is not a list: an error, or an empty archive with a warning', async () => {
    const files = { [entry]: lines('#cloud-config-archive', 'content: "a: 1"') }
    expect(await failure(files)).toMatchObject({ code: 'MY_ARCHIVE_NOT_A_LIST', line: 2 })
    expect(await warnings(files, { strict: false })).toMatchObject([{ code: 'MY_ARCHIVE_NOT_A_LIST' }])
  })

  it('with an entry that is neither a string nor a mapping', async () => {
    const files = { [entry]: lines('#cloud-config-archive', '- 42', '- "#cloud-config\\na: 1"') }
    expect(await failure(files)).toMatchObject({ code: 'MY_ARCHIVE_ENTRY', line: 2, column: 3 })
    const root = writeTree(files, 'codes')
    const result = await render(join(root, entry), { root, strict: false })
    expect(result.value).toEqual({ a: 1 })
    expect(result.warnings).toMatchObject([{ code: 'MY_ARCHIVE_ENTRY' }])
  })

  it('with a header that is not a string, in every mode (cloud-init aborts)', async () => {
    const files = { [entry]: lines('#cloud-config-archive', '- content: "a: 1"', '  Merge-Type: [dict()]') }
    for (const strict of [true, false]) {
      expect(await failure(files, { strict })).toMatchObject({ code: 'MY_ARCHIVE_HEADER', line: 3 })
    }
  })
})

describe('encodings', () => {
  it('gzip data that does not decompress', async () => {
    const broken = gzipSync('a: 1\n').subarray(0, 12)
    expect(await failure({ [entry]: lines('#include', 'layer.yaml.gz'), 'layer.yaml.gz': broken })).toMatchObject({
      code: 'MY_GZIP_INVALID',
    })
  })

  it('a MIME part with a transfer encoding no reader knows', async () => {
    const message = lines(
      'MIME-Version: 1.0',
      'Content-Type: multipart/mixed; boundary="b"',
      '',
      '--b',
      'Content-Type: text/cloud-config',
      'Content-Transfer-Encoding: x-unknown',
      '',
      'a: 1',
      '--b--',
    )
    expect(await failure({ [entry]: message })).toMatchObject({ code: 'MY_MIME_INVALID', line: 5 })
  })
})

describe('directives', () => {
  it('merge_type beside merge_how: kept as data by cloud-init', async () => {
    const files = { [entry]: lines('merge_how: dict(replace)+list()+str()', 'merge_type: list(append)', 'a: 1') }
    expect(await failure(files)).toMatchObject({ code: 'MY_MERGE_TYPE_KEPT', line: 2, column: 1 })
    const root = writeTree(files, 'codes')
    expect((await render(join(root, entry), { root, strict: false })).value).toEqual({
      merge_type: 'list(append)',
      a: 1,
    })
  })

  it('a #cloud-config-jsonp part in a Datum entry, in every mode', async () => {
    const files = {
      [entry]: lines('#include', 'datum.yaml', 'patch.json'),
      'datum.yaml': lines('lookup_options:', '  a: MostSpecific', 'a: 1'),
      'patch.json': lines('#cloud-config-jsonp', '[{"op": "add", "path": "/b", "value": 2}]'),
    }
    for (const strict of [true, false]) {
      expect(await failure(files, { strict })).toMatchObject({ code: 'MY_DIALECT_JSONP' })
    }
  })
})

describe('YAML warnings, in both modes', () => {
  const warned = async (text: string) => (await warnings({ [entry]: text }, { strict: false })).map((w) => w.code)

  it('an unknown tag, an anchor ending in a colon, an unknown directive, a tag on the wrong collection', async () => {
    // With the version unset, also where YAML 1.1 reads it otherwise: PyYAML raises on the tag.
    expect(await warned('a: !unknown x\n')).toEqual(['MY_YAML_TAG_RESOLVE_FAILED', 'MY_YAML_VERSION_AMBIGUOUS'])
    expect(await warned('a: &x: 1\n')).toEqual(['MY_YAML_BAD_ALIAS'])
    expect(await warned('%FOO bar\n---\na: 1\n')).toEqual(['MY_YAML_BAD_DIRECTIVE'])
    expect(await warned('a: !!omap {b: 1}\n')).toEqual(['MY_YAML_BAD_COLLECTION_TYPE'])
  })

  it('a duplicate key: an error in strict mode, the last value with a warning without', async () => {
    const files = { [entry]: lines('a: 1', 'b: 2', 'a: 3') }
    expect(await failure(files)).toMatchObject({ code: 'MY_YAML_DUPLICATE_KEY', line: 3, column: 1 })
    const root = writeTree(files, 'codes')
    const result = await render(join(root, entry), { root, strict: false })
    expect(result.value).toEqual({ a: 3, b: 2 })
    expect(result.warnings).toMatchObject([{ code: 'MY_YAML_DUPLICATE_KEY', line: 3, column: 1 }])
  })

  it('nesting deeper than limits.maxDepth', async () => {
    const files = { [entry]: 'a: {b: {c: {d: 1}}}\n' }
    expect(await failure(files, { limits: { maxDepth: 3 } })).toMatchObject({ code: 'MY_YAML_TOO_DEEP', line: 1 })
  })
})
