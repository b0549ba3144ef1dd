// Knockout markers (docs/datum.md#knockouts): hash keys, base-type array items under Unique and Sum,
// hash-array items by tuple value, keys inside hash-array items, and the final clean-up.
import { describe, expect, it } from 'vitest'
import { datumLookup, datumValue } from './helpers.ts'

describe('hash keys', () => {
  it('a --key in a more specific layer skips the key of less specific layers, and is cleaned up', async () => {
    const layers = ['Net: {Ipv6: true, Netbios: true, Dns: a}\n', 'Net: {--Ipv6: null, Dns: b}\n']
    expect(await datumValue({ datum: 'lookup_options: {Net: hash}\n', layers })).toEqual({
      Net: { Dns: 'b', Netbios: true },
    })
  })

  it('a --key found in a middle layer keeps blocking the layers below it, but not the more specific value', async () => {
    const layers = ['Net: {Ipv6: base}\n', 'Net: {--Ipv6: null, Other: 1}\n', 'Net: {Ipv6: node}\n']
    expect(await datumValue({ datum: 'lookup_options: {Net: deep}\n', layers })).toEqual({
      Net: { Ipv6: 'node', Other: 1 },
    })
    expect(await datumValue({ datum: 'lookup_options: {Net: deep}\n', layers: layers.slice(0, 2) })).toEqual({
      Net: { Other: 1 },
    })
  })

  it('the prefix is -- during the merge even without a knockout_prefix, but markers are only removed with one', async () => {
    const layers = ['Net: {Ipv6: true, Dns: a}\n', 'Net: {--Ipv6: null}\n']
    expect(await datumValue({ datum: 'lookup_options:\n  Net: {merge_hash: hash}\n', layers })).toEqual({
      Net: { '--Ipv6': null, Dns: 'a' },
    })
  })

  it('markers under a MostSpecific sub-path stay in the output (the clean-up does not inherit)', async () => {
    const layers = ['Cfg: {Sub: {a: 1, b: 2}}\n', 'Cfg: {Sub: {--a: null}}\n']
    expect(
      await datumValue({ datum: 'default_lookup_options: MostSpecific\nlookup_options: {Cfg: deep}\n', layers }),
    ).toEqual({ Cfg: { Sub: { '--a': null, b: 2 } } })
    expect(await datumValue({ datum: 'default_lookup_options: deep\n', layers })).toEqual({ Cfg: { Sub: { b: 2 } } })
  })

  it('the clean-up matches the prefix anywhere in a key (unanchored)', async () => {
    expect(
      await datumValue({ datum: 'lookup_options: {Cfg: hash}\n', layers: ['Cfg: {x: 0}\n', 'Cfg: {a--b: 1, c: 2}\n'] }),
    ).toEqual({ Cfg: { c: 2, x: 0 } })
  })

  it('a custom knockout_prefix replaces --', async () => {
    const datum = "lookup_options:\n  Net: {merge_hash: hash, merge_options: {knockout_prefix: '~'}}\n"
    expect(await datumValue({ datum, layers: ['Net: {Ipv6: true, --x: 1}\n', 'Net: {~Ipv6: null}\n'] })).toEqual({
      Net: { '--x': 1 },
    })
  })
})

describe('base-type array items', () => {
  const unique = "lookup_options:\n  F: {merge_baseType_array: Unique, merge_options: {knockout_prefix: '--'}}\n"
  const sum = "lookup_options:\n  F: {merge_baseType_array: Sum, merge_options: {knockout_prefix: '--'}}\n"

  it('Unique: --x removes itself and every later x (case-sensitive)', async () => {
    expect(await datumValue({ datum: unique, layers: ['F: [Telnet, X, telnet]\n', 'F: [--Telnet, Web]\n'] })).toEqual({
      F: ['Web', 'X', 'telnet'],
    })
  })

  it('Unique: a more specific x survives a less specific --x', async () => {
    expect(await datumValue({ datum: unique, layers: ['F: [--Web]\n', 'F: [Web]\n'] })).toEqual({ F: ['Web'] })
  })

  it('Sum: --x drops x from the whole list, ignoring case', async () => {
    expect(await datumValue({ datum: sum, layers: ['F: [Telnet, Files, TELNET]\n', 'F: [--telnet]\n'] })).toEqual({
      F: ['Files'],
    })
  })

  it('Sum: a marker in a middle layer also removes the more specific item', async () => {
    const layers = ['F: [Web, Files]\n', 'F: [--Web]\n', 'F: [Web, Dns]\n']
    expect(await datumValue({ datum: sum, layers })).toEqual({ F: ['Dns', 'Files'] })
  })

  it('without a knockout_prefix, markers are plain items', async () => {
    const datum = 'lookup_options:\n  F: {merge_baseType_array: Unique}\n'
    expect(await datumValue({ datum, layers: ['F: [Web]\n', 'F: [--Web]\n'] })).toEqual({ F: ['--Web', 'Web'] })
  })

  it('the deep preset knocks out with -- (Unique)', async () => {
    expect(await datumValue({ datum: 'lookup_options: {F: deep}\n', layers: ['F: [a, b]\n', 'F: [--a]\n'] })).toEqual({
      F: ['b'],
    })
  })
})

describe('hash-array items', () => {
  const options = (strategy: string) =>
    `lookup_options:\n  P:\n    merge_hash_array: ${strategy}\n    merge_options: {knockout_prefix: '--', tuple_keys: [Name]}\n`
  const layers = ['P:\n  - {Name: Putty, Version: 1}\n  - {Name: Git}\n', 'P:\n  - {Name: --putty}\n  - {Name: Code}\n']

  it('DeepTuple: a --value tuple key drops the less specific items with that value', async () => {
    expect(await datumValue({ datum: options('DeepTuple'), layers })).toEqual({
      P: [{ Name: 'Code' }, { Name: 'Git' }],
    })
  })

  it('UniqueKeyValTuples: the same', async () => {
    expect(await datumValue({ datum: options('UniqueKeyValTuples'), layers })).toEqual({
      P: [{ Name: 'Code' }, { Name: 'Git' }],
    })
  })

  it('a knocked-out item is not merged even into a more specific item with the same tuple', async () => {
    const three = [
      'P:\n  - {Name: Putty, Version: 1}\n',
      'P:\n  - {Name: --Putty}\n',
      'P:\n  - {Name: Putty, Port: 22}\n',
    ]
    expect(await datumValue({ datum: options('DeepTuple'), layers: three })).toEqual({
      P: [{ Name: 'Putty', Port: 22 }],
    })
  })

  it('Sum: marker items are removed, their targets stay', async () => {
    expect(await datumValue({ datum: options('Sum'), layers })).toEqual({
      P: [{ Name: 'Code' }, { Name: 'Putty', Version: 1 }, { Name: 'Git' }],
    })
  })

  it('keys inside items are knocked out like hash keys (merged with the array strategy)', async () => {
    const items = ['P:\n  - {Name: A, Gateway: g, Dns: d}\n', 'P:\n  - {Name: A, --Gateway: null}\n']
    expect(await datumLookup({ datum: options('DeepTuple'), layers: items }, 'P')).toEqual([{ Name: 'A', Dns: 'd' }])
  })
})
