// Server-only entries through real builds in every bundler: a client build that imports a
// `*.server.merged.yaml` entry through a chain of modules fails with MY_SERVER_ONLY, located at the
// import and naming the importers; a server build of the same app succeeds, and the app's client
// bundle holds none of the entry's values, searched byte for byte. The `serverOnly` option adds
// patterns; a Datum store that decrypts is server-only too.
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { protectDatum } from '../dialects/datum/protect.ts'
import { lines, writeTree } from '../helpers/tree.ts'
import { build, bunUnavailable, removeDir } from './bundlers.ts'
import type { BundlerName } from './bundlers.ts'

const BUNDLERS: BundlerName[] = ['vite', 'rollup', 'rolldown', 'webpack', 'rspack', 'esbuild', 'farm', 'bun']
const SKIPPED: Partial<Record<BundlerName, string | undefined>> = { bun: bunUnavailable() }
/** Bundlers that tell the importer of a module at load time (Farm does not). */
const NAMES_IMPORTER: BundlerName[] = ['vite', 'rollup', 'rolldown', 'webpack', 'rspack', 'esbuild', 'bun']
/** Bundlers whose module graph names the whole chain (esbuild, Bun and Rspack tell the direct importer only). */
const NAMES_CHAIN: BundlerName[] = ['vite', 'rollup', 'rolldown', 'webpack']

const TOKEN = 'tok-7f3a9c21-server-only'
const PASSWORD_VALUE = 'pw-b81e55d0-server-only'

const roots: string[] = []
afterAll(() => roots.forEach(removeDir))

function app(extra: Record<string, string> = {}): string {
  const root = writeTree(
    {
      'package.json': '{ "name": "app", "private": true }\n',
      'secrets.server.merged.yaml': lines(`token: ${TOKEN}`, `password: ${PASSWORD_VALUE}`),
      'lib/config.js': lines("import secrets from '../secrets.server.merged.yaml'", 'export default secrets'),
      // Client code that reaches the entry through lib/config.js.
      'client.js': lines("import config from './lib/config.js'", 'window.__mergedYamlResult = config'),
      // The server half of the app, and a client half that does not import it.
      'server.js': lines("import config from './lib/config.js'", 'console.log(config.token)'),
      'page.js': lines("window.__mergedYamlResult = 'page'"),
      ...extra,
    },
    'server-only',
  )
  roots.push(root)
  return root
}

async function failure(promise: Promise<unknown>): Promise<string> {
  try {
    await promise
  } catch (error) {
    return error instanceof Error ? error.message : String(error)
  }
  throw new Error('the build succeeded')
}

describe.each(BUNDLERS)('%s', (bundler) => {
  const skip = SKIPPED[bundler]
  const title = (text: string) => (skip ? `${text} (skipped: ${skip})` : text)

  it.skipIf(skip)(title('a client build importing a server-only entry fails, naming its importers'), async () => {
    const root = app()
    const message = await failure(build(bundler, { root, entry: 'client.js', options: { dts: false } }))
    expect(message).toContain('MY_SERVER_ONLY')
    expect(message).toContain('secrets.server.merged.yaml')
    expect(message).not.toContain(TOKEN)
    if (NAMES_IMPORTER.includes(bundler)) expect(message).toMatch(/lib[\\/]config\.js/)
    if (NAMES_CHAIN.includes(bundler)) expect(message).toMatch(/client\.js imports/)
  })

  it.skipIf(skip)(title('a server build of the app succeeds; its client bundle holds none of the values'), async () => {
    const root = app()
    const server = await build(bundler, { root, entry: 'server.js', options: { dts: false }, server: true })
    expect(server).toContain(TOKEN)
    const client = await build(bundler, { root, entry: 'page.js', options: { dts: false } })
    for (const value of [TOKEN, PASSWORD_VALUE]) expect(Buffer.from(client).includes(Buffer.from(value))).toBe(false)
  })
})

describe('what is server-only', () => {
  it('the serverOnly option adds patterns; other entries load in client builds', async () => {
    const root = app({
      'vault.merged.yaml': lines(`token: ${TOKEN}`),
      'public.merged.yaml': lines('title: shop'),
      'a.js': lines("import v from './vault.merged.yaml'", 'window.__mergedYamlResult = v'),
      'b.js': lines("import p from './public.merged.yaml'", 'window.__mergedYamlResult = p'),
    })
    const options = { dts: false as const, serverOnly: [/vault\.merged\.yaml$/] }
    expect(await failure(build('rollup', { root, entry: 'a.js', options }))).toContain('MY_SERVER_ONLY')
    expect(await build('rollup', { root, entry: 'b.js', options })).toContain('shop')
  })

  it('a Datum store whose rendering decrypts is server-only; one that does not is not', async () => {
    const store = (secret: string) => ({
      'main.js': lines("import node from './store/Datum.yml?node=n1'", 'window.__mergedYamlResult = node'),
      'store/Datum.yml': lines(
        'ResolutionPrecedence:',
        '  - AllNodes\\$($Node.NodeName)',
        'DatumHandlers:',
        '  "Datum.Protected\\x44ata::ProtectedDatum":',
        '    CommandOptions: { PlainTextPassword: S3cret }',
      ),
      'store/AllNodes/n1.yml': lines('NodeName: n1', 'Configurations: [Base]', `Secret: '${secret}'`),
    })
    for (const bundler of ['rollup', 'vite'] as const) {
      const root = app(store(protectDatum(PASSWORD_VALUE, 'S3cret')))
      const message = await failure(build(bundler, { root, entry: 'main.js', options: { dts: false } }))
      expect(message).toContain('MY_SERVER_ONLY')
      expect(message).toContain('decrypted')
      expect(message).not.toContain(PASSWORD_VALUE)
      const server = await build(bundler, { root, entry: 'main.js', options: { dts: false }, server: true })
      expect(server).toContain(PASSWORD_VALUE)
    }
    const plain = app(store('no secret here'))
    expect(await build('rollup', { root: plain, entry: 'main.js', options: { dts: false } })).toContain(
      'no secret here',
    )
  })

  it('the error is located at the import in the direct importer', async () => {
    const root = app()
    const message = await failure(build('rollup', { root, entry: 'client.js', options: { dts: false } }))
    expect(message).toContain(`${join('lib', 'config.js')}:1:`)
  })
})
