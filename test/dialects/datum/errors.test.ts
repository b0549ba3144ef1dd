// Every Datum diagnostic: strict mode fails with a located error where Datum falls back silently;
// lenient mode warns and gives Datum's value. Errors Datum itself raises fail in both modes.
import { describe, expect, it } from 'vitest'
import { lines } from '../../helpers/tree.ts'
import { datumError, datumLookup, expectLenient, renderDatum } from './helpers.ts'

const layers = ['App: {Port: 80, Tls: {A: 1}}\nList: [a]\n', 'App: {Name: n, Tls: {B: 2}}\nList: [b]\n']

describe('lookup options (strict: error, lenient: Datum reading)', () => {
  it('MY_DATUM_UNKNOWN_PRESET, with a did-you-mean or the mapping to write', async () => {
    const value = await expectLenient({ datum: 'lookup_options:\n  App: Deeep\n', layers }, 'MY_DATUM_UNKNOWN_PRESET', {
      file: 'Datum.yml',
      line: 2,
    })
    expect(value).toMatchObject({ App: { Name: 'n', Tls: { B: 2 } } })
    const typo = await datumError({ datum: 'lookup_options:\n  App: Deeep\n', layers })
    expect(typo.diagnostics[0]!.suggestion).toBe('deep')
    const unique = await datumError({ datum: 'lookup_options:\n  List: Unique\n', layers })
    expect(unique.message).toContain('{merge_baseType_array: Unique}')
  })

  it('MY_DATUM_UNKNOWN_FIELD_VALUE for each field', async () => {
    for (const [field, value] of [
      ['merge_hash', 'deeep'],
      ['merge_baseType_array', 'Uniq'],
      ['merge_hash_array', 'Merge'],
    ]) {
      const tree = { datum: `lookup_options:\n  App:\n    ${field}: ${value}\n`, layers }
      await expectLenient(tree, 'MY_DATUM_UNKNOWN_FIELD_VALUE', { file: 'Datum.yml', line: 3 })
    }
    // merge_hash 'deeep' is not 'deep': Datum merges the top keys only.
    const value = await renderDatum(
      { datum: 'lookup_options:\n  App: {merge_hash: deeep}\n', layers },
      { strict: false },
    )
    expect(value.value).toMatchObject({ App: { Name: 'n', Port: 80, Tls: { B: 2 } } })
  })

  it('MY_DATUM_UNKNOWN_FIELD (with a suggestion) and MY_DATUM_IGNORED_FIELD', async () => {
    await expectLenient({ datum: 'lookup_options:\n  App:\n    merge_hsh: deep\n', layers }, 'MY_DATUM_UNKNOWN_FIELD', {
      file: 'Datum.yml',
      line: 3,
    })
    expect(
      (await datumError({ datum: 'lookup_options:\n  App: {merge_hsh: deep}\n', layers })).diagnostics[0]!.suggestion,
    ).toBe('merge_hash')
    await expectLenient(
      { datum: 'lookup_options:\n  App: {merge_options: {knockout_prefx: x}}\n', layers },
      'MY_DATUM_UNKNOWN_FIELD',
      { file: 'Datum.yml', line: 2 },
    )
    // Demo3's `default_lookup_options: {strategy: deep}`: Datum reads a mapping without merge_hash (hash).
    const value = await expectLenient(
      { datum: 'default_lookup_options:\n  strategy: deep\n', layers },
      'MY_DATUM_IGNORED_FIELD',
      { file: 'Datum.yml', line: 2 },
    )
    expect(value).toMatchObject({ App: { Name: 'n', Port: 80, Tls: { B: 2 } } })
    await expectLenient(
      { datum: 'lookup_options:\n  App: {merge_hash: deep, sort_merged_arrays: true}\n', layers },
      'MY_DATUM_IGNORED_FIELD',
      { file: 'Datum.yml', line: 2 },
    )
  })

  it('MY_DATUM_INVALID_FIELD_VALUE for merge_options, knockout_prefix and tuple_keys', async () => {
    // merge_options is ignored, and a mapping without merge_hash merges top keys.
    const value = await expectLenient(
      { datum: 'lookup_options:\n  App: {merge_options: yes}\n', layers },
      'MY_DATUM_INVALID_FIELD_VALUE',
      { file: 'Datum.yml', line: 2 },
    )
    expect(value).toMatchObject({ App: { Name: 'n', Port: 80, Tls: { B: 2 } } })
    await expectLenient(
      { datum: "lookup_options:\n  App:\n    merge_options:\n      knockout_prefix: ''\n", layers },
      'MY_DATUM_INVALID_FIELD_VALUE',
      { file: 'Datum.yml', line: 4 },
    )
    await expectLenient(
      { datum: 'lookup_options:\n  App:\n    merge_options:\n      tuple_keys: {Name: 1}\n', layers },
      'MY_DATUM_INVALID_FIELD_VALUE',
      { file: 'Datum.yml', line: 4 },
    )
  })

  it('MY_DATUM_MISSING_TUPLE_KEYS; lenient compares on the first (DeepTuple) or last (UniqueKeyValTuples) reference item', async () => {
    const items = ['P:\n  - {Name: A, V: 1}\n', 'P:\n  - {Name: A, V: 2, X: 1}\n  - {Name: A}\n']
    const deep = await expectLenient(
      { datum: 'lookup_options:\n  P:\n    merge_hash_array: DeepTuple\n', layers: items },
      'MY_DATUM_MISSING_TUPLE_KEYS',
      { file: 'Datum.yml', line: 3 },
    )
    // Compared on [Name, V, X] (the first item's keys): the base item lacks X, so nothing matches.
    expect(deep).toEqual({ P: [{ Name: 'A', V: 2, X: 1 }, { Name: 'A' }, { Name: 'A', V: 1 }] })
    const unique = await expectLenient(
      { datum: 'lookup_options:\n  P: {merge_hash_array: UniqueKeyValTuples}\n', layers: items },
      'MY_DATUM_MISSING_TUPLE_KEYS',
      { file: 'Datum.yml', line: 2 },
    )
    // Compared on [Name] (the last item's keys): one item per Name.
    expect(unique).toEqual({ P: [{ Name: 'A', V: 2, X: 1 }] })
  })

  it('MY_DATUM_EMPTY_STRATEGY and MY_DATUM_INVALID_STRATEGY', async () => {
    const value = await expectLenient({ datum: 'lookup_options:\n  App:\n', layers }, 'MY_DATUM_EMPTY_STRATEGY', {
      file: 'Datum.yml',
      line: 2,
    })
    // An exact key without a value does not count: the default (MostSpecific) applies.
    expect(value).toMatchObject({ App: { Name: 'n', Tls: { B: 2 } } })
    await expectLenient({ datum: 'default_lookup_options: 3\n', layers }, 'MY_DATUM_INVALID_STRATEGY', {
      file: 'Datum.yml',
      line: 1,
    })
  })

  it('MY_DATUM_INVALID_REGEX: Datum skips the key', async () => {
    const value = await expectLenient(
      { datum: "lookup_options:\n  '^App(': deep\n", layers },
      'MY_DATUM_INVALID_REGEX',
      { file: 'Datum.yml', line: 2 },
    )
    expect(value).toMatchObject({ App: { Name: 'n', Tls: { B: 2 } } })
  })

  it('MY_DATUM_AMBIGUOUS_REGEX: two regexes with different strategies match one path', async () => {
    const datum = "lookup_options:\n  '^Ap': deep\n  '^App': MostSpecific\n"
    const value = await expectLenient({ datum, layers }, 'MY_DATUM_AMBIGUOUS_REGEX', { file: 'Datum.yml', line: 3 })
    expect(value).toMatchObject({ App: { Name: 'n', Port: 80, Tls: { B: 2, A: 1 } } })
  })

  it('MY_DATUM_IGNORED_DEFAULT: a user ^.* replaces default_lookup_options', async () => {
    const value = await expectLenient(
      { datum: "default_lookup_options: deep\nlookup_options:\n  '^.*': MostSpecific\n", layers },
      'MY_DATUM_IGNORED_DEFAULT',
      { file: 'Datum.yml', line: 1 },
    )
    expect(value).toEqual({ App: { Name: 'n', Tls: { B: 2 } }, List: ['b'] })
  })

  it('MY_DATUM_INVALID_LOOKUP_OPTIONS: lenient for an empty value, an error otherwise (Datum throws)', async () => {
    await expectLenient({ datum: "lookup_options: ''\n", layers }, 'MY_DATUM_INVALID_LOOKUP_OPTIONS', {
      file: 'Datum.yml',
      line: 1,
    })
    const error = await datumError({ datum: 'lookup_options: [App]\n', layers }, { strict: false })
    expect(error.code).toBe('MY_DATUM_INVALID_LOOKUP_OPTIONS')
  })
})

describe('errors in both modes (Datum throws)', () => {
  for (const strict of [true, false]) {
    it(`the same option path written twice (strict: ${strict})`, async () => {
      const error = await datumError(
        { datum: 'lookup_options:\n  App/Tls: deep\n  App\\Tls: hash\n', layers },
        { strict },
      )
      expect(error.code).toBe('MY_DATUM_DUPLICATE_OPTION_PATH')
      expect(error.diagnostics[0]).toMatchObject({ line: 3, column: 3 })
    })

    it(`keys differing only in case, in data or options (strict: ${strict})`, async () => {
      const data = await datumError(
        { datum: 'lookup_options: {App: deep}\n', layers: ['App: {Port: 1}\n', 'App: {port: 1, Port: 2}\n'] },
        { strict },
      )
      expect(data.code).toBe('MY_DATUM_DUPLICATE_KEY')
      expect(data.diagnostics[0]).toMatchObject({ line: 1, column: 16 })
      const options = await datumError({ datum: 'lookup_options:\n  App: deep\n  app: hash\n', layers }, { strict })
      expect(options.diagnostics[0]).toMatchObject({ code: 'MY_DATUM_DUPLICATE_KEY', line: 3 })
    })

    it(`an alias that refers to a node containing it (strict: ${strict})`, async () => {
      const error = await datumError(
        { datum: 'lookup_options: {}\n', layers: ['Shared: &s {x: 1}\nA: [*s, *s]\nLoop: &l\n  Self: *l\n'] },
        { strict },
      )
      // The engine refuses a cyclic value for every dialect, before Datum's own walk sees it.
      expect(error.diagnostics[0]).toMatchObject({ code: 'MY_VALUE_CYCLE', line: 4 })
    })

    it(`a knockout_prefix that is not a regular expression (strict: ${strict})`, async () => {
      const error = await datumError(
        { datum: "lookup_options:\n  App: {merge_options: {knockout_prefix: '(('}}\n", layers },
        { strict },
      )
      expect(error.code).toBe('MY_DATUM_INVALID_KNOCKOUT_PREFIX')
    })

    it(`a deep merge meeting a mapping and a non-mapping at an inheriting path (strict: ${strict})`, async () => {
      const error = await datumError(
        { datum: 'lookup_options: {App: deep}\n', layers: ['App: {Tls: off}\n', 'App: {Tls: {A: 1}}\n'] },
        { strict },
      )
      expect(error.code).toBe('MY_DATUM_DEEP_TYPE_CONFLICT')
      expect(error.diagnostics[0]).toMatchObject({ file: expect.stringMatching(/layer-0\.yaml$/), line: 1, column: 12 })
    })
  }
})

describe('entries and lookups', () => {
  it('MY_DATUM_DUPLICATE_DIRECTIVE: lenient uses the more specific declaration', async () => {
    const tree = {
      datum: 'lookup_options: {App: MostSpecific}\n',
      layers: [...layers, 'lookup_options: {App: hash}\n'],
    }
    const value = await expectLenient(tree, 'MY_DATUM_DUPLICATE_DIRECTIVE', { file: 'layer-2.yaml', line: 1 })
    expect(value).toMatchObject({ App: { Name: 'n', Port: 80 } })
  })

  it('MY_DATUM_MIXED_MERGE_HOW when the dialect is forced (render() rejects the mix when detecting)', async () => {
    const tree = {
      datum: 'lookup_options: {App: hash}\n',
      layers: [...layers, 'merge_how: dict(recurse_array)+list(append)\n'],
    }
    const value = await expectLenient(
      tree,
      'MY_DATUM_MIXED_MERGE_HOW',
      { file: 'layer-2.yaml', line: 1 },
      { dialect: 'datum' },
    )
    // Datum reads merge_how as data.
    expect(value).toMatchObject({ merge_how: 'dict(recurse_array)+list(append)' })
    expect((await datumError(tree)).code).toBe('MY_DIALECT_MIXED')
  })

  it('MY_DATUM_HANDLERS: handlers are not run, their expressions stay strings', async () => {
    const datum = lines(
      'DatumHandlers:',
      '  Datum.InvokeCommand::InvokeCommand:',
      '    SkipDuringLoad: true',
      'lookup_options: {}',
    )
    const value = await expectLenient({ datum, layers: ["Name: '[x={ $Node.Name }=]'\n"] }, 'MY_DATUM_HANDLERS', {
      file: 'Datum.yml',
      line: 1,
    })
    expect(value).toEqual({ Name: '[x={ $Node.Name }=]' })
  })

  it('MY_DATUM_NOT_A_MAPPING: the part is skipped', async () => {
    const value = await expectLenient(
      { datum: 'lookup_options: {}\n', layers: ['- a\n', 'App: 1\n'] },
      'MY_DATUM_NOT_A_MAPPING',
      { file: 'layer-0.yaml', line: 1 },
    )
    expect(value).toEqual({ App: 1 })
  })

  it('MY_DATUM_TYPE_MISMATCH: the most specific value wins', async () => {
    const value = await expectLenient(
      { datum: 'lookup_options: {App: hash}\n', layers: ['App: [1]\n', 'App: {A: 1}\n'] },
      'MY_DATUM_TYPE_MISMATCH',
      { file: 'layer-0.yaml', line: 1 },
    )
    expect(value).toEqual({ App: { A: 1 } })
    // Where the strategy keeps the most specific value anyway, a type difference changes nothing.
    const quiet = await renderDatum({ datum: 'lookup_options: {}\n', layers: ['App: [1]\n', 'App: {A: 1}\n'] })
    expect(quiet).toMatchObject({ value: { App: { A: 1 } }, warnings: [] })
  })

  it('MY_DATUM_NULL_ITEM: merged as an empty mapping', async () => {
    const datum = 'lookup_options:\n  P: {merge_hash_array: UniqueKeyValTuples, merge_options: {tuple_keys: [Name]}}\n'
    const value = await expectLenient(
      { datum, layers: ['P:\n  - {Name: A}\n  - null\n', 'P:\n  - {Name: B}\n'] },
      'MY_DATUM_NULL_ITEM',
      { file: 'layer-0.yaml', line: 3 },
    )
    expect(value).toEqual({ P: [{ Name: 'B' }, { Name: 'A' }, {}] })
  })

  it('MY_DATUM_LOOKUP_NOT_FOUND: lenient gives null', async () => {
    const tree = { datum: 'lookup_options: {}\n', layers }
    const error = await datumError(tree, { datum: { lookup: 'App/Missing' } })
    expect(error.diagnostics[0]).toMatchObject({
      code: 'MY_DATUM_LOOKUP_NOT_FOUND',
      file: expect.stringMatching(/entry\.merged\.yaml$/),
      line: 1,
    })
    expect(await datumLookup(tree, 'App/Missing', { strict: false })).toBeNull()
  })

  it('MY_INVALID_OPTION for a malformed datum option', async () => {
    const tree = { datum: 'lookup_options: {}\n', layers }
    expect((await datumError(tree, { datum: { lookup: 'App//Port' } })).code).toBe('MY_INVALID_OPTION')
    const misspelt = await datumError(tree, { datum: { lookupOption: {} } as never })
    expect(misspelt.diagnostics[0]).toMatchObject({ code: 'MY_INVALID_OPTION', suggestion: 'datum.lookupOptions' })
  })
})
