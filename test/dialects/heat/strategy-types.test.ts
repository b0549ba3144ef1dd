// Every strategy × every HOT type, two files setting the same parameter (docs/heat.md#parameter-types).
import { describe, expect, it } from 'vitest'
import type { HeatParameterType } from '../../../packages/core/src/dialects/heat/index.ts'
import { renderHeat, UNIT_INITIAL } from './helpers.ts'

type Strategy = 'overwrite' | 'merge' | 'deep_merge'

/** env-1 sets `p` with `strategy`, env-2 sets it again; returns the merged `parameters.p`. */
function mergeTwice(type: HeatParameterType, strategy: Strategy, first: string, second: string, strict = true) {
  const { value, warnings } = renderHeat(
    [`parameter_merge_strategies: {p: ${strategy}}\nparameters:\n  p: ${first}\n`, `parameters:\n  p: ${second}\n`],
    { strict, heat: { parameterTypes: { p: type }, initial: UNIT_INITIAL } },
  )
  return { p: (value as { parameters: Record<string, unknown> }).parameters.p, warnings: warnings.map((w) => w.code) }
}

function codeOf(run: () => unknown): string | undefined {
  try {
    run()
  } catch (error) {
    return (error as { code?: string }).code
  }
  return undefined
}

describe('string', () => {
  it('overwrite replaces, merge and deep_merge concatenate without a separator', () => {
    expect(mergeTwice('string', 'overwrite', 'a', 'b').p).toBe('b')
    expect(mergeTwice('string', 'merge', 'a', 'b').p).toBe('ab')
    expect(mergeTwice('string', 'deep_merge', 'a', 'b').p).toBe('ab')
  })

  it('a list merged into a string raises (TypeError in Heat)', () => {
    expect(codeOf(() => mergeTwice('string', 'merge', 'a', '[b]'))).toBe('MY_HEAT_TYPE_MISMATCH')
  })

  it('a mapping is not a sequence (ValueError in Heat)', () => {
    expect(codeOf(() => mergeTwice('string', 'merge', 'a', '{b: 1}'))).toBe('MY_HEAT_INVALID_PARAMETER')
  })
})

describe('number', () => {
  it('overwrite replaces, zero included', () => {
    expect(mergeTwice('number', 'overwrite', '1', '0').p).toBe(0)
  })

  it('merge and deep_merge are refused in strict mode', () => {
    expect(codeOf(() => mergeTwice('number', 'merge', "'3'", "'4'"))).toBe('MY_HEAT_MERGE_NUMBER')
    expect(codeOf(() => mergeTwice('number', 'deep_merge', '3', '4'))).toBe('MY_HEAT_MERGE_NUMBER')
  })

  it('lenient: Heat concatenates string values and rejects real numbers', () => {
    expect(mergeTwice('number', 'merge', "'3'", "'4'", false)).toEqual({ p: '34', warnings: ['MY_HEAT_MERGE_NUMBER'] })
    expect(codeOf(() => mergeTwice('number', 'merge', '3', '4', false))).toBe('MY_HEAT_INVALID_PARAMETER')
    expect(codeOf(() => mergeTwice('number', 'merge', '3', "'4'", false))).toBe('MY_HEAT_TYPE_MISMATCH')
  })
})

describe('comma_delimited_list', () => {
  it('overwrite replaces; merge and deep_merge extend lists', () => {
    expect(mergeTwice('comma_delimited_list', 'overwrite', '[1, 2]', '[3]').p).toEqual([3])
    expect(mergeTwice('comma_delimited_list', 'merge', '[1, 2]', '[3]').p).toEqual([1, 2, 3])
    expect(mergeTwice('comma_delimited_list', 'deep_merge', '[1, 2]', '[3]').p).toEqual([1, 2, 3])
  })

  it('merge joins comma-delimited strings with a comma', () => {
    expect(mergeTwice('comma_delimited_list', 'merge', "'1,2'", "'3,4'").p).toBe('1,2,3,4')
  })

  it('mixing a list and a comma string raises, either way round', () => {
    expect(codeOf(() => mergeTwice('comma_delimited_list', 'merge', '[1]', "'2'"))).toBe('MY_HEAT_TYPE_MISMATCH')
    expect(codeOf(() => mergeTwice('comma_delimited_list', 'merge', "'1'", '[2]'))).toBe('MY_HEAT_TYPE_MISMATCH')
  })
})

describe('json', () => {
  it('overwrite replaces the whole value', () => {
    expect(mergeTwice('json', 'overwrite', '{a: {x: 1}}', '{b: 2}').p).toEqual({ b: 2 })
  })

  it('merge is shallow: a nested mapping is replaced', () => {
    expect(mergeTwice('json', 'merge', '{a: {x: 1}, k: 1}', '{a: {y: 2}}').p).toEqual({ a: { y: 2 }, k: 1 })
  })

  it('deep_merge recurses, concatenates lists and string leaves, replaces numbers, ignores nulls', () => {
    const { p } = mergeTwice(
      'json',
      'deep_merge',
      '{a: {x: 1}, l: [1], s: ab, n: 1, keep: v}',
      '{a: {y: 2}, l: [2], s: cd, n: 0, keep: null}',
    )
    expect(p).toEqual({ a: { x: 1, y: 2 }, l: [1, 2], s: 'abcd', n: 0, keep: 'v' })
  })

  it('a JSON string is parsed before merging', () => {
    expect(mergeTwice('json', 'merge', '{a: 1}', `'{"b": 2}'`).p).toEqual({ a: 1, b: 2 })
  })

  it('a string that is not JSON is an invalid parameter', () => {
    expect(codeOf(() => mergeTwice('json', 'merge', '{a: 1}', 'not-json'))).toBe('MY_HEAT_INVALID_PARAMETER')
  })

  it('a string leaf merged over a number raises (TypeError in Heat)', () => {
    expect(codeOf(() => mergeTwice('json', 'deep_merge', '{a: 1}', '{a: x}'))).toBe('MY_HEAT_TYPE_MISMATCH')
  })
})

describe('boolean', () => {
  it('overwrite replaces', () => {
    expect(mergeTwice('boolean', 'overwrite', 'true', 'false').p).toBe(false)
  })

  it('cannot be merged: a real boolean is an invalid parameter, a string an invalid strategy', () => {
    for (const strict of [true, false]) {
      expect(codeOf(() => mergeTwice('boolean', 'merge', 'true', 'false', strict))).toBe('MY_HEAT_INVALID_PARAMETER')
      expect(codeOf(() => mergeTwice('boolean', 'deep_merge', "'true'", "'false'", strict))).toBe(
        'MY_HEAT_INVALID_MERGE_STRATEGY',
      )
    }
  })
})
