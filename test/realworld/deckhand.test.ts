// Real Airship sites (treasuremap v1.9, ../shared/realworld/deckhand) render exactly as Deckhand's
// own engine renders them: each entry is just `#include` of the site's three globs, read as PyYAML
// reads YAML (1.1). Sites with an expected render are compared document for document, in strict and
// lenient mode; aiab makes Deckhand raise SubstitutionSourceNotFound, and renders with
// failOnMissingSubstitutionSource: false; the sites whose renders are held back must render.
import { existsSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { createRenderCache, isMergedYamlError, render } from '../../packages/core/src/index.ts'
import type { RenderOptions, RenderResult } from '../../packages/core/src/index.ts'

const SHARED = resolve(import.meta.dirname, '../../../shared/realworld')
const present = existsSync(join(SHARED, 'deckhand/sites.json'))
// `../shared` may be a symbolic link: `allow` names real folders.
const CORPUS = present ? realpathSync(SHARED) : SHARED
const DECKHAND = join(CORPUS, 'deckhand')

interface Site {
  site: string
  type: string
  expected: string
}

interface RenderedDocument {
  schema: string
  metadata: { name: string }
  data: unknown
}

const temp = mkdtempSync(join(tmpdir(), 'realworld-deckhand-'))
afterAll(() => rmSync(temp, { recursive: true, force: true }))
// The three globs of every site share the global tree: read and parse it once.
const cache = createRenderCache()

function entryFor(site: Site): string {
  const tree = join(DECKHAND, 'treasuremap-v1.9')
  const entry = join(temp, `${site.site}.merged.yaml`)
  writeFileSync(
    entry,
    `#include\n${tree}/global/**/*.yaml\n${tree}/type/${site.type}/**/*.yaml\n${tree}/site/${site.site}/**/*.yaml\n`,
  )
  return entry
}

// The default options: a Deckhand entry reads YAML 1.1, as PyYAML reads Airship's files (`mode: 0555`).
function renderSite(site: Site, options: RenderOptions = {}): Promise<RenderResult> {
  return render(entryFor(site), { root: temp, allow: [CORPUS], ...options }, { cache })
}

/** Plain JSON with sorted keys, so that key order does not count. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.keys(v)
            .sort()
            .map((k) => [k, (v as Record<string, unknown>)[k]]),
        )
      : v,
  )
}

const keyOf = (doc: RenderedDocument) => JSON.stringify([doc.schema, doc.metadata.name])

/** The documents that differ (or are missing on one side), by (schema, metadata.name). */
function differences(actual: RenderedDocument[], expected: RenderedDocument[]): string[] {
  const ours = new Map(actual.map((doc) => [keyOf(doc), doc]))
  const theirs = new Map(expected.map((doc) => [keyOf(doc), doc]))
  const out: string[] = []
  for (const [key, doc] of theirs) {
    const mine = ours.get(key)
    if (!mine) out.push(`missing ${key}`)
    else if (canonical(mine) !== canonical(doc)) out.push(`differs ${key}`)
  }
  for (const key of ours.keys()) if (!theirs.has(key)) out.push(`extra ${key}`)
  return out
}

const sites: Site[] = present
  ? (JSON.parse(readFileSync(join(DECKHAND, 'sites.json'), 'utf8')) as { sites: Site[] }).sites
  : []
const byName = (name: string) => sites.find((site) => site.site === name)!

describe.skipIf(!present)('real Airship sites render as Deckhand renders them (needs ../shared/realworld)', () => {
  describe.each(sites.filter((site) => site.expected !== 'hidden'))('$site', (site) => {
    const expected = present
      ? (JSON.parse(readFileSync(join(DECKHAND, site.expected), 'utf8')) as RenderedDocument[])
      : []

    it.each([false, true])('equals Deckhand’s render document for document (strict: %s)', async (strict) => {
      const result = await renderSite(site, { strict })
      const value = result.value as RenderedDocument[]
      expect(differences(value, expected)).toEqual([])
      expect(value).toHaveLength(expected.length)
      // Deckhand's aliasing changes a few documents of every site: said, never hidden.
      expect(result.warnings.map((w) => w.code)).toContain('MY_DECKHAND_ALIASED_SUBSTITUTION')
    })
  })

  describe('one document of seaworthy', () => {
    it('is ambiguous by name alone where a Chart and a ChartGroup share it, and says how to choose', async () => {
      const error = await renderSite(byName('seaworthy'), { deckhand: { document: 'ucp-drydock' } }).then(
        () => undefined,
        (e: unknown) => e,
      )
      const d = (error as { diagnostics: { code: string; message: string }[] }).diagnostics[0]!
      expect(d.code).toBe('MY_DECKHAND_UNKNOWN_DOCUMENT')
      expect(d.message).toContain('armada/Chart/v1, armada/ChartGroup/v1')
      expect(d.message).toContain('deckhand.schema')
    })

    it('is the data of the document of that schema and name', async () => {
      const result = await renderSite(byName('seaworthy'), {
        deckhand: { document: 'ucp-drydock', schema: 'armada/Chart/v1' },
      })
      const expected = (
        JSON.parse(readFileSync(join(DECKHAND, 'expected/seaworthy.json'), 'utf8')) as RenderedDocument[]
      ).find((doc) => doc.schema === 'armada/Chart/v1' && doc.metadata.name === 'ucp-drydock')!
      expect(canonical(result.value)).toBe(canonical(expected.data))
    })
  })

  describe('aiab (its certificates are not in the tree)', () => {
    it.each([false, true])('fails as Deckhand does, at the substitution (strict: %s)', async (strict) => {
      const error = await renderSite(byName('aiab'), { strict }).then(
        () => undefined,
        (e: unknown) => e,
      )
      expect(isMergedYamlError(error)).toBe(true)
      const d = (error as { diagnostics: { code: string; file: string; line: number; message: string }[] })
        .diagnostics[0]!
      expect(d.code).toBe('MY_DECKHAND_SUBSTITUTION_SOURCE_NOT_FOUND')
      expect(d.file).toMatch(/global\/software\/charts\/kubernetes\/etcd\/etcd\.yaml$/)
      expect(d.line).toBeGreaterThan(1)
      expect(d.message).toContain('SubstitutionSourceNotFound')
      expect(d.message).toContain('[deckhand/CertificateAuthority/v1] kubernetes-etcd')
    })

    it('renders with failOnMissingSubstitutionSource: false, each skipped substitution a warning', async () => {
      const result = await renderSite(byName('aiab'), {
        strict: false,
        deckhand: { failOnMissingSubstitutionSource: false },
      })
      expect(result.value).toHaveLength(303)
      expect(result.warnings.filter((w) => w.code === 'MY_DECKHAND_SUBSTITUTION_SKIPPED').length).toBeGreaterThan(0)
    })
  })

  describe.each(['airskiff-suse', 'airsloop', 'seaworthy-virt'])('%s (render held back)', (name) => {
    it.each([false, true])('renders (strict: %s)', async (strict) => {
      const result = await renderSite(byName(name), { strict })
      expect((result.value as RenderedDocument[]).length).toBeGreaterThan(300)
    })
  })
})
