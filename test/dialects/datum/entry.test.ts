// How a Datum tree maps onto an entry: the Datum.yml part, layer order, detection, the datum option
// of render(), sub-path lookups and the shape of the whole value.
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { render } from '@merged-yaml/core'
import { lines, writeTree } from '../../helpers/tree.ts'
import { datumLookup, datumValue, renderDatum } from './helpers.ts'

const baseline = lines('Configurations: [Base]', 'Lcm: {Mode: Push, Refresh: 30}', 'Only: baseline')
const nodeLayer = lines('Configurations: [Web]', 'Lcm: {Mode: Pull}', 'Node: web01')

describe('entries', () => {
  it('are recognised from a part declaring lookup options, whose directive keys do not reach the value', async () => {
    const result = await renderDatum({
      datum: lines(
        'default_lookup_options: MostSpecific',
        'lookup_options:',
        '  Configurations: {merge_baseType_array: Unique}',
        '  Lcm: hash',
      ),
      layers: [baseline, nodeLayer],
    })
    expect(result.dialect).toBe('datum')
    expect(result.value).toEqual({
      Configurations: ['Web', 'Base'],
      Lcm: { Mode: 'Pull', Refresh: 30 },
      Node: 'web01',
      Only: 'baseline',
    })
  })

  it('may include a whole Datum.yml: its other definition keys are not data', async () => {
    const datum = lines(
      'ResolutionPrecedence:',
      '  - AllNodes\\$($Node.NodeName)',
      '  - Baselines\\Server',
      'DatumStructure: [{StoreName: AllNodes}]',
      'DscLocalConfigurationManagerKeyName: LcmConfig',
      'DatumHandlersThrowOnError: false',
      'lookup_options: {Lcm: hash}',
    )
    expect(await datumValue({ datum, layers: [baseline, nodeLayer] })).toEqual({
      Configurations: ['Web'],
      Lcm: { Mode: 'Pull', Refresh: 30 },
      Node: 'web01',
      Only: 'baseline',
    })
  })

  it('keep keys such as __proto__ as data', async () => {
    const value = (await datumValue({
      datum: 'default_lookup_options: deep\n',
      layers: ['__proto__: {a: 1}\n', '__proto__: {b: 2}\n'],
    })) as Record<string, unknown>
    expect(Object.keys(value)).toEqual(['__proto__'])
    expect(Object.getOwnPropertyDescriptor(value, '__proto__')?.value).toEqual({ b: 2, a: 1 })
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype)
  })

  it('list layers base first: the last part is the most specific (Datum ResolutionPrecedence reversed)', async () => {
    const datum = 'lookup_options: {Lcm: hash}\n'
    expect(await datumLookup({ datum, layers: [baseline, nodeLayer] }, 'Lcm/Mode')).toBe('Pull')
    expect(await datumLookup({ datum, layers: [nodeLayer, baseline] }, 'Lcm/Mode')).toBe('Push')
  })

  it('give every top-level key in most-specific-first order, spelled as in the most specific layer', async () => {
    const value = await datumValue({ datum: 'lookup_options: {}\n', layers: ['b: 1\nA: 1\n', 'c: 2\na: 2\n'] })
    expect(Object.keys(value as object)).toEqual(['c', 'a', 'b'])
    expect(value).toEqual({ c: 2, a: 2, b: 1 })
  })

  it('may carry the lookup options in a data layer', async () => {
    // No option forces the dialect here: the layer's directive is what marks the entry as Datum's.
    const result = await renderDatum(
      { layers: [lines('lookup_options: {Lcm: hash}', baseline), nodeLayer] },
      { dialect: undefined },
    )
    expect(result.dialect).toBe('datum')
    expect(result.value).toEqual({
      Configurations: ['Web'],
      Lcm: { Mode: 'Pull', Refresh: 30 },
      Node: 'web01',
      Only: 'baseline',
    })
  })

  it('may be a YAML stream: Datum.yml as the first document, then the layers', async () => {
    const root = writeTree(
      { 'node.merged.yaml': `lookup_options: {Lcm: hash}\n---\n${baseline}---\n${nodeLayer}` },
      'datum',
    )
    const { value } = await render(join(root, 'node.merged.yaml'), { root })
    expect(value).toMatchObject({ Lcm: { Mode: 'Pull', Refresh: 30 } })
  })

  it('with nothing but directives give an empty value', async () => {
    expect(await datumValue({ datum: 'default_lookup_options: deep\n', layers: [] })).toEqual({})
  })
})

describe('the datum option of render()', () => {
  it('lookupOptions stands for Datum.yml when no part declares the options', async () => {
    const datum = {
      lookupOptions: { lookup_options: { Lcm: 'hash', Configurations: { merge_baseType_array: 'Unique' } } },
    }
    expect(await datumValue({ layers: [baseline, nodeLayer] }, { datum })).toEqual({
      Configurations: ['Web', 'Base'],
      Lcm: { Mode: 'Pull', Refresh: 30 },
      Node: 'web01',
      Only: 'baseline',
    })
  })

  it('a part declaring a directive replaces that field of lookupOptions only', async () => {
    const datum = { lookupOptions: { default_lookup_options: 'hash', lookup_options: { Configurations: 'deep' } } }
    const value = await datumValue(
      { datum: 'lookup_options: {Lcm: MostSpecific}\n', layers: [baseline, nodeLayer] },
      { datum },
    )
    // The part's lookup_options replace the option's; its default (hash) still applies to Configurations.
    expect(value).toEqual({ Configurations: ['Web'], Lcm: { Mode: 'Pull' }, Node: 'web01', Only: 'baseline' })
  })

  it('lookupOptions are checked like a Datum.yml, located at the entry', async () => {
    const error = await renderDatum(
      { layers: [baseline] },
      { datum: { lookupOptions: { lookup_options: { Lcm: 'hsh' } } } },
    ).catch((e: unknown) => e)
    expect(error).toMatchObject({
      code: 'MY_DATUM_UNKNOWN_PRESET',
      diagnostics: [{ file: expect.stringMatching(/entry\.merged\.yaml$/), line: 1, suggestion: 'hash' }],
    })
  })

  it('lookup resolves one path with `/` or `\\`, its result the whole value', async () => {
    const datum = 'lookup_options:\n  Lcm\\Refresh: MostSpecific\n  Lcm: hash\n'
    expect(await datumLookup({ datum, layers: [baseline, nodeLayer] }, 'Lcm/Refresh')).toBe(30)
    expect(await datumLookup({ datum, layers: [baseline, nodeLayer] }, 'lcm\\mode')).toBe('Pull')
    expect(await datumLookup({ datum, layers: [baseline, nodeLayer] }, 'Configurations')).toEqual(['Web'])
  })
})
