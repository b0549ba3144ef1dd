// The suite's timeouts are an idle machine's bounds times the run's scale (test/helpers/time-scale.ts).
import { describe, expect, it } from 'vitest'
import { resolveTimeScale, timeScaleOf } from '../helpers/time-scale.ts'

describe('the scale of the timeouts', () => {
  it('is TEST_TIME_SCALE when set, from 1 to 20', () => {
    expect(resolveTimeScale({ TEST_TIME_SCALE: '1' })).toBe(1)
    expect(resolveTimeScale({ TEST_TIME_SCALE: '2.5' })).toBe(2.5)
    expect(resolveTimeScale({ TEST_TIME_SCALE: '20' })).toBe(20)
    for (const bad of ['0', '0.5', '21', 'fast', 'NaN', '-3'])
      expect(() => resolveTimeScale({ TEST_TIME_SCALE: bad }), bad).toThrow(/TEST_TIME_SCALE must be a number/)
  })

  it('is otherwise the larger load average per core, at least 1 and at most 20', () => {
    expect(timeScaleOf([0, 0, 0], 2)).toBe(1) // idle, or Windows, which has no load average
    expect(timeScaleOf([1.5, 0.4, 0], 2)).toBe(1)
    expect(timeScaleOf([31.1, 27.3, 20], 2)).toBe(15.6)
    expect(timeScaleOf([4, 9, 12], 4)).toBe(2.3) // a lull after a busy five minutes
    expect(timeScaleOf([300, 300, 300], 2)).toBe(20)
    expect(timeScaleOf([8, 8, 8], 0)).toBe(8)
  })

  it("gives the workers the run's scale", () => {
    // vitest.config.ts resolves the scale once and hands it to the workers through the environment.
    expect(Number(process.env.TEST_TIME_SCALE)).toBeGreaterThanOrEqual(1)
    expect(resolveTimeScale()).toBe(Number(process.env.TEST_TIME_SCALE))
  })
})
