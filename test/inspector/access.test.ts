// Who may use the dev server's inspector (inspector/access.ts) and what its entry list holds
// (inspector/entries.ts); the Nuxt DevTools tab (hosts/nuxt.ts) that shows the page.
import { symlinkSync } from 'node:fs'
import { join } from 'node:path'
import type { ResolvedConfig } from 'vite'
import { describe, expect, it } from 'vitest'
import { isHostAllowed, refuseRequest } from '../../src/inspector/access.ts'
import { findEntries } from '../../src/inspector/entries.ts'
import { mergedYamlNuxtModule } from '../../src/hosts/nuxt.ts'
import type { DevToolsTab, NuxtLike } from '../../src/hosts/nuxt.ts'
import { writeTree } from '../helpers/tree.ts'

type ServerConfig = ResolvedConfig['server']
const server = (config: Partial<ServerConfig> = {}) => ({ allowedHosts: [], ...config }) as unknown as ServerConfig

describe('isHostAllowed', () => {
  it("allows what Vite's allowedHosts allows, and nothing a rebinding name would send", () => {
    const config = server({ allowedHosts: ['dev.example.com', '.preview.example'] })
    for (const host of ['localhost:5173', 'app.localhost', '127.0.0.1:5173', '[::1]:5173', 'dev.example.com'])
      expect([host, isHostAllowed(host, config)]).toEqual([host, true])
    for (const host of ['a.preview.example:80', 'preview.example']) expect(isHostAllowed(host, config)).toBe(true)
    for (const host of ['evil.example', 'localhost.evil.example', 'dev.example.com.evil', 'a b', '', undefined])
      expect([host, isHostAllowed(host, config)]).toEqual([host, false])
    expect(isHostAllowed('anything.example', server({ allowedHosts: true }))).toBe(true)
    expect(isHostAllowed('box.lan:5173', server({ host: 'box.lan' }))).toBe(true)
  })
})

describe('refuseRequest', () => {
  const headers = (extra: Record<string, string> = {}) => ({ host: '127.0.0.1:5173', ...extra })
  it('answers the own origin: the page typed in, its data fetched by the page', () => {
    expect(refuseRequest('GET', headers(), server(), 'data')).toBeUndefined()
    expect(refuseRequest('GET', headers({ 'sec-fetch-site': 'none' }), server(), 'page')).toBeUndefined()
    const own = headers({ origin: 'http://127.0.0.1:5173', 'sec-fetch-site': 'same-origin' })
    expect(refuseRequest('GET', own, server(), 'data')).toBeUndefined()
  })
  it('refuses another origin, another site, a foreign host and other methods', () => {
    const cases: [string, Record<string, string>, 'page' | 'data'][] = [
      ['GET', { origin: 'http://127.0.0.1:5174' }, 'data'],
      ['GET', { origin: 'http://evil.example' }, 'page'],
      ['GET', { origin: 'null' }, 'data'],
      ['GET', { 'sec-fetch-site': 'cross-site' }, 'page'],
      ['GET', { 'sec-fetch-site': 'same-site' }, 'data'],
      ['GET', { 'sec-fetch-site': 'none' }, 'data'],
      ['GET', { host: 'evil.example:5173' }, 'page'],
      ['POST', {}, 'data'],
    ]
    for (const [method, extra, kind] of cases)
      expect([extra, refuseRequest(method, headers(extra), server(), kind)]).toEqual([extra, expect.any(String)])
  })
})

describe('findEntries', () => {
  it('lists the servable entries under the root, sorted, without node_modules, dot folders or links', () => {
    const root = writeTree({
      'b/app.merged.yaml': '',
      'a/x.merged.yml': '',
      'a/plain.yaml': '',
      'node_modules/pkg/dep.merged.yaml': '',
      '.git/y.merged.yaml': '',
      'secret/z.merged.yaml': '',
    })
    symlinkSync(join(root, 'b'), join(root, 'link'))
    const servable = (file: string) => !file.includes('/secret/')
    expect(findEntries(root, servable)).toEqual([join(root, 'a/x.merged.yml'), join(root, 'b/app.merged.yaml')])
  })
  it('stops at its bounds', () => {
    const root = writeTree(Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`d${i}/e.merged.yaml`, ''])))
    expect(findEntries(root, () => true, { dirs: 1_000, entries: 5, depth: 4 })).toHaveLength(5)
    expect(findEntries(root, () => true, { dirs: 11, entries: 100, depth: 4 })).toHaveLength(10)
    expect(findEntries(root, () => true, { dirs: 1_000, entries: 100, depth: 0 })).toHaveLength(0)
  })
})

describe('the Nuxt DevTools tab', () => {
  function install(dev: boolean, options = {}): DevToolsTab[] {
    const tabs: DevToolsTab[] = []
    const nuxt = {
      options: { rootDir: '/app', dev },
      hook(name: string, run: (value: unknown) => void) {
        if (name === 'devtools:customTabs') run(tabs)
      },
    } as unknown as NuxtLike
    mergedYamlNuxtModule(options, nuxt)
    return tabs
  }
  it('shows the inspector page in nuxi dev, unless the inspector is off', () => {
    expect(install(true)).toEqual([
      expect.objectContaining({ name: 'merged-yaml', view: { type: 'iframe', src: '/__merged-yaml/' } }),
    ])
    expect(install(false)).toEqual([])
    expect(install(true, { inspector: false })).toEqual([])
  })
})
