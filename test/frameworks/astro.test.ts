// Astro 5 (playground/frameworks/astro, the integration `unplugin-merged-yaml/astro`, the node
// adapter): `astro build` writes the merged values into the static page and the built server answers
// them from an endpoint rendered on request (src/pages/api/config.json.ts), which also reads a
// server-only entry that no client file holds; a client script importing that entry fails the build
// with MY_SERVER_ONLY; a broken layer fails it with its located error; `astro check` passes on a fresh
// checkout and fails on a typo'd key once declared; in `astro dev` a layer edit reaches the page and
// the endpoint on the next request, and a broken layer is a located error.
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { stripVTControlCharacters } from 'node:util'
import { afterAll, describe, expect, it } from 'vitest'
import {
  BROKEN_DEVELOPMENT_LAYER,
  BROKEN_LAYER,
  breakDevelopmentLayer,
  breakProductionLayer,
  filesHolding,
  freePort,
  pageValues,
  PRODUCTION,
  routeJson,
  run,
  SECRET,
  serverOnlyRefusal,
  startServer,
} from './apps.ts'
import type { Server } from './apps.ts'
import { skipUnlessAvailable, titleUnlessAvailable } from '../helpers/available.ts'
import { bin, copyApp, frameworksMissing, removeCopies } from './install.ts'

const TITLE = 'Merged YAML on Astro'

const missing = await frameworksMissing()

// A build with a type check before and after it took 7 minutes under a load of 39 on 2 cores.
describe.skipIf(skipUnlessAvailable(missing))(titleUnlessAvailable('Astro', missing), { timeout: 600_000 }, () => {
  const servers: Server[] = []
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()))
    removeCopies()
  })

  it('astro check passes on a fresh checkout; astro build renders the page and the endpoint; a typo fails the check', async () => {
    const app = copyApp('astro')
    const check = () => run(bin('astro'), ['check'], app)
    // No declaration yet: the client types the integration adds to .astro/ type every entry.
    const fresh = await check()
    expect(fresh.code, fresh.output).toBe(0)
    const build = await run(bin('astro'), ['build'], app)
    expect(build.code, build.output).toBe(0)
    expect(pageValues(readFileSync(join(app, 'dist/client/index.html'), 'utf8'))).toEqual({
      title: TITLE,
      ...PRODUCTION,
    })
    // The server-only entry is in the server's output, never in what a browser downloads.
    expect(filesHolding(join(app, 'dist/server'), SECRET).length).toBeGreaterThan(0)
    expect(filesHolding(join(app, 'dist/client'), SECRET)).toEqual([])
    const port = await freePort()
    const url = `http://127.0.0.1:${port}/api/config.json`
    const env = { HOST: '127.0.0.1', PORT: String(port) }
    const server = await startServer('node', ['dist/server/entry.mjs'], app, url, env)
    servers.push(server)
    expect(await routeJson(url)).toEqual({
      title: TITLE,
      api: PRODUCTION.api,
      features: ['search', 'billing'],
      database: SECRET,
    })
    const endpoint = join(app, 'src/pages/api/config.json.ts')
    writeFileSync(endpoint, readFileSync(endpoint, 'utf8').replace('api: config.api', 'api: config.apii'))
    const typo = await check()
    expect(typo.code).not.toBe(0)
    // astro check colours its report whatever the terminal.
    expect(stripVTControlCharacters(typo.output)).toMatch(
      /config\.json\.ts:\d+:\d+ - error ts\(2551\): Property 'apii' does not exist/,
    )
  })

  it('astro build refuses a server-only entry a client script imports (MY_SERVER_ONLY, with the importer)', async () => {
    const app = copyApp('astro')
    const page = join(app, 'src/pages/index.astro')
    const script =
      "<script>\n  import secrets from '../../config/secrets.server.merged.yaml'\n  console.log(secrets)\n</script>\n"
    writeFileSync(page, readFileSync(page, 'utf8').replace('  </body>', `${script}  </body>`))
    const build = await run(bin('astro'), ['build'], app)
    expect(build.code).not.toBe(0)
    expect(build.output).toMatch(serverOnlyRefusal(/src\/pages\/index\.astro/))
  })

  it('astro build fails on a broken layer, saying where', async () => {
    const app = copyApp('astro')
    breakProductionLayer(app)
    const build = await run(bin('astro'), ['build'], app)
    expect(build.code).not.toBe(0)
    expect(build.output).toMatch(BROKEN_LAYER)
  })

  it('astro dev shows a layer edit on the next request, in the page and the endpoint; a broken layer says where', async () => {
    const app = copyApp('astro')
    const port = await freePort()
    const url = `http://127.0.0.1:${port}/`
    const server = await startServer(bin('astro'), ['dev', '--host', '127.0.0.1', '--port', String(port)], app, url)
    servers.push(server)
    const page = async () => pageValues(await (await fetch(url, { signal: AbortSignal.timeout(20_000) })).text())
    const endpoint = () => routeJson(`${url}api/config.json`)
    expect(await page(), server.output()).toEqual({
      title: TITLE,
      api: 'http://localhost:8080',
      features: 'search, debug',
    })
    expect(await endpoint(), server.output()).toMatchObject({
      features: ['search', 'debug'],
      database: 'postgres://localhost/app',
    })
    writeFileSync(join(app, 'config/env/development.yaml'), '#cloud-config\nfeatures: [debug, live]\n')
    await expect.poll(page, { timeout: 30_000, interval: 300 }).toMatchObject({ features: 'search, debug, live' })
    await expect.poll(endpoint, { timeout: 30_000, interval: 300 }).toMatchObject({
      features: ['search', 'debug', 'live'],
    })
    breakDevelopmentLayer(app)
    const failed = async () => {
      const response = await fetch(`${url}api/config.json`, { signal: AbortSignal.timeout(20_000) })
      return `${response.status} ${server.output()}`
    }
    await expect.poll(failed, { timeout: 30_000, interval: 300 }).toMatch(BROKEN_DEVELOPMENT_LAYER)
  })
})
