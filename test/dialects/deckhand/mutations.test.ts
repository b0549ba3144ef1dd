// The mutation check: one substitution of a small Airship-shaped site (mutations/base.yaml) changed at
// a time, each rendered as Deckhand's own engine renders it (mutations/expected.json, made by
// mutations/regenerate.py with ../shared/realworld/oracle/dh_ref.py), with fail_on_missing_sub_src on
// and off. Lenient mode gives Deckhand's render or its error; strict mode gives the same, or fails
// on what Deckhand skips or ignores.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { isMergedYamlError, render } from '../../../packages/core/src/index.ts'
import { DECKHAND_CODES, DECKHAND_ERROR_CODES } from '../../../packages/core/src/dialects/deckhand/index.ts'

const HERE = join(import.meta.dirname, 'mutations')
const read = (file: string) => readFileSync(join(HERE, file), 'utf8')

interface Mutation {
  name: string
  at: string
  replace: [string, string]
}
interface RenderedDocument {
  schema: string
  metadata: { name: string }
  data: unknown
}
type Outcome = { error: string } | { documents: Record<string, unknown> }
type Mode = 'fail' | 'skip'
interface Expected {
  base: Record<Mode, Record<string, RenderedDocument>>
  mutations: Record<string, Record<Mode, Outcome>>
}

const base = read('base.yaml')
const mutations = JSON.parse(read('mutations.json')) as Mutation[]
const expected = JSON.parse(read('expected.json')) as Expected

/** As regenerate.py: the first `old` after the marker `# <document>/<n>` becomes `new`. */
function mutate(text: string, { at, replace: [old, replacement] }: Mutation): string {
  const start = text.indexOf(`# ${at}\n`)
  const index = text.indexOf(old, start)
  if (start < 0 || index < 0) throw new Error(`mutation at ${at}: '${old}' not found`)
  return text.slice(0, index) + replacement + text.slice(index + old.length)
}

const temp = mkdtempSync(join(tmpdir(), 'deckhand-mutations-'))
afterAll(() => rmSync(temp, { recursive: true, force: true }))

type Result = { value: RenderedDocument[] } | { code: string; line: number }

async function renderText(name: string, text: string, strict: boolean, mode: Mode): Promise<Result> {
  const entry = join(temp, `${name}.merged.yaml`)
  writeFileSync(entry, text)
  try {
    const options = { root: temp, strict, yamlVersion: '1.1' as const }
    const deckhand = { failOnMissingSubstitutionSource: mode === 'fail' }
    return { value: (await render(entry, { ...options, deckhand })).value as RenderedDocument[] }
  } catch (error) {
    if (!isMergedYamlError(error)) throw error
    const d = error.diagnostics[0]!
    return { code: d.code, line: d.line }
  }
}

const keyOf = (doc: RenderedDocument) => JSON.stringify([doc.schema, doc.metadata.name])

/** The expected `data` of every rendered document, by (schema, name). */
function expectedData(mode: Mode, outcome: Outcome | undefined): Record<string, unknown> {
  const data: Record<string, unknown> = {}
  for (const [key, doc] of Object.entries(expected.base[mode])) data[key] = doc.data
  if (outcome && 'documents' in outcome) {
    for (const [key, value] of Object.entries(outcome.documents)) {
      if (value === null) delete data[key]
      else data[key] = value
    }
  }
  return data
}

/** The codes of Deckhand's exception (UnknownSubstitutionError covers MissingDocumentPattern, which it wraps). */
function codesFor(exception: string): string[] {
  const code = DECKHAND_ERROR_CODES[exception]!
  return exception === 'UnknownSubstitutionError' ? [code, DECKHAND_CODES.missingPattern] : [code]
}

/** What strict mode may fail on instead: what Deckhand skips or ignores. */
const STRICT_ONLY: string[] = [DECKHAND_CODES.substitutionSkipped, DECKHAND_CODES.sourcePatternUnmatched]

/** What the render gave and what Deckhand gives, in comparable form. */
function compare(result: Result, outcome: Outcome | undefined, mode: Mode, strict: boolean) {
  if ('code' in result) {
    const exception = outcome && 'error' in outcome ? outcome.error : undefined
    if (exception !== undefined && codesFor(exception).includes(result.code))
      return { actual: `${exception} (${result.code})`, expected: `${exception} (${result.code})` }
    // Strict mode may fail where Deckhand skips or ignores something and renders.
    if (strict && exception === undefined && STRICT_ONLY.includes(result.code)) return { actual: 'ok', expected: 'ok' }
    return { actual: `error ${result.code}`, expected: exception ?? expectedData(mode, outcome) }
  }
  const data = Object.fromEntries(result.value.map((doc) => [keyOf(doc), doc.data]))
  if (outcome && 'error' in outcome) return { actual: data, expected: outcome.error }
  return { actual: data, expected: expectedData(mode, outcome) }
}

describe('one substitution changed at a time renders as Deckhand renders it', () => {
  it.each(['fail', 'skip'] as const)('the base set (fail_on_missing_sub_src: %s)', async (mode) => {
    for (const strict of [false, true]) {
      const { actual, expected } = compare(await renderText('base', base, strict, mode), undefined, mode, strict)
      expect(actual).toEqual(expected)
    }
  })

  describe.each(mutations)('$name ($at)', (mutation) => {
    it.each(['fail', 'skip'] as const)('fail_on_missing_sub_src: %s', async (mode) => {
      const outcome = expected.mutations[mutation.name]![mode]
      const text = mutate(base, mutation)
      for (const strict of [false, true]) {
        const result = await renderText(mutation.name, text, strict, mode)
        const { actual, expected } = compare(result, outcome, mode, strict)
        expect(actual, `strict: ${strict}`).toEqual(expected)
      }
    })
  })
})
