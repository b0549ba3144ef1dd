// Astro 5 (playground/frameworks/astro, the integration `unplugin-merged-yaml/astro`): `astro build`
// writes the merged values into the static page, a broken layer fails it with its located error, and
// in `astro dev` a layer edit reaches the page on the next request.
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { BROKEN_LAYER, breakProductionLayer, freePort, pageValues, PRODUCTION, run, startServer } from './apps.ts'
import type { Server } from './apps.ts'
import { skipUnlessAvailable, titleUnlessAvailable } from '../helpers/available.ts'
import { bin, copyApp, frameworksMissing, removeCopies } from './install.ts'

const TITLE = 'Merged YAML on Astro'

const missing = await frameworksMissing()

describe.skipIf(skipUnlessAvailable(missing))(titleUnlessAvailable('Astro', missing), { timeout: 120_000 }, () => {
  const servers: Server[] = []
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()))
    removeCopies()
  })

  it('astro build writes the merged values into the page', async () => {
    const app = copyApp('astro')
    const build = await run(bin('astro'), ['build'], app)
    expect(build.code, build.output).toBe(0)
    expect(pageValues(readFileSync(join(app, 'dist/index.html'), 'utf8'))).toEqual({ title: TITLE, ...PRODUCTION })
  })

  it('astro build fails on a broken layer, saying where', async () => {
    const app = copyApp('astro')
    breakProductionLayer(app)
    const build = await run(bin('astro'), ['build'], app)
    expect(build.code).not.toBe(0)
    expect(build.output).toMatch(BROKEN_LAYER)
  })

  it('astro dev shows a layer edit on the next request', async () => {
    const app = copyApp('astro')
    const port = await freePort()
    const url = `http://127.0.0.1:${port}/`
    const server = await startServer(bin('astro'), ['dev', '--host', '127.0.0.1', '--port', String(port)], app, url)
    servers.push(server)
    const page = async () => pageValues(await (await fetch(url)).text())
    expect(await page(), server.output()).toEqual({
      title: TITLE,
      api: 'http://localhost:8080',
      features: 'search, debug',
    })
    writeFileSync(join(app, 'config/env/development.yaml'), '#cloud-config\nfeatures: [debug, live]\n')
    await expect.poll(page, { timeout: 30_000, interval: 300 }).toMatchObject({ features: 'search, debug, live' })
  })
})
