// The PowerShell semantics Datum's merge relies on, and Datum's value types.
import { describe, expect, it } from 'vitest'
import { datumTypeOf } from '../../../packages/core/src/dialects/datum/datum-type.ts'
import { psDiffers, psEquals, psString, psTruthy } from '../../../packages/core/src/dialects/datum/powershell.ts'
import { presetStrategy, readStrategy } from '../../../packages/core/src/dialects/datum/strategy.ts'

describe('Get-DatumType', () => {
  it('classifies mappings, lists of mappings, other lists and scalars', () => {
    expect(datumTypeOf({})).toBe('hashtable')
    expect(datumTypeOf([{ a: 1 }])).toBe('hash_array')
    expect(datumTypeOf([{ a: 1 }, null])).toBe('hash_array')
    expect(datumTypeOf([null, null])).toBe('hash_array')
    expect(datumTypeOf([null])).toBe('baseType_array')
    expect(datumTypeOf([])).toBe('baseType_array')
    expect(datumTypeOf([{ a: 1 }, 'x'])).toBe('baseType_array')
    expect(datumTypeOf('text')).toBe('baseType')
    expect(datumTypeOf(null)).toBe('baseType')
  })
})

describe('PowerShell -eq', () => {
  it('converts the right operand to the left operand type; strings ignore case', () => {
    expect(psEquals('ABC', 'abc')).toBe(true)
    expect(psEquals(0, '0')).toBe(true)
    expect(psEquals('0', 0)).toBe(true)
    expect(psEquals(1, true)).toBe(true)
    expect(psEquals('True', true)).toBe(true)
    expect(psEquals(true, 'false')).toBe(true)
    expect(psEquals(false, '')).toBe(true)
    expect(psEquals(5, 'five')).toBe(false)
    expect(psEquals(null, null)).toBe(true)
    expect(psEquals('x', null)).toBe(false)
  })

  it('filters a list on the left, the condition being the truthiness of what is left', () => {
    expect(psEquals(['a', 'b'], 'A')).toBe(true)
    expect(psDiffers(['a', 'a'], 'a')).toBe(false)
    expect(psDiffers(['a', 'b'], 'a')).toBe(true)
  })

  it('strings and truthiness', () => {
    expect(psString(true)).toBe('True')
    expect(psString([1, 'a'])).toBe('1 a')
    expect(psString(null)).toBe('')
    expect([psTruthy(''), psTruthy(0), psTruthy([]), psTruthy([0]), psTruthy([0, 0]), psTruthy({})]).toEqual([
      false,
      false,
      false,
      false,
      true,
      true,
    ])
  })
})

describe('strategies', () => {
  it('presets match whole names ignoring case; anything else is MostSpecific', () => {
    expect(presetStrategy('DEEP')).toMatchObject({
      hash: 'deep',
      baseTypeArray: 'unique',
      hashArray: 'deepTuple',
      knockoutPrefix: '--',
      tupleKeys: ['Name', 'Version'],
    })
    expect(presetStrategy('MergeTopKeys')).toMatchObject({
      hash: 'hash',
      baseTypeArray: 'mostSpecific',
      knockoutPrefix: '--',
    })
    expect(presetStrategy('deeper')).toMatchObject({ hash: 'mostSpecific', knockoutPrefix: undefined })
  })

  it('fields are read with the prefix regexes Datum tests them with', () => {
    expect(
      readStrategy({ merge_hash: 'FirstOne', merge_basetype_array: 'Summary', merge_hash_array: 'MostSpecificX' }),
    ).toMatchObject({
      hash: 'mostSpecific',
      baseTypeArray: 'sum',
      hashArray: 'mostSpecific',
      keepsHashArrayMarkers: false,
    })
    expect(readStrategy({ merge_hash: 'hash', merge_hash_array: 'Unique' })).toMatchObject({
      hash: 'hash',
      baseTypeArray: 'keep',
      hashArray: 'keep',
    })
    expect(readStrategy(null)).toMatchObject({
      hash: 'hash',
      baseTypeArray: 'keep',
      hashArray: 'keep',
      knockoutPrefix: undefined,
    })
  })
})
