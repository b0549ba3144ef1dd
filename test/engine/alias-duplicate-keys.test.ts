// Duplicate keys through aliases (#38): an alias as a key is the node it names, so `? &k x` then
// `*k : 0` is the key `x` twice. Every reader that reads aliases sees it — `yaml` (precise.ts) in YAML
// 1.2, 1.1 and with the version unset, and Datum's store reader (powershell-yaml's) — located at the
// second key, naming the first's line; the block and js-yaml readers hand aliases over. In YAML 1.1 a
// second `<<` merge key is a duplicate too: strict refuses it, lenient merges both as PyYAML does.
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { isMergedYamlError, render } from '@merged-yaml/core'
import type { RenderOptions } from '@merged-yaml/core'
import { parsePowerShellYaml } from '../../packages/core/src/dialects/datum/powershell/yaml.ts'
import { parseBlockYaml } from '../../packages/core/src/yaml/block/read.ts'
import { parseYamlStreamFast } from '../../packages/core/src/yaml/fast/read.ts'
import { parseYamlStream } from '../../packages/core/src/yaml/parse.ts'
import type { YamlVersion } from '../../packages/core/src/yaml/parse.ts'
import { lines } from '../helpers/tree.ts'
import { renderStore, STORE, storeError } from '../dialects/datum/helpers.ts'

async function outcome(
  text: string,
  options: RenderOptions,
): Promise<{ value?: unknown; codes: string[]; at?: string }> {
  const root = mkdtempSync(join(tmpdir(), 'my-alias-keys-'))
  const entry = join(root, 'app.merged.yaml')
  writeFileSync(entry, text)
  try {
    const result = await render(entry, { root, ...options })
    return { value: result.value, codes: result.warnings.map((w) => `${w.code} ${w.line}:${w.column}`) }
  } catch (error) {
    if (!isMergedYamlError(error)) throw error
    const [d] = error.diagnostics
    return { codes: error.diagnostics.map((e) => `${e.code} ${e.line}:${e.column}`), at: d!.message }
  }
}

/**
 * Each shape: its text, the second key's line:column, the message's start, the lenient (last) value, and what
 * else lenient mode says of it in a values entry (render()'s default dialect).
 */
const SHAPES: { name: string; text: string; at: string[]; message: string; lenient: unknown; helm?: string[] }[] = [
  {
    name: 'the issue: `? &k x` then `*k : 0` again and again',
    text: lines('? &k x', ': 1', '*k : 0', '*k : 0', '*k : 0'),
    at: ['3:1', '4:1', '5:1'],
    message: "the key 'x' (the alias *k) appears again in this mapping (first at line 1)",
    lenient: { x: 0 },
  },
  {
    name: 'an alias key twice',
    text: lines('a: &k x', 'm:', '  *k : 1', '  *k : 2'),
    at: ['4:3'],
    message: "the key 'x' (the alias *k) appears again in this mapping (first at line 3)",
    lenient: { a: 'x', m: { x: 2 } },
  },
  {
    name: 'an alias equal to a plain key before it',
    text: lines('a: &k x', 'm:', '  x: 1', '  *k : 2'),
    at: ['4:3'],
    message: "the key 'x' (the alias *k) appears again in this mapping (first at line 3)",
    lenient: { a: 'x', m: { x: 2 } },
  },
  {
    name: 'a plain key equal to an alias before it',
    text: lines('a: &k x', 'm:', '  *k : 1', '  x: 2'),
    at: ['4:3'],
    message: "the key 'x' appears again in this mapping (first at line 3)",
    lenient: { a: 'x', m: { x: 2 } },
  },
  {
    name: 'an alias of a number equal to a number key',
    text: lines('a: &k 7', 'm:', '  7: 1', '  *k : 2'),
    at: ['4:3'],
    message: 'the key 7 (the alias *k) appears again in this mapping (first at line 3)',
    lenient: { a: 7, m: { 7: 2 } },
  },
  {
    name: 'an alias of the list that is the first key (X38W of the YAML test suite)',
    text: lines('m:', '  ? &k [a]', '  : 1', '  *k : 2'),
    at: ['4:3'],
    message: 'the key *k (the same list) appears again in this mapping (first at line 2)',
    lenient: { m: { '[ a ]': 2 } },
    // A values entry: Helm cannot read a list as a key (docs/values.md), said after the duplicate.
    helm: ['MY_VALUES_HELM_UNREADABLE 2:8'],
  },
]

const VERSIONS: (YamlVersion | undefined)[] = ['1.2', '1.1', undefined]

describe.each(VERSIONS)('yamlVersion %s: alias keys through render()', (yamlVersion) => {
  const options: RenderOptions = yamlVersion ? { yamlVersion } : {}

  it.each(SHAPES)('strict refuses $name, at the second key, naming the first', async (shape) => {
    const { codes, at } = await outcome(shape.text, options)
    // Every duplicate of the document is said, the first one's message checked.
    expect(codes).toEqual(shape.at.map((position) => `MY_YAML_DUPLICATE_KEY ${position}`))
    expect(at).toBe(`${shape.message}; the last value is kept, as Helm (go-yaml v2) keeps it: remove the other`)
  })

  it.each(SHAPES)('lenient keeps the last value of $name and warns of each', async (shape) => {
    const { value, codes } = await outcome(shape.text, { ...options, strict: false })
    expect(value).toEqual(shape.lenient)
    expect(codes).toEqual([...shape.at.map((position) => `MY_YAML_DUPLICATE_KEY ${position}`), ...(shape.helm ?? [])])
  })
})

describe('the readers', () => {
  it.each(SHAPES)('the block and js-yaml readers hand $name over; parseYamlStream finds it', (shape) => {
    for (const version of ['1.2', '1.1'] as const) {
      const options = { version, allowDuplicateKeys: false, maxAliasCount: 100 }
      const locate = () => []
      expect(parseBlockYaml(shape.text, options, locate)).toBeUndefined()
      expect(parseYamlStreamFast(shape.text, options, locate)).toBeUndefined()
      const [doc] = parseYamlStream(shape.text, options)
      expect(doc!.error).toMatchObject({ code: 'DUPLICATE_KEY', message: shape.message })
    }
  })

  it('many alias keys: a warning for each, the last value kept', () => {
    const text = lines('? &k x', ': 1', ...Array.from({ length: 2000 }, (_, i) => `*k : ${i}`))
    const [doc] = parseYamlStream(text, { version: '1.2', allowDuplicateKeys: true, maxAliasCount: 1_000_000 })
    expect(doc!.value).toEqual({ x: 1999 })
    expect(doc!.warnings).toHaveLength(2000)
    expect(doc!.warnings.at(-1)).toMatchObject({ code: 'DUPLICATE_KEY', position: { line: 2002, column: 1 } })
  })
})

describe("YAML 1.1's `<<` merge key twice in one mapping", () => {
  // PyYAML merges each `<<` in turn, a later one's keys winning over an earlier one's (`yaml` alone
  // kept the first's: `a` was 1).
  const text = lines('b: &b {a: 1, x: 1}', 'c: &c {a: 2, y: 2}', 'm:', '  <<: *b', '  <<: *c', '  z: 0')

  it('strict refuses the second, naming the first', async () => {
    const { codes, at } = await outcome(text, { yamlVersion: '1.1' })
    expect(codes).toEqual(['MY_YAML_DUPLICATE_KEY 5:3'])
    expect(at).toMatch(/^the key '<<' \(a merge key\) appears again in this mapping \(first at line 4\)/)
  })

  it("lenient merges both as PyYAML does, the later one's keys winning, and warns", async () => {
    const { value, codes } = await outcome(text, { yamlVersion: '1.1', strict: false })
    // PyYAML 6: {'a': 2, 'x': 1, 'y': 2, 'z': 0}
    expect((value as { m: unknown }).m).toEqual({ a: 2, x: 1, y: 2, z: 0 })
    expect(codes).toEqual(['MY_YAML_DUPLICATE_KEY 5:3'])
  })

  it('a `<<` list and a later `<<`: the later wins, and in the list the earlier (as PyYAML reads both)', () => {
    const merged = lines(
      'b: &b {a: 1, x: 1}',
      'c: &c {a: 2, y: 2}',
      'd: &d {a: 3, x: 3, z: 3}',
      'l: &l [*c, *d]',
      'm:',
      '  <<: [*b, *d]',
      '  <<: *c',
      'n:',
      '  <<: *b',
      '  <<: *l',
      '  a: 9',
    )
    const [doc] = parseYamlStream(merged, { version: '1.1', allowDuplicateKeys: true, maxAliasCount: 100 })
    // PyYAML 6: m {'a': 2, 'x': 1, 'z': 3, 'y': 2}, n {'a': 9, 'x': 3, 'z': 3, 'y': 2}
    expect(doc!.value).toMatchObject({ m: { a: 2, x: 1, y: 2, z: 3 }, n: { a: 9, x: 3, y: 2, z: 3 } })
    expect(doc!.warnings.map((w) => w.position.line)).toEqual([7, 10])
  })

  it('in YAML 1.2 `<<` is a plain key: twice is a duplicate as any key is', async () => {
    const { codes, at } = await outcome(text, { yamlVersion: '1.2' })
    expect(codes).toEqual(['MY_YAML_DUPLICATE_KEY 5:3'])
    expect(at).toMatch(/^the key '<<' appears again in this mapping \(first at line 4\)/)
  })
})

describe("Datum's store files (powershell-yaml's reader)", () => {
  it('an alias key repeating a key is located at the alias, naming the first line', () => {
    const doc = parsePowerShellYaml(lines('a: &k X', 'm:', '  x: 1', '  *k : 2'), { maxAliasCount: 100 })
    expect(doc.value).toEqual({ a: 'X', m: { x: 2 } })
    expect(doc.notes).toEqual([
      {
        code: 'DUPLICATE_KEY',
        message: "the key 'X' repeats 'x' (line 3; keys ignore case): PowerShell keeps the last value",
        position: { line: 4, column: 3 },
      },
    ])
  })

  it('through a render: MY_DATUM_DUPLICATE_KEY at the alias; lenient warns and keeps the last value', async () => {
    const files = {
      ...STORE,
      'Roles/WebServer.yml': lines('Configurations: [Web]', 'Web: &w {Port: 1}', '? &k Other', ': 1', '*k : 2'),
    }
    expect(await storeError(files, { node: 'web01' })).toMatchObject({ code: 'MY_DATUM_DUPLICATE_KEY', line: 5 })
    const lenient = await renderStore(files, { node: 'web01', lookup: 'Web/Port' }, { strict: false })
    expect(lenient.value).toBe(8080)
    expect(lenient.warnings).toMatchObject([{ code: 'MY_DATUM_DUPLICATE_KEY', line: 5, column: 1 }])
    expect(lenient.warnings[0]!.message).toContain("the key 'Other' repeats 'Other' (line 3;")
  })
})
