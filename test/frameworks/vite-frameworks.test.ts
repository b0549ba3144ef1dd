// Vite-based frameworks take the Vite entry as it is (`unplugin-merged-yaml/vite` in their
// vite.config): SvelteKit (playground/frameworks/sveltekit) and React Router 7 in framework mode, the
// successor of Remix (playground/frameworks/react-router). Per framework, a production build
// prerenders the page with the merged values, and its server answers a server route
// (SvelteKit's src/routes/api/config/+server.ts through $lib/server, React Router's resource route
// app/routes/api.config.js through a `.server` module) that also reads a server-only entry no client
// file holds; a page importing that entry fails the build with MY_SERVER_ONLY; a broken layer fails
// it, saying where; the dev server takes a layer edit on the next request and says where a broken
// layer is. SvelteKit's type check (svelte-check on .svelte-kit/tsconfig.json) passes on a fresh
// checkout and fails on a typo'd key once declared.
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
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

/**
 * React Router's built server (build/server/index.js) behind Node's HTTP server, as
 * `react-router-serve` would run it (a GET-only sketch of it: the routes answer GET requests here).
 */
const SERVE_REACT_ROUTER = `
import { createServer } from 'node:http'
import { pathToFileURL } from 'node:url'
import { createRequestHandler } from 'react-router'
const build = await import(pathToFileURL('build/server/index.js').href)
const handle = createRequestHandler(build, 'production')
createServer(async (request, response) => {
  const answer = await handle(new Request(new URL(request.url, 'http://' + request.headers.host)))
  response.writeHead(answer.status, Object.fromEntries(answer.headers))
  response.end(Buffer.from(await answer.arrayBuffer()))
}).listen(Number(process.env.PORT), '127.0.0.1')
`

const FRAMEWORKS = [
  {
    name: 'SvelteKit',
    app: 'sveltekit',
    build: [bin('vite'), 'build'],
    page: '.svelte-kit/output/prerendered/pages/index.html',
    output: { client: '.svelte-kit/output/client', server: '.svelte-kit/output/server' },
    serve: (port: number) => [bin('vite'), 'preview', '--host', '127.0.0.1', '--port', String(port), '--strictPort'],
    dev: (port: number) => [bin('vite'), 'dev', '--host', '127.0.0.1', '--port', String(port), '--strictPort'],
    /** The page, importing the server-only entry into code that also runs in the browser. */
    pageFile: 'src/routes/+page.svelte',
    importSecret: (source: string) =>
      source.replace(
        '<script lang="ts">\n',
        '<script lang="ts">\n  import secrets from \'../../config/secrets.server.merged.yaml\'\n  console.log(secrets)\n',
      ),
  },
  {
    name: 'React Router',
    app: 'react-router',
    build: [bin('react-router'), 'build'],
    page: 'build/client/index.html',
    output: { client: 'build/client', server: 'build/server' },
    serve: () => ['node', '--input-type=module', '-e', SERVE_REACT_ROUTER],
    dev: (port: number) => [bin('react-router'), 'dev', '--host', '127.0.0.1', '--port', String(port), '--strictPort'],
    pageFile: 'app/routes/home.jsx',
    importSecret: (source: string) =>
      "import secrets from '../../config/secrets.server.merged.yaml'\nconsole.log(secrets)\n" + source,
  },
] as const

const missing = await frameworksMissing()

// A build with a type check before and after it took 7 minutes under a load of 39 on 2 cores.
describe.skipIf(skipUnlessAvailable(missing))(
  titleUnlessAvailable('Vite-based frameworks', missing),
  { timeout: 600_000 },
  () => {
    const servers: Server[] = []
    afterAll(async () => {
      await Promise.all(servers.map((server) => server.stop()))
      removeCopies()
    })

    for (const framework of FRAMEWORKS) {
      const {
        name,
        build: [command, ...args],
        output,
      } = framework
      const title = `Merged YAML on ${name}`

      it(`${name}: the build prerenders the page, its server answers the server route, the client holds no server-only value`, async () => {
        const app = copyApp(framework.app)
        const build = await run(command, args, app)
        expect(build.code, build.output).toBe(0)
        expect(pageValues(readFileSync(join(app, framework.page), 'utf8'))).toEqual({ title, ...PRODUCTION })
        expect(filesHolding(join(app, output.server), SECRET).length, build.output).toBeGreaterThan(0)
        expect(filesHolding(join(app, output.client), SECRET)).toEqual([])
        const port = await freePort()
        const url = `http://127.0.0.1:${port}/api/config`
        const [serve, ...serveArgs] = framework.serve(port)
        const server = await startServer(serve, serveArgs, app, url, { PORT: String(port) })
        servers.push(server)
        expect(await routeJson(url), server.output()).toEqual({
          title,
          api: PRODUCTION.api,
          features: ['search', 'billing'],
          database: SECRET,
        })
      })

      it(`${name}: the build refuses a server-only entry a page imports (MY_SERVER_ONLY, with the importer)`, async () => {
        const app = copyApp(framework.app)
        const page = join(app, framework.pageFile)
        writeFileSync(page, framework.importSecret(readFileSync(page, 'utf8')))
        const build = await run(command, args, app)
        expect(build.code, build.output).not.toBe(0)
        const importer = new RegExp(framework.pageFile.replace(/[.+]/g, '\\$&'))
        expect(build.output).toMatch(serverOnlyRefusal(importer))
      })

      it(`${name}: the build fails on a broken layer, saying where`, async () => {
        const app = copyApp(framework.app)
        breakProductionLayer(app)
        const build = await run(command, args, app)
        expect(build.code).not.toBe(0)
        expect(build.output).toMatch(BROKEN_LAYER)
      })

      it(`${name}: the dev server shows a layer edit on the next request, in the page and the server route; a broken layer says where`, async () => {
        const app = copyApp(framework.app)
        const port = await freePort()
        const url = `http://127.0.0.1:${port}/`
        const [dev, ...devArgs] = framework.dev(port)
        const server = await startServer(dev, devArgs, app, url)
        servers.push(server)
        const page = async () => pageValues(await (await fetch(url, { signal: AbortSignal.timeout(20_000) })).text())
        const route = () => routeJson(`${url}api/config`)
        expect(await page(), server.output()).toEqual({
          title,
          api: 'http://localhost:8080',
          features: 'search, debug',
        })
        expect(await route(), server.output()).toMatchObject({
          features: ['search', 'debug'],
          database: 'postgres://localhost/app',
        })
        writeFileSync(join(app, 'config/env/development.yaml'), '#cloud-config\nfeatures: [debug, live]\n')
        await expect.poll(page, { timeout: 30_000, interval: 300 }).toMatchObject({ features: 'search, debug, live' })
        await expect.poll(route, { timeout: 30_000, interval: 300 }).toMatchObject({
          features: ['search', 'debug', 'live'],
        })
        breakDevelopmentLayer(app)
        const failed = async () => {
          const response = await fetch(`${url}api/config`, { signal: AbortSignal.timeout(20_000) })
          return `${response.status} ${await response.text()} ${server.output()}`
        }
        await expect.poll(failed, { timeout: 30_000, interval: 300 }).toMatch(BROKEN_DEVELOPMENT_LAYER)
      })
    }

    // svelte-check on the app's tsconfig.json, which extends the one `svelte-kit sync` generates.
    it("SvelteKit: svelte-check passes on a fresh checkout, and fails on a typo'd key once declared", async () => {
      const app = copyApp('sveltekit')
      const sync = await run(bin('svelte-kit'), ['sync'], app)
      expect(sync.code, sync.output).toBe(0)
      const check = () => run(bin('svelte-check'), ['--tsconfig', './tsconfig.json', '--output', 'machine'], app)
      const fresh = await check()
      expect(fresh.code, fresh.output).toBe(0)
      const build = await run(bin('vite'), ['build'], app)
      expect(build.code, build.output).toBe(0)
      const route = join(app, 'src/routes/api/config/+server.ts')
      writeFileSync(route, readFileSync(route, 'utf8').replace('api: config.api', 'api: config.apii'))
      const typo = await check()
      expect(typo.code).not.toBe(0)
      expect(typo.output).toMatch(
        /ERROR "src\/routes\/api\/config\/\+server\.ts" \d+:\d+ "Property 'apii' does not exist/,
      )
    })
  },
)
