// Which strategy applies, when it conflicts, and how sections merge (docs/heat.md#strategies--heats-rules).
import { describe, expect, it } from 'vitest'
import type { MergedYamlError } from '@merged-yaml/core'
import { renderHeat, UNIT_INITIAL } from './helpers.ts'

const types = { p: 'string', q: 'string' } as const

function merged(texts: string[], strict = true) {
  const { value, warnings } = renderHeat(texts, { strict, heat: { parameterTypes: types, initial: UNIT_INITIAL } })
  return { value: value as Record<string, Record<string, unknown>>, warnings: warnings.map((w) => w.code) }
}

function failure(run: () => unknown): MergedYamlError {
  try {
    run()
  } catch (error) {
    return error as MergedYamlError
  }
  throw new Error('expected a MergedYamlError')
}

describe('strategy precedence', () => {
  it('is overwrite when a file declares nothing', () => {
    expect(merged(['parameters: {p: a}', 'parameters: {p: b}']).value.parameters).toEqual({ p: 'b' })
  })

  it("uses the file's default for the parameters it sets", () => {
    const texts = ['parameter_merge_strategies: {default: merge}\nparameters: {p: a, q: x}', 'parameters: {p: b, q: y}']
    expect(merged(texts).value.parameters).toEqual({ p: 'ab', q: 'xy' })
  })

  it('an explicit entry beats the default', () => {
    const texts = [
      'parameter_merge_strategies: {default: merge, p: overwrite}\nparameters: {p: a, q: x}',
      'parameters: {p: b, q: y}',
    ]
    expect(merged(texts).value.parameters).toEqual({ p: 'b', q: 'xy' })
  })

  it("the first file that sets a parameter fixes its strategy: a later file's default does not change it", () => {
    const texts = [
      'parameter_merge_strategies: {default: merge}\nparameters: {p: a}',
      'parameter_merge_strategies: {default: overwrite}\nparameters: {p: b, q: x}',
      'parameters: {p: c, q: y}',
    ]
    expect(merged(texts).value.parameters).toEqual({ p: 'abc', q: 'y' })
  })

  it('repeating the same explicit strategy is not a conflict', () => {
    const texts = [
      'parameter_merge_strategies: {p: merge}\nparameters: {p: a}',
      'parameter_merge_strategies: {p: merge}\nparameters: {p: b}',
    ]
    expect(merged(texts).value.parameters).toEqual({ p: 'ab' })
  })

  it('an unknown explicit name falls back to the file default (lenient) or fails (strict)', () => {
    const texts = ['parameter_merge_strategies: {default: merge, p: mrege}\nparameters: {p: a}', 'parameters: {p: b}']
    expect(merged(texts, false)).toMatchObject({
      value: { parameters: { p: 'ab' } },
      warnings: ['MY_HEAT_UNKNOWN_STRATEGY'],
    })
    const error = failure(() => merged(texts))
    expect(error.diagnostics[0]).toMatchObject({
      code: 'MY_HEAT_UNKNOWN_STRATEGY',
      line: 1,
      column: 49,
      suggestion: 'merge',
    })
  })

  it('an unknown default is recorded as is: it overwrites, and a later file setting the parameter conflicts', () => {
    const texts = ['parameter_merge_strategies: {default: bogus}\nparameters: {p: a}', 'parameters: {p: b}']
    const error = failure(() => merged(texts, false))
    expect(error.code).toBe('MY_HEAT_CONFLICTING_STRATEGY')
    const initial = { ...UNIT_INITIAL, parameters: { p: 'x' } }
    const single = renderHeat(['parameter_merge_strategies: {default: bogus}\nparameters: {p: a}'], {
      strict: false,
      heat: { parameterTypes: types, initial },
    })
    expect((single.value as typeof initial).parameters).toEqual({ p: 'a' })
  })
})

describe('conflicts', () => {
  it('an implicit overwrite followed by an explicit merge conflicts, located at the explicit entry', () => {
    const texts = ['parameters: {p: a}', 'parameter_merge_strategies:\n  p: merge\nparameters: {p: b}']
    for (const strict of [true, false]) {
      const error = failure(() => merged(texts, strict))
      expect(error.diagnostics[0]).toMatchObject({
        code: 'MY_HEAT_CONFLICTING_STRATEGY',
        file: '/virtual/env-2.yaml',
        line: 2,
        column: 6,
      })
      expect(error.diagnostics[0]!.message).toContain('env-1.yaml:1')
    }
  })

  it('strategies are shared between parameters and parameter_defaults', () => {
    const texts = [
      'parameter_merge_strategies: {p: merge}\nparameters: {p: a}',
      'parameter_merge_strategies: {p: overwrite}\nparameter_defaults: {p: b}',
    ]
    expect(failure(() => merged(texts)).code).toBe('MY_HEAT_CONFLICTING_STRATEGY')
  })

  it('a file that declares a strategy for a parameter it does not set is never checked by Heat', () => {
    const texts = [
      'parameters: {p: a}',
      'parameter_merge_strategies: {p: merge}\nparameters: {q: x}',
      'parameters: {p: b}',
    ]
    expect(merged(texts, false)).toMatchObject({
      value: { parameters: { p: 'b', q: 'x' } },
      warnings: ['MY_HEAT_UNUSED_STRATEGY'],
    })
    expect(failure(() => merged(texts)).diagnostics[0]).toMatchObject({
      code: 'MY_HEAT_UNUSED_STRATEGY',
      file: '/virtual/env-2.yaml',
      line: 1,
    })
  })

  it('a null value sets nothing, so it neither records nor conflicts', () => {
    const texts = ['parameters: {p: a}', 'parameter_merge_strategies: {default: merge}\nparameters: {p: null, q: x}']
    expect(merged(texts).value.parameters).toEqual({ p: 'a', q: 'x' })
  })
})

describe('sections', () => {
  it('the first non-empty section is taken whole; later undeclared parameters are dropped (lenient) or refused (strict)', () => {
    const texts = ['parameters: {p: a, extra: 1, n: null}', 'parameters: {p: b, other: 2}']
    expect(merged(texts, false)).toEqual({
      value: { parameters: { p: 'b', extra: 1, n: null }, resource_registry: {}, parameter_defaults: {} },
      warnings: ['MY_HEAT_UNDECLARED_PARAMETER'],
    })
    expect(failure(() => merged(texts)).diagnostics[0]).toMatchObject({
      code: 'MY_HEAT_UNDECLARED_PARAMETER',
      file: '/virtual/env-2.yaml',
    })
  })

  it('request-level parameters in heat.initial are merged into, not replaced', () => {
    const initial = { ...UNIT_INITIAL, parameters: { p: 'cli' } }
    const { value } = renderHeat(['parameter_merge_strategies: {p: merge}\nparameters: {p: -env}'], {
      heat: { parameterTypes: types, initial },
    })
    expect((value as typeof initial).parameters).toEqual({ p: 'cli-env' })
    expect(initial.parameters).toEqual({ p: 'cli' })
  })

  it('resource_registry merges at top level only', () => {
    const texts = [
      'resource_registry:\n  A: a.yaml\n  resources: {r1: {X: x.yaml}}',
      'resource_registry:\n  B: b.yaml\n  resources: {r2: {Y: y.yaml}}',
    ]
    expect(merged(texts).value.resource_registry).toEqual({
      A: 'a.yaml',
      B: 'b.yaml',
      resources: { r2: { Y: 'y.yaml' } },
    })
  })

  it("starts from Heat's REST API environment by default", () => {
    const { value } = renderHeat(['event_sinks: [{type: zaqar-queue, target: q}]\nparameter_defaults: {p: a}'], {
      heat: { parameterTypes: types },
    })
    expect(value).toEqual({
      parameters: {},
      resource_registry: {},
      parameter_defaults: { p: 'a' },
      encrypted_param_names: [],
      event_sinks: [{ type: 'zaqar-queue', target: 'q' }],
    })
  })

  it('two files setting a list section raise (AttributeError in Heat)', () => {
    const texts = ['event_sinks: [a]', 'event_sinks: [b]']
    expect(failure(() => renderHeat(texts, { strict: false })).diagnostics[0]).toMatchObject({
      code: 'MY_HEAT_TYPE_MISMATCH',
      file: '/virtual/env-2.yaml',
      line: 1,
    })
  })

  it('a section missing from heat.initial is a KeyError in Heat', () => {
    const error = failure(() =>
      renderHeat(['parameters: {p: a}\nresource_registry: {A: a.yaml}'], { heat: { initial: { parameters: {} } } }),
    )
    expect(error.diagnostics[0]).toMatchObject({ code: 'MY_HEAT_MISSING_SECTION', line: 2, column: 1 })
  })

  it('no environment files leave the initial environment untouched', () => {
    expect(renderHeat([], { heat: { initial: UNIT_INITIAL } }).value).toEqual(UNIT_INITIAL)
  })
})
