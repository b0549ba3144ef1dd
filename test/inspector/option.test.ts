// The `inspector` option: the dev server has the page by default, not with `inspector: false`.
import { createServer } from 'vite'
import { describe, expect, it } from 'vitest'
import MergedYaml from '../../src/vite.ts'
import { writeTree } from '../helpers/tree.ts'

async function routes(options: { inspector?: boolean }): Promise<string[]> {
  const root = writeTree({ 'index.html': '<!doctype html>\n' }, 'inspector-option')
  const server = await createServer({
    root,
    configFile: false,
    logLevel: 'silent',
    plugins: [MergedYaml({ dts: false, cache: false, ...options })],
    server: { middlewareMode: true, hmr: false, watch: null },
  })
  try {
    return (server.middlewares.stack as { route: string }[]).map((layer) => layer.route)
  } finally {
    await server.close()
  }
}

describe('the inspector option', () => {
  it('adds the page to the dev server by default, and not when false', async () => {
    expect(await routes({})).toContain('/__merged-yaml')
    expect(await routes({ inspector: false })).not.toContain('/__merged-yaml')
  })
})
