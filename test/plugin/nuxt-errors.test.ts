// The Nuxt module's render errors on Nuxt's server (hosts/nuxt.ts): a stack through the YAML, which Nuxt's
// dev error page shows as its Stack Trace (test/frameworks/nuxt.test.ts runs `nuxi dev`); the client's loads
// keep the error without a stack, as every bundler gets it. A Vite dev server with the plugin the module adds.
import { rmSync } from 'node:fs'
import { join } from 'node:path'
import { createServer } from 'vite'
import type { Plugin } from 'vite'
import { afterAll, describe, expect, it } from 'vitest'
import { mergedYamlNuxtModule } from '../../src/hosts/nuxt.ts'
import type { NuxtLike } from '../../src/hosts/nuxt.ts'
import { writeTree } from '../helpers/tree.ts'

/** The Vite plugin the module adds in `vite:extend`. */
function nuxtVitePlugin(rootDir: string): Plugin {
  const config: { plugins?: unknown[] } = {}
  const nuxt = {
    options: { rootDir, dev: true },
    hook(name: string, run: (value: unknown) => void) {
      if (name === 'vite:extend') run({ config })
    },
  } as unknown as NuxtLike
  mergedYamlNuxtModule({ dts: false, inspector: false, cache: false }, nuxt)
  return config.plugins![0] as Plugin
}

describe('the Nuxt module on a broken layer', () => {
  const root = writeTree({
    'config/app.merged.yaml': '#include\nbase.yaml\nenv/development.yaml\n',
    'config/base.yaml': '#cloud-config\ntitle: App\n',
    'config/env/development.yaml': '#cloud-config\nfeatures: [debug\n',
  })
  const entry = join(root, 'config/app.merged.yaml')
  const servers: Awaited<ReturnType<typeof createServer>>[] = []
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.close()))
    rmSync(root, { recursive: true, force: true })
  })

  const failure = async (environment: 'ssr' | 'client'): Promise<Error> => {
    const server = await createServer({
      root,
      configFile: false,
      logLevel: 'silent',
      server: { middlewareMode: true, ws: false, watch: null },
      plugins: [nuxtVitePlugin(root)],
    })
    servers.push(server)
    return server.environments[environment].transformRequest(`/@fs${entry}`).then(
      () => new Error('no error'),
      (error: unknown) => error as Error,
    )
  }

  it("gives the server's load error a stack through the YAML: the layer, then its includer", async () => {
    const error = await failure('ssr')
    expect(error.message).toMatch(/^config\/env\/development\.yaml:3:1: error MY_YAML_SYNTAX: .*\n {2}included from/)
    expect(error.stack).toBe(
      [
        `Error: ${error.message.split('\n')[0]}`,
        `    at ${join(root, 'config/env/development.yaml')}:3:1`,
        `    at ${entry}:3:1`,
      ].join('\n'),
    )
  })

  it("leaves the client's load error without a stack", async () => {
    const error = await failure('client')
    expect(error.message).toMatch(/MY_YAML_SYNTAX/)
    expect(error.stack).toBe('')
  })
})
