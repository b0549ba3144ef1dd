// The Vite dev server with the plugin, asked by a hostile client: raw HTTP requests (nothing
// normalises the paths) for files Vite itself refuses to serve — `.env`, keys, git's data, files
// outside `server.fs.allow` — through our import selectors (`?node=`, `?lookup=`, `?document=`…),
// `/@fs/` ids, and the query tricks of Vite's past advisories (`?raw??`, `?import&raw`, `/@fs/` with
// `?inline`, `..`, `%2e`, backslashes, NUL bytes, trailing `?` and `#`). None may answer with a
// byte of those files, nor write a declaration outside the project; entries inside still work.
import { existsSync, readdirSync, readFileSync, symlinkSync } from 'node:fs'
import { request } from 'node:http'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { ViteDevServer } from 'vite'
import MergedYaml from '../../src/vite.ts'
import type { Options } from '../../src/index.ts'
import { lines, writeTree } from '../helpers/tree.ts'
import { removeDir } from '../plugin/bundlers.ts'
import { scaled } from '../helpers/time-scale.ts'

/** Bytes that must never reach a response: each file holding one is refused by Vite's rules. */
const SECRETS = {
  env: 'ENV_SECRET_9f3a',
  envLocal: 'ENV_LOCAL_SECRET_c41d',
  pem: 'PEM_SECRET_77b2',
  crt: 'CRT_SECRET_e0c9',
  git: 'GIT_SECRET_5d18',
  outside: 'OUTSIDE_SECRET_a2e6',
  outsideStore: 'OUTSIDE_STORE_SECRET_3b7c',
  denied: 'VITE_DENIED_SECRET_60f4',
  schema: 'SCHEMA_SECRET_1c2e',
  storeNode: 'STORE_NODE_SECRET_88aa',
}
const ALL_SECRETS = Object.values(SECRETS)

// Generous: the machine is shared.
const WAIT = { timeout: scaled(30_000), interval: 50 }

const STORE_DEFINITION = lines('ResolutionPrecedence:', '  - AllNodes\\$($Node.NodeName)')

const base = writeTree(
  {
    // The project: Vite's root, and (its nearest package.json) the workspace root it allows.
    'project/package.json': '{ "name": "project", "private": true }\n',
    'project/.env': `API_KEY=${SECRETS.env}\n`,
    'project/.env.local': `API_KEY=${SECRETS.envLocal}\n`,
    'project/key.pem': `-----BEGIN ${SECRETS.pem}-----\n`,
    'project/server.crt': `-----BEGIN ${SECRETS.crt}-----\n`,
    'project/.git/config': `[core]\n  secret = ${SECRETS.git}\n`,
    'project/app.merged.yaml': lines('#include', 'base.yaml'),
    'project/base.yaml': lines('name: app', 'port: 8080'),
    // Vite's deny (this server adds `private-*`) keeps files out that the engine's own deny allows.
    'project/private-db.yaml': lines(`password: ${SECRETS.denied}`),
    'project/uses-private.merged.yaml': lines('#include', 'base.yaml', 'private-db.yaml'),
    'project/globs-private.merged.yaml': lines('#include', 'base.yaml', 'private-*.yaml'),
    'project/private-schema.json': JSON.stringify({ description: SECRETS.schema, type: 'object' }),
    'project/schema-private.merged.yaml': lines('# yaml-language-server: $schema=./private-schema.json', 'a: 1'),
    'project/store/AllNodes/private-n2.yml': lines('NodeName: private-n2', `Secret: ${SECRETS.storeNode}`),
    'project/broken.merged.yaml': lines('#include', 'broken-layer.yaml'),
    'project/broken-layer.yaml': lines('a: 1', 'b: [unclosed'),
    'project/conf/app.cfg.yaml': lines('from: a glob include'),
    'project/conf/skip.cfg.yaml': lines('from: an excluded entry'),
    'project/store/Datum.yml': STORE_DEFINITION,
    'project/store/AllNodes/n1.yml': lines('NodeName: n1', 'Greeting: hello from n1'),
    // Outside the project: nothing Vite serves.
    'elsewhere/secret.merged.yaml': lines(`token: ${SECRETS.outside}`),
    'elsewhere/store/Datum.yml': STORE_DEFINITION,
    'elsewhere/store/AllNodes/n1.yml': lines('NodeName: n1', `Secret: ${SECRETS.outsideStore}`),
  },
  'dev-server',
)
const project = join(base, 'project')
const outside = join(base, 'elsewhere')
// A link inside the project to an entry outside it.
symlinkSync(join(outside, 'secret.merged.yaml'), join(project, 'link.merged.yaml'))

let server: ViteDevServer
let port: number

/** A dev server on 127.0.0.1 (a free port) for the project, with the plugin's `options`. */
async function startServer(options: Options): Promise<{ server: ViteDevServer; port: number }> {
  const { createServer } = await import('vite')
  const started = await createServer({
    root: project,
    configFile: false,
    logLevel: 'silent',
    clearScreen: false,
    server: {
      port: 0,
      host: '127.0.0.1',
      fs: { deny: ['.env', '.env.*', '*.{crt,pem}', '**/.git/**', 'private-*'] },
    },
    optimizeDeps: { noDiscovery: true, include: [] },
    plugins: [MergedYaml(options)],
  })
  await started.listen()
  const address = started.httpServer!.address()
  return { server: started, port: typeof address === 'object' && address ? address.port : 0 }
}

beforeAll(async () => {
  // Sidecar declarations, so that a request that made one write is seen.
  ;({ server, port } = await startServer({ dts: 'sidecar', cache: false }))
})

afterAll(async () => {
  await server?.close()
  if (base) removeDir(base)
})

/** A GET with the path exactly as written (no URL parsing, no normalisation). */
function get(path: string, headers: Record<string, string> = {}, to = port): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: to, path, method: 'GET', headers }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => chunks.push(chunk))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }))
      res.on('error', reject)
    })
    req.on('error', reject)
    req.end()
  })
}

const expectNoSecret = (body: string): void => {
  for (const secret of ALL_SECRETS) expect(body).not.toContain(secret)
  // /etc/passwd's first line, and what /proc/self/environ holds on any machine.
  expect(body).not.toMatch(/root:x?:0:0|\bPATH=\//)
}

describe('a request through our import selectors for a file Vite refuses', () => {
  const attacks = (): [string, number][] => [
    // The selector query names a store, the file is `.env`: the issue's own example.
    ['/.env?node=/Datum.yml?node=x', 403],
    ['/.env?import&node=/Datum.yml?node=x', 403],
    ['/.env?lookup=x.merged.yaml', 403],
    ['/.env?import&lookup=a.merged.yaml', 403],
    ['/.env?document=a.merged.yaml', 403],
    ['/.env?schema=a.merged.yaml', 403],
    ['/.env?dialect=datum&lookup=x.merged.yaml', 403],
    ['/.env.local?lookup=x.merged.yaml', 403],
    ['/key.pem?node=/Datum.yml?node=x', 403],
    ['/server.crt?lookup=x.merged.yaml', 403],
    ['/.git/config?lookup=x.merged.yaml', 403],
    ['/private-db.yaml?lookup=x.merged.yaml', 403],
    [`/@fs${project}/.env?lookup=x.merged.yaml`, 403],
    [`/@fs${project}/.env?node=/Datum.yml?node=x`, 403],
    [`/@fs${outside}/secret.merged.yaml`, 403],
    [`/@fs${outside}/secret.merged.yaml?import`, 403],
    [`/@fs${outside}/secret.merged.yaml?lookup=token`, 403],
    [`/@fs${outside}/store/Datum.yml?import&node=n1&lookup=Secret`, 403],
    [`/@fs${outside}/store/Datum.yml?node=n1`, 403],
    ['/@fs/etc/passwd?node=/Datum.yml?node=x', 403],
    ['/@fs/etc/passwd?lookup=a.merged.yaml', 403],
    ['/@fs/proc/self/environ?lookup=a.merged.yaml', 403],
    // A store inside the project asked for a node (or a lookup) that names files outside it.
    ['/store/Datum.yml?import&node=../../elsewhere/store/AllNodes/n1', 200],
    ['/store/Datum.yml?import&node=..%2F..%2Felsewhere%2Fstore%2FAllNodes%2Fn1&lookup=Secret', 500],
    [`/store/Datum.yml?import&node=${outside}/store/AllNodes/n1`, 500],
    ['/store/Datum.yml?import&node=/etc/passwd', 500],
    ['/store/Datum.yml?import&node=n1&lookup=../../../.env', 200],
    ['/store/Datum.yml?import&node=../.env', 500],
    ['/store/Datum.yml?import&node=../.git/config', 500],
    // Past advisories' shapes (CVE-2025-30208, -31125, -31486, -32395, -46565), with our selectors.
    ['/.env?raw?import', 403],
    ['/.env?import&?inline=1.wasm?init', 403],
    [`/@fs${project}/.env?.svg?.wasm?init&lookup=x.merged.yaml`, 403],
    [`/@fs${project}/.env?import&?raw&lookup=x`, 403],
    ['/.env/?lookup=x.merged.yaml', 404],
    ['/.env/.?lookup=x.merged.yaml', 403],
    [`/@fs${project}/.env/x.merged.yaml`, 404],
    [`/@fs${project}/.git/config?import&lookup=x.merged.yaml`, 403],
    ['/.env?raw??', 403],
    ['/.env?import&raw', 403],
    ['/.env?import&raw??&lookup=x.merged.yaml', 403],
    [`/@fs${project}/.env?import&raw??`, 403],
    [`/@fs${project}/.env?inline&lookup=x.merged.yaml`, 403],
    [`/@fs${outside}/secret.merged.yaml?inline`, 403],
    [`/@fs${outside}/secret.merged.yaml?raw`, 403],
    [`/@fs${project}/../elsewhere/secret.merged.yaml`, 403],
    [`/@fs${project}/%2e%2e/elsewhere/secret.merged.yaml`, 403],
    [`/@fs${project}/%2E%2E/elsewhere/store/Datum.yml?node=n1`, 403],
    ['/..%2felsewhere/secret.merged.yaml', 404],
    ['/%2e%2e/elsewhere/secret.merged.yaml', 404],
    [`/@fs${project}\\..\\elsewhere\\secret.merged.yaml`, 403],
    [`/@id/__x00__${outside}/secret.merged.yaml`, 404],
    [`/@id/${outside}/secret.merged.yaml`, 404],
    [`/@fs${outside}/secret.merged.yaml?`, 403],
    [`/@fs${outside}/secret.merged.yaml#`, 400],
    [`/@fs${outside}/secret.merged.yaml%00`, 404],
    ['/.env%00.merged.yaml', 404],
    ['/.env%23.merged.yaml', 404],
    ['/.env#.merged.yaml', 400],
  ]

  // 403: Vite's own refusal, once the plugin leaves the id to it. 404: an id that names no file once
  // Vite has decoded it. 400: a path Node's HTTP server refuses. 500: a store inside the project asked
  // for a node it does not have (a located error naming the store). 200: Vite's static server with the
  // store's own Datum.yml as it is, which it serves (the `..` in the query ate the path).
  it.each(attacks())('%s answers %i without a byte of a refused file', async (path, expected) => {
    const { status, body } = await get(path, { accept: '*/*' })
    expectNoSecret(body)
    expect(body).not.toMatch(/^export /m)
    expect(status).toBe(expected)
    if (status === 200) expect(body).toBe(STORE_DEFINITION)
  })

  it('answers the issue example with what Vite answers for the file without our query', async () => {
    const ours = await get('/.env?node=/Datum.yml?node=x')
    const vites = await get('/.env?import')
    expect(ours.status).toBe(vites.status)
    expectNoSecret(ours.body)
  })

  it('refuses an entry outside server.fs.allow as Vite refuses any file there (403)', async () => {
    const { status, body } = await get(`/@fs${outside}/store/Datum.yml?import&node=n1&lookup=Secret`)
    expect(status).toBe(403)
    expectNoSecret(body)
  })
})

describe('a link in the project to an entry outside it', () => {
  it('is not rendered: the plugin reads only what Vite would serve by its real path', async () => {
    // Vite's static server answers with the file as it is (its own rule for links under the root):
    // what matters here is that the plugin neither renders it nor writes beside it.
    const { body } = await get('/link.merged.yaml?import&lookup=token')
    expect(body).not.toMatch(/^export /m)
  })
})

describe('an entry inside the project', () => {
  it('is served (the guard does not refuse what Vite serves)', async () => {
    const { status, body } = await get('/app.merged.yaml?import')
    expect(status).toBe(200)
    expect(body).toContain('"app"')
  })

  it('a Datum store inside the project is served for a node', async () => {
    const { status, body } = await get('/store/Datum.yml?import&node=n1&lookup=Greeting')
    expect(status).toBe(200)
    expect(body).toContain('hello from n1')
  })

  it('that includes a file Vite denies fails, located at the include line, without the file', async () => {
    const { status, body } = await get('/uses-private.merged.yaml?import')
    expect(status).toBe(500)
    expectNoSecret(body)
    expect(body).toContain('MY_FILE_UNREADABLE')
    expect(body).toContain('uses-private.merged.yaml:3:1')
    expect(body).toContain('does not serve')
    // The inspector refuses the entry, having read nothing of the file either (its renders are guarded).
    const shown = await get('/__merged-yaml/api/entry?id=uses-private.merged.yaml')
    expect(shown.status).toBe(403)
    expectNoSecret(shown.body)
    // Watched since (a fix must recover), the refused file is served no more than before.
    for (const path of ['/private-db.yaml?import', '/private-db.yaml?raw', `/@fs${project}/private-db.yaml`]) {
      const after = await get(path)
      expect([path, after.status]).toEqual([path, 403])
      expectNoSecret(after.body)
    }
  })
})

describe('every file an entry reads passes the same check', () => {
  it.each([
    ['a glob match', '/globs-private.merged.yaml?import', 'globs-private.merged.yaml:3:1'],
    ['a schema named by a modeline', '/schema-private.merged.yaml?import', 'schema-private.merged.yaml:1:'],
    ["a store's node file", '/store/Datum.yml?import&node=private-n2', 'Datum.yml'],
  ])('%s Vite denies fails the entry, located, without the file', async (_, path, located) => {
    const { status, body } = await get(path)
    expect(status).toBe(500)
    expectNoSecret(body)
    expect(body).toContain(located)
  })
})

describe('an error in a file the request may read', () => {
  it('keeps its code frame', async () => {
    const { status, body } = await get('/broken.merged.yaml?import')
    expect(status).toBe(500)
    expect(body).toContain('broken-layer.yaml:3:1')
    expect(body).toContain('2 | b: [unclosed')
  })
})

describe('what a request writes', () => {
  it('writes no declaration outside the project, also for a cross-site request', async () => {
    const before = readdirSync(outside).sort()
    await get(`/@fs${outside}/secret.merged.yaml?import`, {
      origin: 'http://evil.example',
      'sec-fetch-site': 'cross-site',
    })
    await get('/link.merged.yaml?import', { origin: 'http://evil.example' })
    // Declarations are written in batches after the loads: once a later entry's is written, so are theirs.
    await get('/app.merged.yaml?import')
    await vi.waitFor(() => expect(existsSync(join(project, 'app.merged.d.yaml.ts'))).toBe(true), WAIT)
    expect(readdirSync(outside).sort()).toEqual(before)
    expect(readFileSync(join(outside, 'secret.merged.yaml'), 'utf8')).toBe(lines(`token: ${SECRETS.outside}`))
  })
})

describe('with include as a glob and exclude', () => {
  let other: { server: ViteDevServer; port: number }
  beforeAll(async () => {
    other = await startServer({ dts: false, cache: false, include: ['**/*.cfg.yaml'], exclude: ['**/skip.*'] })
  })
  afterAll(async () => {
    await other?.server.close()
  })

  it('takes an entry by its file, never by a query that would match the glob', async () => {
    const entry = await get('/conf/app.cfg.yaml?import', {}, other.port)
    expect(entry.status).toBe(200)
    expect(entry.body).toContain('a glob include')
    for (const path of ['/.env?lookup=x.cfg.yaml', '/.env?import&lookup=/conf/app.cfg.yaml', '/.env?node=x.cfg.yaml']) {
      const { status, body } = await get(path, {}, other.port)
      expect([path, status]).toEqual([path, 403])
      expectNoSecret(body)
    }
  })

  it('leaves an excluded entry to Vite, whatever its query', async () => {
    const { body } = await get('/conf/skip.cfg.yaml?import&lookup=from', {}, other.port)
    expect(body).not.toMatch(/^export /m)
  })
})
