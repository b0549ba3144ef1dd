// Each Datum merge strategy through render(): presets, merge_hash, merge_baseType_array,
// merge_hash_array, sub-path options, regex keys and the lookup mechanics (docs/datum.md#the-options).
import { describe, expect, it } from 'vitest'
import { datumLookup, datumValue } from './helpers.ts'

const node = 'App:\n  Name: node\n  Tls: {Enabled: true}\n'
const role = 'App:\n  Name: role\n  Port: 80\n  Tls: {Enabled: false, Cert: role.pem}\n'

describe('presets', () => {
  it('MostSpecific (and First, and the absent default): the most specific value whole', async () => {
    for (const preset of ['MostSpecific', 'First', 'mostspecific']) {
      expect(await datumValue({ datum: `lookup_options: {App: ${preset}}\n`, layers: [role, node] })).toEqual({
        App: { Name: 'node', Tls: { Enabled: true } },
      })
    }
    expect(await datumValue({ layers: [role, node] })).toEqual({ App: { Name: 'node', Tls: { Enabled: true } } })
  })

  it('hash / MergeTopKeys: adds the top keys of less specific layers, nested mappings are not merged', async () => {
    for (const preset of ['hash', 'MergeTopKeys']) {
      expect(await datumValue({ datum: `lookup_options: {App: ${preset}}\n`, layers: [role, node] })).toEqual({
        App: { Name: 'node', Tls: { Enabled: true }, Port: 80 },
      })
    }
  })

  it('deep / MergeRecursively: nested mappings merged, more specific values win', async () => {
    for (const preset of ['deep', 'MergeRecursively']) {
      expect(await datumValue({ datum: `lookup_options: {App: ${preset}}\n`, layers: [role, node] })).toEqual({
        App: { Name: 'node', Tls: { Enabled: true, Cert: 'role.pem' }, Port: 80 },
      })
    }
  })

  it('deep does not reach arrays below it: they use their own path strategy (the default here)', async () => {
    const layers = ['App: {Tags: [a, b], Sub: {List: [x]}}\n', 'App: {Tags: [c], Sub: {List: [y]}}\n']
    expect(await datumValue({ datum: 'lookup_options: {App: deep}\n', layers })).toEqual({
      App: { Tags: ['c'], Sub: { List: ['y'] } },
    })
    // With deep as the default, every path is Unique for arrays.
    expect(await datumValue({ datum: 'default_lookup_options: deep\n', layers })).toEqual({
      App: { Tags: ['c', 'a', 'b'], Sub: { List: ['y', 'x'] } },
    })
  })

  it('default_lookup_options applies to every path without an option', async () => {
    expect(await datumValue({ datum: 'default_lookup_options: hash\n', layers: [role, node] })).toEqual({
      App: { Name: 'node', Tls: { Enabled: true }, Port: 80 },
    })
  })
})

describe('merge_hash', () => {
  it('a mapping without merge_hash merges top keys (like hash), as Datum does', async () => {
    expect(
      await datumValue({ datum: 'lookup_options:\n  App: {merge_basetype_array: Unique}\n', layers: [role, node] }),
    ).toEqual({
      App: { Name: 'node', Tls: { Enabled: true }, Port: 80 },
    })
  })

  it('MostSpecific in a mapping keeps the most specific mapping', async () => {
    expect(
      await datumValue({ datum: 'lookup_options:\n  App: {merge_hash: MostSpecific}\n', layers: [role, node] }),
    ).toEqual({
      App: { Name: 'node', Tls: { Enabled: true } },
    })
  })

  it('a more specific null is a value and wins; a null at the looked-up path is "not found"', async () => {
    const layers = ['App: {Port: 80, Host: h}\nTop: base\n', 'App: {Port: null}\nTop: null\n']
    expect(await datumValue({ datum: 'lookup_options: {App: deep}\n', layers })).toEqual({
      App: { Port: null, Host: 'h' },
      Top: 'base',
    })
  })

  it('nested mappings inherit the parent deep strategy only when their own path has no option', async () => {
    const layers = ['App: {A: {x: 1, L: [1]}, B: {x: 1}}\n', 'App: {A: {y: 2, L: [2]}, B: {y: 2}}\n']
    const datum =
      'default_lookup_options: MostSpecific\nlookup_options:\n  App: {merge_hash: deep, merge_basetype_array: Sum}\n  App\\B: MostSpecific\n'
    // A inherits deep (but its list uses App\A\L's own strategy: the MostSpecific default); B has its own.
    expect(await datumValue({ datum, layers })).toEqual({ App: { A: { y: 2, L: [2], x: 1 }, B: { y: 2 } } })
  })

  it("a user '^.*' is not the implicit default: nested mappings then never inherit", async () => {
    const layers = ['App: {A: {x: 1}}\n', 'App: {A: {y: 2}}\n']
    const merged = { App: { A: { y: 2, x: 1 } } }
    expect(await datumValue({ datum: "lookup_options:\n  '^.*': {merge_hash: deep}\n", layers })).toEqual(merged)
    // The user catch-all is hash-like here, so App\A merges its top keys through it instead of inheriting.
    expect(await datumValue({ datum: "lookup_options:\n  App: deep\n  '^.*': MostSpecific\n", layers })).toEqual({
      App: { A: { y: 2 } },
    })
  })
})

describe('merge_baseType_array', () => {
  const layers = ['List: [b, B, c, 1]\n', 'List: [a, b, 1]\n']
  const lookup = (value: string) =>
    datumValue({ datum: `lookup_options:\n  List: {merge_baseType_array: ${value}}\n`, layers })

  it('MostSpecific / First keep the most specific list', async () => {
    expect(await lookup('MostSpecific')).toEqual({ List: ['a', 'b', 1] })
    expect(await lookup('First')).toEqual({ List: ['a', 'b', 1] })
  })

  it('Unique: most specific items first, first occurrence kept, strings compared case-sensitively', async () => {
    expect(await lookup('Unique')).toEqual({ List: ['a', 'b', 1, 'B', 'c'] })
  })

  it('Sum / Add: concatenation, most specific first', async () => {
    expect(await lookup('Sum')).toEqual({ List: ['a', 'b', 1, 'b', 'B', 'c', 1] })
    expect(await lookup('Add')).toEqual({ List: ['a', 'b', 1, 'b', 'B', 'c', 1] })
  })

  it('a preset string never selects an array strategy: {List: Unique} is MostSpecific', async () => {
    expect(await datumValue({ datum: 'lookup_options: {List: Unique}\n', layers }, { strict: false })).toEqual({
      List: ['a', 'b', 1],
    })
  })
})

describe('merge_hash_array', () => {
  const base = 'Items:\n  - {Name: A, Version: 1, Ensure: Present}\n  - {Name: B, Port: 0}\n'
  const top = 'Items:\n  - {name: a, Version: 2}\n  - {Name: C}\n'
  const lookup = (value: string, tupleKeys = '[Name]', layers = [base, top]) =>
    datumValue({
      datum: `lookup_options:\n  Items:\n    merge_hash_array: ${value}\n    merge_options: {tuple_keys: ${tupleKeys}}\n`,
      layers,
    })

  it('MostSpecific keeps the most specific list', async () => {
    expect(await lookup('MostSpecific')).toEqual({ Items: [{ name: 'a', Version: 2 }, { Name: 'C' }] })
  })

  it('Sum concatenates, most specific first', async () => {
    expect(await lookup('Sum')).toEqual({
      Items: [
        { name: 'a', Version: 2 },
        { Name: 'C' },
        { Name: 'A', Version: 1, Ensure: 'Present' },
        { Name: 'B', Port: 0 },
      ],
    })
  })

  it('DeepTuple merges items with equal tuple values (keys and strings ignore case), appends the others', async () => {
    expect(await lookup('DeepTuple')).toEqual({
      Items: [{ name: 'a', Version: 2, Ensure: 'Present' }, { Name: 'C' }, { Name: 'B', Port: 0 }],
    })
    expect(await lookup('DeepItemMergeByTuples')).toEqual({
      Items: [{ name: 'a', Version: 2, Ensure: 'Present' }, { Name: 'C' }, { Name: 'B', Port: 0 }],
    })
  })

  it('DeepTuple: a tuple key missing on either side never matches (the deep preset compares Name and Version)', async () => {
    const layers = ['Items:\n  - {Name: A, Ensure: Present}\n', 'Items:\n  - {Name: A, Port: 1}\n']
    expect(await datumValue({ datum: 'lookup_options: {Items: deep}\n', layers })).toEqual({
      Items: [
        { Name: 'A', Port: 1 },
        { Name: 'A', Ensure: 'Present' },
      ],
    })
  })

  it('DeepTuple merges nested mappings of items only when the array strategy is deep', async () => {
    const layers = ['Items:\n  - {Name: A, Cfg: {x: 1}}\n', 'Items:\n  - {Name: A, Cfg: {y: 2}}\n']
    const datum = (hash: string) =>
      `lookup_options:\n  Items: {merge_hash: ${hash}, merge_hash_array: DeepTuple, merge_options: {tuple_keys: [Name]}}\n`
    expect(await datumValue({ datum: datum('hash'), layers })).toEqual({ Items: [{ Name: 'A', Cfg: { y: 2 } }] })
    expect(await datumValue({ datum: datum('deep'), layers })).toEqual({ Items: [{ Name: 'A', Cfg: { y: 2, x: 1 } }] })
  })

  it('UniqueKeyValTuples keeps the most specific item of each tuple whole; -eq converts to the left type', async () => {
    expect(await lookup('UniqueKeyValTuples')).toEqual({
      Items: [{ name: 'a', Version: 2 }, { Name: 'C' }, { Name: 'B', Port: 0 }],
    })
    const layers = [
      'Items:\n  - {Port: 0, From: base}\n  - {Port: 8080, From: base}\n',
      "Items:\n  - {Port: '0', From: node}\n",
    ]
    expect(await lookup('UniqueKeyValTuples', '[Port]', layers)).toEqual({
      Items: [
        { Port: '0', From: 'node' },
        { Port: 8080, From: 'base' },
      ],
    })
  })

  it('values Merge-Datum does not recognise (Unique, Merge, Add) keep the most specific list', async () => {
    for (const value of ['Unique', 'Merge', 'Add']) {
      expect(
        await datumValue(
          { datum: `lookup_options:\n  Items: {merge_hash_array: ${value}}\n`, layers: [base, top] },
          { strict: false },
        ),
      ).toEqual({
        Items: [{ name: 'a', Version: 2 }, { Name: 'C' }],
      })
    }
  })

  it('a one-item list of a null is a base-type list, a list of mappings is a hash array', async () => {
    const datum = 'lookup_options:\n  L: {merge_basetype_array: Sum, merge_hash_array: MostSpecific}\n'
    expect(await datumValue({ datum, layers: ['L: [{a: 1}]\n', 'L: [{b: 2}]\n'] })).toEqual({ L: [{ b: 2 }] })
    expect(await datumValue({ datum, layers: ['L: [x]\n', 'L: [null]\n'] })).toEqual({ L: [null, 'x'] })
  })
})

describe('lookups', () => {
  const layers = [
    'Soft:\n  Packages: [{Name: A, Version: 1}, {Name: B}]\n  Sources: [x]\n',
    'Soft:\n  Packages: [{Name: A, Version: 2}]\n',
  ]

  it('a sub-path lookup uses its own option even where walking into the parent does not reach it', async () => {
    const datum =
      'lookup_options:\n  Soft\\Packages: {merge_hash_array: DeepTuple, merge_options: {tuple_keys: [Name]}}\n'
    expect(await datumValue({ datum, layers })).toEqual({ Soft: { Packages: [{ Name: 'A', Version: 2 }] } })
    expect(await datumLookup({ datum, layers }, 'Soft/Packages')).toEqual([{ Name: 'A', Version: 2 }, { Name: 'B' }])
    expect(await datumLookup({ datum, layers }, 'soft\\packages')).toEqual([{ Name: 'A', Version: 2 }, { Name: 'B' }])
  })

  it('arrays under a merged mapping always consult their own path option', async () => {
    const datum =
      'lookup_options:\n  Soft: hash\n  Soft/Packages: {merge_hash_array: DeepTuple, merge_options: {tuple_keys: [Name]}}\n'
    expect(await datumValue({ datum, layers })).toEqual({
      Soft: { Packages: [{ Name: 'A', Version: 2 }, { Name: 'B' }], Sources: ['x'] },
    })
  })

  it('walks through lists by PowerShell member enumeration', async () => {
    const base = 'Nics:\n  - {Alias: e1, Dns: [a, b]}\n  - {Alias: e2, Dns: c}\n  - {Alias: e3}\n'
    const datum = 'lookup_options:\n  Nics\\Dns: {merge_basetype_array: Unique}\n'
    expect(await datumLookup({ datum, layers: [base, 'Nics:\n  - {Alias: e1, Dns: [d, a]}\n'] }, 'Nics/Dns')).toEqual([
      'd',
      'a',
      'b',
      'c',
    ])
    // One value found is returned as the value itself, which then does not merge with a list.
    expect(await datumLookup({ datum, layers: ['Nics:\n  - {Alias: e1, Dns: [d]}\n'] }, 'Nics/Dns')).toBe('d')
    expect(
      await datumLookup({ datum, layers: [base, 'Nics:\n  - {Alias: e1, Dns: [d]}\n'] }, 'Nics/Dns', { strict: false }),
    ).toBe('d')
  })

  it("'Strategy: First' returns the first value found, knockout markers included", async () => {
    const datum =
      "lookup_options:\n  L: {Strategy: First, merge_basetype_array: Sum, merge_options: {knockout_prefix: '--'}}\n"
    expect(await datumValue({ datum, layers: ['L: [a]\n', 'L: [--a, b]\n'] })).toEqual({ L: ['--a', 'b'] })
    const sum = "lookup_options:\n  L: {merge_basetype_array: Sum, merge_options: {knockout_prefix: '--'}}\n"
    expect(await datumValue({ datum: sum, layers: ['L: [a]\n', 'L: [--a, b]\n'] })).toEqual({ L: ['b'] })
  })

  it('keys, paths, option keys and field names ignore case; the most specific spelling is kept', async () => {
    const datum = 'LOOKUP_OPTIONS:\n  app: {MERGE_HASH: DEEP}\n'
    expect(
      await datumValue({ datum, layers: ['APP: {Port: 80, Tls: {A: 1}}\n', 'App: {port: 443, tls: {b: 2}}\n'] }),
    ).toEqual({
      App: { port: 443, tls: { b: 2, A: 1 } },
    })
  })

  it('type mismatches keep the most specific value (lenient)', async () => {
    expect(
      await datumValue(
        { datum: 'default_lookup_options: deep\n', layers: ['A: [1]\nB: {x: 1}\n', 'A: {x: 1}\nB: text\n'] },
        { strict: false },
      ),
    ).toEqual({
      A: { x: 1 },
      B: 'text',
    })
  })
})

describe('regex keys', () => {
  const layers = ['Lcm: {Settings: {a: 1}, Web: {a: 1}}\n', 'Lcm: {Settings: {b: 2}, Web: {b: 2}}\n']

  it('match the \\-separated path, ignoring case, unanchored unless anchored', async () => {
    const datum = "lookup_options:\n  '^lcm\\\\':\n    merge_hash: deep\n  Lcm: deep\n"
    expect(await datumValue({ datum, layers })).toEqual({ Lcm: { Settings: { b: 2, a: 1 }, Web: { b: 2, a: 1 } } })
  })

  it('exact keys win over regexes, and regexes apply in declaration order before ^.*', async () => {
    const datum = [
      'lookup_options:',
      '  Lcm: deep',
      "  '^.*': MostSpecific",
      "  '^Lcm\\\\S': {merge_hash: deep}",
      "  '^Lcm\\\\W': MostSpecific",
      '  Lcm\\Web: deep',
      '',
    ].join('\n')
    expect(await datumValue({ datum, layers })).toEqual({ Lcm: { Settings: { b: 2, a: 1 }, Web: { b: 2, a: 1 } } })
    expect(await datumLookup({ datum, layers }, 'Lcm/Settings')).toEqual({ b: 2, a: 1 })
  })
})
