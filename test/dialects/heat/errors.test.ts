// Each Heat error and each strict-only refusal, with its location.
import { describe, expect, it } from 'vitest'
import { detectHeat } from '../../../packages/core/src/dialects/heat/sections.ts'
import type { MergedYamlError } from '@merged-yaml/core'
import type { RenderOptions } from '@merged-yaml/core'
import { documents, renderHeat, UNIT_INITIAL } from './helpers.ts'

function firstDiagnostic(texts: string[], options: RenderOptions = {}) {
  try {
    renderHeat(texts, options)
  } catch (error) {
    return (error as MergedYamlError).diagnostics[0]!
  }
  throw new Error('expected a MergedYamlError')
}

describe('environment files (environment_format.parse, ValueError in Heat)', () => {
  it('rejects a document that is not a mapping', () => {
    expect(firstDiagnostic(['- a\n- b\n'], { strict: false })).toMatchObject({
      code: 'MY_HEAT_NOT_MAPPING',
      line: 1,
      column: 1,
    })
  })

  it('rejects an unknown section, suggesting the close one', () => {
    expect(firstDiagnostic(['parameters: {}\nresource_regis: {}\n'], { strict: false })).toMatchObject({
      code: 'MY_HEAT_UNKNOWN_SECTION',
      line: 2,
      column: 1,
      suggestion: 'resource_registry',
    })
  })

  it('rejects a null section on the server side', () => {
    expect(firstDiagnostic(['parameters:\n'], { strict: false })).toMatchObject({
      code: 'MY_HEAT_EMPTY_SECTION',
      line: 1,
    })
  })

  it('treats an explicit null document as an empty environment', () => {
    expect(renderHeat(['~\n'], { heat: { initial: UNIT_INITIAL } }).value).toEqual(UNIT_INITIAL)
  })
})

describe('strict-only refusals (Heat accepts these silently)', () => {
  it('a section of the wrong type that Heat would store as given', () => {
    const texts = ['resource_registry: just-a-string\n']
    expect(firstDiagnostic(texts)).toMatchObject({ code: 'MY_HEAT_SECTION_TYPE', line: 1, column: 20 })
    const lenient = renderHeat(texts, { strict: false, heat: { initial: UNIT_INITIAL } })
    expect(lenient.value).toEqual({ ...UNIT_INITIAL, resource_registry: 'just-a-string' })
    expect(lenient.warnings.map((w) => w.code)).toEqual(['MY_HEAT_SECTION_TYPE'])
  })

  it('parameter_merge_strategies that is not a mapping: Heat fails once it looks a strategy up', () => {
    const texts = ['parameter_merge_strategies: [merge]\nparameters: {p: a}\n']
    const options = { heat: { parameterTypes: { p: 'string' }, initial: UNIT_INITIAL } } as const
    expect(firstDiagnostic(texts, options)).toMatchObject({ code: 'MY_HEAT_SECTION_TYPE', line: 1 })
    expect(firstDiagnostic(texts, { ...options, strict: false })).toMatchObject({
      code: 'MY_HEAT_SECTION_TYPE',
      severity: 'error',
    })
  })

  it('a strategy entry for a name the file does not set suggests the set one', () => {
    const texts = ['parameter_merge_strategies: {lst_valeu: merge}\nparameters: {lst_value: [1]}\n']
    expect(firstDiagnostic(texts)).toMatchObject({
      code: 'MY_HEAT_UNUSED_STRATEGY',
      line: 1,
      column: 30,
      suggestion: 'lst_value',
    })
  })
})

describe('heat options', () => {
  it('rejects an unknown mode with a suggestion, at the entry', () => {
    expect(firstDiagnostic(['parameters: {}'], { heat: { mode: 'sever' as 'server' } })).toMatchObject({
      code: 'MY_HEAT_INVALID_OPTION',
      file: '/virtual/entry.merged.yaml',
      line: 1,
      suggestion: 'server',
    })
  })

  it('rejects an unknown parameter type', () => {
    const diagnostic = firstDiagnostic(['parameters: {}'], { heat: { parameterTypes: { p: 'strng' as 'string' } } })
    expect(diagnostic).toMatchObject({ code: 'MY_HEAT_INVALID_OPTION', suggestion: 'string' })
  })

  it('rejects an initial environment that is not a mapping', () => {
    expect(
      firstDiagnostic(['parameters: {}'], { heat: { initial: [] as unknown as Record<string, unknown> } }).code,
    ).toBe('MY_HEAT_INVALID_OPTION')
  })
})

describe('HOT template parts', () => {
  const template = (body: string) => `heat_template_version: 2021-04-16\n${body}`

  it('declare the types and are not merged', () => {
    const texts = [
      template('parameters:\n  p: {type: comma_delimited_list}\n'),
      'parameter_merge_strategies: {p: merge}\nparameters: {p: a}',
      'parameters: {p: b}',
    ]
    expect(renderHeat(texts, { heat: { initial: UNIT_INITIAL } }).value).toEqual({
      ...UNIT_INITIAL,
      parameters: { p: 'a,b' },
    })
  })

  it('reject an unknown type, at the type', () => {
    expect(firstDiagnostic([template('parameters:\n  p: {type: strng}\n'), 'parameters: {p: a}'])).toMatchObject({
      code: 'MY_HEAT_UNKNOWN_TYPE',
      line: 3,
      column: 13,
      suggestion: 'string',
    })
  })

  it('reject a parameter without a type', () => {
    expect(firstDiagnostic([template('parameters:\n  p: {default: 1}\n'), 'parameters: {p: a}'])).toMatchObject({
      code: 'MY_HEAT_INVALID_TEMPLATE',
      line: 3,
    })
  })
})

describe('detection', () => {
  const detect = (text: string) => detectHeat(documents([text])[0]!.value)

  it('recognises parameter_merge_strategies and environment-only files with a Heat marker', () => {
    expect(detect('parameter_merge_strategies: {default: merge}\nfoo: 1')).toBe('parameter_merge_strategies')
    expect(detect('parameter_defaults: {a: 1}')).toBe('parameter_defaults')
    expect(detect('parameters: {a: 1}\nresource_registry: {X: x.yaml}')).toBe('resource_registry')
  })

  it('leaves plain config alone: a lone parameters key, foreign keys, HOT templates, non-mappings', () => {
    expect(detect('parameters: {a: 1}')).toBeUndefined()
    expect(detect('parameter_defaults: {a: 1}\nname: app')).toBeUndefined()
    expect(detect('heat_template_version: 2021-04-16\nparameters: {}')).toBeUndefined()
    expect(detect('- parameter_defaults')).toBeUndefined()
  })
})
