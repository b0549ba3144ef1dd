// Real Airship sites (treasuremap v1.9) validated against their own DataSchemas exactly as Deckhand's
// render with validation does: the unmodified sites pass (as they do in Deckhand), and each edit of
// test/fixtures/deckhand-validation/cases.json gives the violations Deckhand's own DocumentValidation
// reports for it (oracle.py beside the cases ran it), each located at the layer line that set the value.
import { existsSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { basename, join, resolve } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { createRenderCache, isMergedYamlError, render } from '@merged-yaml/core'
import type { Diagnostic, RenderOptions } from '@merged-yaml/core'

const SHARED = resolve(import.meta.dirname, '../../../shared/realworld')
const present = existsSync(join(SHARED, 'deckhand/sites.json'))
const CORPUS = present ? realpathSync(SHARED) : SHARED
const TREE = join(CORPUS, 'deckhand/treasuremap-v1.9')
const CASES = resolve(import.meta.dirname, '../fixtures/deckhand-validation/cases.json')

interface Edit {
  file: string
  find: string
  replace: string
}

interface Case {
  name: string
  site: string
  edits: Edit[]
  expected:
    | { documents: number; errors: { schema: string; name: string; path: string; message: string }[] }
    | { ERROR: string; msg: string }
}

const temp = mkdtempSync(join(tmpdir(), 'realworld-deckhand-validation-'))
afterAll(() => rmSync(temp, { recursive: true, force: true }))
const cache = createRenderCache()

/** The site's files in the order the corpus's renders use: each folder's YAML files in byte order. */
function siteFiles(site: string): string[] {
  const sites = JSON.parse(readFileSync(join(CORPUS, 'deckhand/sites.json'), 'utf8')) as {
    sites: { site: string; type: string }[]
  }
  const type = sites.sites.find((s) => s.site === site)!.type
  return ['global', `type/${type}`, `site/${site}`].flatMap((folder) =>
    readdirSync(join(TREE, folder), { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.yaml'))
      .map((file) => join(TREE, folder, file))
      .sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b))),
  )
}

/** An entry listing the site's files, the edited ones replaced by edited copies. */
function entryFor(test: Case, index: number): { entry: string; copies: Map<string, string> } {
  const dir = mkdtempSync(join(temp, `case-${index}-`))
  const copies = new Map<string, string>()
  for (const [i, edit] of test.edits.entries()) {
    const text = readFileSync(join(TREE, edit.file), 'utf8')
    expect(text, `${edit.file} holds the text to edit`).toContain(edit.find)
    const copy = join(dir, `${i}-${basename(edit.file)}`)
    writeFileSync(copy, text.replace(edit.find, edit.replace))
    copies.set(join(TREE, edit.file), copy)
  }
  const files = siteFiles(test.site).map((file) => copies.get(file) ?? file)
  const entry = join(dir, `${test.site}.merged.yaml`)
  writeFileSync(entry, `#include\n${files.join('\n')}\n`)
  return { entry, copies }
}

const options = (dir: string, more: RenderOptions = {}): RenderOptions => ({ root: dir, allow: [CORPUS], ...more })

async function failure(entry: string, more: RenderOptions = {}): Promise<Diagnostic[]> {
  try {
    await render(entry, options(resolve(entry, '..'), more), { cache })
  } catch (error) {
    if (isMergedYamlError(error)) return error.diagnostics
    throw error
  }
  return []
}

/** A violation as Deckhand names it: the document and the path (`.data.a`) of the value or mapping. */
function asDeckhand(d: Diagnostic): { schema: string; name: string; path: string } {
  const match = /^\[(?<schema>[^\]]+)\] (?<name>\S+) (?<pointer>\/data\S*): (?<rest>.*)$/.exec(d.message)
  expect(match, d.message).not.toBeNull()
  const { schema, name, pointer, rest } = match!.groups!
  // A key not allowed is shown at the key; Deckhand (jsonschema) names the mapping it is in.
  const segments = pointer!.split('/').slice(1)
  if (rest!.startsWith('is not a property the schema allows')) segments.pop()
  return { schema: schema!, name: name!, path: `.${segments.join('.')}` }
}

const cases = present ? (JSON.parse(readFileSync(CASES, 'utf8')) as { cases: Case[] }).cases : []

describe.skipIf(!present)('treasuremap sites against their DataSchemas (needs ../shared/realworld)', () => {
  it('every site validates, as in Deckhand (aiab without its missing certificates)', async () => {
    const sites = JSON.parse(readFileSync(join(CORPUS, 'deckhand/sites.json'), 'utf8')) as {
      sites: { site: string }[]
    }
    for (const { site } of sites.sites) {
      const { entry } = entryFor({ name: site, site, edits: [], expected: { documents: 0, errors: [] } }, 100)
      const more: RenderOptions = site === 'aiab' ? { deckhand: { failOnMissingSubstitutionSource: false } } : {}
      const result = await render(entry, options(resolve(entry, '..'), { ...more, strict: false }), { cache })
      expect(
        result.warnings.filter((w) => w.code.startsWith('MY_SCHEMA')),
        site,
      ).toEqual([])
      expect(Array.isArray(result.value)).toBe(true)
    }
  })

  it.each(cases.map((test, index) => [test.name, test, index] as const))('%s', async (_name, test, index) => {
    const { entry, copies } = entryFor(test, index)
    const diagnostics = await failure(entry)
    if ('ERROR' in test.expected) {
      // Deckhand's validation raises: an error in every mode, at the schema.
      expect(diagnostics.map((d) => d.code)).toEqual(['MY_SCHEMA_INVALID'])
      expect((await failure(entry, { strict: false })).map((d) => d.code)).toEqual(['MY_SCHEMA_INVALID'])
      return
    }
    const expected = test.expected.errors.map(({ schema, name, path }) => ({ schema, name, path }))
    expect(diagnostics.every((d) => d.code === 'MY_SCHEMA_VIOLATION')).toBe(true)
    expect(diagnostics.map(asDeckhand)).toEqual(expected)
    // Each violation points into a file of the set, and a violated value set by an edited layer at that layer.
    const edited = [...copies.values()]
    for (const d of diagnostics) expect(d.frame).toBeDefined()
    if (expected.length > 0 && !test.edits.some((e) => e.file.startsWith('global/schemas/')))
      expect(edited).toContain(diagnostics[0]!.file)
    // Lenient mode: the same violations, as warnings, and the render goes on.
    const result = await render(entry, options(resolve(entry, '..'), { strict: false }), { cache })
    expect(result.warnings.filter((w) => w.code === 'MY_SCHEMA_VIOLATION').map(asDeckhand)).toEqual(expected)
  })

  it('a DataSchema edit is located at the layer line that set the value it now rejects', async () => {
    const test = cases.find((c) => c.name.startsWith('a tightened DataSchema'))!
    const { entry } = entryFor(test, 200)
    const [violation] = await failure(entry)
    expect(violation!.file).toBe(join(TREE, 'type/skiff/networks/common-addresses.yaml'))
    const line = readFileSync(violation!.file, 'utf8').split('\n')[violation!.line - 1]
    expect(line).toContain('apiserver_port: 6443')
  })
})
