// The playground in a real browser: the built page shows the merged values; in dev mode an edited
// layer hot-updates the page without a reload, a broken layer shows Vite's error overlay with the file
// and line, and fixing it recovers.
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { build, createServer, preview } from 'vite'
import type { PreviewServer, ViteDevServer } from 'vite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { skipUnlessAvailable, titleUnlessAvailable } from '../helpers/available.ts'
import { chromiumMissing, launchChromium } from './browser.ts'
import { scaled } from '../helpers/time-scale.ts'

const REPO = resolve(import.meta.dirname, '../..')
const PLAYGROUND = join(REPO, 'playground')

async function text(page: Page, testId: string): Promise<string> {
  return (await page.getByTestId(testId).textContent()) ?? ''
}

describe.skipIf(skipUnlessAvailable(chromiumMissing))(
  titleUnlessAvailable('playground in Chromium', chromiumMissing),
  () => {
    let browser: Browser
    beforeAll(async () => {
      browser = await launchChromium()
    })
    afterAll(async () => {
      await browser?.close()
    })

    it('the production build shows the merged values', async () => {
      mkdirSync(join(REPO, '.tmp'), { recursive: true })
      const outDir = mkdtempSync(join(REPO, '.tmp', 'playground-dist-'))
      let server: PreviewServer | undefined
      try {
        await build({ root: PLAYGROUND, logLevel: 'silent', build: { outDir, emptyOutDir: true } })
        server = await preview({
          root: PLAYGROUND,
          logLevel: 'silent',
          build: { outDir },
          preview: { port: 0, host: '127.0.0.1' },
        })
        const page = await browser.newPage()
        await page.goto(server.resolvedUrls!.local[0]!)
        expect(await text(page, 'environment')).toBe('production')
        expect(await text(page, 'api-url')).toBe('https://api.example.com/v2')
        expect(await text(page, 'api-retries')).toBe('1')
        expect(await text(page, 'features')).toBe('dashboard, search, billing')
        expect(await text(page, 'service-web')).toBe('2 × [frontend, public]')
        expect(await text(page, 'service-cron')).toBe('1 × [scheduled]')
        expect(await text(page, 'region')).toBe('eu-west-1')
        await page.close()
      } finally {
        await server?.close()
        rmSync(outDir, { recursive: true, force: true })
      }
    })

    describe('dev server', () => {
      let dir: string
      let server: ViteDevServer
      let page: Page
      const layer = () => join(dir, 'config/env/development.yaml')

      beforeAll(async () => {
        // A copy inside the repo, so that vite.config.ts resolves `unplugin-merged-yaml/vite` as in the playground.
        mkdirSync(join(REPO, '.tmp'), { recursive: true })
        dir = mkdtempSync(join(REPO, '.tmp', 'playground-dev-'))
        cpSync(PLAYGROUND, dir, {
          recursive: true,
          filter: (src) => !src.includes(`${'/'}dist`) && !src.endsWith('.d.yaml.ts'),
        })
        server = await createServer({
          root: dir,
          logLevel: 'silent',
          server: { port: 0, host: '127.0.0.1', hmr: { overlay: true } },
        })
        await server.listen()
        page = await browser.newPage()
        await page.goto(server.resolvedUrls!.local[0]!)
        await page.getByTestId('environment').waitFor()
      })
      afterAll(async () => {
        await page?.close()
        await server?.close()
        rmSync(dir, { recursive: true, force: true })
      })

      it('shows the development layer', async () => {
        expect(await text(page, 'environment')).toBe('development')
        expect(await text(page, 'api-retries')).toBe('3')
        expect(await text(page, 'features')).toBe('dashboard, debug-panel, search, billing')
      })

      it('hot-updates the page when an included layer changes, without a reload', async () => {
        await page.evaluate(() => {
          ;(globalThis as unknown as { sameDocumentMarker: boolean }).sameDocumentMarker = true
        })
        writeFileSync(layer(), readFileSync(layer(), 'utf8').replace('retries: 3', 'retries: 7'))
        await expect.poll(() => text(page, 'api-retries'), { timeout: scaled(30_000) }).toBe('7')
        expect(
          await page.evaluate(() => (globalThis as unknown as { sameDocumentMarker?: boolean }).sameDocumentMarker),
        ).toBe(true)
        expect(
          await page.evaluate(
            () => (globalThis as unknown as { mergedYamlHmrUpdates?: number }).mergedYamlHmrUpdates ?? 0,
          ),
        ).toBeGreaterThan(0)
      })

      it('shows the error overlay with the file and line for a broken layer, and recovers when it is fixed', async () => {
        const good = readFileSync(layer(), 'utf8')
        writeFileSync(layer(), `merge_how: dict(recurse_list)+lst(append)\n${good}`)
        const overlay = page.locator('vite-error-overlay')
        await overlay.waitFor({ state: 'attached', timeout: scaled(30_000) })
        const message = await overlay.evaluate((el) => el.shadowRoot?.textContent ?? '')
        expect(message).toContain('MY_UNKNOWN_MERGER')
        expect(message).toMatch(/env\/development\.yaml:1:12/)
        expect(message).toContain("did you mean 'list'?")

        writeFileSync(layer(), good.replace('retries: 7', 'retries: 9'))
        await expect.poll(() => text(page, 'api-retries').catch(() => ''), { timeout: scaled(30_000) }).toBe('9')
        await expect.poll(() => overlay.count(), { timeout: scaled(30_000) }).toBe(0)
      })
    })
  },
)
