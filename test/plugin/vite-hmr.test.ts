// Vite dev: editing an included layer hot-updates the importer (no full reload); a broken layer sends
// the error to the overlay; fixing it recovers. So does a layer that breaks the entry's JSON Schema,
// and an edit of the schema. The test plays the browser: it records what the
// server sends over the HMR channel and fetches modules the way the Vite client does after an update.
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { HotPayload, ViteDevServer } from 'vite'
import MergedYaml from '../../src/vite.ts'
import { REPO, removeDir } from './bundlers.ts'
import { scaled } from '../helpers/time-scale.ts'

const FIXTURE = join(REPO, 'test/fixtures/plugin/hmr')
// Generous: the machine is shared and file watching is batched.
const WAIT = { timeout: scaled(60_000), interval: 100 }

let root: string
let server: ViteDevServer
let origin: string
const payloads: HotPayload[] = []
/** Called as the server sends an update, before any browser could ask for a module again. */
let onUpdate: (() => void) | undefined

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'my-plugin-hmr-'))
  cpSync(FIXTURE, root, { recursive: true })
  const { createServer } = await import('vite')
  server = await createServer({
    root,
    configFile: false,
    logLevel: 'silent',
    clearScreen: false,
    server: { port: 0, host: '127.0.0.1' },
    optimizeDeps: { noDiscovery: true, include: [] },
    plugins: [MergedYaml({ dts: false })],
  })
  await server.listen()
  const address = server.httpServer!.address()
  origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`
  // Everything the server tells browsers goes through this channel.
  const hot = server.environments.client.hot
  const send = hot.send.bind(hot) as (...args: unknown[]) => void
  hot.send = ((...args: unknown[]) => {
    if (typeof args[0] === 'object') payloads.push(args[0] as HotPayload)
    if ((args[0] as HotPayload | undefined)?.type === 'update') onUpdate?.()
    send(...args)
  }) as typeof hot.send
})

afterAll(async () => {
  await server?.close()
  if (root) removeDir(root)
})

async function get(path: string): Promise<{ status: number; text: string }> {
  const response = await fetch(origin + path)
  return { status: response.status, text: await response.text() }
}

/** What the Vite client does for a js-update: import the accepted module again, then what it imports. */
async function reimport(
  update: { path: string; timestamp?: number },
  entry = '/app.merged.yaml',
): Promise<{ status: number; text: string }> {
  const importer = await get(update.timestamp === undefined ? update.path : `${update.path}?t=${update.timestamp}`)
  expect(importer.status).toBe(200)
  const url = new RegExp(`from\\s+"(${entry.replaceAll('.', '\\.')}[^"]*)"`).exec(importer.text)?.[1]
  expect(url, importer.text).toBeDefined()
  return get(url!)
}

/** Waits for the next payload of a type after `from`, and returns it with its index. */
async function nextPayload<T extends HotPayload['type']>(
  type: T,
  from: number,
): Promise<{ payload: Extract<HotPayload, { type: T }>; index: number }> {
  return vi.waitFor(() => {
    const index = payloads.findIndex((p, i) => i >= from && p.type === type)
    if (index === -1)
      throw new Error(`no '${type}' payload yet; got ${JSON.stringify(payloads.slice(from).map((p) => p.type))}`)
    return { payload: payloads[index] as Extract<HotPayload, { type: T }>, index }
  }, WAIT)
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 300))

describe('Vite dev server', () => {
  it(
    'hot-updates the importer on a layer edit, shows a broken layer’s error, and recovers',
    { timeout: scaled(300_000) },
    async () => {
      // The browser's first load: the page's module, then the entry it imports.
      const first = await reimport({ path: '/main.js' })
      expect(first.text).toContain('export const name = "base";')

      // 1. Edit an included layer: an update whose boundary is the importer, not a reload.
      await settle()
      let from = payloads.length
      writeFileSync(
        join(root, 'base.yaml'),
        'merge_how: dict(recurse_str,recurse_list)+list(append)+str()\nname: edited\nlayers:\n  - base\n',
      )
      const edited = await nextPayload('update', from)
      expect(edited.payload.updates).toEqual([
        expect.objectContaining({ type: 'js-update', path: '/main.js', acceptedPath: '/main.js' }),
      ])
      expect((await reimport(edited.payload.updates[0]!)).text).toContain('export const name = "edited";')

      // 2. Add a file a glob include matches: the same.
      await settle()
      from = payloads.length
      writeFileSync(join(root, 'conf.d/20-b.yaml'), 'layers:\n  - b\n')
      const added = await nextPayload('update', from)
      expect(added.payload.updates[0]).toMatchObject({ path: '/main.js', acceptedPath: '/main.js' })
      expect((await reimport(added.payload.updates[0]!)).text).toContain('export const layers = ["base","a","b"];')

      // 3. Break the layer: the update is sent, and re-importing fails with the located error for the overlay.
      await settle()
      from = payloads.length
      writeFileSync(join(root, 'base.yaml'), 'merge_how: dict(recurse_str)+lst()\nname: broken\n')
      const broken = await nextPayload('update', from)
      const failed = await reimport(broken.payload.updates[0]!)
      expect(failed.status).toBe(500)
      const { payload: error } = await nextPayload('error', from)
      expect(error.err.message).toContain('base.yaml:1:12: error MY_UNKNOWN_MERGER')
      expect(error.err.message).toContain('included from app.merged.yaml:2')
      expect(error.err.loc).toMatchObject({ file: join(root, 'base.yaml'), line: 1 })

      // 4. Fix it: an update again, and the module loads with the fixed value.
      await settle()
      from = payloads.length
      writeFileSync(
        join(root, 'base.yaml'),
        'merge_how: dict(recurse_str,recurse_list)+list(append)+str()\nname: fixed\n',
      )
      const fixed = await nextPayload('update', from)
      const recovered = await reimport(fixed.payload.updates[0]!)
      expect(recovered.status).toBe(200)
      expect(recovered.text).toContain('export const name = "fixed";')

      // No step asked the browser for a full reload.
      expect(payloads.filter((p) => p.type === 'full-reload')).toEqual([])
    },
  )

  it(
    'does not update importers for a new file in a glob folder that changes nothing',
    { timeout: scaled(120_000) },
    async () => {
      await settle()
      const from = payloads.length
      // An editor's swap file (the glob does not match it), then a real layer: watcher events arrive in
      // order, so when the layer's update is in, the swap file's turn is past.
      writeFileSync(join(root, 'conf.d/.20-b.yaml.swp'), 'swap')
      await settle()
      writeFileSync(join(root, 'conf.d/30-c.yaml'), 'layers:\n  - c\n')
      const added = await nextPayload('update', from)
      expect(payloads.slice(from).filter((p) => p.type === 'update')).toHaveLength(1)
      expect((await reimport(added.payload.updates[0]!)).text).toContain('export const layers = ["a","b","c"];')
    },
  )

  it(
    'serves the second of two writes to a layer within 50 ms, which the watcher drops (paulmillr/chokidar#1455)',
    { timeout: scaled(120_000) },
    async () => {
      await settle()
      const from = payloads.length
      const layer = join(root, 'base.yaml')
      const write = (name: string) =>
        writeFileSync(layer, `merge_how: dict(recurse_str,recurse_list)+list(append)+str()\nname: ${name}\n`)
      // As the first write's update goes out, the entry renders again (a browser's request) and the layer is
      // written again: inside chokidar's window on an idle machine (the unit test of dropped-changes.ts
      // covers the window whatever the load).
      const rendered = new Promise<string>((resolve, reject) => {
        onUpdate = () => {
          onUpdate = undefined
          server.environments.client.transformRequest('/app.merged.yaml').then((result) => {
            write('second-of-two')
            resolve(result?.code ?? '')
          }, reject)
        }
      })
      write('first-of-two')
      expect(await rendered).toContain('export const name = "first-of-two";')
      const latest = async () => {
        const update = payloads.slice(from).findLast((p) => p.type === 'update')
        return update ? (await reimport(update.updates[0]!)).text : 'no update yet'
      }
      await expect.poll(latest, WAIT).toContain('export const name = "second-of-two";')
      expect(payloads.filter((p) => p.type === 'full-reload')).toEqual([])
    },
  )

  it(
    "shows a layer's schema violation in the overlay at its line, recovers, and hot-updates on a schema edit",
    { timeout: scaled(300_000) },
    async () => {
      const entry = '/schema/app.merged.yaml'
      const first = await reimport({ path: '/schema/main.js' }, entry)
      expect(first.text).toContain('export const name = "layer";')

      // 1. A layer breaks the schema: the overlay gets the violation at the layer's line.
      await settle()
      let from = payloads.length
      writeFileSync(join(root, 'schema/layer.yaml'), 'name: layer\nport: eighty\n')
      const broken = await nextPayload('update', from)
      expect((await reimport(broken.payload.updates[0]!, entry)).status).toBe(500)
      const { payload: error } = await nextPayload('error', from)
      expect(error.err.message).toContain('schema/layer.yaml:2:1: error MY_SCHEMA_VIOLATION: /port: must be integer')
      expect(error.err.message).toContain('included from schema/app.merged.yaml:4')
      expect(error.err.loc).toMatchObject({ file: join(root, 'schema/layer.yaml'), line: 2 })

      // 2. Fixing the layer recovers.
      await settle()
      from = payloads.length
      writeFileSync(join(root, 'schema/layer.yaml'), 'name: layer\nport: 80\n')
      const fixed = await nextPayload('update', from)
      const recovered = await reimport(fixed.payload.updates[0]!, entry)
      expect(recovered.status).toBe(200)
      expect(recovered.text).toContain('export const port = 80;')

      // 3. An edit of the schema is an update of the importer too: here it rejects the value.
      await settle()
      from = payloads.length
      const schemaFile = join(root, 'schema/app.schema.json')
      const schema = readFileSync(schemaFile, 'utf8')
      writeFileSync(schemaFile, schema.replace('"type": "integer"', '"type": "integer", "minimum": 1024'))
      const tightened = await nextPayload('update', from)
      expect((await reimport(tightened.payload.updates[0]!, entry)).status).toBe(500)
      const { payload: rejected } = await nextPayload('error', from)
      expect(rejected.err.message).toContain('schema/layer.yaml:2:1: error MY_SCHEMA_VIOLATION: /port: must be >= 1024')

      // 4. And back.
      await settle()
      from = payloads.length
      writeFileSync(schemaFile, schema)
      const restored = await nextPayload('update', from)
      expect((await reimport(restored.payload.updates[0]!, entry)).status).toBe(200)
      expect(payloads.filter((p) => p.type === 'full-reload')).toEqual([])
    },
  )
})
