// Nuxt 4 (playground/frameworks/nuxt, the module `unplugin-merged-yaml/nuxt`): `nuxi build` with the
// Vite builder, whose server renders the merged values (and the types Nuxt generates take the
// client types and sidecar declarations); a broken layer failing the build with its
// located error, with the Vite builder and with the webpack one (whose own report says only "Nuxt
// build error": the module prints the render error; the webpack builder's successful build is left
// out to keep the suite short); and `nuxi dev`, in the development mode, taking a layer edit.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { BROKEN_LAYER, breakProductionLayer, freePort, pageValues, PRODUCTION, run, startServer } from './apps.ts'
import type { Server } from './apps.ts'
import { chromiumMissing, launchChromium } from '../e2e/browser.ts'
import { skipUnlessAvailable, titleUnlessAvailable } from '../helpers/available.ts'
import { bin, copyApp, frameworksMissing, removeCopies } from './install.ts'

/** The app with the webpack builder (`@nuxt/webpack-builder`) instead of Vite. */
function useWebpackBuilder(app: string): void {
  const config = join(app, 'nuxt.config.ts')
  writeFileSync(config, readFileSync(config, 'utf8').replace('modules:', "builder: 'webpack',\n  modules:"))
}

const missing = await frameworksMissing()

describe.skipIf(skipUnlessAvailable(missing))(titleUnlessAvailable('Nuxt', missing), { timeout: 180_000 }, () => {
  const servers: Server[] = []
  const temporaries: string[] = []
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()))
    removeCopies()
    for (const dir of temporaries) rmSync(dir, { recursive: true, force: true })
  })

  it('nuxi build (Vite): the built server renders the merged values', async () => {
    const app = copyApp('nuxt')
    const build = await run(bin('nuxi'), ['build'], app)
    expect(build.code, build.output).toBe(0)
    const port = await freePort()
    const url = `http://127.0.0.1:${port}/`
    const env = { HOST: '127.0.0.1', PORT: String(port) }
    const server = await startServer('node', ['.output/server/index.mjs'], app, url, env)
    servers.push(server)
    const html = await (await fetch(url)).text()
    expect(pageValues(html)).toEqual({ title: 'Merged YAML on Nuxt', ...PRODUCTION })
    // The types: the client types in what Nuxt generates, sidecar declarations allowed (`dts: 'sidecar'`).
    expect(readFileSync(join(app, '.nuxt/nuxt.d.ts'), 'utf8')).toContain('unplugin-merged-yaml/client')
    const tsconfig = JSON.parse(readFileSync(join(app, '.nuxt/tsconfig.app.json'), 'utf8')) as {
      compilerOptions: Record<string, unknown>
    }
    expect(tsconfig.compilerOptions.allowArbitraryExtensions).toBe(true)
    expect(existsSync(join(app, 'config/app.merged.d.yaml.ts'))).toBe(true)
  })

  for (const builder of ['Vite', 'webpack']) {
    it(`nuxi build (${builder}) fails on a broken layer, saying where`, async () => {
      const app = copyApp('nuxt')
      if (builder === 'webpack') useWebpackBuilder(app)
      breakProductionLayer(app)
      const build = await run(bin('nuxi'), ['build'], app)
      expect(build.code).not.toBe(0)
      expect(build.output).toMatch(BROKEN_LAYER)
    })
  }

  // A layer edit reaches the server's render (the module's forwardRendererChanges) and, hot, the browser.
  it.skipIf(skipUnlessAvailable(chromiumMissing))(
    titleUnlessAvailable(
      'nuxi dev renders the development layer, and a layer edit reaches the next render and the page in Chromium',
      chromiumMissing,
    ),
    async () => {
      const app = copyApp('nuxt')
      const port = await freePort()
      const url = `http://127.0.0.1:${port}/`
      const args = ['dev', '--host', '127.0.0.1', '--port', String(port)]
      // Nuxt's dev server leaves its socket in the temporary folder when stopped: one of ours.
      const temporary = mkdtempSync(join(tmpdir(), 'my-nuxt-dev-'))
      temporaries.push(temporary)
      const server = await startServer(bin('nuxi'), args, app, url, { TMPDIR: temporary })
      servers.push(server)
      const layer = join(app, 'config/env/development.yaml')
      const rendered = async () => pageValues(await (await fetch(url)).text())
      const development = { title: 'Merged YAML on Nuxt', api: 'http://localhost:8080', features: 'search, debug' }
      expect(await rendered(), server.output()).toEqual(development)
      writeFileSync(layer, '#cloud-config\nfeatures: [debug, live]\n')
      await expect.poll(rendered, { timeout: 30_000, interval: 500 }).toMatchObject({ features: 'search, debug, live' })
      const browser = await launchChromium()
      try {
        const tab = await browser.newPage()
        await tab.goto(url)
        const features = async () => (await tab.getByTestId('features').textContent()) ?? ''
        await expect.poll(features, { timeout: 60_000 }).toBe('search, debug, live')
        writeFileSync(layer, '#cloud-config\nfeatures: [debug, hot]\n')
        await expect.poll(features, { timeout: 60_000, interval: 500 }).toBe('search, debug, hot')
      } finally {
        await browser.close()
      }
    },
  )
})
