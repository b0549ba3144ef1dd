// Next.js 16 (playground/frameworks/next): `next build` with Turbopack (the loader entry, from
// `turbopack.rules`) and with webpack (`--webpack`, the webpack plugin), each checked for the merged
// values in the prerendered page, for the declaration a build with a warm `.next/cache` writes (the
// page's typo'd key then fails the build's type check), for a server-only entry (a route handler may import
// it, none of its values reach `.next/static`; a Client Component importing it fails the build, naming the
// importers), and for the located error of a broken layer, printed once for two importers; and `next dev`
// with Turbopack, where a layer edit reaches the page (the loader made every layer a dependency).
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import {
  BROKEN_LAYER,
  breakProductionLayer,
  filesHolding,
  freePort,
  pageValues,
  plain,
  PRODUCTION,
  run,
  startServer,
} from './apps.ts'
import { skipUnlessAvailable, titleUnlessAvailable } from '../helpers/available.ts'
import { bin, copyApp, frameworksMissing, removeCopies } from './install.ts'

const TITLE = 'Merged YAML on Next.js'
const prerendered = (app: string) => pageValues(readFileSync(join(app, '.next/server/app/index.html'), 'utf8'))

/** The production value of the server-only entry (config/secrets.server.merged.yaml), in no browser's file. */
const DATABASE = 'postgres://db.internal:5432/app-7c1e'

/**
 * A Client Component (app/client/page.tsx, `'use client'`) that imports `entry` through a module of its
 * own (app/client/values.tsx): the chain the error names.
 */
function addClientImporter(app: string, entry: string, key: string): void {
  mkdirSync(join(app, 'app/client'), { recursive: true })
  writeFileSync(
    join(app, 'app/client/values.tsx'),
    `import values from '../../config/${entry}'\n\nexport const value = String(values.${key})\n`,
  )
  writeFileSync(
    join(app, 'app/client/page.tsx'),
    "'use client'\nimport { value } from './values'\n\nexport default function Page() {\n  return <p>{value}</p>\n}\n",
  )
}

const missing = await frameworksMissing()

describe.skipIf(skipUnlessAvailable(missing))(titleUnlessAvailable('Next.js', missing), { timeout: 480_000 }, () => {
  for (const [bundler, flags] of [
    ['Turbopack', []],
    ['webpack', ['--webpack']],
  ] as const) {
    const command = ['next', 'build', ...flags].join(' ')
    it(`${command} (${bundler}) prerenders the merged values`, async () => {
      const app = copyApp('next')
      const build = await run(bin('next'), ['build', ...flags], app)
      expect(build.code, build.output).toBe(0)
      expect(build.output).toContain(`Next.js 16`)
      expect(build.output).toContain(`(${bundler})`)
      expect(prerendered(app)).toEqual({ title: TITLE, ...PRODUCTION })
      // The server-only entry, imported by a route handler: in the server's output, in no file of the
      // browser's (searched byte for byte).
      expect(filesHolding(join(app, '.next/server'), DATABASE).length).toBeGreaterThan(0)
      expect(filesHolding(join(app, '.next/static'), DATABASE)).toEqual([])
    })

    it(`${command} (${bundler}) refuses a server-only entry a Client Component imports, naming the importers`, async () => {
      const app = copyApp('next')
      addClientImporter(app, 'secrets.server.merged.yaml', 'database')
      const build = await run(bin('next'), ['build', ...flags], app)
      const output = plain(build.output)
      expect(build.code, output).not.toBe(0)
      expect(output).toMatch(/MY_SERVER_ONLY: cannot import config\/secrets\.server\.merged\.yaml into code that runs/)
      // webpack: in the message (its issuers); Turbopack: in Next.js's import trace beside it.
      expect(output).toMatch(/app\/client\/values\.tsx/)
      expect(output).toMatch(/app\/client\/page\.tsx/)
      const browser = join(app, '.next/static')
      expect(existsSync(browser) ? filesHolding(browser, DATABASE) : []).toEqual([])
    })

    // CI restores `.next/cache` on a checkout without declarations (git-ignored): the persistent cache
    // skips the entry's loader unless the declaration is one of its dependencies (Host.cachesAcrossBuilds).
    it(`${command} (${bundler}) with a warm .next/cache writes the missing declaration, and fails on a typo'd key`, async () => {
      const app = copyApp('next')
      const first = await run(bin('next'), ['build', ...flags], app)
      expect(first.code, first.output).toBe(0)
      const sidecar = join(app, 'config/app.merged.d.yaml.ts')
      expect(existsSync(sidecar)).toBe(true)
      expect(existsSync(join(app, '.next/cache'))).toBe(true)
      rmSync(sidecar)
      rmSync(`${sidecar}.map`, { force: true })
      const page = join(app, 'app/page.tsx')
      writeFileSync(page, readFileSync(page, 'utf8').replace('{config.api}', '{config.apii}'))
      const second = await run(bin('next'), ['build', ...flags], app)
      expect(existsSync(sidecar), second.output).toBe(true)
      expect(second.code, second.output).not.toBe(0)
      expect(second.output).toMatch(/Property 'apii' does not exist on type/)
    }, 480_000)

    // A Server Component (app/page.tsx) and a Client Component import the entry: webpack builds it in two
    // layers of the server's compilation, Turbopack in two environments; the error is printed once.
    it(`${command} (${bundler}) fails on a broken layer, saying where, once for two importers`, async () => {
      const app = copyApp('next')
      addClientImporter(app, 'app.merged.yaml', 'api')
      breakProductionLayer(app)
      const build = await run(bin('next'), ['build', ...flags], app)
      const output = plain(build.output)
      expect(build.code).not.toBe(0)
      expect(output).toMatch(BROKEN_LAYER)
      expect(output.split(new RegExp(BROKEN_LAYER.source)).length - 1, output).toBe(1)
    })
  }

  const servers: Array<{ stop(): Promise<void> }> = []
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()))
    removeCopies()
  })

  it('next dev (Turbopack) shows a layer edit on the next request, a broken layer until fixed, and no MY_DTS_NOT_OURS', async () => {
    const app = copyApp('next')
    const port = await freePort()
    const server = await startServer(bin('next'), ['dev', '--port', String(port)], app, `http://127.0.0.1:${port}/`)
    servers.push(server)
    const page = async () => pageValues(await (await fetch(server.url)).text())
    expect(await page(), server.output()).toEqual({
      title: TITLE,
      api: 'http://localhost:8080',
      features: 'search, debug',
    })
    writeFileSync(join(app, 'config/env/development.yaml'), '#cloud-config\nfeatures: [debug, live]\n')
    await expect.poll(page, { timeout: 60_000, interval: 500 }).toMatchObject({ features: 'search, debug, live' })
    // A failed load still gives Turbopack its dependencies: fixing the layer is seen too.
    const layer = join(app, 'config/env/development.yaml')
    writeFileSync(layer, '#cloud-config\nfeatures: [debug\n')
    const text = async () => (await fetch(server.url)).text()
    await expect.poll(text, { timeout: 60_000, interval: 500 }).toMatch(/development\.yaml:3:1/)
    writeFileSync(layer, '#cloud-config\nfeatures: [debug, fixed]\n')
    await expect.poll(page, { timeout: 60_000, interval: 500 }).toMatchObject({ features: 'search, debug, fixed' })
    // Edits that change the declaration and its map each time, which Turbopack's loader processes (the
    // server's and the client's) rewrite at once: never taken for a file someone else wrote.
    for (let edit = 0; edit < 6; edit++) {
      const extra = edit % 2 === 0 ? `edit: ${edit}\n` : `edit: e${edit}\nmore: [${edit}]\n`
      writeFileSync(layer, `#cloud-config\nfeatures: [debug, e${edit}]\n${extra}`)
      await expect.poll(page, { timeout: 60_000, interval: 500 }).toMatchObject({ features: `search, debug, e${edit}` })
    }
    expect(server.output()).not.toContain('MY_DTS_NOT_OURS')
  }, 480_000)
})
