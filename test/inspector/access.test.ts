// Who may use the dev server's inspector (inspector/access.ts; the Host header is Vite's check, tested
// through a real dev server in dev-server.test.ts) and what its entry list holds
// (inspector/entries.ts); the Nuxt DevTools tab (hosts/nuxt.ts) that shows the page.
import { symlinkSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { refuseRequest } from '../../src/inspector/access.ts'
import { findEntries } from '../../src/inspector/entries.ts'
import { mergedYamlNuxtModule } from '../../src/hosts/nuxt.ts'
import type { DevToolsTab, NuxtLike } from '../../src/hosts/nuxt.ts'
import { writeTree } from '../helpers/tree.ts'

describe('refuseRequest', () => {
  const headers = (extra: Record<string, string> = {}) => ({ host: '127.0.0.1:5173', ...extra })
  it('answers the own origin: the page typed in, its data fetched by the page', () => {
    expect(refuseRequest('GET', headers(), 'data')).toBeUndefined()
    expect(refuseRequest('GET', headers({ 'sec-fetch-site': 'none' }), 'page')).toBeUndefined()
    const own = headers({ origin: 'http://127.0.0.1:5173', 'sec-fetch-site': 'same-origin' })
    expect(refuseRequest('GET', own, 'data')).toBeUndefined()
  })
  it('refuses another origin, another site, a foreign host and other methods', () => {
    const cases: [string, Record<string, string>, 'page' | 'data'][] = [
      ['GET', { origin: 'http://127.0.0.1:5174' }, 'data'],
      ['GET', { origin: 'http://evil.example' }, 'page'],
      ['GET', { origin: 'null' }, 'data'],
      ['GET', { 'sec-fetch-site': 'cross-site' }, 'page'],
      ['GET', { 'sec-fetch-site': 'same-site' }, 'data'],
      ['GET', { 'sec-fetch-site': 'none' }, 'data'],
      ['POST', {}, 'data'],
    ]
    for (const [method, extra, kind] of cases)
      expect([extra, refuseRequest(method, headers(extra), kind)]).toEqual([extra, expect.any(String)])
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
