// The block path (packages/core/src/yaml/block/) reads block collections of one-line scalars and
// gives up on everything else: what it reads must be exactly what `yaml` reads (values, key order,
// -0, tree facts), in both YAML versions. parse-equivalence.test.ts runs every fixture, conformance
// input and corpus file through it too; here are its own edge cases and a generator of documents
// inside (and just outside) the subset it reads.
import * as fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { parseBlockYaml } from '../../packages/core/src/yaml/block/read.ts'
import { parseYamlStreamFast } from '../../packages/core/src/yaml/fast/read.ts'
import { PARSE_OPTIONS, pathsDisagree } from './equivalence.ts'
import { propertyRuns } from '../helpers/property-runs.ts'

function takesBlockPath(text: string, version: '1.1' | '1.2' = '1.2'): boolean {
  return parseBlockYaml(text, { version, allowDuplicateKeys: false, maxAliasCount: 100 }, () => []) !== undefined
}

function expectAgreement(text: string): void {
  for (const options of PARSE_OPTIONS) {
    expect(
      pathsDisagree(text, options),
      `${JSON.stringify(text)} (YAML ${options.version}, duplicates ${options.allowDuplicateKeys ? 'allowed' : 'refused'})`,
    ).toBeUndefined()
  }
}

// Each case: the text, and whether the block path reads it (false: it must give up).
const CASES: [string, boolean][] = [
  // What it reads.
  ['a: 1\nb: two\nc:\n  d: 3.5\n  e: true\n', true],
  ['list:\n  - a\n  - b\nflat:\n- c\n- d\nafter: 1\n', true],
  ['- a: 1\n  b: 2\n- c: 3\n- plain\n', true],
  ['- a:\n  - x\n  - y\n  b: 1\n', true],
  ['a:\n  - k: v\n    nested:\n      deep: 1\n  - k: w\n', true],
  ['a: x # comment\nb: x#not comment\nc: "q # not" # comment\n', true],
  ['# leading\n\na: 1\n  # indented comment\n\n# between\nb:\n  # before a nested key\n  c: 2\n# trailing\n', true],
  ['url: http://example.com:8080/path\ntime: 12:30\nk: a:b\n', true],
  ['k   : spaced key\n"quoted key": 1\n\'single key\': 2\n"a: b": 3\n', true],
  ['s: \'it\'\'s\'\nd: "tab\\tnew\\nline \\"q\\" \\\\ \\/ \\u00e9 \\x41"\ne: ""\nf: \'\'\n', true],
  ['n: ~\no: null\np: Null\nq:\nr: -0\ns: 0o17\nt: 0x1F\nu: 1e3\nv: .5\nw: -.inf\nx: .NaN\n', true],
  ['y: yes\nz: on\naa: 0777\nbb: 1:20\ncc: 08\ndd: 1_000\nee: y\n', true],
  ['empty: []\nobj: {}\nlist:\n  - []\n  - {}\n', true],
  ['text: |\n  line one\n    indented more\n\n  after an empty line\nnext: 1\n', true],
  ['strip: |-\n  no trailing break\n\n\nnext: 1\n', true],
  ['text: |\n    deep content\n    # not a comment\n  # a comment\nnext: 1\n', true],
  ['- k: |\n    in a list item\n  j: 1\n', true],
  ['a: text with [brackets], {braces} and, commas\nb: -dash\nc: what?\nd: 50%\n', true],
  ['a: trailing spaces   \nb: 1\n', true],
  ['constructor: 1\ntoString: 2\nhasOwnProperty: 3\n', true],
  ['10: ten\n', false],
  ['a: é ü 漢字\n', true],
  ['  a: 1\n  b: 2\n', true],
  ['a:\n    b: 1\n    c: 2\nd: 3\n', true],
  // What it gives up on, for another path to read.
  ['', false],
  ['# only comments\n', false],
  ['plain scalar\n', false],
  ['---\na: 1\n', false],
  ['a: 1\n---\nb: 2\n', false],
  ['a: 1\n...\n', false],
  ['%YAML 1.2\n---\na: 1\n', false],
  ['a: [1, 2]\n', false],
  ['a: {b: 1}\n', false],
  ['a: &x 1\nb: *x\n', false],
  ['a: !!str 1\n', false],
  ['a: >\n  folded\n', false],
  ['a: |+\n  keep\n\n', false],
  ['a: |2\n   indicated\n', false],
  ['a: |\n\n  leading empty line\n', false],
  ['a: |\n  no final line break', false],
  ['a: |\nb: 1\n', false],
  ['a: multi\n  line plain\n', false],
  ['a: "multi\n  line quoted"\n', false],
  ['a: b: c\n', false],
  ['a: b:\n', false],
  ['a: 1\na: 2\n', false],
  ['a: 1\n"a": 2\n', false],
  ['true: 1\n', false],
  ['~: 1\n', false],
  ['null: 1\n', false],
  ['"null": 1\n', false],
  ['<<: {a: 1}\n', false],
  ['__proto__: 1\n', false],
  ['? a\n: b\n', false],
  [': v\n', false],
  ['"": v\n', false],
  ['-\n', false],
  ['- \n- a\n', false],
  ['- - a\n', false],
  ['-\n  a: 1\n', false],
  ['- # comment\n', false],
  ['a:\n\t- tab\n', false],
  ['a: 1\r\nb: 2\r\n', false],
  ['\uFEFFa: 1\n', false],
  ['a: \u2028\n', false],
  ['a: \x85\n', false],
  ['a: 😀\n', false],
  ['a: "x"#glued\n', false],
  ['a: "x" trailing\n', false],
  ['a: "\\q"\n', false],
  ['a: "\\ud83d\\ude00"\n', false],
  ['a: @reserved\n', false],
  ['a: `reserved\n', false],
  ['a: %percent\n', false],
  ['a: - dash space\n', false],
  ['a: 1\n b: 2\n', false],
  ['a:\n  b: 1\n c: 2\n', false],
  ['a: 1\n- b\n', false],
  ['- a\nb: 1\n', false],
  [`${'k'.repeat(1025)}: long key\n`, false],
  ['a: "unterminated\n', false],
  ['a #comment: 1\n', false],
]

describe('block path edge cases', () => {
  for (const [text, block] of CASES) {
    const name = JSON.stringify(text.length > 60 ? `${text.slice(0, 57)}...` : text)
    it(`${name}: ${block ? 'read' : 'given up'}, same result as \`yaml\``, () => {
      expectAgreement(text)
      expect(takesBlockPath(text)).toBe(block)
    })
  }

  it('gives up at the depth limit, where the precise path reports it', () => {
    const deep = (levels: number) => Array.from({ length: levels }, (_, i) => `${'  '.repeat(i)}k:`).join('\n') + ' 1\n'
    const options = { version: '1.2' as const, allowDuplicateKeys: false, maxAliasCount: 100, maxDepth: 10 }
    expect(parseBlockYaml(deep(5), options, () => [])).toBeDefined()
    expect(parseBlockYaml(deep(10), options, () => [])).toBeUndefined()
  })

  it('reads long flat lists and mappings without recursion', () => {
    const text = Array.from({ length: 20_000 }, (_, i) => `k${i}:\n  - ${i}\n  - v${i}\n`).join('')
    expect(takesBlockPath(text)).toBe(true)
    expectAgreement(text)
  })
})

// Generated documents: values rendered as block YAML in varied styles (indentation widths, compact
// or indented lists, comments, quoting, literal scalars), with scalars drawn from what matters to
// the scanner and the resolvers. Most stay inside the subset; the rest must be given up on.
const PLAIN = ['a', 'b c', 'x-y', 'a#b', 'a:b', 'x]', "it's", 'a\\b', 'é', 'http://h:1/p', '50%', '-a', 'a, b']
const RESOLVED = [
  '1',
  '-1.5',
  '0o7',
  '0x1F',
  '1e3',
  '.inf',
  '.NaN',
  '-0',
  'yes',
  'No',
  'on',
  'y',
  '~',
  'null',
  'true',
  'False',
  '1:20',
  '08',
  '0777',
  '1_000',
  '',
]
const TRICKY = [
  'a #b',
  'a: b',
  'a:',
  ':a',
  '- a',
  '?a',
  '[a]',
  '{a}',
  '"q"',
  ' ',
  'a  ',
  '#',
  '&a',
  '*a',
  '!a',
  '|',
  '>',
  '%',
  '@',
  '`',
  '---',
  '...',
  '<<',
  '[]',
  '{}',
]
const GOOD_KEYS = [
  'k',
  'key',
  'a b',
  'x.y',
  'app.kubernetes.io/name',
  'k2',
  'é',
  'a#b',
  'a:b',
  '"q"',
  "'s'",
  '"a: b"',
  'constructor',
]
const BAD_KEYS = ['1', 'true', 'null', '~', 'a #b', '-k', '<<', '__proto__', '[k]', '? k', '"', '']

interface Style {
  width: number
  compact: boolean
  comments: boolean
  quote: 0 | 1 | 2
  literal: boolean
}

const scalarValue = fc.oneof(
  { arbitrary: fc.constantFrom(...PLAIN), weight: 6 },
  { arbitrary: fc.constantFrom(...RESOLVED), weight: 3 },
  { arbitrary: fc.constantFrom(...TRICKY), weight: 1 },
)
const keyText = fc.oneof(
  { arbitrary: fc.constantFrom(...GOOD_KEYS), weight: 30 },
  { arbitrary: fc.constantFrom(...BAD_KEYS), weight: 1 },
)
const tree = fc.letrec<{ node: unknown; item: unknown; list: unknown; map: unknown }>((tie) => ({
  node: fc.oneof({ depthSize: 'small', maxDepth: 4, withCrossShrink: true }, scalarValue, tie('list'), tie('map')),
  // Lists in lists (an item's own `-` line) are left to the other paths: rarer here.
  item: fc.oneof(
    { depthSize: 'small', maxDepth: 4, withCrossShrink: true },
    { arbitrary: scalarValue, weight: 4 },
    { arbitrary: tie('map'), weight: 2 },
    { arbitrary: tie('list'), weight: 1 },
  ),
  list: fc.array(tie('item'), { minLength: 1, maxLength: 3 }),
  map: fc
    .uniqueArray(fc.tuple(keyText, tie('node')), { minLength: 1, maxLength: 3, selector: ([key]) => key })
    .map((pairs) => ({ pairs })),
})).node
const root = fc.oneof(
  fc
    .uniqueArray(fc.tuple(keyText, tree), { minLength: 1, maxLength: 5, selector: ([key]) => key })
    .map((pairs) => ({ pairs })),
  fc.array(tree, { minLength: 1, maxLength: 4 }),
)
const style = fc.record({
  width: fc.integer({ min: 1, max: 4 }),
  compact: fc.boolean(),
  comments: fc.boolean(),
  quote: fc.constantFrom<0 | 1 | 2>(0, 0, 1, 2),
  literal: fc.boolean(),
})

function scalarText(value: string, s: Style): string {
  if (s.quote === 1) return `'${value.replaceAll("'", "''")}'`
  if (s.quote === 2) return JSON.stringify(value)
  return value
}

/** Renders a generated node as block YAML lines at `indent`. */
function render(node: unknown, indent: number, s: Style, out: string[]): void {
  const pad = ' '.repeat(indent)
  const comment = (at: number) => {
    if (s.comments) out.push(`${' '.repeat(at)}# note`)
  }
  if (Array.isArray(node)) {
    for (const item of node) {
      comment(indent)
      if (typeof item === 'string') out.push(`${pad}- ${scalarText(item, s)}`)
      else if (Array.isArray(item) || item === null) {
        out.push(`${pad}-`)
        render(item, indent + s.width, s, out)
      } else {
        // A mapping in a list item: its first key on the item's line.
        const inner: string[] = []
        render(item, indent + 2, s, inner)
        const first = inner.findIndex((line) => !line.trimStart().startsWith('#'))
        inner[first] = `${pad}- ${inner[first]!.slice(indent + 2)}`
        out.push(...inner.filter((line, i) => i >= first || !line.trimStart().startsWith('#')))
      }
    }
    return
  }
  for (const [key, value] of (node as { pairs: [string, unknown][] }).pairs) {
    comment(indent)
    if (typeof value === 'string') {
      if (s.literal && value.length > 1) {
        out.push(`${pad}${key}: |`, `${pad}${' '.repeat(s.width)}${value}`, `${pad}${' '.repeat(s.width)}second line`)
      } else out.push(`${pad}${key}: ${scalarText(value, s)}${s.comments ? ' # trailing' : ''}`)
    } else if (Array.isArray(value) && s.compact) {
      out.push(`${pad}${key}:`)
      render(value, indent, s, out)
    } else {
      out.push(`${pad}${key}:`)
      render(value, indent + s.width, s, out)
    }
  }
}

describe('generated block documents', () => {
  it('read as `yaml` reads them, or given up on', () => {
    let read = 0
    let runs = 0
    fc.assert(
      fc.property(root, style, (node, s) => {
        const lines: string[] = []
        render(node, 0, s, lines)
        const text = `${lines.join('\n')}\n`
        runs++
        if (takesBlockPath(text)) read++
        expectAgreement(text)
      }),
      { numRuns: propertyRuns(Number(process.env.BLOCK_RUNS ?? 2000)) },
    )
    console.log(`block path: ${read} of ${runs} generated documents read`)
    // The generator is only worth its runs if much of what it writes is inside the subset.
    expect(read / runs).toBeGreaterThan(0.25)
  })
})

// Mutated layers: realistic block documents with a token inserted, a span deleted or a line's
// indentation changed, so most mutants sit just inside or just outside what the block path reads.
const LAYER = `merge_how: dict(recurse_array,no_replace)+list(append)+str()
cors:
  origins:
    - retries: 37534
      log.level:
        - delta-token
        - 'quoted # value'
    - "double: quoted"
  content: 6792.08 # a comment
  tags:
    mode: quantum-relay
    url: https://example.com:8080/path?q=1
    empty: []
    flags: {}
  notes: |
    line one
      indented
    # not a comment

  strip: |-
    kept
backups:
- quartz-83.internal
- nova-58.internal
tracing:
  - ssl: null
    notes:
      driver:
        - bucket: invoice warm atlas
          pools: 4476.9
`
// What the block path leaves to js-yaml: flow collections, folded, multi-line and kept scalars,
// several documents. (Anchors, tags, explicit keys and directives go to `yaml` anyway, and
// mutants insert some.)
const FLOW_LAYER = `---
defaults: {timeout: 30, retries: [1, 2, 3]}
service:
  name: "multi
    line"
  folded: >
    one
    two

  kept: |+
    text

  tags: [a, "b", 'c', {d: e}]
  nested: [[1, 2], {x: [y]}]
...
---
second: [~, null, -0, .inf, 0o7, 1_000]
`
const MUTATION_TOKENS = [
  ': ',
  ':',
  ' #',
  '#',
  '- ',
  '-',
  "'",
  '"',
  '|',
  '|-',
  '>',
  '\n',
  '\n  ',
  '\n- ',
  ' ',
  '  ',
  '[]',
  '{}',
  '[',
  '{',
  '?',
  '&a ',
  '*a',
  '!',
  '\\',
  'yes',
  '~',
  '0x1',
  '.inf',
  '---',
  '\t',
  '\r',
]
const mutation = fc.oneof(
  fc.record({ kind: fc.constant('insert' as const), at: fc.nat(), token: fc.constantFrom(...MUTATION_TOKENS) }),
  fc.record({ kind: fc.constant('delete' as const), at: fc.nat(), length: fc.integer({ min: 1, max: 6 }) }),
  fc.record({ kind: fc.constant('indent' as const), line: fc.nat(), by: fc.integer({ min: -3, max: 3 }) }),
)

function mutate(text: string, m: typeof mutation extends fc.Arbitrary<infer T> ? T : never): string {
  if (m.kind === 'insert') {
    const at = m.at % (text.length + 1)
    return (
      text.slice(0, at) +
      m.token.replaceAll('\\n', '\n').replaceAll('\\t', '\t').replaceAll('\\r', '\r') +
      text.slice(at)
    )
  }
  if (m.kind === 'delete') {
    const at = m.at % text.length
    return text.slice(0, at) + text.slice(at + m.length)
  }
  const lines = text.split('\n')
  const i = m.line % lines.length
  lines[i] = m.by > 0 ? ' '.repeat(m.by) + lines[i] : lines[i]!.replace(new RegExp(`^ {0,${-m.by}}`), '')
  return lines.join('\n')
}

describe('mutated layers', () => {
  it('the unmutated layers: one read by the block path, the other by js-yaml', () => {
    expect(takesBlockPath(LAYER)).toBe(true)
    expect(takesBlockPath(FLOW_LAYER)).toBe(false)
    expect(
      parseYamlStreamFast(FLOW_LAYER, { version: '1.2', allowDuplicateKeys: false, maxAliasCount: 100 }, () => []),
    ).toBeDefined()
    expectAgreement(LAYER)
    expectAgreement(FLOW_LAYER)
  })

  // The block layer's mutants test the block path's edges; both test js-yaml's (the two
  // disagreements these found are in fast/rules.ts's TEXT_RULES).
  for (const [name, base] of [
    ['block', LAYER],
    ['flow', FLOW_LAYER],
  ] as const) {
    it(`${name} layer mutants read as \`yaml\` reads them, or given up on`, () => {
      // Mutants each fast path read: the block layer's must reach the block path, the flow layer's js-yaml.
      const read = { block: 0, jsYaml: 0 }
      fc.assert(
        fc.property(fc.array(mutation, { minLength: 1, maxLength: 3 }), (mutations) => {
          const text = mutations.reduce(mutate, base)
          if (takesBlockPath(text)) read.block++
          else if (
            parseYamlStreamFast(text, { version: '1.2', allowDuplicateKeys: false, maxAliasCount: 100 }, () => [])
          )
            read.jsYaml++
          expectAgreement(text)
        }),
        { numRuns: propertyRuns(Number(process.env.BLOCK_RUNS ?? 1000)) },
      )
      expect(name === 'block' ? read.block : read.jsYaml).toBeGreaterThan(0)
    })
  }
})
