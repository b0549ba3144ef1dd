// Runs Datum's merge test data (../shared/conformance/datum) through render(): each case becomes an
// entry in the documented syntax (docs/datum.md): an `#include` list of the case's Datum.yml part and
// its layers, base first. Every lookup is checked twice: as the `datum.lookup` option, and, for a
// top-level key, as that key of the whole entry's value. Strict mode must give the same value or a
// located error.
import { copyFileSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { basename, join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { parse, stringify } from 'yaml'
import { render } from '@merged-yaml/core'
import type { RenderOptions } from '@merged-yaml/core'
import { conformanceDir, expectSameOrLocatedError, scratchDir } from './shared.ts'

const dir = conformanceDir('datum')
const caseNames = dir
  ? readdirSync(dir)
      .filter((name) => /^\d{3}-/.test(name))
      .sort()
  : []

interface CaseOptions {
  resolution_precedence: string[]
  datum?: Record<string, unknown> | null
  lookups: string[]
  features?: string[]
}

interface WrittenCase {
  entry: string
  options: RenderOptions
  lookups: string[]
  expected: Record<string, unknown>
}

function writeCase(name: string): WrittenCase {
  const source = join(dir!, name)
  const meta = parse(readFileSync(join(source, 'options.yaml'), 'utf8')) as CaseOptions
  const root = scratchDir('datum')
  mkdirSync(join(root, 'layers'))
  // Datum lists layers most specific first; an entry lists them base first.
  const layers = [...meta.resolution_precedence].reverse()
  for (const layer of layers) copyFileSync(join(source, layer), join(root, 'layers', basename(layer)))
  const includes = layers.map((layer) => `layers/${basename(layer)}`)
  const options: RenderOptions = { root, strict: false }
  const datum = meta.datum ?? {}
  if (Object.keys(datum).length > 0) {
    writeFileSync(join(root, 'Datum.yml'), stringify(datum))
    includes.unshift('Datum.yml')
  } else {
    // Nothing declares lookup options, so nothing marks the entry as Datum's.
    options.dialect = 'datum'
  }
  const entry = join(root, 'entry.merged.yaml')
  writeFileSync(entry, `#include\n${includes.join('\n')}\n`)
  const expected = JSON.parse(readFileSync(join(source, 'expected.json'), 'utf8')) as Record<string, unknown>
  return { entry, options, lookups: meta.lookups, expected }
}

function topLevelValue(value: unknown, key: string): unknown {
  const record = value as Record<string, unknown>
  const found = Object.keys(record).find((k) => k.toLowerCase() === key.toLowerCase())
  return found === undefined ? null : record[found]
}

describe.skipIf(!dir)('Datum conformance (needs ../shared/conformance/datum)', () => {
  it('has the 49 cases', () => {
    expect(caseNames).toHaveLength(49)
  })

  for (const name of caseNames) {
    it(name, async () => {
      const { entry, options, lookups, expected } = writeCase(name)
      const whole = (await render(entry, options)).value
      for (const lookup of lookups) {
        const lookupOptions = { ...options, datum: { lookup } }
        const { value } = await render(entry, lookupOptions)
        expect(value, `lookup ${lookup}`).toEqual(expected[lookup])
        if (!/[\\/]/.test(lookup))
          expect(topLevelValue(whole, lookup), `key ${lookup} of the whole entry`).toEqual(expected[lookup])
        await expectSameOrLocatedError(
          async () => (await render(entry, { ...lookupOptions, strict: true })).value,
          value,
        )
      }
      await expectSameOrLocatedError(async () => (await render(entry, { ...options, strict: true })).value, whole)
    })
  }
})
