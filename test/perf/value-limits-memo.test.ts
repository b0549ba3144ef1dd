// checkValueLimits keeps the measures of frozen subtrees (the render cache's shared documents)
// across calls: the answers must be those of a fresh walk, for any limits, in any order of calls.
import * as fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { checkValueLimits } from '../../packages/core/src/pipeline/value-limits.ts'
import { propertyRuns } from '../helpers/property-runs.ts'

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value)
    for (const item of Object.values(value)) deepFreeze(item)
  }
  return value
}

const json = fc.jsonValue({ maxDepth: 6 })
// Values that reuse one subtree in several places, as aliases and merges do.
const withSharing = fc
  .tuple(json, fc.array(fc.string({ maxLength: 4 }), { maxLength: 4 }))
  .map(([shared, keys]) => ({ shared, copies: keys.map((key) => ({ [key]: shared })), list: [shared, [shared]] }))
const limits = fc.record({ maxDepth: fc.integer({ min: 0, max: 10 }), maxValueSize: fc.integer({ min: 0, max: 3000 }) })

describe('checkValueLimits with frozen values', () => {
  it('answers as a fresh walk, for the same subtrees checked again under other limits', () => {
    fc.assert(
      fc.property(fc.oneof(json, withSharing), fc.array(limits, { minLength: 1, maxLength: 4 }), (value, checks) => {
        const frozen = deepFreeze(structuredClone(value))
        for (const l of checks) {
          const fresh = checkValueLimits(structuredClone(value), l)
          expect(checkValueLimits(frozen, l)).toEqual(fresh)
          // A mutable value holding the frozen one twice (a merged value holding a shared layer).
          const copy = structuredClone(value)
          expect(checkValueLimits({ wrap: frozen, more: [frozen] }, l)).toEqual(
            checkValueLimits({ wrap: copy, more: [copy] }, l),
          )
        }
      }),
      { numRuns: propertyRuns(500) },
    )
  })

  it('still reports a frozen value that breaks the limits, with its path', () => {
    const value = deepFreeze({ a: { b: { c: { d: [1, 2, 3] } } } })
    expect(checkValueLimits(value, { maxDepth: 10, maxValueSize: 1000 })).toBeUndefined()
    expect(checkValueLimits(value, { maxDepth: 3, maxValueSize: 1000 })).toMatchObject({
      code: 'MY_VALUE_TOO_DEEP',
      path: ['a', 'b', 'c'],
    })
    expect(checkValueLimits({ x: value }, { maxDepth: 4, maxValueSize: 1000 })).toMatchObject({
      code: 'MY_VALUE_TOO_DEEP',
    })
    expect(checkValueLimits({ x: value, y: value }, { maxDepth: 10, maxValueSize: 40 })).toMatchObject({
      code: 'MY_VALUE_TOO_LARGE',
    })
  })
})
