// A store's YAML read as powershell-yaml (Datum's reader) types it: .NET TryParse for plain
// scalars, quoted and block scalars as strings, what YAML 1.2 would read otherwise noted.
import { describe, expect, it } from 'vitest'
import {
  parseDotNetNumber,
  parsePowerShellYaml,
  resolvePowerShellPlain,
} from '../../../packages/core/src/dialects/datum/powershell/yaml.ts'
import { parseYamlStream } from '../../../packages/core/src/yaml/parse.ts'
import { lines } from '../../helpers/tree.ts'

const read = (text: string) => parsePowerShellYaml(text, { maxAliasCount: 100 })

describe("powershell-yaml's typing", () => {
  it.each([
    ['42', 42],
    ['-7', -7],
    ['0644', 644],
    ['1.5', 1.5],
    ['1e3', 1000],
    ['1,000', 1000],
    ['(5)', -5],
    ['5-', -5],
    ['  12  ', 12],
    ['¤3', 3],
    ['NaN', Number.NaN],
    ['Infinity', Number.POSITIVE_INFINITY],
    ['true', true],
    ['False', false],
    ['tRuE', true],
    ['', null],
    ['~', null],
    ['nUlL', null],
    ['yes', 'yes'],
    ['00:15:00', '00:15:00'],
    ['7.00:00:00', '7.00:00:00'],
    ['0.3.0', '0.3.0'],
    ['0x1F', '0x1F'],
    ['1_000', '1_000'],
    ['.inf', '.inf'],
    ['1e400', '1e400'],
    ['pool.ntp.org,0x9', 'pool.ntp.org,0x9'],
  ])('plain %j is %j', (text, expected) => {
    expect(resolvePowerShellPlain(text)).toEqual(expected)
  })

  it("reads the forms where YAML 1.1 and 1.2 differ as 1.2 does (the dialect's yamlVersion), but 0o17", () => {
    const yaml12 = (text: string) =>
      parseYamlStream(text, { version: '1.2', allowDuplicateKeys: false, maxAliasCount: 100 })[0]!.value
    for (const scalar of ['yes', 'no', 'on', 'off', 'y', '0644', '1_000', '0b101', '1:20', '-.5', '2024-01-02']) {
      const text = `v: ${scalar}\n`
      expect(read(text).value, scalar).toEqual(yaml12(text))
    }
    expect(read('<<: {a: 1}\n').value).toEqual(yaml12('<<: {a: 1}\n'))
    expect(yaml12('v: 0o17\n')).toEqual({ v: 15 })
    expect(read('v: 0o17\n')).toMatchObject({ value: { v: '0o17' }, notes: [{ code: 'TYPING' }] })
  })

  it('refuses unbalanced signs and parentheses', () => {
    expect(parseDotNetNumber('(5')).toBeUndefined()
    expect(parseDotNetNumber('-5-')).toBeUndefined()
    expect(parseDotNetNumber('-')).toBeUndefined()
  })

  it('keeps quoted and block scalars strings, and applies the tags powershell-yaml knows', () => {
    const doc = read(
      lines("a: '42'", 'b: "true"', 'c: |', '  12', "d: !!int '0x10'", 'e: !!str 5', 'f: !!null x', 'g: !!bool True'),
    )
    expect(doc.value).toEqual({ a: '42', b: 'true', c: '12\n', d: 16, e: '5', f: null, g: true })
  })

  it('notes each plain scalar YAML 1.2 would type otherwise, at its position', () => {
    const doc = read(lines('a: 1,000', 'b: tRuE', 'c: 0x1F', 'd: 12'))
    expect(doc.notes.map((n) => [n.code, n.position.line, n.position.column])).toEqual([
      ['TYPING', 1, 4],
      ['TYPING', 2, 4],
      ['TYPING', 3, 4],
    ])
    expect(doc.notes[2]!.message).toBe("'0x1F' is the string '0x1F' for PowerShell (powershell-yaml), 31 in YAML 1.2")
  })

  it('keeps the first spelling and the last value of a repeated key, and notes it', () => {
    const doc = read(lines('Name: a', 'other: 1', 'NAME: b'))
    expect(doc.value).toEqual({ Name: 'b', other: 1 })
    expect(doc.notes[0]).toMatchObject({ code: 'DUPLICATE_KEY', position: { line: 3, column: 1 } })
  })

  it('reads the first document only, and notes the others', () => {
    const doc = read(lines('a: 1', '---', 'b: 2'))
    expect(doc.value).toEqual({ a: 1 })
    expect(doc.notes[0]).toMatchObject({ code: 'EXTRA_DOCUMENTS', position: { line: 2 } })
  })

  it('shares an anchored value with its aliases, and refuses an alias inside its anchor', () => {
    expect(read(lines('a: &x [1, 2]', 'b: *x')).value).toEqual({ a: [1, 2], b: [1, 2] })
    expect(read('a: &a [*a]\n').error).toMatchObject({ code: 'MY_YAML_UNSUPPORTED', position: { line: 1, column: 7 } })
  })

  it('fails with a located error on bad syntax, a collection as a key, or a !!timestamp', () => {
    expect(read('a: [\n').error).toMatchObject({ code: 'MY_YAML_SYNTAX', position: { line: 2 } })
    expect(read('? [a]\n: 1\n').error?.code).toBe('MY_YAML_UNSUPPORTED')
    expect(read('a: !!timestamp 2001-12-14\n').error?.message).toMatch(/DateTime/)
  })

  // From powershell-yaml's code (Convert-YamlDocumentToPSObject, Convert-ValueToProperType, 0.4.x)
  // over YamlDotNet's parser: a node's class decides, a tag outside its switch is ignored, and a
  // YamlScalarNode's value is its text.
  it('reads !!omap and !!pairs as the list of one-key mappings they are written as, !!set as a mapping', () => {
    const doc = read(lines('o: !!omap [x: 1, y: 2]', 'p: !!pairs', '- x: 1', '- x: 2', 's: !!set {a, b}'))
    expect(doc.value).toEqual({ o: [{ x: 1 }, { y: 2 }], p: [{ x: 1 }, { x: 2 }], s: { a: null, b: null } })
  })

  it('types a scalar with the non-specific tag by its style: `! 12` is 12 (YamlDotNet keeps the tag `!`)', () => {
    const doc = read(lines('a: ! 12', 'b: ! "12"'))
    expect(doc.value).toEqual({ a: 12, b: '12' })
    expect(doc.notes.map((n) => n.code)).toEqual(['TYPING'])
  })

  it('keeps a !!binary scalar as its base64 text, typed by its style, and notes YAML 1.2 reads bytes', () => {
    const doc = read(lines('a: !!binary aGVsbG8=', 'b: !!binary "aGVs\\', '  bG8="', 'c: !!binary |', '  aGVsbG8='))
    expect(doc.value).toEqual({ a: 'aGVsbG8=', b: 'aGVsbG8=', c: 'aGVsbG8=\n' })
    expect(doc.notes.map((n) => [n.code, n.position.line])).toEqual([
      ['TYPING', 1],
      ['TYPING', 2],
      ['TYPING', 4],
    ])
    expect(doc.notes[0]!.message).toMatch(/5 bytes in YAML 1\.2/)
  })

  it('fails on an error in any document, as YamlStream.Load parses them all', () => {
    expect(read(lines('a: 1', '---', 'b: [')).error).toMatchObject({ code: 'MY_YAML_SYNTAX', position: { line: 4 } })
    expect(read('%YAML 1.2\n').error?.code).toBe('MY_YAML_SYNTAX')
  })

  it('locates keys and values', () => {
    const doc = read(lines('a:', '  b:', '    - x', '    - y: 1'))
    expect(doc.locate(['a', 'b', 1, 'y'], 'key')).toEqual({ line: 4, column: 7 })
    expect(doc.locate(['a', 'b', 0])).toEqual({ line: 3, column: 7 })
  })
})
