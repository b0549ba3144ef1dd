// Nuxt 4 (playground/frameworks/nuxt, the module `unplugin-merged-yaml/nuxt`): `nuxi build` with the
// Vite builder, whose server renders the merged values (and the types Nuxt generates take the
// client types and sidecar declarations); a broken layer failing the build with its
// located error, with the Vite builder and with the webpack one (whose own report says only "Nuxt
// build error": the module prints the render error; the webpack builder's successful build is left
// out to keep the suite short); and `nuxi dev`, in the development mode, taking a layer edit. A server
// route (server/api/config.get.ts, bundled by Nitro's Rollup) imports the same entry, in dev and build,
// and Nuxt's type checker (`nuxi typecheck`, vue-tsc) checks it and the page. A broken layer in `nuxi dev`:
// what Nuxt's dev error page shows.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import {
  BROKEN_DEVELOPMENT_LAYER,
  BROKEN_LAYER,
  breakDevelopmentLayer,
  breakProductionLayer,
  freePort,
  pageValues,
  PRODUCTION,
  run,
  startServer,
} from './apps.ts'
import type { Server } from './apps.ts'
import { chromiumMissing, launchChromium } from '../e2e/browser.ts'
import { skipUnlessAvailable, titleUnlessAvailable } from '../helpers/available.ts'
import { scaled } from '../helpers/time-scale.ts'
import { bin, copyApp, frameworksMissing, removeCopies } from './install.ts'

/** The app with the webpack builder (`@nuxt/webpack-builder`) instead of Vite. */
function useWebpackBuilder(app: string): void {
  const config = join(app, 'nuxt.config.ts')
  writeFileSync(config, readFileSync(config, 'utf8').replace('modules:', "builder: 'webpack',\n  modules:"))
}

/** Whether a file of the client's output holds the server-only value. */
const isSecretInFile = (app: string, file: string): boolean =>
  readFileSync(join(app, '.output/public/_nuxt', file), 'utf8').includes('postgres://db.internal')

/** Nuxt's type checker on the server's tsconfig (Nitro's, for server/), from the framework install. */
const vueTscServer = (app: string) => run(bin('vue-tsc'), ['--noEmit', '-p', '.nuxt/tsconfig.server.json'], app)

/** The values the server route answers (server/api/config.get.ts), failing after 20 s rather than hanging. */
async function routeValues(url: string): Promise<Record<string, string | undefined>> {
  const response = await fetch(new URL('/api/config', url), { signal: AbortSignal.timeout(20_000) })
  const body = (await response.json()) as { title: string; api: string; features: string[] }
  return { title: body.title, api: body.api, features: body.features.join(', ') }
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
    // The server route, bundled by Nitro's Rollup, in Nuxt's mode.
    expect(await routeValues(url)).toEqual({ title: 'Merged YAML on Nuxt', ...PRODUCTION })
    // A server-only entry, in the server build only.
    const secrets = await fetch(new URL('/api/secrets', url), { signal: AbortSignal.timeout(20_000) })
    expect(await secrets.json()).toEqual({ database: 'postgres://db.internal/app' })
    const scripts = readdirSync(join(app, '.output/public/_nuxt')).filter((file) => file.endsWith('.js'))
    expect(scripts.length).toBeGreaterThan(0)
    expect(scripts.filter((file) => isSecretInFile(app, file))).toEqual([])
    // The types: the client types in what Nuxt generates, sidecar declarations allowed (`dts: 'sidecar'`).
    expect(readFileSync(join(app, '.nuxt/nuxt.d.ts'), 'utf8')).toContain('unplugin-merged-yaml/client')
    const tsconfig = JSON.parse(readFileSync(join(app, '.nuxt/tsconfig.app.json'), 'utf8')) as {
      compilerOptions: Record<string, unknown>
    }
    expect(tsconfig.compilerOptions.allowArbitraryExtensions).toBe(true)
    expect(existsSync(join(app, 'config/app.merged.d.yaml.ts'))).toBe(true)
  })

  // Nuxt's type check: `nuxi typecheck` (which writes the types as `nuxi prepare` does, then runs `vue-tsc -b`
  // on the app's tsconfig.json, whose references are the app's, the server's, the shared and the node
  // tsconfigs Nuxt generates), and vue-tsc on the server's alone. The client types reach them all, so a fresh
  // checkout passes; once `nuxi build` has declared the entry, a typo'd key fails, located, in a route and in
  // a `.vue` page. Bounded by this test's timeout, scaled by the machine's load (4 type checks and a build).
  it(
    "nuxi typecheck and the server's vue-tsc pass on a fresh checkout, and fail on a typo'd key once declared",
    { timeout: scaled(240_000) },
    async () => {
      const app = copyApp('nuxt')
      const fresh = await run(bin('nuxi'), ['typecheck'], app)
      expect(fresh.code, fresh.output).toBe(0)
      expect(readFileSync(join(app, '.nuxt/types/nitro-nuxt.d.ts'), 'utf8')).toContain('unplugin-merged-yaml/client')
      expect(existsSync(join(app, 'config/app.merged.d.yaml.ts'))).toBe(false)
      const freshServer = await vueTscServer(app)
      expect(freshServer.code, freshServer.output).toBe(0)
      const edit = (file: string, from: string, to: string) =>
        writeFileSync(join(app, file), readFileSync(join(app, file), 'utf8').replace(from, to))
      edit('server/api/config.get.ts', 'api: config.api', 'api: config.apii')
      edit('app/app.vue', '{{ config.api }}', '{{ config.apii }}')
      const build = await run(bin('nuxi'), ['build'], app)
      expect(build.code, build.output).toBe(0)
      const route = /server\/api\/config\.get\.ts\(\d+,\d+\): error TS2551: Property 'apii' does not exist/
      const typoServer = await vueTscServer(app)
      expect(typoServer.code, typoServer.output).toBe(2)
      expect(typoServer.output).toMatch(route)
      const typo = await run(bin('nuxi'), ['typecheck'], app)
      expect(typo.code, typo.output).not.toBe(0)
      expect(typo.output).toMatch(route)
      expect(typo.output).toMatch(/app\/app\.vue\(\d+,\d+\): error TS2551: Property 'apii' does not exist/)
    },
  )

  it('nuxi build refuses a server-only entry a page imports (MY_SERVER_ONLY)', async () => {
    const app = copyApp('nuxt')
    const page = join(app, 'app/app.vue')
    const secretImport = "import secrets from '../config/secrets.server.merged.yaml'\nconsole.log(secrets)\n"
    writeFileSync(
      page,
      readFileSync(page, 'utf8').replace('<script setup lang="ts">\n', `<script setup lang="ts">\n${secretImport}`),
    )
    const build = await run(bin('nuxi'), ['build'], app)
    expect(build.code).not.toBe(0)
    expect(build.output).toMatch(/MY_SERVER_ONLY/)
    expect(build.output).toContain('secrets.server.merged.yaml')
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

  /** `nuxi dev` in `app`, stopped after the file's tests. */
  async function startNuxiDev(app: string): Promise<Server> {
    const port = await freePort()
    const url = `http://127.0.0.1:${port}/`
    const args = ['dev', '--host', '127.0.0.1', '--port', String(port)]
    // Nuxt's dev server leaves its socket in the temporary folder when stopped: one of ours.
    const temporary = mkdtempSync(join(tmpdir(), 'my-nuxt-dev-'))
    temporaries.push(temporary)
    const server = await startServer(bin('nuxi'), args, app, url, { TMPDIR: temporary })
    servers.push(server)
    return server
  }

  /** The app under `nuxi dev`, started by the first test that needs it. */
  let dev: Promise<{ app: string; server: Server }> | undefined
  const startDev = (): Promise<{ app: string; server: Server }> =>
    (dev ??= (async () => {
      const app = copyApp('nuxt')
      return { app, server: await startNuxiDev(app) }
    })())

  // A layer edit reaches the server's render (the module's forwardRendererChanges) and the server route,
  // which Nitro rebuilds: every request answers within its bound, a hang fails the test.
  it('nuxi dev renders the development layer in the page and the server route, and a layer edit reaches both', async () => {
    const { app, server } = await startDev()
    const hung: string[] = []
    const bounded =
      <T>(what: string, get: () => Promise<T>) =>
      () =>
        get().catch((error: unknown) => {
          if ((error as Error).name === 'TimeoutError') hung.push(what)
          throw error
        })
    const rendered = bounded('page', async () => {
      const response = await fetch(server.url, { signal: AbortSignal.timeout(60_000) })
      return pageValues(await response.text())
    })
    const route = bounded('route', () => routeValues(server.url))
    const development = { title: 'Merged YAML on Nuxt', api: 'http://localhost:8080', features: 'search, debug' }
    expect(await rendered(), server.output()).toEqual(development)
    expect(await route(), server.output()).toEqual(development)
    writeFileSync(join(app, 'config/env/development.yaml'), '#cloud-config\nfeatures: [debug, live]\n')
    await expect.poll(route, { timeout: 90_000, interval: 500 }).toMatchObject({ features: 'search, debug, live' })
    await expect.poll(rendered, { timeout: 90_000, interval: 500 }).toMatchObject({ features: 'search, debug, live' })
    expect(hung, server.output()).toEqual([])
  })

  it.skipIf(skipUnlessAvailable(chromiumMissing))(
    titleUnlessAvailable('nuxi dev: a layer edit hot-updates the page in Chromium', chromiumMissing),
    async () => {
      const { app, server } = await startDev()
      const layer = join(app, 'config/env/development.yaml')
      const browser = await launchChromium()
      try {
        const tab = await browser.newPage()
        // An update Vite sends before the page's HMR client has connected reaches no page: edit after it has.
        const connected = tab.waitForEvent('console', {
          predicate: (message) => message.text().includes('[vite] connected'),
          timeout: 60_000,
        })
        await tab.goto(server.url)
        const features = async () => (await tab.getByTestId('features').textContent()) ?? ''
        await expect.poll(features, { timeout: 60_000 }).toMatch(/^search, debug/)
        await connected
        writeFileSync(layer, '#cloud-config\nfeatures: [debug, hot]\n')
        await expect.poll(features, { timeout: 60_000, interval: 500 }).toBe('search, debug, hot')
      } finally {
        await browser.close()
      }
    },
  )
  // Nuxt's dev error page (Youch, under Nitro) for a page whose render fails. Nuxt 4.3 (installed here) shows
  // the message, whose text holds the location, the include chain and the code frame. The error's stack
  // through the YAML crosses Nuxt's bridge (its `data.stack`): Nuxt 4.4 and later head the page with the
  // message's first line and show that stack as the Stack Trace, the layer's lines at the error, then the
  // includers (docs/guide/frameworks/nuxt.md). Without the server routes, which would fail Nitro's build first.
  it('nuxi dev: the error page of a broken layer shows where, the include chain and the frame', async () => {
    const app = copyApp('nuxt')
    rmSync(join(app, 'server'), { recursive: true })
    const server = await startNuxiDev(app)
    const page = (accept: string) =>
      fetch(server.url, { headers: { accept }, signal: AbortSignal.timeout(60_000) }).then(async (response) => ({
        status: response.status,
        text: await response.text(),
      }))
    expect((await page('text/html')).status, server.output()).toBe(200)
    breakDevelopmentLayer(app)
    const failed = async () => (await page('text/html')).status
    await expect.poll(failed, { timeout: 60_000, interval: 500 }).toBe(500)
    const html = (await page('text/html')).text
    expect(html).toMatch(BROKEN_DEVELOPMENT_LAYER)
    expect(html).toContain('included from config/app.merged.yaml:3')
    expect(html).toContain('2 | features: [debug')
    const body = JSON.parse((await page('application/json')).text) as { data?: { stack?: string } }
    expect(body.data?.stack).toMatch(
      /\n {4}at \/\S+\/config\/env\/development\.yaml:3:1\n {4}at \/\S+\/config\/app\.merged\.yaml:3:1$/,
    )
  })
})
