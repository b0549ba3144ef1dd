// Runs the Deckhand conformance corpus (../shared/conformance/deckhand) through render(): each
// case's multi-document stream becomes an entry, once as one file and once split into one file per
// document included in reverse order (no case aliases a value, so Deckhand's result for them does not
// depend on the order; where a substitution aliases one it does: see test/dialects/deckhand/aliasing.test.ts).
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { parse, parseAllDocuments, stringify } from 'yaml'
import { isMergedYamlError, render } from '@merged-yaml/core'
import type { RenderOptions } from '@merged-yaml/core'
import { DECKHAND_CODES, DECKHAND_ERROR_CODES } from '../../packages/core/src/dialects/deckhand/index.ts'

const CORPUS = resolve(import.meta.dirname, '../../../shared/conformance/deckhand')
/** Cases may only be skipped for a substitution feature the dialect refuses by name. */
const SUBSTITUTION_SKIP = 'uses a substitution feature the dialect refuses (MY_DECKHAND_SUBSTITUTION_UNSUPPORTED)'

interface CaseOptions {
  features: string[]
  validate: boolean
  fail_on_missing_sub_src?: boolean
}

interface ConformanceCase {
  name: string
  options: CaseOptions
  stream: string
  expected?: unknown
  error?: string
}

function loadCases(): ConformanceCase[] {
  return readdirSync(CORPUS, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => {
      const dir = join(CORPUS, entry.name)
      const read = (file: string) => readFileSync(join(dir, file), 'utf8')
      const c: ConformanceCase = {
        name: entry.name,
        options: parse(read('options.yaml')) as CaseOptions,
        stream: read('documents.yaml'),
      }
      if (existsSync(join(dir, 'expected.json'))) c.expected = JSON.parse(read('expected.json'))
      else c.error = read('expected-error.txt').trim()
      return c
    })
    .sort((a, b) => a.name.localeCompare(b.name))
}

const temp = mkdtempSync(join(tmpdir(), 'my-deckhand-'))
afterAll(() => rmSync(temp, { recursive: true, force: true }))

/** Writes the case as an entry; `split` puts each document in its own file, included in reverse order. */
function writeEntry(c: ConformanceCase, split: boolean): string {
  const dir = mkdtempSync(join(temp, `${c.name.slice(0, 3)}-`))
  const entry = join(dir, 'site.merged.yaml')
  if (!split) {
    writeFileSync(entry, c.stream)
    return entry
  }
  const docs = parseAllDocuments(c.stream).map((doc) => doc.toJS())
  const files = docs.map((doc, i) => {
    const file = `doc-${String(i).padStart(2, '0')}.yaml`
    writeFileSync(join(dir, file), stringify(doc))
    return file
  })
  writeFileSync(entry, `#include\n${files.reverse().join('\n')}\n`)
  return entry
}

type Outcome = { value: unknown } | { code: string; message: string; file: string; line: number }

async function run(entry: string, options: RenderOptions): Promise<Outcome> {
  try {
    const result = await render(entry, { root: temp, ...options })
    return { value: result.value }
  } catch (error) {
    if (!isMergedYamlError(error)) throw error
    const d = error.diagnostics[0]!
    return { code: d.code, message: d.message, file: d.file, line: d.line }
  }
}

const cases = existsSync(CORPUS) ? loadCases() : []
const counts = { passed: 0, substitutionPassed: 0, skipped: [] as string[] }

describe.skipIf(cases.length === 0)('Deckhand conformance (needs ../shared/conformance/deckhand)', () => {
  it('has the 176 cases', () => {
    expect(cases).toHaveLength(176)
  })

  for (const c of cases) {
    const substitution = c.options.features.includes('substitution')
    for (const split of [false, true]) {
      it(`${c.name}${split ? ' (one file per document, reversed)' : ''}`, async (ctx) => {
        const entry = writeEntry(c, split)
        // Deckhand's fail_on_missing_sub_src=False is the dialect option failOnMissingSubstitutionSource.
        const deckhand = c.options.fail_on_missing_sub_src === false ? { failOnMissingSubstitutionSource: false } : {}
        const lenient = await run(entry, { strict: false, deckhand })
        // Only a refusal by name is a skip: any other outcome is compared, so a wrong value fails.
        if (substitution && 'code' in lenient && lenient.code === DECKHAND_CODES.substitutionUnsupported) {
          if (!split) counts.skipped.push(`${c.name}: ${lenient.message}`)
          ctx.skip(SUBSTITUTION_SKIP)
        }
        if (c.error) expect(lenient).toMatchObject({ code: DECKHAND_ERROR_CODES[c.error] })
        else expect(lenient).toEqual({ value: c.expected })

        // Strict mode gives the same outcome or a located error, never another value.
        const strict = await run(entry, { strict: true, deckhand })
        if ('value' in strict) expect(strict).toEqual(lenient)
        else {
          expect(strict.code).toMatch(/^MY_/)
          expect(strict.file).toMatch(/\.yaml$/)
          expect(strict.line).toBeGreaterThanOrEqual(1)
        }
        if (!split) {
          counts.passed++
          if (substitution) counts.substitutionPassed++
        }
      })
    }
  }

  afterAll(() => {
    const total = cases.filter((c) => c.options.features.includes('substitution')).length
    console.info(
      `deckhand conformance: ${counts.passed} passed; substitution cases: ${counts.substitutionPassed} of ${total} passed, ${counts.skipped.length} skipped (${SUBSTITUTION_SKIP})`,
    )
    for (const skipped of counts.skipped) console.info(`  skipped ${skipped}`)
  })
})
