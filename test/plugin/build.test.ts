// One production build per bundler, all of the same fixture: the emitted value (an include chain
// with a `${mode}` layer, a MIME entry, awkward keys), tree-shaking of an unused named export, the
// strict-mode failure message, and the same entry building with a warning when not strict.
import { cpSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { build, BUNDLERS, bunUnavailable, evaluateBundle, REPO, removeDir } from './bundlers.ts'
import type { BundlerName } from './bundlers.ts'

const FIXTURE = join(REPO, 'test/fixtures/plugin/basic')
const SKIPPED: Partial<Record<BundlerName, string | undefined>> = { bun: bunUnavailable() }

let root: string
beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'my-plugin-build-'))
  cpSync(FIXTURE, root, { recursive: true })
})
afterAll(() => removeDir(root))

describe.each(BUNDLERS)('%s', (bundler) => {
  const skip = SKIPPED[bundler]
  const title = (text: string) => (skip ? `${text} (skipped: ${skip})` : text)

  it.skipIf(skip)(title('emits the merged values, tree-shakes unused keys, keeps awkward keys as data'), async () => {
    const code = await build(bundler, { root, entry: 'main.js', options: { dts: false } })
    const result = JSON.parse(JSON.stringify(evaluateBundle(code)))
    expect(result).toEqual({
      // base.yaml, then env/production.yaml (from the bundler's mode); ?local.yaml is absent.
      api: { url: 'https://prod.example.com', timeout: 30 },
      features: ['login', 'billing'],
      mime: { name: 'mime', tags: ['a', 'b'] },
      awkward: {
        ['__proto__']: { polluted: true },
        constructor: 'plain',
        default: 'd',
        'x-y': 1,
        NaN: 'nan',
        nested: { ['__proto__']: [1], hasOwnProperty: 2 },
      },
      plainPrototypes: true,
    })
    // `unused` is a named export of app.merged.yaml that main.js does not import.
    expect(code).not.toContain('UNUSED_MARKER_4b1d')
  })

  it.skipIf(skip)(title('import queries pick a Datum lookup and a Deckhand document'), async () => {
    const code = await build(bundler, { root, entry: 'query.js', options: { dts: false } })
    expect(evaluateBundle(code)).toEqual({
      settings: { Level: 2, Name: 'base' },
      nova: { values: { pod: { replicas: { api: 3 } }, debug: false } },
    })
  })

  it.skipIf(skip)(title("imports a Datum store's node (Datum.yml?node=…), whatever include says"), async () => {
    const rsop = {
      NodeName: 'web01',
      Environment: 'Dev',
      Role: 'WebServer',
      Web: { Port: 8080, Domain: 'example.org' },
      Name: 'web01',
      Configurations: ['Web'],
    }
    const expected = { rsop, web: rsop.Web }
    for (const options of [{ dts: false }, { dts: false, include: ['**/*.never-matches'] }]) {
      expect(evaluateBundle(await build(bundler, { root, entry: 'node.js', options }))).toEqual(expected)
    }
  })

  it.skipIf(skip)(title('fails on a strict-mode error with the located message'), async () => {
    const error = await build(bundler, { root, entry: 'broken.js', options: { dts: false } }).then(
      () => undefined,
      (e: unknown) => e as Error,
    )
    expect(error, 'the build must fail').toBeInstanceOf(Error)
    const message = error!.message
    expect(message).toContain('broken-layer.yaml:1:12: error MY_UNKNOWN_MERGER')
    expect(message).toContain("did you mean 'list'?")
    expect(message).toContain('included from broken.merged.yaml:3')
    expect(message).toContain('> 1 | merge_how: dict(replace)+lst(append)')
    // Located: no stack trace into the plugin, in the text or (Rollup) on the error.
    expect(message).not.toMatch(/^\s+at .*(?:unplugin|src\/|factory|dist\/)/m)
    if (bundler === 'rollup') expect(error!.stack ?? '').not.toMatch(/^\s+at /m)
    // Rolldown's and Vite's header names the column the text names (both count from 1).
    if (bundler === 'vite' || bundler === 'rolldown')
      expect(message).toContain(`[plugin unplugin-merged-yaml] ${join(root, 'broken-layer.yaml')}:1:12\n`)
  })

  it.skipIf(skip)(
    title('builds the same entry with strict: false, skipping the bad part like cloud-init'),
    async () => {
      const code = await build(bundler, { root, entry: 'broken.js', options: { dts: false, strict: false } })
      expect(evaluateBundle(code)).toMatchObject({ api: { url: 'https://api.example.com' } })
    },
  )
})
