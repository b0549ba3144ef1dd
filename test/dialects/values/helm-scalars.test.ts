// What Helm reads otherwise than every YAML version, in a values entry: `y`/`n` values (booleans to Helm, strings
// in YAML 1.1 and 1.2), `!!binary` (the text of its bytes), null and collection keys (Helm fails), and a duplicate
// key told in Helm's words. Each expected value and error was checked with Helm's own parser and values path
// (../shared/realworld/oracle/helm-values): `y`/`Y` → true, `n`/`N` → false, `y:` → the key "true";
// `!!binary aGVsbG8=` → "hello", `/w==` → "\uFFFD" (one per byte that is not UTF-8: `4oI=` gives two);
// `~:`/`null:`/`? ` → "unsupported map key of type: <nil>", `? [a, b]` → "invalid map key"; `a: 1` then
// `a: 2` → `a: 2`, silently. Each case runs in every `yamlVersion`, and through each of the three YAML readers
// where the reader can take it (block: `k: y`; js-yaml: a flow list; `yaml`: an anchor in the document).
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { createRenderCache, isMergedYamlError, render, renderSync } from '@merged-yaml/core'
import type { Diagnostic, RenderOptions } from '@merged-yaml/core'
import { writeTree } from '../../helpers/tree.ts'

async function renderValues(text: string, options: RenderOptions = {}) {
  const root = writeTree({ 'app.merged.yaml': '#include\nvalues.yaml\n', 'values.yaml': text }, 'values-scalars')
  return render(join(root, 'app.merged.yaml'), { root, ...options })
}

async function errorsOf(text: string, options: RenderOptions = {}): Promise<Diagnostic[]> {
  const error = await renderValues(text, options).catch((e: unknown) => e)
  if (!isMergedYamlError(error)) throw new Error(`expected a MergedYamlError, got ${JSON.stringify(error)}`)
  return error.diagnostics
}

const VERSIONS: RenderOptions[] = [{}, { yamlVersion: '1.1' }, { yamlVersion: '1.2' }]

describe('a y/n value: a boolean to Helm, a string in both YAML versions', () => {
  // [text, line, column, the value, what Helm reads, the reader that takes it]
  it.each([
    ['k: y\n', 1, 4, 'y', true, 'block'],
    ['a: 1\nk: N\n', 2, 4, 'N', false, 'block'],
    ['l: [x, Y]\n', 1, 8, 'Y', true, 'js-yaml'],
    ['a: &x 1\nb: *x\nk: n # off\n', 3, 4, 'n', false, 'yaml'],
  ])('%j is located in every yamlVersion (%s reads it)', async (text, line, column, value, helm) => {
    for (const version of VERSIONS) {
      const [d] = await errorsOf(text, version)
      expect(d).toMatchObject({ code: 'MY_VALUES_HELM_AMBIGUOUS', line, column })
      expect(d!.message).toContain(
        `'${value}' is the boolean ${helm} to Helm (go-yaml v2), but the string "${value}" in YAML 1.2 and in YAML 1.1`,
      )
      expect(d!.message).toContain(`write ${helm} for what Helm reads, or '${value}' for the text`)
      const lenient = await renderValues(text, { ...version, strict: false })
      expect(JSON.stringify(lenient.value)).toContain(`"${value}"`)
      expect(lenient.warnings.map((w) => w.code)).toEqual(['MY_VALUES_HELM_AMBIGUOUS'])
    }
  })

  it('every one is reported (lenient), at most 20 per document', async () => {
    const result = await renderValues('a: y\nb: [n, N]\nc: {d: Y}\n', { strict: false })
    expect(result.warnings.map((w) => [w.line, w.column])).toEqual([
      [1, 4],
      [2, 5],
      [2, 8],
      [3, 8],
    ])
    const many = await renderValues(`l: [${Array(30).fill('y').join(', ')}]\n`, { strict: false })
    expect(many.warnings).toHaveLength(20)
  })

  it('a quoted, tagged, block or longer value and a y/n key say nothing', async () => {
    for (const version of VERSIONS) {
      const result = await renderValues('a: \'y\'\nb: "n"\nc: !!str Y\nd: |-\n  N\ne: yy\ny: 1\nN: 2\n', version)
      expect(result.warnings).toEqual([])
      expect(result.value).toEqual({ a: 'y', b: 'n', c: 'Y', d: 'N', e: 'yy', y: 1, N: 2 })
    }
  })
})

describe('!!binary: the text of its bytes, as Helm reads it', () => {
  it('base64 of UTF-8 text is that text, in both modes and every yamlVersion, with values.chart too', async () => {
    for (const options of [...VERSIONS, { strict: false }, { values: { chart: true } }]) {
      const result = await renderValues('a: !!binary aGVsbG8=\nb: !!binary |\n  aGVs\n  bG8=\n', options)
      expect(result.value).toEqual({ a: 'hello', b: 'hello' })
      expect(result.warnings).toEqual([])
    }
  })

  it('bytes that are not UTF-8: strict refuses them, located; lenient reads U+FFFD per byte, as Helm', async () => {
    for (const version of VERSIONS) {
      const [d] = await errorsOf('x: 1\na: !!binary 4oI=\n', version)
      expect(d).toMatchObject({ code: 'MY_VALUES_HELM_BINARY', line: 2, column: 13 })
      expect(d!.message).toContain('2 of which are not UTF-8')
      const lenient = await renderValues('a: !!binary 4oI=\nb: !!binary 77u/aGk=\nc: !!binary /w==\n', {
        ...version,
        strict: false,
      })
      // A byte-order mark is text: Helm keeps it.
      expect(lenient.value).toEqual({ a: '\uFFFD\uFFFD', b: '\uFEFFhi', c: '\uFFFD' })
      expect(lenient.warnings.map((w) => w.code)).toEqual(['MY_VALUES_HELM_BINARY', 'MY_VALUES_HELM_BINARY'])
    }
  })
})

describe('!!binary text that is not base64 as Go decodes it: Helm fails', () => {
  // The oracle: each is "!!binary value contains invalid base64 data"; `aGVs\n  bG8=` is "aGVs bG8=" (a blank).
  it.each([
    ['a: !!binary aGVsbG8\n', 'no padding'],
    ['a: !!binary "aGVs bG8="\n', 'a blank'],
    ['a: !!binary aGVs\n  bG8=\n', 'a folded line'],
  ])('%j (%s): strict refuses it where it is, lenient reads what YAML decodes', async (text) => {
    for (const version of [{}, { yamlVersion: '1.2' as const }]) {
      // Unset, PyYAML may refuse it too: the version's ambiguity then says it, in Helm's words.
      const [d] = await errorsOf(text, version)
      expect(d).toMatchObject({ line: 1, column: 13 })
      expect(['MY_VALUES_HELM_UNREADABLE', 'MY_YAML_VERSION_AMBIGUOUS']).toContain(d!.code)
      expect(d!.message).toContain('!!binary value contains invalid base64 data')
      const lenient = await renderValues(text, { ...version, strict: false })
      expect(typeof (lenient.value as { a: unknown }).a).toBe('string')
      expect(lenient.warnings.map((w) => w.code)).toContain('MY_VALUES_HELM_UNREADABLE')
    }
  })

  it('YAML 1.1 (PyYAML) refuses what it cannot decode itself, before Helm is asked', async () => {
    const [d] = await errorsOf('a: !!binary aGVsbG8\n', { yamlVersion: '1.1' })
    expect(d!.code).toBe('MY_YAML_UNREADABLE_SCALAR')
  })
})

describe('null and collection keys: Helm cannot read them', () => {
  it.each([
    ['~: 1\n', 1, 1, 'a null key', 'unsupported map key of type: <nil>', { '': 1 }],
    ['a:\n  null: 1\n', 2, 3, 'a null key', 'unsupported map key of type: <nil>', { a: { '': 1 } }],
    ['? \n: 1\n', 1, 3, 'a null key', 'unsupported map key of type: <nil>', { '': 1 }],
    ['? [a, b]\n: 1\n', 1, 3, 'a list or mapping as a key', 'invalid map key', { '[ a, b ]': 1 }],
    ['x: 1\n{a: 1}: 2\n', 2, 1, 'a list or mapping as a key', 'invalid map key', { x: 1, '{ a: 1 }': 2 }],
  ])(
    '%j: strict refuses it at %i:%i, lenient reads it with a warning',
    async (text, line, column, what, reason, value) => {
      for (const version of VERSIONS) {
        const [d] = await errorsOf(text, version)
        expect(d).toMatchObject({ code: 'MY_VALUES_HELM_UNREADABLE', line, column })
        expect(d!.message).toContain(what)
        expect(d!.message).toContain(reason)
        const lenient = await renderValues(text, { ...version, strict: false })
        expect(lenient.value).toEqual(value)
        expect(lenient.warnings.map((w) => w.code)).toEqual(['MY_VALUES_HELM_UNREADABLE'])
      }
    },
  )

  it('quoted, empty-string and alias keys Helm reads say nothing', async () => {
    const result = await renderValues("'~': 1\n'null': 2\n\"\": 3\nk: &k name\n*k : 4\n")
    expect(result.value).toEqual({ '~': 1, null: 2, '': 3, k: 'name', name: 4 })
    expect(result.warnings).toEqual([])
  })

  it('another dialect reads them as before', async () => {
    const root = writeTree({ 'app.merged.yaml': '#cloud-config\n~: 1\nk: y\n' }, 'values-scalars')
    const result = await render(join(root, 'app.merged.yaml'), { root })
    expect(result.value).toEqual({ '': 1, k: 'y' })
    expect(result.warnings).toEqual([])
  })
})

describe('a duplicate key, in Helm’s words', () => {
  it('names what Helm does (keeps the last value, silently) in every yamlVersion', async () => {
    for (const version of VERSIONS) {
      const [d] = await errorsOf('a: 1\nb: 2\na: 3\n', version)
      expect(d).toMatchObject({ code: 'MY_YAML_DUPLICATE_KEY', line: 3, column: 1 })
      expect(d!.message).toContain('the last value is kept, as Helm (go-yaml v2) keeps it: remove the other')
      expect(d!.message).not.toContain('PyYAML')
      const lenient = await renderValues('a: 1\nb: 2\na: 3\n', { ...version, strict: false })
      expect(lenient.value).toEqual({ a: 3, b: 2 })
      expect(lenient.warnings.map((w) => w.code)).toEqual(['MY_YAML_DUPLICATE_KEY'])
    }
  })

  it('strict mode reports every duplicate, not only the first', async () => {
    const codes = (await errorsOf('a: 1\na: 2\nb: {c: 1, c: 2}\n')).map((d) => [d.code, d.line])
    expect(codes).toEqual([
      ['MY_YAML_DUPLICATE_KEY', 2],
      ['MY_YAML_DUPLICATE_KEY', 3],
    ])
  })

  it('the other dialects keep PyYAML’s words, once each, also when read again as YAML 1.1 (Heat)', async () => {
    const root = writeTree(
      {
        'cloud.merged.yaml': '#cloud-config\na: 1\na: 2\n',
        'heat.merged.yaml': 'parameter_defaults:\n  a: 1\n  a: 2\n  b: yes\n',
      },
      'values-scalars',
    )
    for (const [entry, value] of [
      ['cloud.merged.yaml', { a: 2 }],
      ['heat.merged.yaml', { parameter_defaults: { a: 2, b: true } }],
    ] as const) {
      const result = await render(join(root, entry), { root, strict: false })
      expect(result.value).toMatchObject(value)
      const duplicates = result.warnings.filter((w) => w.code === 'MY_YAML_DUPLICATE_KEY')
      expect(duplicates).toHaveLength(1)
      expect(duplicates[0]!.message).toContain('as PyYAML (')
    }
  })
})

describe('a layer several entries share (the render cache keeps its parsed value)', () => {
  it('is reported in every entry that includes it, and a layer with nothing to report reads the same', async () => {
    const root = writeTree(
      {
        'a.merged.yaml': '#include\nshared.yaml\nclean.yaml\n',
        'b.merged.yaml': '#include\nclean.yaml\nshared.yaml\n',
        'shared.yaml': "k: y\nq: 'n'\nb: !!binary aGVsbG8=\n",
        'clean.yaml': "list: [1, 'y', x]\nn: {deep: [true, null, 2.5, long text]}\n",
      },
      'values-shared',
    )
    const cache = createRenderCache()
    const renders = []
    for (const entry of ['a', 'b', 'a'])
      renders.push(renderSync(join(root, `${entry}.merged.yaml`), { root, strict: false }, { cache }))
    for (const { value, warnings } of renders) {
      expect(warnings.map((w) => [w.code, w.file, w.line, w.column])).toEqual([
        ['MY_VALUES_HELM_AMBIGUOUS', join(root, 'shared.yaml'), 1, 4],
      ])
      expect(value).toMatchObject({ k: 'y', q: 'n', b: 'hello', list: [1, 'y', 'x'] })
    }
    // In strict mode too, after the lenient renders: the error of the second entry is its own.
    const strict = (entry: string) => () => renderSync(join(root, `${entry}.merged.yaml`), { root }, { cache })
    for (const entry of ['a', 'b']) expect(strict(entry)).toThrow(/MY_VALUES_HELM_AMBIGUOUS/)
  })
})
