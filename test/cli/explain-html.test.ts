// `merged-yaml explain <entry> --format html`: one self-contained file that Chromium opens offline
// (file://, every network request refused) and that shows the facts the dev server's page shows:
// the layers, where each value was set, what the merge kept out, the other mode, the diagnostics.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { chromiumMissing, launchChromium } from '../e2e/browser.ts'
import { skipUnlessAvailable, titleUnlessAvailable } from '../helpers/available.ts'
import { run } from './helpers.ts'
import { scaled } from '../helpers/time-scale.ts'

const REPO = resolve(import.meta.dirname, '../..')
const FIXTURE = join(REPO, 'test/fixtures/inspector')

describe('merged-yaml explain --format html', () => {
  it('writes one HTML file with no external asset, and exits 1 when the entry has errors', async () => {
    const r = await run(['explain', 'config/app.merged.yaml', '--format', 'html'], { cwd: FIXTURE })
    expect(r.code).toBe(0)
    expect(r.stdout).toMatch(/^<!doctype html>/)
    expect(r.stdout).not.toMatch(/\s(?:src|href)=["']?(?:https?:)?\/\//)
    expect(r.stdout).toContain("default-src 'none'")
    // Paths relative to the working folder: the report names no folder of the machine that wrote it.
    expect(r.stdout).not.toContain(FIXTURE)
    const broken = await run(['explain', 'config/broken.merged.yaml', '--format', 'html'], { cwd: FIXTURE })
    expect(broken.code).toBe(1)
    expect(broken.stdout).toContain('MY_UNKNOWN_MERGER')
  })

  it('refuses a key path and --compare without html', async () => {
    const path = await run(['explain', 'config/app.merged.yaml', 'api', '--format', 'html'], { cwd: FIXTURE })
    expect(path.code).toBe(2)
    expect(path.stderr).toContain('leave out the key path')
    const compare = await run(['explain', 'config/app.merged.yaml', '--compare', 'production'], { cwd: FIXTURE })
    expect(compare.code).toBe(2)
    expect(compare.stderr).toContain('--compare <mode> goes with --format html')
  })
})

describe.skipIf(skipUnlessAvailable(chromiumMissing))(
  titleUnlessAvailable('the HTML report in Chromium, offline', chromiumMissing),
  () => {
    let browser: Browser
    let dir: string
    const requests: string[] = []
    const consoleErrors: string[] = []

    async function open(args: string[]): Promise<Page> {
      const r = await run(['explain', ...args, '--format', 'html'], { cwd: FIXTURE, env: { NODE_ENV: 'development' } })
      const file = join(dir, `${requests.length}-${Date.now()}.html`)
      writeFileSync(file, r.stdout)
      const context = await browser.newContext({ offline: true })
      await context.route(/^(?!file:)/, (route) => {
        requests.push(route.request().url())
        return route.abort()
      })
      const page = await context.newPage()
      page.on('console', (message) => {
        if (message.type() === 'error') consoleErrors.push(message.text())
      })
      page.on('pageerror', (error) => consoleErrors.push(String(error)))
      await page.goto(`file://${file}`)
      await page.getByTestId('entry-title').waitFor({ timeout: scaled(10_000) })
      return page
    }

    beforeAll(async () => {
      browser = await launchChromium()
      mkdirSync(join(REPO, '.tmp'), { recursive: true })
      dir = mkdtempSync(join(REPO, '.tmp', 'html-report-'))
    })
    afterAll(async () => {
      await browser?.close()
      if (dir) rmSync(dir, { recursive: true, force: true })
    })

    it('shows the layers, each value with its file:line, the kept-out value and the other mode', async () => {
      const page = await open(['config/app.merged.yaml', '--compare', 'production'])
      expect(await page.getByTestId('entry-title').textContent()).toBe('config/app.merged.yaml')
      // The kept-out app.name is a MY_MERGE_DISCARDED warning in strict mode.
      expect(await page.getByTestId('status').textContent()).toBe('warnings')
      const layers = page.getByTestId('layers')
      expect(await layers.locator('li[data-file="config/env/development.yaml"]').textContent()).toContain('line 3 →')
      expect(await layers.locator('li[data-file="config/features/20-billing.yaml"]').textContent()).toContain(
        'glob config/features/*.yaml',
      )
      const url = page.getByTestId('value-tree').locator('li[data-path="api.url"]')
      expect(await url.getByTestId('loc').first().textContent()).toBe('config/base.yaml:10')
      expect(await url.textContent()).toContain('set · dict(recurse_list)')
      const kept = await page.getByTestId('kept-out').locator('tr[data-path="app.name"]').textContent()
      expect(kept).toContain('config/env/development.yaml:3')
      expect(kept).toContain('"Storefront (dev)"')
      const compare = page.getByTestId('compare')
      expect(await compare.getByTestId('differences').textContent()).toMatch(/^\d+ differences$/)
      const right = compare.getByTestId('compare-right').locator('li[data-path="logLevel"]')
      expect(await right.textContent()).toContain('"warn"')
      expect(await right.getAttribute('class')).toContain('differs')
      expect(requests).toEqual([])
      expect(consoleErrors).toEqual([])
      await page.context().close()
    })

    it("shows a broken entry's diagnostics with their frames", async () => {
      const page = await open(['config/broken.merged.yaml'])
      expect(await page.getByTestId('status').textContent()).toBe('errors')
      const diagnostic = page.getByTestId('diagnostic').first()
      expect(await diagnostic.textContent()).toContain('config/broken.merged.yaml:2')
      expect(await diagnostic.textContent()).toContain('MY_UNKNOWN_MERGER')
      expect(await diagnostic.locator('pre').textContent()).toContain('lst(append)')
      expect(requests).toEqual([])
      expect(consoleErrors).toEqual([])
      await page.context().close()
    })
  },
)
