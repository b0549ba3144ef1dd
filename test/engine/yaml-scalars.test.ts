import { describe, expect, it } from 'vitest'
import { parseYamlStream, parseYamlStreamPrecise } from '../../packages/core/src/yaml/parse.ts'

const y11 = { version: '1.1', allowDuplicateKeys: false, maxAliasCount: 100 } as const
const y12 = { version: '1.2', allowDuplicateKeys: false, maxAliasCount: 100 } as const

/** The value of `v: <scalar>` on both paths (they must agree). */
function valueOf(scalar: string, options: typeof y11 | typeof y12): unknown {
  const text = `v: ${scalar}\n`
  const precise = (parseYamlStreamPrecise(text, options)[0]!.value as { v: unknown }).v
  const fast = (parseYamlStream(text, options)[0]!.value as { v: unknown }).v
  expect(Object.is(fast, precise), `${scalar}: ${String(fast)} vs ${String(precise)}`).toBe(true)
  return precise
}

describe('plain scalars in YAML 1.1 resolve as PyYAML resolves them', () => {
  it.each([
    ['1e5', '1e5'],
    ['1.0e+5', 100000],
    ['1.0e5', '1.0e5'],
    ['08', '08'],
    ['0777', 511],
    ['0_', 0],
    ['-0', 0],
    ['0b101', 5],
    ['0x1F', 31],
    ['0o17', '0o17'],
    ['1_000', 1000],
    ['1:20', 80],
    ['190:20:30', 685230],
    ['0:30', '0:30'],
    ['1:30.5', 90.5],
    ['.5', 0.5],
    ['1.', 1],
    ['.', '.'],
    ['._5', '._5'],
    ['e5', 'e5'],
    ['+.inf', Number.POSITIVE_INFINITY],
    ['-.Inf', Number.NEGATIVE_INFINITY],
    ['yes', true],
    ['Off', false],
    ['y', 'y'],
    ['~', null],
    ['2002-12-14', '2002-12-14'],
  ])('%s', (scalar, expected) => {
    expect(valueOf(scalar, y11)).toStrictEqual(expected)
  })

  it('.nan', () => {
    expect(valueOf('.NaN', y11)).toBeNaN()
  })
})

describe('plain scalars in YAML 1.2 follow the core schema', () => {
  it.each([
    ['1e5', 100000],
    ['08', 8],
    ['0o17', 15],
    ['0x1F', 31],
    ['-0', -0],
    ['1_000', '1_000'],
    ['1:20', '1:20'],
    ['yes', 'yes'],
    ['.', '.'],
    ['+.5', 0.5],
  ])('%s', (scalar, expected) => {
    expect(valueOf(scalar, y12)).toStrictEqual(expected)
  })
})
