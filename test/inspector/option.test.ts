// The `inspector` option: the dev server answers the page and its data by default, and not with
// `inspector: false` (asked over HTTP, as a browser would: a route in the stack is not a page).
import { createServer } from 'vite'
import { describe, expect, it } from 'vitest'
import MergedYaml from '../../src/vite.ts'
import { get } from '../helpers/http-get.ts'
import { writeTree } from '../helpers/tree.ts'

async function ask(options: { inspector?: boolean }): Promise<{ page: string; entries: number }> {
  const root = writeTree(
    {
      'index.html': '<!doctype html>\n<title>the app</title>\n',
      'app.merged.yaml': '#include\nbase.yaml\n',
      'base.yaml': 'a: 1\n',
    },
    'inspector-option',
  )
  const server = await createServer({
    root,
    configFile: false,
    logLevel: 'silent',
    plugins: [MergedYaml({ dts: false, cache: false, ...options })],
    server: { port: 0, host: '127.0.0.1', hmr: false, watch: null },
  })
  try {
    await server.listen()
    const base = server.resolvedUrls!.local[0]!.replace(/\/$/, '')
    const page = await get(`${base}/__merged-yaml/`, { accept: 'text/html' })
    const entries = await get(`${base}/__merged-yaml/api/entries`, { accept: 'application/json' })
    return { page: page.body, entries: entries.status }
  } finally {
    await server.close()
  }
}

describe('the inspector option', () => {
  it('adds the page and its data to the dev server by default, and not when false', async () => {
    const on = await ask({})
    expect(on.page).toContain('<title>merged-yaml inspector</title>')
    expect(on.entries).toBe(200)
    const off = await ask({ inspector: false })
    // Vite's own answer: the app's page (its SPA fallback), and no data.
    expect(off.page).toContain('<title>the app</title>')
    expect(off.entries).toBe(404)
  })
})
