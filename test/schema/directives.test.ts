// The directive schema for editors (schema/directives.json, shipped as
// `unplugin-merged-yaml/schema/directives.json`): generated from the engine's tables and never stale,
// and it agrees with the engine's own directive checks in strict mode on every document with a
// directive of the fixtures, the playground and ../shared/conformance (no squiggle on a directive the
// engine accepts, a squiggle on each it refuses) and on the misspellings the strict-mode tests use.
// `MY_WRITE_SCHEMA=1 npx vitest run test/schema` writes the file anew.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import Ajv from 'ajv'
import { describe, expect, it } from 'vitest'
import { parseAllDocuments } from 'yaml'
import { directiveSchemaText, generateDirectiveSchema } from '../../scripts/directive-schema.ts'
import { parseMergeBody } from '../../packages/core/src/dialects/cloud-init/directive.ts'
import { validateSpecs } from '../../packages/core/src/dialects/cloud-init/validate-specs.ts'
import { directiveOf } from '../../packages/core/src/dialects/datum/directives.ts'
import { validateStrategy } from '../../packages/core/src/dialects/datum/validate.ts'
import { ACTION_METHODS } from '../../packages/core/src/dialects/deckhand/actions.ts'
import { deckhandDirective, readDeckhandDocument } from '../../packages/core/src/dialects/deckhand/document.ts'
import { PARAMETER_MERGE_STRATEGIES, parseEnvironment } from '../../packages/core/src/dialects/heat/sections.ts'
import { STRATEGIES } from '../../packages/core/src/dialects/heat/strategies.ts'
import { Reporter } from '../../packages/core/src/reporter.ts'
import type { Problem } from '../../packages/core/src/reporter.ts'
import type { SourceDocument } from '../../packages/core/src/source-document.ts'
import { isMapping } from '../../packages/core/src/values.ts'
import { REPO } from '../plugin/bundlers.ts'
import { CONFORMANCE_ROOT } from '../conformance/shared.ts'

const SCHEMA_FILE = join(REPO, 'schema/directives.json')

/** A document as the engine's checks take it (positions are not asked for here). */
function sourceDocument(value: unknown, file: string): SourceDocument {
  return { value, file, chain: [], headers: {}, index: 0, locate: () => ({ line: 1, column: 1 }) } as never
}

/** Whether `run` reports anything in strict mode (an error thrown, or a problem kept). */
function refuses(run: (report: Reporter) => void): boolean {
  const report = new Reporter(true)
  try {
    run(report)
  } catch {
    return true
  }
  return report.errors.length > 0 || report.warnings.length > 0
}

/**
 * What the engine says in strict mode of the directives of one document: the problems of each
 * directive key it carries, per dialect, or undefined when it carries none.
 */
function engineRefuses(value: unknown, file: string): boolean | undefined {
  if (!isMapping(value)) return undefined
  const verdicts: boolean[] = []
  for (const key of ['merge_how', 'merge_type']) {
    if (!(key in value)) continue
    const parsed = parseMergeBody(value[key])
    verdicts.push(parsed.problems.length > 0 || validateSpecs(parsed.specs).length > 0)
  }
  for (const key of Object.keys(value)) {
    const directive = directiveOf(key)
    if (!directive) continue
    const where = { doc: sourceDocument(value, file), path: [key] }
    verdicts.push(
      refuses((report) => {
        if (directive === 'default_lookup_options') validateStrategy(value[key], where, key, report)
        else if (!isMapping(value[key])) throw new Error('lookup_options must be a mapping')
        else
          for (const [name, strategy] of Object.entries(value[key]))
            report.collect(() => validateStrategy(strategy, { ...where, path: [key, name] }, name, report))
      }),
    )
  }
  if (PARAMETER_MERGE_STRATEGIES in value) {
    const strategies = value[PARAMETER_MERGE_STRATEGIES]
    verdicts.push(
      !isMapping(strategies) ||
        !Object.values(strategies).every((s) => STRATEGIES.includes(s as string)) ||
        refuses((report) => parseEnvironment(sourceDocument(value, file), 'heatclient', report)),
    )
  }
  if (deckhandDirective(value)?.startsWith('metadata.schema')) {
    const soft: Problem[] = []
    verdicts.push(
      refuses((report) => {
        const doc = readDeckhandDocument(sourceDocument(value, file), report, soft)
        const unsupported = doc.actions.filter((a) => !(ACTION_METHODS as readonly string[]).includes(a.method))
        if (soft.length > 0 || unsupported.length > 0) throw new Error('refused')
      }),
    )
  }
  return verdicts.length === 0 ? undefined : verdicts.some(Boolean)
}

const ajv = new Ajv({ allErrors: true, strict: false })
// The generated schema: the first test checks that the shipped file is exactly it.
const validate = ajv.compile(generateDirectiveSchema())

function yamlFiles(dir: string): string[] {
  if (!existsSync(dir)) return []
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.ya?ml$/.test(f) && !f.includes('node_modules'))
    .map((f) => join(dir, f))
}

interface Case {
  where: string
  value: unknown
  refused: boolean
}

/** Every document with a directive in the corpora, with the engine's verdict. */
function directiveDocuments(dirs: readonly string[]): Case[] {
  const cases: Case[] = []
  for (const file of dirs.flatMap(yamlFiles)) {
    const text = readFileSync(file, 'utf8')
    // Include lists and MIME messages are not YAML documents.
    if (/^(?:#include|Content-Type:|MIME-Version:)/im.test(text.slice(0, 200))) continue
    parseAllDocuments(text).forEach((doc, index) => {
      if (!('errors' in doc) || doc.errors.length > 0) return
      const parsed: unknown = doc.toJS({ maxAliasCount: -1 })
      // A Datum conformance case holds its Datum.yml under `datum:` of options.yaml.
      const datum = file.endsWith('options.yaml') && file.includes('/datum/') && isMapping(parsed)
      const value = datum ? parsed.datum : parsed
      const refused = engineRefuses(value, file)
      if (refused !== undefined) cases.push({ where: `${relative(REPO, file)} #${index + 1}`, value, refused })
    })
  }
  return cases
}

describe('schema/directives.json', () => {
  it('is generated from the engine tables (MY_WRITE_SCHEMA=1 rewrites it)', () => {
    if (process.env.MY_WRITE_SCHEMA) writeFileSync(SCHEMA_FILE, directiveSchemaText())
    expect(readFileSync(SCHEMA_FILE, 'utf8')).toBe(directiveSchemaText())
    expect(generateDirectiveSchema()).toHaveProperty('$schema')
  })

  const corpora = [
    join(REPO, 'test/fixtures'),
    join(REPO, 'test/dialects'),
    join(REPO, 'playground'),
    ...(existsSync(CONFORMANCE_ROOT) ? [CONFORMANCE_ROOT] : []),
  ]
  const cases = directiveDocuments(corpora)

  it(`agrees with the engine on every document with a directive (${cases.length} documents)`, () => {
    expect(cases.filter((c) => !c.refused).length).toBeGreaterThan(50)
    const disagreements = cases
      .filter((c) => validate(c.value) === c.refused)
      .map(
        (c) => `${c.where}: engine ${c.refused ? 'refuses' : 'accepts'}, schema ${c.refused ? 'accepts' : 'refuses'}`,
      )
    expect(disagreements).toEqual([])
  })

  it.skipIf(!existsSync(CONFORMANCE_ROOT))('covers the conformance inputs (needs ../shared/conformance)', () => {
    const systems = ['cloud-init', 'datum', 'heat', 'deckhand']
    for (const system of systems)
      expect(
        cases.some((c) => c.where.includes(`conformance/${system}/`)),
        system,
      ).toBe(true)
  })

  // The misspellings of the strict-mode tests (test/engine/diagnostics.test.ts, directive.test.ts,
  // test/dialects/*/errors.test.ts, precedence.test.ts, actions.test.ts, document-set.test.ts).
  const deckhand = (layering: object) => ({
    schema: 'example/Kind/v1',
    metadata: { schema: 'metadata/Document/v1', name: 'x', layeringDefinition: { layer: 'site', ...layering } },
    data: {},
  })
  const misspelt: Record<string, unknown> = {
    'merger lst': { merge_how: 'dict(replace)+lst(append)' },
    'merger lsit': { merge_how: 'dict(replace)+lsit(append)' },
    'merger lists (list format)': { merge_how: [{ name: 'lists', settings: ['append'] }] },
    'merger Dict (list format keeps case)': { merge_how: [{ name: 'Dict', settings: [] }] },
    'option recurse_lst': { merge_how: 'dict(recurse_lst)+list()' },
    'option append on dict': { merge_how: 'dict(append)' },
    'space before (': { merge_how: 'dict (replace)' },
    'missing +': { merge_how: 'dict(recurse_list)list(append)' },
    'settings as a string': { merge_how: [{ name: 'dict', settings: 'no_replace' }] },
    'Datum preset Deeep': { lookup_options: { App: 'Deeep' } },
    'Datum merge_hash deeep': { lookup_options: { App: { merge_hash: 'deeep' } } },
    'Datum merge_baseType_array Uniq': { lookup_options: { App: { merge_baseType_array: 'Uniq' } } },
    'Datum merge_hash_array Merge': { lookup_options: { App: { merge_hash_array: 'Merge' } } },
    'Datum field merge_hsh': { lookup_options: { App: { merge_hsh: 'deep' } } },
    'Datum option knockout_prefx': { lookup_options: { App: { merge_options: { knockout_prefx: 'x' } } } },
    'Heat strategy mrege': { parameter_merge_strategies: { default: 'merge', p: 'mrege' }, parameters: { p: 'a' } },
    'Heat section resource_registy': { parameter_merge_strategies: {}, resource_registy: {} },
    'Deckhand parentSelecter': deckhand({ parentSelecter: { k: 'v' } }),
    'Deckhand action mrege': deckhand({ actions: [{ method: 'mrege', path: '.a' }] }),
  }
  for (const [name, value] of Object.entries(misspelt)) {
    it(`flags ${name}, as strict mode does`, () => {
      expect(engineRefuses(value, 'misspelt.yaml')).toBe(true)
      expect(validate(value)).toBe(false)
    })
  }

  it('accepts the spellings strict mode accepts: any case and - for _ in strings, m_ prefixes, Datum in any case', () => {
    for (const value of [
      { merge_how: 'DICT(No-Replace, Recurse-List)+m_list(append)++ str()' },
      { merge_how: [{ name: 'm-dict', settings: { no_replace: true } }] },
      { merge_how: null },
      {
        Lookup_Options: {
          App: 'MergeRecursively',
          '^Regex.*': { MERGE_HASH: 'Deep', merge_options: { tuple_keys: ['Name'] } },
        },
      },
      { default_lookup_options: 'MostSpecific' },
      { parameter_merge_strategies: { default: 'deep_merge', p: 'overwrite' }, parameter_defaults: { p: 1 } },
    ]) {
      expect(engineRefuses(value, 'valid.yaml'), JSON.stringify(value)).toBe(false)
      expect(validate(value), `${JSON.stringify(value)}: ${ajv.errorsText(validate.errors)}`).toBe(true)
    }
  })
})
