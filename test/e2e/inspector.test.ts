// The inspector page (/__merged-yaml/) in Chromium against a real Vite dev server: the entry list,
// the layer tree, where a value was set (and the editor link), a value the merge kept out, a
// diagnostic, the other mode beside, a live update after a layer edit; requests from another origin
// refused; and a `vite build` that holds nothing of it. With MY_WRITE_DOCS=1 it rewrites the README's
// screenshot (docs/images/inspector.png).
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer as createHttpServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join, resolve } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { build, createServer } from 'vite'
import type { ViteDevServer } from 'vite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import MergedYaml from '../../src/vite.ts'
import { chromiumMissing, launchChromium } from './browser.ts'
import { skipUnlessAvailable, titleUnlessAvailable } from '../helpers/available.ts'
import { get } from '../helpers/http-get.ts'
import { scaled } from '../helpers/time-scale.ts'

const REPO = resolve(import.meta.dirname, '../..')
const FIXTURE = join(REPO, 'test/fixtures/inspector')

function copyFixture(name: string): string {
  mkdirSync(join(REPO, '.tmp'), { recursive: true })
  const dir = mkdtempSync(join(REPO, '.tmp', `${name}-`))
  cpSync(FIXTURE, dir, { recursive: true })
  return dir
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
}

describe.skipIf(skipUnlessAvailable(chromiumMissing))(
  titleUnlessAvailable('the inspector page in Chromium', chromiumMissing),
  () => {
    let browser: Browser
    let dir: string
    let server: ViteDevServer
    let base: string
    let page: Page
    const consoleErrors: string[] = []

    const row = (path: string) => page.getByTestId('value-tree').locator(`li[data-path="${path}"]`).first()
    const rowText = async (path: string) =>
      (await row(path).locator(':scope > .val, :scope > details > summary').first().textContent()) ?? ''

    beforeAll(async () => {
      browser = await launchChromium()
      dir = copyFixture('inspector-dev')
      server = await createServer({
        root: dir,
        configFile: false,
        logLevel: 'silent',
        mode: 'development',
        plugins: [MergedYaml({ dts: false, cache: false })],
        server: { port: 0, host: '127.0.0.1', fs: { deny: ['secret.yaml'] } },
      })
      await server.listen()
      base = server.resolvedUrls!.local[0]!.replace(/\/$/, '')
      page = await browser.newPage({ viewport: { width: 1280, height: 900 } })
      // A policy violation or a script error would be reported here (the page's and its channel frame's).
      page.on('console', (message) => {
        if (message.type() === 'error') consoleErrors.push(message.text())
      })
      page.on('pageerror', (error) => consoleErrors.push(String(error)))
      // The app loads its entry first: the inspector lists it as loaded.
      await page.goto(`${base}/`)
      await page.locator('#config', { hasText: 'Storefront' }).waitFor({ timeout: scaled(30_000) })
      await page.goto(`${base}/__merged-yaml/`)
      await page.getByTestId('entry-title').waitFor({ timeout: scaled(30_000) })
    })
    afterAll(async () => {
      await browser?.close()
      await server?.close()
      if (dir) rmSync(dir, { recursive: true, force: true })
    })

    it('lists the loaded entry with its dialect, mode and status, and the other entries under the root', async () => {
      const loaded = page.locator('[data-testid="entry"][data-entry="config/app.merged.yaml"]')
      // Its kept-out app.name is a MY_MERGE_DISCARDED warning in strict mode.
      await expect.poll(() => loaded.textContent()).toContain('cloud-init · development · warnings')
      const other = page.locator('[data-testid="entry"][data-entry="config/broken.merged.yaml"]')
      expect(await other.textContent()).toContain('not loaded yet')
      expect(await page.getByTestId('entry-title').textContent()).toBe('config/app.merged.yaml')
    })

    it('shows the layer chain: includes by line, a glob with its matches, an optional file not found', async () => {
      const layers = page.getByTestId('layers')
      const dev = layers.locator('li[data-file="config/env/development.yaml"]')
      expect(await dev.textContent()).toContain('line 3 → config/env/development.yaml')
      const search = layers.locator('li[data-file="config/features/10-search.yaml"]')
      expect(await search.textContent()).toContain('glob config/features/*.yaml')
      expect(await layers.locator('li[data-missing="config/local.yaml"]').textContent()).toContain('not found')
    })

    it("shows each value's file:line and how it merged, and opens it in the editor", async () => {
      expect(await rowText('api.url')).toContain('"http://localhost:8080/api"')
      const api = row('api.url')
      expect(await api.getByTestId('loc').first().textContent()).toBe('config/base.yaml:10')
      expect(await api.textContent()).toContain('set · dict(recurse_list)')
      expect(await row('features[1]').textContent()).toContain('config/env/development.yaml:8')
      expect(await row('features[1]').textContent()).toContain('appended · list(append)')
      // Answered here: the dev server would start an editor.
      let asked = ''
      await page.route('**/__open-in-editor?**', (route) => {
        asked = route.request().url()
        return route.fulfill({ status: 204 })
      })
      await api.getByTestId('loc').first().click()
      await expect.poll(() => asked).not.toBe('')
      const url = new URL(asked)
      // Relative to the server's working folder, as Vite's `/__open-in-editor` resolves it: the page holds no
      // absolute path.
      expect(resolve(url.searchParams.get('file')!)).toBe(`${dir}/config/base.yaml:10:3`)
    })

    it('lists the value a later layer tried to set but the merge kept out', async () => {
      const kept = page.getByTestId('kept-out').locator('tr[data-path="app.name"]')
      const text = await kept.textContent()
      expect(text).toContain('config/env/development.yaml:3')
      expect(text).toContain('"Storefront (dev)"')
      expect(text).toContain('"Storefront"')
      expect(text).toContain('kept · dict(recurse_list)')
    })

    it('shows the other mode beside this one, differences marked', async () => {
      const compare = page.getByTestId('compare')
      await expect
        .poll(() => compare.getByTestId('differences').textContent(), { timeout: scaled(30_000) })
        .toMatch(/^\d+ differences$/)
      const left = compare.getByTestId('compare-left').locator('li[data-path="logLevel"]')
      const right = compare.getByTestId('compare-right').locator('li[data-path="logLevel"]')
      expect(await left.getAttribute('class')).toContain('differs')
      expect(await right.textContent()).toContain('"warn"')
      expect(await right.getAttribute('class')).toContain('differs')
      const same = compare.getByTestId('compare-right').locator('li[data-path="api.url"]')
      expect(await same.getAttribute('class')).not.toContain('differs')
      // production's `retries: 5` is kept out there too: the base's 3 stays in both modes.
      expect(await compare.getByTestId('compare-right').locator('li[data-path="api.retries"]').textContent()).toContain(
        '3',
      )
    })

    it('writes the screenshot for the README (MY_WRITE_DOCS=1)', async () => {
      const png = await page.screenshot({ fullPage: true })
      expect(png.subarray(1, 4).toString('latin1')).toBe('PNG')
      if (process.env.MY_WRITE_DOCS === '1') writeFileSync(join(REPO, 'docs/images/inspector.png'), png)
    })

    it('updates live when a layer of either mode changes, without a reload', async () => {
      await page.evaluate(() => {
        ;(globalThis as unknown as { sameDocument: boolean }).sameDocument = true
      })
      const layer = join(dir, 'config/env/development.yaml')
      writeFileSync(layer, readFileSync(layer, 'utf8').replace('logLevel: debug', 'logLevel: trace'))
      await expect.poll(() => rowText('logLevel'), { timeout: scaled(30_000) }).toContain('"trace"')
      // A layer only the compared mode reads updates the comparison.
      const production = join(dir, 'config/env/production.yaml')
      writeFileSync(production, readFileSync(production, 'utf8').replace('logLevel: warn', 'logLevel: error'))
      const compared = page.getByTestId('compare-right').locator('li[data-path="logLevel"]')
      await expect.poll(() => compared.textContent(), { timeout: scaled(30_000) }).toContain('"error"')
      expect(await page.evaluate(() => (globalThis as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true)
    })

    it('renders an entry the server has not loaded on demand, with its diagnostics and frames', async () => {
      await page.locator('[data-testid="entry"][data-entry="config/broken.merged.yaml"]').click()
      await expect.poll(() => page.getByTestId('entry-title').textContent()).toBe('config/broken.merged.yaml')
      expect(await page.getByTestId('status').textContent()).toBe('errors')
      const diagnostic = page.getByTestId('diagnostics').getByTestId('diagnostic').first()
      const text = await diagnostic.textContent()
      expect(text).toContain('config/broken.merged.yaml:2')
      expect(text).toContain('MY_UNKNOWN_MERGER')
      expect(await diagnostic.locator('pre').textContent()).toContain('lst(append)')
    })

    it('refuses requests from another origin, a foreign host, and cross-site fetches', async () => {
      const api = `${base}/__merged-yaml/api/entries`
      expect((await get(api, {})).status).toBe(200)
      expect((await get(api, { origin: base })).status).toBe(200)
      expect((await get(api, { origin: 'http://evil.example' })).status).toBe(403)
      expect((await get(api, { 'sec-fetch-site': 'cross-site' })).status).toBe(403)
      expect((await get(api, { 'sec-fetch-site': 'same-site' })).status).toBe(403)
      expect((await get(`${base}/__merged-yaml/`, { host: 'evil.example' })).status).toBe(403)
      const outside = `${base}/__merged-yaml/api/entry?id=${encodeURIComponent('/etc/passwd')}`
      expect((await get(outside, {})).status).toBe(404)
      const denied = `${base}/__merged-yaml/api/entry?id=${encodeURIComponent('/etc/x.merged.yaml')}`
      expect((await get(denied, {})).status).toBe(403)
      // An entry the dev server serves, one of whose layers it does not (server.fs.deny).
      const secret = await get(`${base}/__merged-yaml/api/entry?id=config%2Fsecret.merged.yaml`, {})
      expect(secret.status).toBe(403)
      expect(secret.body).not.toContain('not-for-the-page')
      // Imported by the app, it fails there too (the plugin reads only what the dev server serves, without
      // quoting the file), and stays in the list, unrendered.
      await expect(server.transformRequest('/config/secret.merged.yaml')).rejects.toThrow(/MY_FILE_UNREADABLE/)
      const list = await get(api, {})
      expect(list.status).toBe(200)
      const listed = (JSON.parse(list.body) as { entries: { id: string; loaded: boolean; status?: string }[] }).entries
      expect(listed.find((entry) => entry.id === 'config/secret.merged.yaml')).toEqual({
        id: 'config/secret.merged.yaml',
        loaded: true,
      })
      expect(list.body).not.toContain('not-for-the-page')
      // A page on another origin (another port) cannot read the data.
      const other = createHttpServer((_req, res) => res.end('<!doctype html><title>another site</title>'))
      await new Promise<void>((done) => other.listen(0, '127.0.0.1', done))
      const foreign = await browser.newPage()
      await foreign.goto(`http://127.0.0.1:${(other.address() as AddressInfo).port}/`)
      const read = await foreign.evaluate(async (url) => {
        try {
          const response = await fetch(url)
          return `status ${response.status}`
        } catch {
          return 'blocked'
        }
      }, api)
      expect(read).toBe('blocked')
      await foreign.close()
      other.close()
    })

    it('ran without an error in the console (no policy violation, no script error)', () => {
      expect(consoleErrors).toEqual([])
    })

    it('is not in a build', async () => {
      const out = mkdtempSync(join(REPO, '.tmp', 'inspector-build-'))
      try {
        await build({
          root: dir,
          configFile: false,
          logLevel: 'silent',
          plugins: [MergedYaml({ dts: false, cache: false })],
          build: { outDir: out, emptyOutDir: true },
        })
        const files = filesUnder(out)
        expect(files.some((file) => file.endsWith('.js'))).toBe(true)
        for (const file of files) {
          const text = readFileSync(file, 'utf8')
          expect(text).not.toContain('__merged-yaml')
          expect(text).not.toContain('merged-yaml:update')
          expect(text).not.toContain('mergedYamlInspector')
        }
      } finally {
        rmSync(out, { recursive: true, force: true })
      }
    })
  },
)
