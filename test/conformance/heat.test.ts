// Runs Heat's own environment-merging test data (../shared/conformance/heat) through render(), each
// case written as an entry in the documented syntax (docs/heat.md), and checks that strict mode never
// gives a different value.
import { copyFileSync, existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { isMergedYamlError, render } from '@merged-yaml/core'
import type { RenderOptions } from '@merged-yaml/core'
import { conformanceDir, expectSameOrLocatedError, scratchDir } from './shared.ts'

const dir = conformanceDir('heat')
const caseNames = dir
  ? readdirSync(dir)
      .filter((name) => /^\d{3}-/.test(name))
      .sort()
  : []

/** Heat's exception classes and the diagnostic codes that stand for them. */
const ERROR_CODES: Record<string, RegExp> = {
  ConflictingMergeStrategyForParam: /^MY_HEAT_CONFLICTING_STRATEGY$/,
  InvalidMergeStrategyForParam: /^MY_HEAT_INVALID_MERGE_STRATEGY$/,
  // environment_format.parse and parse_param: not a mapping, wrong or null section, bad YAML, bad value.
  ValueError: /^(MY_HEAT_(NOT_MAPPING|UNKNOWN_SECTION|EMPTY_SECTION|INVALID_PARAMETER)|MY_YAML_\w+)$/,
}

/**
 * How the case's parameter types reach the engine: a HOT template named by `heat.template`, or the
 * same template as the first part of the entry's include list. The YAML version is Heat's loader
 * (PyYAML, YAML 1.1) in one variant and our default (1.2) in the other: no case depends on it.
 */
const VARIANTS = [
  { name: 'heat.template option, YAML 1.2', template: 'option', yamlVersion: '1.2' },
  { name: 'template part, YAML 1.1', template: 'part', yamlVersion: '1.1' },
] as const

type Variant = (typeof VARIANTS)[number]

function readYaml(file: string): unknown {
  return parse(readFileSync(file, 'utf8'))
}

/** A HOT template declaring `schema.yaml`'s name → type map. */
function hotTemplate(schema: Record<string, string>): string {
  const lines = Object.entries(schema).map(([name, type]) => `  ${JSON.stringify(name)}: {type: ${type}}`)
  return ['heat_template_version: 2021-04-16', lines.length ? 'parameters:' : 'parameters: {}', ...lines, ''].join('\n')
}

function writeEntry(name: string, variant: Variant): { entry: string; options: RenderOptions } {
  const source = join(dir!, name)
  const root = scratchDir('heat')
  const meta = (readYaml(join(source, 'options.yaml')) ?? {}) as { mode?: string }
  const envFiles = readdirSync(source)
    .filter((file) => /^env-\d+\.yaml$/.test(file))
    .sort((a, b) => Number(a.match(/\d+/)![0]) - Number(b.match(/\d+/)![0]))
  for (const file of envFiles) copyFileSync(join(source, file), join(root, file))

  const options: RenderOptions = { root, strict: false, dialect: 'heat', yamlVersion: variant.yamlVersion }
  const includes = [...envFiles]
  if (meta.mode === 'heatclient') {
    options.heat = { mode: 'heatclient' }
  } else {
    const schema = (readYaml(join(source, 'schema.yaml')) ?? {}) as Record<string, string>
    writeFileSync(join(root, 'template.yaml'), hotTemplate(schema))
    const initial = readYaml(join(source, 'initial.yaml')) as Record<string, unknown>
    options.heat = variant.template === 'option' ? { template: 'template.yaml', initial } : { initial }
    if (variant.template === 'part') includes.unshift('template.yaml')
  }
  const entry = join(root, `${name}.merged.yaml`)
  // No environment files at all (006, 026): an entry that includes nothing.
  writeFileSync(entry, includes.length ? `#include\n${includes.join('\n')}\n` : '# no environment files\n')
  return { entry, options }
}

describe.skipIf(!dir)('Heat conformance (needs ../shared/conformance/heat)', () => {
  it('has the 26 cases', () => {
    expect(caseNames).toHaveLength(26)
  })

  for (const variant of VARIANTS) {
    describe(variant.name, () => {
      for (const name of caseNames) {
        it(name, async () => {
          const { entry, options } = writeEntry(name, variant)
          const errorFile = join(dir!, name, 'expected-error.txt')
          if (existsSync(errorFile)) {
            const expectedClass = readFileSync(errorFile, 'utf8').trim()
            for (const strict of [false, true]) {
              const error = await render(entry, { ...options, strict }).catch((e: unknown) => e)
              if (!isMergedYamlError(error))
                throw new Error(`${name} (strict: ${strict}): expected ${expectedClass}, got ${JSON.stringify(error)}`)
              expect(error.code).toMatch(ERROR_CODES[expectedClass]!)
              expect(error.diagnostics[0]!.line).toBeGreaterThanOrEqual(1)
            }
            return
          }
          const expected = JSON.parse(readFileSync(join(dir!, name, 'expected.json'), 'utf8'))
          const { value } = await render(entry, options)
          // Key order included: Heat's dict order (existing keys stay, new ones are appended).
          expect(JSON.stringify(value)).toBe(JSON.stringify(expected))
          await expectSameOrLocatedError(
            async () => (await render(entry, { ...options, strict: true })).value,
            expected,
          )
        })
      }
    })
  }
})
