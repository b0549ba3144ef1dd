// The documentation site: the README fits on a few screens and every section it had before the site
// (2026-12-07) has a home in the guide; the dated results are all listed; and the site builds with
// VitePress, whose build fails on a dead link. The code blocks of the README and the guide's pages
// are checked in test/readme.test.ts.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { assertPluginOptions } from '../../src/plugin/known-options.ts'
import { removeDir } from '../plugin/bundlers.ts'
import { scaled } from '../helpers/time-scale.ts'

const REPO = resolve(import.meta.dirname, '../..')
const read = (path: string) => readFileSync(join(REPO, path), 'utf8')

/** The README's headings before the site, each with the page that holds its section now. */
const MOVED: [heading: string, page: string][] = [
  ['One value at a time: `!override` and `!reset`', 'docs/guide/getting-started.md'],
  ['Compared with other layered configuration', 'docs/guide/compared.md'],
  ['Install', 'docs/guide/install.md'],
  ['Frameworks', 'docs/guide/frameworks.md'],
  ['Importing an entry', 'docs/guide/importing.md'],
  ['Monorepos: where includes may read', 'docs/guide/monorepos.md'],
  ['TypeScript', 'docs/guide/typescript.md'],
  ['In your editor', 'docs/guide/typescript.md'],
  ['See it: the inspector page', 'docs/guide/inspector.md'],
  ['Editors: the directives checked as you type', 'docs/guide/editors.md'],
  ['Validation', 'docs/guide/validation.md'],
  ['Options', 'docs/guide/options.md'],
  ['The engine without a bundler', 'docs/guide/api.md'],
  ['Gathering parts', 'docs/guide/gathering.md'],
  ['Other merge vocabularies', 'docs/guide/dialects/index.md'],
  ['cloud-init: its mergers, exactly', 'docs/guide/dialects/cloud-init.md'],
  ['The strategy stack', 'docs/guide/dialects/cloud-init.md'],
  ['Strict and reference-compatible', 'docs/guide/dialects/cloud-init.md'],
  ['YAML 1.1 or 1.2', 'docs/guide/dialects/cloud-init.md'],
  ['Known differences from a JavaScript point of view', 'docs/guide/dialects/cloud-init.md'],
  ['Datum', 'docs/guide/dialects/datum.md'],
  ['Heat', 'docs/guide/dialects/heat.md'],
  ['Deckhand', 'docs/guide/dialects/deckhand.md'],
  ['The `merged-yaml` command', 'docs/guide/cli.md'],
  ['Performance', 'docs/guide/performance.md'],
  ['Compared with', 'docs/guide/compared.md'],
  ['Development', 'docs/guide/development.md'],
]

/** A document's headings (outside fenced blocks), without their `#`s. */
function headings(text: string): string[] {
  let fenced = false
  return text.split('\n').flatMap((line) => {
    if (/^(`{3,}|~{3,})/.test(line)) fenced = !fenced
    const heading = fenced ? null : /^#{1,6} (.*)$/.exec(line)
    return heading ? [heading[1]!] : []
  })
}

describe('the README', () => {
  it('is at most 300 lines', () => {
    expect(read('README.md').split('\n').length - 1).toBeLessThanOrEqual(300)
  })

  it.each(MOVED)('"%s" has its home in %s', (heading, page) => {
    expect(existsSync(join(REPO, page)), page).toBe(true)
    expect(headings(read(page))).toContain(heading)
  })

  it('links only to files the repository has (its links work on GitHub and on npm)', () => {
    const links = [
      ...read('README.md').matchAll(
        /\]\((?:https:\/\/github\.com\/[\w-]+\/[\w-]+\/(?:blob|tree)\/main\/)?([^)#:]+)(?:#[\w-]*)?\)/g,
      ),
    ]
    expect(links.length).toBeGreaterThan(10)
    for (const [, path] of links) expect(existsSync(join(REPO, path!)), path).toBe(true)
  })
})

describe('the options', () => {
  const TABLE_HEADER = '| Option | Type | Default | Description |'

  it("are documented in one table, the guide's options page", () => {
    const documents = [
      'README.md',
      ...readdirSync(join(REPO, 'docs'), { recursive: true, encoding: 'utf8' })
        .filter((file) => file.endsWith('.md') && !file.startsWith('results/'))
        .map((file) => `docs/${file}`),
    ]
    expect(documents.filter((doc) => read(doc).includes(TABLE_HEADER))).toEqual(['docs/guide/options.md'])
  })

  it('the table names only options the plugin and the config file take', () => {
    const rows = read('docs/guide/options.md')
      .split('\n')
      .filter((line) => line.startsWith('| `'))
      .flatMap((line) => [...line.split(' | ')[0]!.matchAll(/`([^`]+)`/g)].map((m) => m[1]!.replace(/^'|'$/g, '')))
    expect(rows.length).toBeGreaterThan(20)
    for (const name of rows) {
      const [option, key] = name.split('.')
      const given = key ? { [option!]: { [key]: undefined } } : { [option!]: undefined }
      expect(() => assertPluginOptions(given), name).not.toThrow()
    }
  })
})

describe('the site', () => {
  const dirs: string[] = []
  afterAll(() => dirs.forEach(removeDir))

  it('lists every dated result', () => {
    const index = read('docs/results/index.md')
    const dated = readdirSync(join(REPO, 'docs/results')).filter((file) => /^\d{4}-\d{2}-\d{2}-.+\.md$/.test(file))
    expect(dated.length).toBeGreaterThan(0)
    for (const file of dated) expect(index, file).toContain(`(./${file})`)
  })

  it(
    'builds with VitePress, without a dead link',
    () => {
      const out = mkdtempSync(join(tmpdir(), 'my-docs-'))
      dirs.push(out)
      const build = spawnSync('npx', ['vitepress', 'build', 'docs', '--outDir', out], {
        cwd: REPO,
        encoding: 'utf8',
        timeout: scaled(600_000),
      })
      expect(build.status, `${build.stdout}${build.stderr}`).toBe(0)
      expect(`${build.stdout}${build.stderr}`).not.toMatch(/dead link/i)
      for (const page of ['index.html', 'guide/getting-started.html', 'guide/bundlers/vite.html', 'security.html'])
        expect(existsSync(join(out, page)), page).toBe(true)
    },
    scaled(600_000),
  )
})
