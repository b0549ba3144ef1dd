// The official YAML test suite (../shared/yaml-test-suite, 402 cases) through each of our YAML readers
// and through render() with the default options. What holds: no reader gives a value other than the
// case's in.json, none accepts an error case, nothing crashes; render() gives the value our stream
// semantics make of the in.json documents, or a located diagnostic whose reason is listed below, and
// refuses every error case as invalid YAML. docs/yaml-test-suite.md explains the classes.
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { isMergedYamlError, render } from '@merged-yaml/core'
import type { RenderOptions } from '@merged-yaml/core'
import { parseBlockYaml } from '../../packages/core/src/yaml/block/read.ts'
import { parseYamlStreamFast } from '../../packages/core/src/yaml/fast/read.ts'
import { parseYamlStream, parseYamlStreamPrecise } from '../../packages/core/src/yaml/parse.ts'
import type { ParseYamlOptions, YamlDocument } from '../../packages/core/src/yaml/parse.ts'
import { parsePowerShellYaml } from '../../packages/core/src/dialects/datum/powershell/yaml.ts'
import { expectLocated } from '../realworld/shared.ts'
import { loadSuiteCases, notPlainData, suiteDifference, YAML_SUITE } from './yaml-suite.ts'
import type { SuiteCase } from './yaml-suite.ts'

const present = existsSync(YAML_SUITE)
const cases = present ? loadSuiteCases() : []
const Y12: ParseYamlOptions = { version: '1.2', allowDuplicateKeys: false, maxAliasCount: 100 }
const Y11: ParseYamlOptions = { version: '1.1', allowDuplicateKeys: false, maxAliasCount: 100 }

// Valid cases the readers (YAML 1.2) refuse or read otherwise than in.json, on purpose.
const READER_EXCEPTIONS: Readonly<Record<string, string>> = {
  '2JQS': 'two empty keys are the same key (null) twice: a duplicate key, refused as every duplicate is',
  X38W: 'the list anchored as the first key is the second key too (`*a`): a duplicate key, refused as every duplicate is',
  M7A3: '`...`, a comment, `...`: `yaml` reads an empty document between the markers, the suite none (an empty document is a no-op in our streams)',
}

// Why render() (default options: the values dialect, strict, the YAML version unset) refuses a valid case: the
// first diagnostic's code, its reason, and how many valid cases it refuses.
const RENDER_REFUSALS: Readonly<Record<string, { reason: string; cases: number }>> = {
  MY_VALUES_NOT_A_MAPPING: {
    reason: 'a document that is not a mapping (a scalar, a list, null): a part is a mapping',
    cases: 102,
  },
  MY_YAML_VERSION_AMBIGUOUS: {
    reason:
      'YAML 1.1 (PyYAML) reads it otherwise and the version was not chosen: a tag PyYAML has no constructor ' +
      'for (`!local`, `!foo`, `tag:example.com,2000:app/foo`: 13 cases), the non-specific tag (`! 12` is 12, ' +
      '`!` alone null for PyYAML), `!!omap` (a list of tuples), a block scalar ending the text without a ' +
      'line break (2), `20:03:20` (a base-60 number); 10 of the 19 also hold what Helm cannot read, said first',
    cases: 9,
  },
  MY_YAML_DUPLICATE_KEY: {
    reason: 'a key twice in a mapping (2JQS: two empty keys; X38W: a list key and its alias)',
    cases: 2,
  },
  MY_VALUES_HELM_UNREADABLE: {
    reason:
      "what Helm's values loader cannot read (docs/values.md): a `%YAML` or `%TAG` directive, text after `---` on " +
      'its line, text after a `...` document end, a null or collection key (17 of the 18 valid cases without in.json, ' +
      'whose keys JSON cannot hold, among them; X38W is a duplicate key first); said before the merge, so before a ' +
      'document that is not a mapping',
    cases: 73,
  },
  MY_VALUES_HELM_BINARY: {
    reason: '`!!binary` of bytes that are not UTF-8 (a GIF): Helm makes U+FFFD of them',
    cases: 1,
  },
}

/**
 * Each document's value as the suite writes it: an empty document is null. Our readers give an
 * empty stream as one empty document, which the suite writes as no document.
 */
function valuesOf(docs: readonly YamlDocument[], json: readonly unknown[]): unknown[] {
  if (json.length === 0 && docs.length === 1 && docs[0]!.empty) return []
  return docs.map((doc) => (doc.empty ? null : doc.value))
}

/** How a reader's documents differ from the case's in.json, or undefined. */
function readerDifference(docs: readonly YamlDocument[], c: SuiteCase): string | undefined {
  const rejected = docs.find((doc) => doc.error)
  if (c.error) return rejected ? undefined : 'an error case accepted'
  if (rejected) return `refused: ${rejected.error!.code} ${rejected.error!.message}`
  return c.json ? suiteDifference(valuesOf(docs, c.json), c.json) : undefined
}

describe.skipIf(!present)('the YAML test suite (needs ../shared/yaml-test-suite)', () => {
  it('has 402 cases: 94 to reject, 279 valid with in.json, 29 valid without', () => {
    expect(cases.length).toBe(402)
    expect(cases.filter((c) => c.error).length).toBe(94)
    expect(cases.filter((c) => !c.error && c.json).length).toBe(279)
  })

  it('the precise reader (`yaml`) and parseYamlStream give in.json or refuse, as listed', () => {
    const deviations: Record<string, string> = {}
    for (const c of cases) {
      for (const [name, read] of [
        ['precise', parseYamlStreamPrecise],
        ['parseYamlStream', parseYamlStream],
      ] as const) {
        const d = readerDifference(read(c.text, Y12), c)
        if (d) deviations[c.id] = `${name}: ${d}`
      }
    }
    expect(Object.keys(deviations).sort()).toEqual(Object.keys(READER_EXCEPTIONS).sort())
    expect(deviations['M7A3']).toMatch(/length|keys|null/)
  })

  it('the fast readers (block.ts, js-yaml) accept no error case and read what they accept as in.json', () => {
    const problems: string[] = []
    let block = 0
    let fast = 0
    for (const c of cases) {
      for (const options of [Y12, Y11]) {
        const locate = (text: string) => parseYamlStreamPrecise(text, options)
        for (const [name, docs] of [
          ['block.ts', parseBlockYaml(c.text, options, locate)],
          ['js-yaml', parseYamlStreamFast(c.text, options, locate)],
        ] as const) {
          if (docs === undefined) continue
          if (options === Y12 && name === 'block.ts') block++
          else if (options === Y12) fast++
          if (c.error) problems.push(`${c.id}: ${name} accepts an error case (YAML ${options.version})`)
          else if (options === Y12 && c.json) {
            const d = suiteDifference(valuesOf(docs, c.json), c.json)
            if (d) problems.push(`${c.id}: ${name}: ${d}`)
          }
        }
      }
    }
    console.log(`YAML test suite: block.ts reads ${block} cases, js-yaml ${fast}, the others go to \`yaml\``)
    expect(problems).toEqual([])
  })

  it('read as YAML 1.1 (PyYAML), every error case is refused', () => {
    const accepted = cases.filter((c) => c.error && !parseYamlStream(c.text, Y11).some((doc) => doc.error))
    expect(accepted.map((c) => c.id)).toEqual([])
  })

  it("Datum's reader (powershell-yaml) refuses every error case, and reads what it types alike as in.json", () => {
    const problems: string[] = []
    for (const c of cases) {
      const read = parsePowerShellYaml(c.text, { maxAliasCount: 100 })
      if (c.error) {
        if (!read.error) problems.push(`${c.id}: an error case accepted`)
        continue
      }
      // Where powershell-yaml types a scalar or spells a key otherwise it says so (a note): those
      // cases, its refusals (collection keys, !!timestamp) and its first-document-only reading aside.
      if (read.error || read.notes.length > 0 || !c.json || c.json.length !== 1) continue
      const d = suiteDifference(read.value, c.json[0])
      if (d) problems.push(`${c.id}: ${d}`)
    }
    expect(problems).toEqual([])
  })

  describe('through render() with the default options', () => {
    const root = mkdtempSync(join(tmpdir(), 'my-yaml-suite-'))
    afterAll(() => rmSync(root, { recursive: true, force: true }))

    /** render() of `text` as an entry: its value and warnings, or the codes of its located diagnostics. */
    async function renderText(
      text: string,
      options: RenderOptions = {},
    ): Promise<{ value: unknown; warnings: string[] } | { codes: string[] }> {
      const entry = join(root, 'case.merged.yaml')
      writeFileSync(entry, text)
      try {
        const result = await render(entry, { root, ...options })
        return { value: result.value, warnings: result.warnings.map((w) => w.code) }
      } catch (error) {
        if (!isMergedYamlError(error)) throw error
        expectLocated(error.diagnostics)
        return { codes: error.diagnostics.map((d) => d.code) }
      }
    }

    it('refuses every error case as invalid YAML, gives the value of in.json or a listed refusal', async () => {
      const problems: string[] = []
      const refusals: Record<string, number> = {}
      const values = { json: 0, other: 0 }
      for (const c of cases) {
        const outcome = await renderText(c.text)
        if (c.error) {
          if (!('codes' in outcome)) problems.push(`${c.id}: an error case renders`)
          else if (!outcome.codes.includes('MY_YAML_SYNTAX'))
            problems.push(`${c.id}: refused, not as invalid YAML: ${outcome.codes.join(', ')}`)
          continue
        }
        if ('codes' in outcome) {
          const code = outcome.codes[0]!
          refusals[code] = (refusals[code] ?? 0) + 1
          continue
        }
        values[c.json ? 'json' : 'other']++
        if (!c.json) {
          // No in.json: still plain data (no Set, Map or Date).
          const d = notPlainData(outcome.value)
          if (d) problems.push(`${c.id}: ${d}`)
          continue
        }
        // Our stream semantics applied to the suite's values: the in.json documents as a JSON stream,
        // a null one as an empty document (a no-op; the suite writes `~` and an empty document alike).
        const stream = c.json.map((value) => (value === null ? '' : JSON.stringify(value)))
        const expected = await renderText(stream.join('\n---\n'))
        if (!('value' in expected)) problems.push(`${c.id}: renders, but its in.json refuses: ${expected.codes}`)
        else {
          const d = suiteDifference(outcome.value, expected.value)
          if (d) problems.push(`${c.id}: ${d}`)
          // One mapping: exactly its in.json.
          if (c.json.length === 1 && typeof c.json[0] === 'object' && !Array.isArray(c.json[0]) && c.json[0])
            expect(suiteDifference(outcome.value, c.json[0]), c.id).toBeUndefined()
        }
      }
      expect(problems).toEqual([])
      const counts = (table: typeof RENDER_REFUSALS) =>
        Object.fromEntries(Object.entries(table).map(([code, { cases }]) => [code, cases]))
      console.log(
        'YAML test suite through render(): every error case refused as invalid YAML, valid cases refused ' +
          `${JSON.stringify(refusals)}, values ${JSON.stringify(values)}`,
      )
      // A value for each valid case not refused: with in.json (its value), without (plain data).
      expect(values).toEqual({ json: 120, other: 1 })
      expect(refusals).toEqual(counts(RENDER_REFUSALS))
    })

    it('lenient, as YAML 1.1, or both: no crash, plain data, an error case never read silently', async () => {
      const problems: string[] = []
      for (const options of [
        { strict: false },
        { yamlVersion: '1.1' },
        { yamlVersion: '1.1', strict: false },
      ] as const) {
        for (const c of cases) {
          const outcome = await renderText(c.text, options)
          if (!('value' in outcome)) continue
          const where = `${c.id} (${JSON.stringify(options)})`
          // cloud-init skips a part PyYAML cannot load, with a warning (lenient mode): invalid YAML, or
          // an unknown tag before the invalid place (9HCY, QLJ7).
          const skipped = outcome.warnings.some((code) => code === 'MY_YAML_SYNTAX' || code === 'MY_YAML_UNKNOWN_TAG')
          if (c.error && !skipped) problems.push(`${where}: an error case renders`)
          const d = notPlainData(outcome.value)
          if (d) problems.push(`${where}: ${d}`)
        }
      }
      expect(problems).toEqual([])
    })
  })
})
