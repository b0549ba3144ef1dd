// What issue 31 found reading the YAML test suite: collections `yaml` gives as a Set or Map, streams
// the specification refuses, characters and tags PyYAML raises on. Each through render(): the value
// PyYAML (YAML 1.1) or YAML 1.2 gives, or a located error in strict mode, never a silent `{}`. The
// PyYAML values were taken from python3 -c 'import yaml; print(yaml.safe_load(...))' (PyYAML 6.0).
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { isMergedYamlError, render } from '@merged-yaml/core'
import type { RenderOptions } from '@merged-yaml/core'
import { decodeUtf8Escaped } from '../../packages/core/src/file-system.ts'
import { lines, writeTree } from '../helpers/tree.ts'

const entry = 'app.merged.yaml'

type Outcome = { value: unknown; warnings: string[] } | { codes: string[]; at: string[] }

async function outcome(files: Record<string, string | Uint8Array>, options: RenderOptions = {}): Promise<Outcome> {
  const root = writeTree(files, 'exact')
  try {
    const result = await render(join(root, entry), { root, ...options })
    return { value: result.value, warnings: result.warnings.map((w) => w.code) }
  } catch (error) {
    if (!isMergedYamlError(error)) throw error
    return {
      codes: error.diagnostics.map((d) => d.code),
      at: error.diagnostics.map((d) => `${d.file.slice(root.length + 1)}:${d.line}:${d.column}`),
    }
  }
}

const one = (text: string, options: RenderOptions = {}) => outcome({ [entry]: text }, options)

describe('!!set, !!omap and !!pairs are plain data', () => {
  it('a set is a mapping with null values, top-level and nested, in both versions', async () => {
    for (const yamlVersion of ['1.1', '1.2'] as const) {
      expect(await one('!!set\n? a\n? b\n', { yamlVersion })).toEqual({
        value: { a: null, b: null },
        warnings: [],
      })
      expect(await one('s: !!set {a, b}\n', { yamlVersion })).toMatchObject({ value: { s: { a: null, b: null } } })
    }
    // Read as a mapping with null values, the version unset: both versions agree.
    expect(await one('s: !!set {a, b}\n')).toMatchObject({ value: { s: { a: null, b: null } } })
  })

  it("an ordered map or pairs: one-pair mappings in YAML 1.2, [key, value] lists as PyYAML's tuples", async () => {
    const text = lines('o: !!omap [x: 1, y: 2]', 'p: !!pairs', '- x: 1', '- x: 2')
    expect(await one(text, { yamlVersion: '1.2' })).toMatchObject({
      value: { o: [{ x: 1 }, { y: 2 }], p: [{ x: 1 }, { x: 2 }] },
    })
    // PyYAML: {'o': [('x', 1), ('y', 2)], 'p': [('x', 1), ('x', 2)]}
    expect(await one(text, { yamlVersion: '1.1' })).toMatchObject({
      value: {
        o: [
          ['x', 1],
          ['y', 2],
        ],
        p: [
          ['x', 1],
          ['x', 2],
        ],
      },
    })
    expect(await one(text)).toEqual({
      codes: ['MY_YAML_VERSION_AMBIGUOUS', 'MY_YAML_VERSION_AMBIGUOUS'],
      at: ['app.merged.yaml:1:11', 'app.merged.yaml:3:1'],
    })
  })

  it('a tag that does not fit is a located error, never an empty mapping', async () => {
    const wrongKind = 'a: 1\ns: !!set [x]\n'
    expect(await one(wrongKind, { yamlVersion: '1.2' })).toMatchObject({ codes: ['MY_YAML_BAD_COLLECTION_TYPE'] })
    // PyYAML: "expected a mapping node, but found sequence".
    expect(await one(wrongKind, { yamlVersion: '1.1' })).toMatchObject({ codes: ['MY_YAML_TAG_RESOLVE_FAILED'] })
    expect(await one(wrongKind, { strict: false })).toMatchObject({ value: { s: ['x'] } })
    expect(await one('o: !!omap [x: 1, x: 2]\n', { yamlVersion: '1.2' })).toMatchObject({ codes: ['MY_YAML_SYNTAX'] })
    expect(await one('o: !!omap [x: 1, [y]]\n', { yamlVersion: '1.1' })).toMatchObject({ codes: ['MY_YAML_SYNTAX'] })
  })

  it('a timestamp is its text, not a Date', async () => {
    for (const yamlVersion of ['1.1', '1.2'] as const)
      expect(await one('t: !!timestamp 2001-12-14\n', { yamlVersion })).toMatchObject({ value: { t: '2001-12-14' } })
  })
})

describe('every error of a strict render, the version differences first', () => {
  it('each place the versions read otherwise, then an invalid part (suite 9HCY, QLJ7)', async () => {
    const files = { [entry]: lines('#include', 'a.yaml', 'b.yaml'), 'a.yaml': 'x: 0644\ny: yes\n', 'b.yaml': 'z: [\n' }
    expect(await outcome(files)).toEqual({
      codes: ['MY_YAML_VERSION_AMBIGUOUS', 'MY_YAML_VERSION_AMBIGUOUS', 'MY_YAML_SYNTAX'],
      at: ['a.yaml:1:4', 'a.yaml:2:4', 'b.yaml:2:1'],
    })
  })
})

describe('streams the YAML specification refuses', () => {
  it('directives without a document (suite 9MMA), a repeated %YAML (SF5V)', async () => {
    expect(await one('%YAML 1.2\n')).toEqual({ codes: ['MY_YAML_SYNTAX'], at: ['app.merged.yaml:1:1'] })
    expect(await one('a: 1\n...\n%YAML 1.2\n')).toEqual({ codes: ['MY_YAML_SYNTAX'], at: ['app.merged.yaml:3:1'] })
    expect(await one('%YAML 1.2\n%YAML 1.2\n---\na: 1\n')).toEqual({
      codes: ['MY_YAML_SYNTAX'],
      at: ['app.merged.yaml:2:1'],
    })
    expect(await one('%YAML 1.2\n---\na: 1\n...\n%YAML 1.2\n---\nb: 2\n', { strict: false })).toMatchObject({
      value: { a: 1, b: 2 },
    })
  })

  it('a comment glued to a comma in a flow collection (suite CVW2), as `yaml` reads it', async () => {
    expect(await one('k: [ a, b, c,#invalid\n  ]\n')).toMatchObject({ codes: ['MY_YAML_SYNTAX'] })
    expect(await one('k: { a: 1,#invalid\n  }\n')).toMatchObject({ codes: ['MY_YAML_SYNTAX'] })
    expect(await one('k: x,#y\n')).toMatchObject({ value: { k: 'x,#y' } })
  })
})

describe('what PyYAML raises on', () => {
  const good = lines('#cloud-config', 'b: 1')
  const include = lines('#include', 'bad.yaml', 'good.yaml')
  const cases: [string, string | Uint8Array, string][] = [
    // PyYAML: "unacceptable character #x0000: special characters are not allowed"
    ['a NUL byte', lines('#cloud-config', 'a: x\0y'), 'bad.yaml:2:5'],
    // cloud-init decodes with surrogateescape; PyYAML: "unacceptable character #xdcff"
    ['invalid UTF-8', Buffer.from('#cloud-config\na: "\xff\xfe"\n', 'latin1'), 'bad.yaml:2:5'],
    ['a C1 control', lines('#cloud-config', 'a: x\x85\x89'), 'bad.yaml:2:6'],
  ]
  for (const [what, bad, at] of cases) {
    it(`${what}: a located error in strict mode; cloud-init skips the part without`, async () => {
      const files = { [entry]: include, 'bad.yaml': bad, 'good.yaml': good }
      expect(await outcome(files)).toEqual({ codes: ['MY_YAML_SYNTAX'], at: [at] })
      // ci_ref.py on the part: "Failed loading yaml blob. unacceptable character", the part skipped.
      expect(await outcome(files, { strict: false })).toEqual({ value: { b: 1 }, warnings: ['MY_YAML_SYNTAX'] })
    })
  }

  it("decodes a file as Python's surrogateescape does: a lone surrogate per byte outside a character", () => {
    // b'a\xe2\x82a\xc3\xa9\xc0\xaf\xed\xa0\x80\xf4\x90\x80\x80\xf0\x9f\x98\x80'.decode('utf-8', 'surrogateescape')
    const bytes = [0x61, 0xe2, 0x82, 0x61, 0xc3, 0xa9, 0xc0, 0xaf, 0xed, 0xa0, 0x80, 0xf4, 0x90, 0x80, 0x80]
    const text = decodeUtf8Escaped(Uint8Array.from([...bytes, 0xf0, 0x9f, 0x98, 0x80]))
    const python = [
      0x61, 0xdce2, 0xdc82, 0x61, 0xe9, 0xdcc0, 0xdcaf, 0xdced, 0xdca0, 0xdc80, 0xdcf4, 0xdc90, 0xdc80, 0xdc80,
    ]
    expect([...text].map((c) => c.codePointAt(0))).toEqual([...python, 0x1f600])
    expect(decodeUtf8Escaped(Uint8Array.from([0xef, 0xbb, 0xbf, 0x61]))).toBe('a')
  })

  it('the escape \\0 in a double-quoted scalar is a NUL character, as in PyYAML', async () => {
    expect(await one('a: "x\\0y"\n')).toMatchObject({ value: { a: 'x\0y' } })
  })

  it('a tag PyYAML has no constructor for: refused unless lenient, skipped as cloud-init skips it', async () => {
    const text = lines('#cloud-config', 'a: !!python/object:os.system x', 'b: 1')
    // The version unset or 1.1: located at the tagged value; chosen 1.2: at the tag (`yaml`'s warning).
    expect(await one(text)).toEqual({ codes: ['MY_YAML_VERSION_AMBIGUOUS'], at: ['app.merged.yaml:2:30'] })
    expect(await one(text, { yamlVersion: '1.1' })).toEqual({
      codes: ['MY_YAML_UNKNOWN_TAG'],
      at: ['app.merged.yaml:2:30'],
    })
    expect(await one(text, { yamlVersion: '1.1', strict: false })).toEqual({
      value: {},
      warnings: ['MY_YAML_UNKNOWN_TAG'],
    })
    expect(await one(text, { yamlVersion: '1.2' })).toEqual({
      codes: ['MY_YAML_TAG_RESOLVE_FAILED'],
      at: ['app.merged.yaml:2:4'],
    })
    expect(await one(text, { yamlVersion: '1.2', strict: false })).toEqual({
      value: { a: 'x', b: 1 },
      warnings: ['MY_YAML_TAG_RESOLVE_FAILED'],
    })
    expect(await one('a: !local {b: 1}\n', { yamlVersion: '1.1' })).toMatchObject({ codes: ['MY_YAML_UNKNOWN_TAG'] })
  })

  it('the non-specific tag: PyYAML resolves `! 12` as a plain scalar, YAML 1.2 makes it a string', async () => {
    // PyYAML: {'a': 12, 'b': 12}
    expect(await one('a: ! 12\nb: ! "12"\n', { yamlVersion: '1.1' })).toMatchObject({ value: { a: 12, b: 12 } })
    expect(await one('a: ! 12\nb: ! "12"\n', { yamlVersion: '1.2' })).toMatchObject({ value: { a: '12', b: '12' } })
    expect(await one('a: ! 12\n')).toMatchObject({ codes: ['MY_YAML_VERSION_AMBIGUOUS'] })
  })
})
