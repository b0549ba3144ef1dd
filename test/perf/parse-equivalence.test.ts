// The fast paths (block/, js-yaml) must give exactly the values, errors and warnings of the
// precise path (`yaml`), for both YAML versions: on every fixture, every conformance input, a
// generated corpus, hand-picked edge cases and generated scalars and documents.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative, resolve } from 'node:path'
import * as fc from 'fast-check'
import { dump } from 'js-yaml'
import { globSync } from 'tinyglobby'
import { stringify } from 'yaml'
import { afterAll, describe, expect, it } from 'vitest'
import { GEN_CORPUS, generateCorpus } from '../../bench/corpus.mjs'
import { parseBlockYaml } from '../../packages/core/src/yaml/block/read.ts'
import { parseYamlStreamFast } from '../../packages/core/src/yaml/fast/read.ts'
import { parseYamlStream } from '../../packages/core/src/yaml/parse.ts'
import { CONFORMANCE_ROOT } from '../conformance/shared.ts'
import { loadSuiteCases, YAML_SUITE } from '../conformance/yaml-suite.ts'
import { PARSE_OPTIONS, pathsDisagree } from './equivalence.ts'
import { propertyRuns } from '../helpers/property-runs.ts'

const REPO = resolve(import.meta.dirname, '../..')

function takesFastPath(text: string, version: '1.1' | '1.2'): boolean {
  return parseYamlStreamFast(text, { version, allowDuplicateKeys: false, maxAliasCount: 100 }, () => []) !== undefined
}

function takesBlockPath(text: string, version: '1.1' | '1.2'): boolean {
  return parseBlockYaml(text, { version, allowDuplicateKeys: false, maxAliasCount: 100 }, () => []) !== undefined
}

/** Parses every file every way; returns the disagreements and how many files took each fast path. */
function compareFiles(files: string[], root: string): { problems: string[]; fast: number; block: number } {
  const problems: string[] = []
  let fast = 0
  let block = 0
  for (const file of files) {
    const text = readFileSync(file, 'utf8').replace(/^\uFEFF/, '')
    if (takesFastPath(text, '1.2')) fast++
    if (takesBlockPath(text, '1.2')) block++
    for (const options of PARSE_OPTIONS) {
      const d = pathsDisagree(text, options)
      if (d)
        problems.push(
          `${relative(root, file)} (YAML ${options.version}, duplicates ${options.allowDuplicateKeys ? 'allowed' : 'refused'}): ${d}`,
        )
    }
  }
  return { problems, fast, block }
}

describe('fast and precise YAML paths agree', () => {
  it('on every test fixture', () => {
    const files = globSync('test/fixtures/**/*.{yaml,yml,json}', { cwd: REPO, absolute: true })
    const { problems } = compareFiles(files, REPO)
    expect(problems).toEqual([])
  })

  const conformance = existsSync(CONFORMANCE_ROOT)
  it.skipIf(!conformance)(
    `on every conformance input${conformance ? '' : ' (skipped: ../shared/conformance is absent)'}`,
    () => {
      const files = globSync('**/*.{yaml,yml,json}', { cwd: CONFORMANCE_ROOT, absolute: true })
      expect(files.length).toBeGreaterThan(0)
      const { problems, fast, block } = compareFiles(files, CONFORMANCE_ROOT)
      console.log(
        `parse equivalence: ${files.length} conformance inputs, ${fast} read by js-yaml and ${block} by the block path in YAML 1.2`,
      )
      expect(problems).toEqual([])
    },
  )

  const suite = existsSync(YAML_SUITE)
  it.skipIf(!suite)(
    `on every YAML test suite input${suite ? '' : ' (skipped: ../shared/yaml-test-suite is absent)'}`,
    () => {
      const problems: string[] = []
      let fast = 0
      for (const c of loadSuiteCases()) {
        if (takesFastPath(c.text, '1.2')) fast++
        for (const options of PARSE_OPTIONS) {
          const d = pathsDisagree(c.text, options)
          if (d)
            problems.push(`${c.id} (YAML ${options.version}, flagged ${options.flagVersionDifferences === true}): ${d}`)
        }
      }
      console.log(`parse equivalence: ${fast} YAML test suite inputs read by js-yaml in YAML 1.2`)
      expect(problems).toEqual([])
    },
  )

  const generator = existsSync(GEN_CORPUS)
  describe.skipIf(!generator)(
    `on a generated corpus${generator ? '' : ' (skipped: ../shared/bench/gen-corpus.mjs is absent)'}`,
    () => {
      const out = mkdtempSync(join(tmpdir(), 'my-corpus-'))
      afterAll(() => rmSync(out, { recursive: true, force: true }))

      it('with every layer and every pre-merged file on the fast path, every YAML file on the block path', () => {
        generateCorpus(out, { entries: 6, depth: 6, size: '12k', seed: 'equivalence' })
        const files = globSync(['**/*.yaml', 'json/*.json'], { cwd: out, absolute: true, ignore: ['*.merged.yaml'] })
        expect(files.length).toBeGreaterThan(20)
        const { problems, fast, block } = compareFiles(files, out)
        expect(problems).toEqual([])
        expect(fast).toBe(files.length)
        expect(block).toBe(files.filter((file) => file.endsWith('.yaml')).length)
      })
    },
  )
})

// Each case: the text, and whether the fast path may keep it (false: it must hand it to `yaml`).
const EDGE_CASES: [string, boolean][] = [
  ['a: 1\nb: [x, "y", \'z\']\nc: {d: e}\n', true],
  ['a: -0\nb: +12\nc: 0o17\nd: 0x1F\ne: 1e3\nf: .5\ng: -.inf\nh: .NaN\ni: 1_000\nj: 0777\nk: 1:20\nl: 08\n', true],
  ['a: yes\nb: No\nc: on\nd: y\ne: ~\nf: Null\ng: TRUE\nh: tRue\n', true],
  ['a: 2001-12-14t21:59:43.10-05:00\nb: 2002-12-14\n', true],
  ['a: .\nb: e5\nc: 0_\nd: ._\ne: 0b_\nf: 0x_\ng: 1.e+5\nh: 1.0e5\ni: 190:20:30.15\nj: -0:30\n', true],
  ['text: |\n  line one\n   indented\n\n  last\nfolded: >-\n  one\n  two\n\n  three\nkeep: |+\n  x\n\n', true],
  ["multi: word\n  continued here\n  and here\nq: \"esc \\t \\u00e9 \\x41 \\\n  joined\"\ns: 'it''s'\n", true],
  ['url: https://example.com/a?b=1&c=2\ncmd: test ! -f x && echo done\n', true],
  ['"quoted key": 1\n\'1\': 2\n2: 3\ntrue: 4\n1.5: 5\n', true],
  ['__proto__: {polluted: true}\nconstructor: 1\n', true],
  ['---\na: 1\n---\nb: 2\n...\n', true],
  ['- a\n- - b\n  - c\n- d: e\n  f: g\n', true],
  // Airship documents: JSON-schema references and commented nested mappings stay on the fast path.
  ["$ref: '#/definitions/x'\nb: [\"#y\", '#z']\nc: {d: '#'}\n", true],
  ['data:\n  # Chart source\n  source: {type: local}\n  # Images\n  images: {}\n', true],
  ['text: |\n  ends without a line break', true],
  ['profile: |\n  deny @{PROC}/{[^1-9],[^1-9][^0-9]}/** w,\n  x {[y]}\nnext: 1\n', true],
  [
    "annotations:\n  description: member {{ $labels.instance }} of job\n    {{ $labels.job }}\n  summary: '{{$labels.alias}}: full'\n  detail: 'out of\n    space {{ $value }}'\n  expr: a\n    > b\n",
    true,
  ],
  ['k: !!str 12\nl: !!str\n', false],
  ['!!str\n  0o7\n', false],
  ['----\n', false],
  ['a: "x"#c\n', false],
  ["a: 'x'#c\n", false],
  ['a:\n  # c\n  b\n', false],
  ['text: |\n  {[x]}\nb: {[c]: d}\n', false],
  ['a: &x 1\nb: *x\n', false],
  ['a: &x [1, 2]\nb: *x\n', false],
  ['a: ! 12\n', false],
  ['a: !!int 12\n', false],
  ['a: !!binary aGVsbG8=\n', false],
  ['a: !custom x\n', false],
  ['a: !!map {b: 1}\n', false],
  ['~: x\n', false],
  ['null: x\n', false],
  ['"null": x\n', false],
  [': x\n', false],
  ['? a\n: b\n', false],
  ['? [a, b]\n: c\n', false],
  ['[a, b]: c\n', false],
  ['{a: 1}: c\n', false],
  ['x: {[a]: b}\n', false],
  ['a: 1\na: 2\n', false],
  ['a: 1\n"a": 2\n', false],
  ['1: a\n"1": b\n', false],
  ['%YAML 1.1\n---\na: yes\n', false],
  ['%TAG !e! tag:example.com,2000:\n---\na: !e!x 1\n', false],
  ['<<: {a: 1}\nb: 2\n', true],
  ['', false],
  ['# only a comment\n', false],
  ['a: 1\n---\n', false],
  ['---\n---\na: 1\n', false],
  ['a: [1, 2\n', false],
  ['a:\n\t- tab\n', false],
  [`${'k'.repeat(1100)}: long key\n`, false],
  ['a: b: c\n', false],
  ['a: 1\n b: 2\n', false],
  ['- a\nb: c\n', false],
  ['key: "unterminated\n', false],
  ['a: @reserved\n', false],
  ['a: `reserved\n', false],
  ['a: "\\q"\n', false],
  ['hello\n', false],
  ['42\n', false],
  ['--- >-\n  folded\n', false],
  ['k:\n  -\n -\n', false],
  ['k:\n- - \n- \n', false],
  ['k: [a, ~, null]\n', true],
  ['a: |2\n   x\n', false],
  ['a: "x\\\n\n  y"\n', false],
  ['\ra: 1\nb: 2\n', false],
  ['a: 1\rb: 2\n', false],
  ['a: 1\n---   b: 2\n', false],
  ['a: 1\n...  b: [x, y]\n', false],
  ['--- text\n', false],
  ['a: {[]}\n', false],
  ['a: {b: 1, [c]}\n', false],
  ['a: [[1, 2], [3]]\n', true],
  // A quote inside a plain scalar opens nothing: skipping to the next quote hid the collection key.
  ["a: don't\nb: {[x]}\nc: it's\n", false],
  ["a: rock 'n roll\nb: {[x]}\nc: it's 'q'\n", false],
  ["a: it\n  's ok\nb: {[x]}\nc: 'z'\n", false],
  ['x: {a: "it\'s", b: [1, 2]}\n', true],
  ["l: [{a: 1}, {b: 'it''s'}]\n", true],
  ["x: {a: 'q, [', b: 1}\n", false],
  // What YAML 1.1 (PyYAML) reads otherwise: the fast paths hand it to the precise path when they
  // compare versions (flagVersionDifferences) or read 1.1.
  ['mode: 0644\nname: x\n', true],
  ['on: push\nyes: [a, b]\n', true],
  ['a: [1_000, 0b101, 1e3, 1:20, -.5, +12]\n', true],
  ['a: |\n  x', true],
  ['a: >+\n  x\n  y', true],
  ['- =\n- 0x_\n', true],
  ["a: !!int 0644\nb: !!bool yes\nc: !!float '1e3'\n", false],
  ['base: &b {a: 1}\nx: {<<: *b, b: 2}\n', false],
  // From the YAML test suite and issue 31: a comment glued to a comma (CVW2: an error to `yaml`, a
  // comment to js-yaml), directives without a document (9MMA) or repeated (SF5V), the collections
  // `yaml` gives as a Set or Map, tags, characters YAML refuses (a NUL byte, invalid UTF-8 as
  // surrogateescape keeps it).
  ['k: [ a, b, c,#invalid\n  ]\n', false],
  ['k: { a: 1,#invalid\n  }\n', false],
  ['a: x,#y\n', false],
  // Issue 47 (token soup, PROPERTY_SEED=-55623914): a comment glued to `[` or `{`, likewise; in a
  // quoted scalar it is text to both.
  ['[#c\n    ]', false],
  ['a: {#c\n  }\n', false],
  ['a: "[#y"\nb: \'{#z\'\n', true],
  ['%YAML 1.2\n', false],
  ['%YAML 1.2\n%YAML 1.2\n---\na: 1\n', false],
  ['a: 1\n...\n%YAML 1.2\n', false],
  ['a: !!set {x, y}\n', false],
  ['--- !!set\n? x\n? y\n', false],
  ['a: !!omap [x: 1, y: 2]\n', false],
  ['a: !!omap\n- x: 1\n- y: 2\n', false],
  ['a: !!pairs [x: 1, x: 2]\n', false],
  ['a: !!timestamp 2001-01-01\n', false],
  ['a: ! 12\nb: ! "12"\n', false],
  ['a: !!python/object:os.system x\nb: !local {c: 1}\n', false],
  ['a: x\u0000y\n', false],
  ['a: "\udcff\udcfe"\n', false],
  ['a: x\u007fy\n', false],
]

describe('edge cases', () => {
  for (const [text, fast] of EDGE_CASES) {
    const name = JSON.stringify(text.length > 60 ? `${text.slice(0, 57)}...` : text)
    it(`${name}: ${fast ? 'fast path' : 'precise path'}, same result`, () => {
      for (const options of PARSE_OPTIONS)
        expect(pathsDisagree(text, options), `YAML ${options.version}`).toBeUndefined()
      expect(takesFastPath(text, '1.2')).toBe(fast)
    })
  }

  it('hands `<<` to the precise path in YAML 1.1, where it merges', () => {
    expect(takesFastPath('<<: {a: 1}\nb: 2\n', '1.1')).toBe(false)
    expect(parseYamlStream('<<: {a: 1}\nb: 2\n', PARSE_OPTIONS[2]!)[0]!.value).toEqual({ a: 1, b: 2 })
  })

  it('locates paths on fast-path documents by parsing with `yaml` on demand', () => {
    const text = 'a:\n  b:\n    - x\n    - {c: 1}\n---\nd: 2\n'
    expect(takesFastPath(text, '1.2')).toBe(true)
    const [first, second] = parseYamlStream(text, PARSE_OPTIONS[0]!)
    expect(first!.locate(['a', 'b', 1, 'c'], 'key')).toEqual({ line: 4, column: 8 })
    expect(second!.locate(['d'])).toEqual({ line: 6, column: 4 })
  })
})

// Plain scalars built from the characters that matter to the resolvers.
const SCALAR_CHARS = [...'0123456789+-._:eEoxXbBaAfFnNiIlLtTrRuUsSyYO~<= ']
const scalarText = fc
  .array(fc.constantFrom(...SCALAR_CHARS), { minLength: 1, maxLength: 9 })
  .map((chars) => chars.join('').trim())

// Documents assembled from YAML tokens, most of them invalid: either path may fail, but both must.
const TOKENS = [
  'a',
  'b',
  '1',
  '0o7',
  '-1.5',
  'yes',
  '~',
  'null',
  ': ',
  ':',
  '- ',
  '-',
  '\n',
  '\n  ',
  '\n    ',
  '  ',
  '\t',
  '? ',
  '[',
  ']',
  '{',
  '}',
  ', ',
  '"x"',
  "'y'",
  '"\\n"',
  '|\n  z',
  '>\n  w',
  '#c',
  ' #c',
  '---\n',
  '...\n',
  '&a ',
  '*a',
  '!!str ',
  '! ',
  '%YAML 1.2\n',
  '<<',
  'k: v',
  '@',
  '`',
  '"',
  "'",
  '\r\n',
  '|2\n   q',
  '|-\n  r\n\n',
  '>+\n  s\n\n',
  'k:\n- i',
  '"a\\\n  b"',
  "'c\n  d'",
  '\u2028',
  '\x85',
  'é',
  '%',
  '=',
  ' : ',
  '\\',
  '{a: b, c}',
  '[a: b]',
  '-\t',
  ':\t',
  '  # c\n',
  '- - ',
  '\n- ',
  '\n  - ',
  'a b',
  '"k": ',
  "'k': ",
  '[]',
  '{}',
  '""',
  '1:2',
  '0777',
  'y',
  'On',
  '.5',
  '.inf',
  '\n      ',
  'x:\n  y: z',
  '|\n',
  '>-\n',
  ' ',
]
const documentText = fc
  .array(fc.constantFrom(...TOKENS), { minLength: 1, maxLength: 14 })
  .map((tokens) => tokens.join(''))

// Documents assembled line by line, at random indentations: structure rather than tokens.
const LINES = [
  'k:',
  'k: v',
  'j: 1',
  '- ',
  '- v',
  '- k: v',
  '- - v',
  '# c',
  'v w',
  '|',
  '>-',
  'k: |',
  'k: >',
  '"q"',
  "'s'",
  'k: "q',
  'r"',
  '[a, b]',
  'k: [a,',
  'b]',
  '{a: 1}',
  '',
  'k: v # c',
  '- # c',
  '---',
  'k: ~',
  '- null',
  'x',
  'k: a: b',
  '? k',
  ': v',
  'k: -',
  '-',
  'k:  v  ',
]
const lineText = fc
  .array(fc.tuple(fc.integer({ min: 0, max: 6 }), fc.constantFrom(...LINES)), { minLength: 1, maxLength: 10 })
  .map((lines) => lines.map(([indent, line]) => ' '.repeat(indent) + line).join('\n') + '\n')

describe('generated input', () => {
  it('plain scalars resolve identically as values and as keys, in both versions', () => {
    fc.assert(
      fc.property(scalarText, (s) => {
        for (const text of [`v: ${s}\n`, `- ${s}\n`, `${s}: v\n`, `[${s}]\n`]) {
          for (const options of PARSE_OPTIONS) {
            expect(pathsDisagree(text, options), `${JSON.stringify(text)} (YAML ${options.version})`).toBeUndefined()
          }
        }
      }),
      { numRuns: propertyRuns(3000) },
    )
  })

  it('documents written by `yaml` and js-yaml from generated values read back identically', () => {
    const data = fc.dictionary(fc.string({ unit: 'binary', maxLength: 12 }), fc.jsonValue({ maxDepth: 4 }), {
      maxKeys: 6,
    })
    const style = fc.record({ lineWidth: fc.constantFrom(0, 20, 80), flow: fc.boolean(), byJsYaml: fc.boolean() })
    fc.assert(
      fc.property(data, style, (value, { lineWidth, flow, byJsYaml }) => {
        const text = byJsYaml
          ? dump(value, { lineWidth: lineWidth || -1, flowLevel: flow ? 1 : -1 })
          : stringify(value, { lineWidth, collectionStyle: flow ? 'flow' : 'any' })
        for (const options of PARSE_OPTIONS) {
          expect(pathsDisagree(text, options), `${JSON.stringify(text)} (YAML ${options.version})`).toBeUndefined()
        }
      }),
      { numRuns: propertyRuns(1000) },
    )
  })

  it('token soup parses to the same values, errors and warnings', () => {
    fc.assert(
      fc.property(documentText, (text) => {
        for (const options of PARSE_OPTIONS) {
          expect(pathsDisagree(text, options), `${JSON.stringify(text)} (YAML ${options.version})`).toBeUndefined()
        }
      }),
      { numRuns: propertyRuns(3000) },
    )
  })

  it('lines at random indentations parse to the same values, errors and warnings', () => {
    fc.assert(
      fc.property(lineText, (text) => {
        for (const options of PARSE_OPTIONS) {
          expect(pathsDisagree(text, options), `${JSON.stringify(text)} (YAML ${options.version})`).toBeUndefined()
        }
      }),
      { numRuns: propertyRuns(3000) },
    )
  })
})
