// YAML 1.1 (PyYAML: cloud-init, Deckhand, Heat) against YAML 1.2: which plain scalars the two read
// differently (derived from both resolvers over generated candidates, and resolvePlain11 checked
// against PyYAML itself when python3 has it), and what render() does with each class when the
// `yamlVersion` option is unset, set, strict and lenient, per dialect.
import { spawnSync } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { isMergedYamlError, render } from '@merged-yaml/core'
import type { RenderOptions } from '@merged-yaml/core'
import { PyYamlUnreadable, resolvePlain11, resolvePlain12 } from '../../packages/core/src/yaml/scalars.ts'
import { mayDiffer, sameValue } from '../../packages/core/src/yaml/version-differences.ts'
import { parseYamlStream } from '../../packages/core/src/yaml/parse.ts'

/**
 * The classes of plain scalars the versions read differently, as docs/yaml-versions.md lists them,
 * each with a test of its members and an example (its 1.1 and 1.2 values; `raises` for PyYAML's
 * exceptions). A class is tested in order: the first that matches takes a candidate.
 */
const CLASSES: { name: string; member: (s: string) => boolean; example: string; v11: unknown; v12: unknown }[] = [
  {
    name: 'PyYAML cannot construct it (`=`, `<<` as a value, `0x_`, `0b_`)',
    member: (s) => resolvePlain11(s) instanceof PyYamlUnreadable,
    example: '=',
    v11: 'raises',
    v12: '=',
  },
  {
    name: 'yes/no/on/off in three spellings',
    member: (s) => /^(?:yes|Yes|YES|no|No|NO|on|On|ON|off|Off|OFF)$/.test(s),
    example: 'off',
    v11: false,
    v12: 'off',
  },
  { name: 'sexagesimal (base 60)', member: (s) => s.includes(':'), example: '1:20', v11: 80, v12: '1:20' },
  { name: 'digits with underscores', member: (s) => s.includes('_'), example: '1_000', v11: 1000, v12: '1_000' },
  { name: 'binary `0b`', member: (s) => /^[-+]?0b/.test(s), example: '0b101', v11: 5, v12: '0b101' },
  { name: 'signed hexadecimal', member: (s) => /^[-+]0x/.test(s), example: '-0x1F', v11: -31, v12: '-0x1F' },
  { name: 'octal `0o`', member: (s) => /^[-+]?0o/.test(s), example: '0o600', v11: '0o600', v12: 384 },
  {
    name: 'exponents (1.1 wants a dot and a sign)',
    member: (s) => /[eE]/.test(s),
    example: '1e3',
    v11: '1e3',
    v12: 1000,
  },
  { name: 'leading zeros (1.1 octal)', member: (s) => /^[-+]?0[0-9]/.test(s), example: '0644', v11: 420, v12: 644 },
  {
    name: 'signed floats without a leading digit',
    member: (s) => /^[-+]\./.test(s),
    example: '-.5',
    v11: '-.5',
    v12: -0.5,
  },
]

/** Every string of `alphabet` up to `length` characters, and case variants of the words. */
function candidates(): string[] {
  const out = new Set<string>()
  const alphabet = [...'0168+-._:eExXob']
  let level = ['']
  for (let n = 1; n <= 4; n++) {
    level = level.flatMap((prefix) => alphabet.map((c) => prefix + c))
    for (const s of level) out.add(s)
  }
  const words = ['yes', 'no', 'on', 'off', 'true', 'false', 'null', 'y', 'n', '~', '<<', '=', '.inf', '.nan', '0x1F']
  for (const word of words) {
    for (const sign of ['', '+', '-']) {
      const base = sign + word
      const letters = [...base].flatMap((c, i) => (/[a-z]/i.test(c) ? [i] : []))
      for (let mask = 0; mask < 1 << letters.length; mask++) {
        const chars = [...base]
        letters.forEach((i, bit) => {
          if ((mask >> bit) & 1)
            chars[i] = chars[i] === chars[i]!.toLowerCase() ? chars[i]!.toUpperCase() : chars[i]!.toLowerCase()
        })
        out.add(chars.join(''))
      }
    }
  }
  return [...out]
}

const CANDIDATES = candidates()

function differs(s: string): boolean {
  const v11 = resolvePlain11(s)
  return v11 instanceof PyYamlUnreadable || !sameValue(v11, resolvePlain12(s))
}

describe('the plain scalars YAML 1.1 and 1.2 read differently, derived from both resolvers', () => {
  const differing = CANDIDATES.filter(differs)

  it('start with a character the readers test (mayDiffer), so other scalars cost nothing', () => {
    expect(differing.length).toBeGreaterThan(1000)
    expect(differing.filter((s) => !mayDiffer(s))).toEqual([])
  })

  it('each fall in a documented class, and every class has members', () => {
    const unclassified = differing.filter((s) => !CLASSES.some((c) => c.member(s)))
    expect(unclassified).toEqual([])
    for (const c of CLASSES)
      expect(
        differing.some((s) => c.member(s)),
        c.name,
      ).toBe(true)
  })

  it.each(CLASSES)('$name: $example', ({ example, v11, v12 }) => {
    const read11 = resolvePlain11(example)
    expect(read11 instanceof PyYamlUnreadable ? 'raises' : read11).toEqual(v11)
    expect(resolvePlain12(example)).toEqual(v12)
  })
})

/** PyYAML's reading of each scalar: [type, value], or ['error', class]. */
function pyYamlReadings(scalars: readonly string[]): [string, unknown][] | undefined {
  const script = `
import json, math, sys, yaml
from yaml.nodes import ScalarNode
resolver = yaml.resolver.Resolver()
def read(s):
    tag = resolver.resolve(ScalarNode, s, (True, False))
    try:
        v = yaml.SafeLoader('').construct_object(ScalarNode(tag, s))
    except Exception as e:
        return ['error', type(e).__name__]
    if isinstance(v, bool) or v is None: return ['value', v]
    if isinstance(v, (int, float)):
        return ['number', 'nan' if v != v else repr(float(v)) if isinstance(v, float) else str(v)]
    if isinstance(v, str): return ['value', v]
    return ['other', str(v)]
print(json.dumps([read(s) for s in json.load(sys.stdin)]))
`
  const run = spawnSync('python3', ['-c', script], { input: JSON.stringify(scalars), encoding: 'utf8' })
  if (run.status !== 0) return undefined
  return JSON.parse(run.stdout) as [string, unknown][]
}

const pyYamlAvailable = spawnSync('python3', ['-c', 'import yaml'], { encoding: 'utf8' }).status === 0

describe.skipIf(!pyYamlAvailable)(
  'resolvePlain11 reads every candidate as PyYAML does (needs python3 and PyYAML)',
  () => {
    it('values, and exactly the scalars PyYAML raises on', () => {
      const readings = pyYamlReadings(CANDIDATES)!
      const wrong: string[] = []
      CANDIDATES.forEach((s, i) => {
        const [kind, py] = readings[i]!
        const ours = resolvePlain11(s)
        if (kind === 'error') {
          if (!(ours instanceof PyYamlUnreadable)) wrong.push(`${s}: PyYAML raises ${String(py)}, ours ${String(ours)}`)
          return
        }
        // Timestamps stay strings (docs/yaml-versions.md): none of the candidates is one.
        const numbers: Record<string, number> = { nan: Number.NaN, inf: Infinity, '-inf': -Infinity }
        const expected = kind === 'number' ? (numbers[py as string] ?? Number(py)) : py
        if (!sameValue(ours, expected)) wrong.push(`${s}: PyYAML ${JSON.stringify(py)}, ours ${String(ours)}`)
      })
      expect(wrong).toEqual([])
    })
  },
)

describe.skipIf(!pyYamlAvailable)(
  'explicit tags in YAML 1.1 construct as PyYAML does (needs python3 and PyYAML)',
  () => {
    it('!!int, !!float, !!bool, !!null, !!binary on short candidates: a value, or an error where PyYAML raises', () => {
      const base64 = [
        'aGVsbG8=',
        'aGVsbG8',
        'a$b',
        'aGVs bG8=',
        'aGVsbG8=junk',
        'ab=cd',
        'a',
        'ab==',
        '====abcd',
        'ab=c=',
      ]
      const texts = [
        ...['int', 'float', 'bool', 'null'].flatMap((tag) =>
          CANDIDATES.filter((s) => s.length <= 3).map((s) => `a: !!${tag} ${JSON.stringify(s)}\n`),
        ),
        ...base64.map((s) => `a: !!binary ${JSON.stringify(s)}\n`),
      ]
      const script = `
import base64, json, math, sys, yaml
def read(t):
    try:
        v = yaml.safe_load(t)['a']
    except Exception as e:
        return ['error', type(e).__name__]
    if isinstance(v, bytes): return ['bytes', base64.b64encode(v).decode()]
    if isinstance(v, float) and (v != v or v in (float('inf'), float('-inf'))): return ['number', str(v)]
    if isinstance(v, bool) or v is None: return ['value', v]
    if isinstance(v, (int, float)): return ['number', repr(v)]
    return ['value', v]
print(json.dumps([read(t) for t in json.load(sys.stdin)]))
`
      const run = spawnSync('python3', ['-c', script], { input: JSON.stringify(texts), encoding: 'utf8' })
      const readings = JSON.parse(run.stdout) as [string, unknown][]
      const numbers: Record<string, number> = { nan: Number.NaN, inf: Infinity, '-inf': -Infinity }
      const wrong: string[] = []
      texts.forEach((text, i) => {
        const [kind, py] = readings[i]!
        const [doc] = parseYamlStream(text, { version: '1.1', allowDuplicateKeys: false, maxAliasCount: 100 })
        const ours = doc!.error ? undefined : (doc!.value as { a: unknown }).a
        if (kind === 'error') {
          if (doc!.error?.code !== 'MY_YAML_UNREADABLE_SCALAR')
            wrong.push(`${text.trim()}: PyYAML raises, ours ${String(ours)}`)
          return
        }
        const expected =
          kind === 'number'
            ? (numbers[py as string] ?? Number(py))
            : kind === 'bytes'
              ? Buffer.from(py as string, 'base64')
              : py
        const same =
          ours instanceof Uint8Array
            ? Buffer.compare(Buffer.from(ours), expected as Buffer) === 0
            : sameValue(ours, expected)
        if (!same)
          wrong.push(`${text.trim()}: PyYAML ${JSON.stringify(py)}, ours ${doc!.error?.message ?? String(ours)}`)
      })
      expect(wrong).toEqual([])
    })
  },
)

describe.skipIf(!pyYamlAvailable)('block scalars cut by the end of the text (needs python3 and PyYAML)', () => {
  const texts = [
    'a: |\n  x',
    'a: |+\n  x',
    'a: |-\n  x',
    'a: >\n  x\n  y',
    'a: >+\n  x\n\n  y',
    'a: |\n  x\n  ',
    'a: |\n  x\n\n',
    'a: |\n  x  ',
    '- |\n  one\n- |\n  two',
    'a: |',
    'a: |\n',
    'a: [1, 2]\nb: |\n    x\n    y',
  ]

  it('read as PyYAML reads them in YAML 1.1, as the YAML test suite reads them in 1.2', () => {
    const run = spawnSync(
      'python3',
      ['-c', 'import json, sys, yaml\nprint(json.dumps([yaml.safe_load(t) for t in json.load(sys.stdin)]))'],
      { input: JSON.stringify(texts), encoding: 'utf8' },
    )
    const expected = JSON.parse(run.stdout) as unknown[]
    texts.forEach((text, i) => {
      const options = { version: '1.1', allowDuplicateKeys: false, maxAliasCount: 100 } as const
      expect(parseYamlStream(text, options)[0]!.value, JSON.stringify(text)).toEqual(expected[i])
    })
    // YAML 1.2: the end of the text ends the last line as a line break would (clip keeps it).
    const [doc] = parseYamlStream('a: |\n  x', { version: '1.2', allowDuplicateKeys: false, maxAliasCount: 100 })
    expect(doc!.value).toEqual({ a: 'x\n' })
  })
})

// ---------------------------------------------------------------------------------------------------
// Through render(): what each class does with the option unset, set, strict and lenient.

function entryWith(text: string): { entry: string; root: string } {
  const root = mkdtempSync(join(tmpdir(), 'my-versions-'))
  const entry = join(root, 'app.merged.yaml')
  writeFileSync(entry, text)
  return { entry, root }
}

async function outcome(
  text: string,
  options: RenderOptions,
): Promise<{ value?: unknown; codes: string[]; at?: string }> {
  const { entry, root } = entryWith(text)
  try {
    const result = await render(entry, { root, ...options })
    return { value: result.value, codes: result.warnings.map((w) => w.code) }
  } catch (error) {
    if (!isMergedYamlError(error)) throw error
    const [d] = error.diagnostics
    return { codes: error.diagnostics.map((e) => e.code), at: `${d!.line}:${d!.column} ${d!.message}` }
  }
}

/** How a value reads in a message. */
function shown(value: unknown): string {
  return typeof value === 'string' ? JSON.stringify(value) : String(value)
}

describe.each(CLASSES)('$name ($example) through render()', ({ example, v11, v12 }) => {
  const text = `#cloud-config\nmode: ${example}\n`

  it('strict, yamlVersion unset: a located error with both readings and the fix', async () => {
    const { codes, at } = await outcome(text, {})
    expect(codes).toEqual(['MY_YAML_VERSION_AMBIGUOUS'])
    expect(at).toMatch(/^2:7 /)
    expect(at).toContain(v11 === 'raises' ? 'an error (' : shown(v11))
    expect(at).toContain(`${shown(v12)} in YAML 1.2`)
    expect(at).toContain("set the yamlVersion option ('1.1' or '1.2')")
  })

  it('lenient, yamlVersion unset: the 1.2 value and a warning', async () => {
    expect(await outcome(text, { strict: false })).toEqual({
      value: { mode: v12 },
      codes: ['MY_YAML_VERSION_AMBIGUOUS'],
    })
  })

  it('yamlVersion set: the version chosen, without a word', async () => {
    expect(await outcome(text, { yamlVersion: '1.2' })).toEqual({ value: { mode: v12 }, codes: [] })
    if (v11 === 'raises')
      expect((await outcome(text, { yamlVersion: '1.1' })).codes).toEqual(['MY_YAML_UNREADABLE_SCALAR'])
    else expect(await outcome(text, { yamlVersion: '1.1' })).toEqual({ value: { mode: v11 }, codes: [] })
  })

  it('as a key too', async () => {
    const key = await outcome(`#cloud-config\n${example}: x\n`, {})
    expect(key.codes).toEqual(['MY_YAML_VERSION_AMBIGUOUS'])
    expect(key.at).toMatch(/^2:1 /)
  })

  it('Heat (PyYAML) reads it as 1.1, Datum (YamlDotNet) as 1.2, by default', async () => {
    const heat = await outcome(`parameter_defaults:\n  Mode: ${example}\n`, {})
    if (v11 === 'raises') expect(heat.codes).toEqual(['MY_YAML_UNREADABLE_SCALAR'])
    else expect((heat.value as { parameter_defaults: unknown }).parameter_defaults).toEqual({ Mode: v11 })
    const datum = await outcome(`lookup_options:\n  x: deep\nmode: ${example}\n`, {})
    expect(datum).toEqual({ value: { mode: v12 }, codes: [] })
  })
})

describe('the other places the versions differ, through render()', () => {
  it('`<<`: a merge key in 1.1, an ordinary key in 1.2', async () => {
    const text = 'base: &b {a: 1}\nx:\n  <<: *b\n  c: 2\n'
    expect((await outcome(text, {})).at).toMatch(/^3:3 '<<' merges the mapping/)
    expect(await outcome(text, { strict: false })).toEqual({
      value: { base: { a: 1 }, x: { '<<': { a: 1 }, c: 2 } },
      codes: ['MY_YAML_VERSION_AMBIGUOUS'],
    })
    expect((await outcome(text, { yamlVersion: '1.1' })).value).toEqual({ base: { a: 1 }, x: { a: 1, c: 2 } })
  })

  it('a block scalar the text ends without a line break: PyYAML keeps none, 1.2 one', async () => {
    const text = 'script: |\n  echo hi'
    expect((await outcome(text, {})).at).toMatch(/^1:9 this block scalar ends the text without a line break/)
    expect(await outcome(text, { strict: false })).toEqual({
      value: { script: 'echo hi\n' },
      codes: ['MY_YAML_VERSION_AMBIGUOUS'],
    })
    expect((await outcome(text, { yamlVersion: '1.1' })).value).toEqual({ script: 'echo hi' })
    expect((await outcome(text, { yamlVersion: '1.2' })).value).toEqual({ script: 'echo hi\n' })
    expect((await outcome(`${text}\n`, {})).value).toEqual({ script: 'echo hi\n' })
  })

  it('explicit !!int, !!float, !!bool and !!null tags', async () => {
    expect((await outcome('a: !!int 0644\n', {})).at).toMatch(/^1:10 !!int 0644 is the number 420 in YAML 1\.1/)
    expect((await outcome('a: !!bool yes\n', {})).at).toMatch(/^1:11 !!bool yes is the boolean true/)
    expect((await outcome('a: !!int 0644\n', { yamlVersion: '1.1' })).value).toEqual({ a: 420 })
    expect((await outcome('a: !!str 0644\n', {})).value).toEqual({ a: '0644' })
  })

  it('what both versions read alike passes untouched (quoted, unambiguous spellings)', async () => {
    const text = "a: '0644'\nb: 420\nc: true\nd: 'yes'\ne: 1000\nf: -0.5\ng: 0x1F\nh: '1:20'\ni: 1.0e+3\nj: null\n"
    expect(await outcome(text, {})).toEqual({
      value: { a: '0644', b: 420, c: true, d: 'yes', e: 1000, f: -0.5, g: 31, h: '1:20', i: 1000, j: null },
      codes: [],
    })
  })

  it('every difference of a document is its own problem, in text order', async () => {
    const { codes } = await outcome('a: yes\nb: 0644\nc: [on, 1_000]\n', { strict: false })
    expect(codes).toEqual(Array(4).fill('MY_YAML_VERSION_AMBIGUOUS'))
  })

  it('a #cloud-config-archive reads its YAML under the same rule', async () => {
    const archive = '#cloud-config-archive\n- type: text/cloud-config\n  content: "a: 1"\n  launch-index: 0644\n'
    const { codes, at } = await outcome(archive, {})
    expect(codes).toEqual(['MY_YAML_VERSION_AMBIGUOUS'])
    expect(at).toMatch(/^4:17 /)
  })
})

describe('Deckhand entries read YAML 1.1 by default, as Deckhand (PyYAML) does', () => {
  const set = (data: string) =>
    [
      '---',
      'schema: deckhand/LayeringPolicy/v1',
      'metadata: {schema: metadata/Control/v1, name: policy}',
      'data: {layerOrder: [global]}',
      '---',
      'schema: example/Kind/v1',
      'metadata: {schema: metadata/Document/v1, name: doc, layeringDefinition: {layer: global}}',
      `data:\n${data}`,
    ].join('\n')
  const dataOf = (value: unknown) => (value as { data: unknown }[])[1]!.data

  it('mode: 0555 is 365', async () => {
    expect(dataOf((await outcome(set('  mode: 0555\n  enabled: yes\n'), {})).value)).toEqual({
      mode: 365,
      enabled: true,
    })
    const v12 = await outcome(set('  mode: 0555\n'), { yamlVersion: '1.2' })
    expect(dataOf(v12.value)).toEqual({ mode: 555 })
  })

  it('a duplicate key: the PyYAML message, never a cloud-init one', async () => {
    const { codes, at } = await outcome(set('  a: 1\n  a: 2\n'), {})
    expect(codes).toEqual(['MY_YAML_DUPLICATE_KEY'])
    expect(at).toMatch(/^10:3 the key 'a' appears again in this mapping \(first at line 9\); the last value is kept/)
    expect(at).not.toContain('cloud-init skips')
    const lenient = await outcome(set('  a: 1\n  a: 2\n'), { strict: false })
    expect([dataOf(lenient.value), lenient.codes]).toEqual([{ a: 2 }, ['MY_YAML_DUPLICATE_KEY']])
  })
})

describe('duplicate keys: PyYAML and Helm keep the last value', () => {
  const text = 'apt: 1\nb: 2\napt: 3\n'

  it('strict refuses, naming both lines and what the reference keeps (a values entry: Helm)', async () => {
    const { codes, at } = await outcome(text, {})
    expect(codes).toEqual(['MY_YAML_DUPLICATE_KEY'])
    expect(at).toBe(
      "3:1 the key 'apt' appears again in this mapping (first at line 1); the last value is kept, as Helm " +
        '(go-yaml v2) keeps it: remove the other',
    )
  })

  it('lenient keeps the last value and warns, in every dialect', async () => {
    expect(await outcome(text, { strict: false, yamlVersion: '1.1' })).toEqual({
      value: { apt: 3, b: 2 },
      codes: ['MY_YAML_DUPLICATE_KEY'],
    })
    const heat = await outcome('parameter_defaults:\n  A: 1\n  A: 2\n', { strict: false })
    expect(heat.codes).toEqual(['MY_YAML_DUPLICATE_KEY'])
    expect((heat.value as { parameter_defaults: unknown }).parameter_defaults).toEqual({ A: 2 })
    const strictHeat = await outcome('parameter_defaults:\n  A: 1\n  A: 2\n', {})
    expect(strictHeat.at).not.toContain('cloud-init skips')
  })
})
