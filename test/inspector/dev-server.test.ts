// The inspector through a real Vite dev server, over HTTP as a browser asks for it: the page (its
// script and where its data is), the entry list, an entry's values, where each was set, a value the
// merge kept out, the other mode beside it; `compare=` a name only; Vite's own host check in front
// of it (DNS rebinding). The browser's view of the same page: test/e2e/inspector.test.ts.
import { cpSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { createServer } from 'vite'
import type { ViteDevServer } from 'vite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import MergedYaml from '../../src/vite.ts'
import { findViteHostCheck } from '../../src/inspector/host-check.ts'
import { get } from '../helpers/http-get.ts'

const FIXTURE = resolve(import.meta.dirname, '../fixtures/inspector')

interface ValueNode {
  key?: string
  path: string
  value?: string
  source?: { file: string; line: number }
  children?: ValueNode[]
}

function findValue(node: ValueNode | undefined, path: string): ValueNode | undefined {
  if (!node) return undefined
  if (node.path === path) return node
  for (const child of node.children ?? []) {
    const found = findValue(child, path)
    if (found) return found
  }
  return undefined
}

describe('the inspector in a real Vite dev server', () => {
  let dir: string
  let server: ViteDevServer
  let base: string

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'inspector-http-'))
    cpSync(FIXTURE, dir, { recursive: true })
    server = await createServer({
      root: dir,
      configFile: false,
      logLevel: 'silent',
      mode: 'development',
      plugins: [MergedYaml({ dts: false, cache: false })],
      server: {
        port: 0,
        host: '127.0.0.1',
        hmr: false,
        watch: null,
        allowedHosts: ['dev.example.com', '.preview.example'],
      },
    })
    await server.listen()
    base = server.resolvedUrls!.local[0]!.replace(/\/$/, '')
    // The app loads its entry first: the inspector lists it as loaded.
    await server.transformRequest('/config/app.merged.yaml')
  })
  afterAll(async () => {
    await server?.close()
    if (dir) rmSync(dir, { recursive: true, force: true })
  })

  it('serves the page: its script, and where its data and update channel are', async () => {
    const page = await get(`${base}/__merged-yaml/`, { 'sec-fetch-site': 'none' })
    expect(page.status).toBe(200)
    expect(page.type).toBe('text/html; charset=utf-8')
    expect(page.body).toMatch(/<script>[\s\S]*getElementById[\s\S]*<\/script>/)
    expect(page.body).toContain('"api":"/__merged-yaml/api/"')
    expect(page.body).toContain('"channel":"/__merged-yaml/channel"')
    const channel = await get(`${base}/__merged-yaml/channel`)
    expect(channel.status).toBe(200)
    expect(channel.body).toContain('/@vite/client')
  })

  it('lists the loaded entry with its dialect, mode and status, and the other entries under the root', async () => {
    const list = await get(`${base}/__merged-yaml/api/entries`)
    expect(list.status).toBe(200)
    const body = JSON.parse(list.body) as { mode: string; modes: string[]; compare: string; entries: unknown[] }
    expect(body.mode).toBe('development')
    expect(body.compare).toBe('production')
    expect(body.entries).toContainEqual({
      id: 'config/app.merged.yaml',
      loaded: true,
      mode: 'development',
      status: 'warnings',
      renderMs: expect.any(Number),
      dialect: 'cloud-init',
    })
    expect(body.entries).toContainEqual({ id: 'config/broken.merged.yaml', loaded: false })
  })

  it("shows an entry's values with where each was set, a value kept out, and the other mode", async () => {
    const shown = await get(`${base}/__merged-yaml/api/entry?id=config%2Fapp.merged.yaml&compare=production`)
    expect(shown.status).toBe(200)
    const report = JSON.parse(shown.body) as {
      entry: string
      status: string
      values: ValueNode
      keptOut: { path: string; source: { file: string; line: number }; value?: string; result?: string }[]
      compare: { mode: string; values: ValueNode; differences: number }
    }
    expect(report.entry).toBe('config/app.merged.yaml')
    expect(report.status).toBe('warnings')
    const url = findValue(report.values, 'api.url')
    expect(url).toMatchObject({ value: '"http://localhost:8080/api"', source: { file: 'config/base.yaml', line: 10 } })
    expect(report.keptOut).toContainEqual(
      expect.objectContaining({
        path: 'app.name',
        source: expect.objectContaining({ file: 'config/env/development.yaml', line: 3 }),
        value: '"Storefront (dev)"',
        result: '"Storefront"',
      }),
    )
    expect(report.compare.mode).toBe('production')
    expect(findValue(report.compare.values, 'logLevel')?.value).toBe('"warn"')
    expect(report.compare.differences).toBeGreaterThan(0)
  })

  it('takes a mode to compare with as a name only: 400 for ., .., a separator or NUL', async () => {
    const entry = `${base}/__merged-yaml/api/entry?id=config%2Fapp.merged.yaml&compare=`
    for (const mode of ['.', '..', '../production', 'env/production', 'a\\b', 'prod\0']) {
      const answer = await get(`${entry}${encodeURIComponent(mode)}`)
      expect([mode, answer.status]).toEqual([mode, 400])
      expect(JSON.parse(answer.body)).toEqual({ error: expect.stringContaining('is no name') })
    }
    const spaced = await get(`${entry}${encodeURIComponent('pro duction')}`)
    expect(spaced.status).toBe(400)
    expect(JSON.parse(spaced.body)).toEqual({ error: expect.stringContaining('is not a mode') })
    expect((await get(`${entry}production`)).status).toBe(200)
  })

  it("answers the hosts Vite's allowedHosts allows, and refuses a rebinding name with Vite's own check", async () => {
    const api = `${base}/__merged-yaml/api/entries`
    for (const host of ['localhost:5173', 'app.localhost', '127.0.0.1:5173', '[::1]:5173', 'dev.example.com'])
      expect([host, (await get(api, { host })).status]).toEqual([host, 200])
    for (const host of ['a.preview.example:80', 'preview.example'])
      expect([host, (await get(api, { host })).status]).toEqual([host, 200])
    for (const host of ['evil.example', 'localhost.evil.example', 'dev.example.com.evil']) {
      const answer = await get(api, { host })
      expect([host, answer.status]).toEqual([host, 403])
      // Vite's answer, not the inspector's.
      expect(answer.body).toContain('Blocked request')
    }
    const page = await get(`${base}/__merged-yaml/`, { host: 'evil.example' })
    expect(page.status).toBe(403)
  })

  it("runs Vite's host check, installed before the inspector (Vite 7, 8)", () => {
    const inspector = server.middlewares.stack.find((layer) => layer.route === '/__merged-yaml')!.handle as () => void
    expect(inspector.name).toBe('viteMergedYamlInspectorMiddleware')
    expect(findViteHostCheck(server, inspector)).toEqual({ kind: 'ran' })
  })
})

describe("Vite's host check, wherever the Vite version installs it", () => {
  const own = function viteMergedYamlInspectorMiddleware() {}
  const viteHostCheckMiddleware = function viteHostCheckMiddleware() {}
  const config = (server: object) => ({ server: { allowedHosts: [], ...server } }) as never
  it('calls the check Vite 6.0.9–6.4 installs after the configureServer hooks', () => {
    const stack = [{ handle: own }, { handle: viteHostCheckMiddleware }]
    expect(findViteHostCheck({ config: config({}), middlewares: { stack } }, own)).toEqual({
      kind: 'call',
      handle: viteHostCheckMiddleware,
    })
  })
  it("finds Vite 7.3's bundled name (hostValidationMiddleware$1$1) before the inspector: it ran", () => {
    const bundled = { [`hostValidationMiddleware$1$1`]: function () {} }[`hostValidationMiddleware$1$1`]!
    const stack = [{ handle: bundled }, { handle: own }]
    expect(findViteHostCheck({ config: config({}), middlewares: { stack } }, own)).toEqual({ kind: 'ran' })
  })
  it('refuses where Vite has no check (6.0.0–6.0.8), and checks nothing where Vite checks nothing', () => {
    const stack = [{ handle: own }]
    const missing = findViteHostCheck({ config: config({ allowedHosts: undefined }), middlewares: { stack } }, own)
    expect(missing).toEqual({ kind: 'missing', why: expect.stringContaining('6.0.9') })
    expect(findViteHostCheck({ config: config({ allowedHosts: true }), middlewares: { stack } }, own)).toEqual({
      kind: 'none',
    })
    expect(findViteHostCheck({ config: config({ https: {} }), middlewares: { stack } }, own)).toEqual({ kind: 'none' })
  })
})
