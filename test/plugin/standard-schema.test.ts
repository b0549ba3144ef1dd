// An entry with a Standard Schema module (Zod 4, Valibot 1, ArkType 2) through real builds: a wrong
// value in env/production.yaml fails the build at that layer's line with the library's message; the
// module exports the schema's output; the declaration the build writes types the entry from the
// schema (tsc refuses a typo'd key and a wrong enum literal); in Vite dev an edit of the schema, or
// of a module it imports, revalidates and hot-updates the importer, and the inspector shows the issues.
import { spawnSync } from 'node:child_process'
import { cpSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it, vi } from 'vitest'
import type { HotPayload } from 'vite'
import MergedYaml from '../../src/vite.ts'
import { build, evaluateBundle, REPO, removeDir } from './bundlers.ts'
import type { BundlerName } from './bundlers.ts'
import { scaled } from '../helpers/time-scale.ts'

const FIXTURE = join(REPO, 'test/fixtures/standard-schema')
const BUNDLERS: BundlerName[] = ['vite', 'webpack', 'esbuild', 'rollup']
const LIBRARIES = [
  { library: 'zod', message: 'Invalid option: expected one of "debug"|"info"|"warn"' },
  { library: 'valibot', message: 'Invalid type: Expected ("debug" | "info" | "warn") but received "verbose"' },
  { library: 'arktype', message: 'log.level must be "debug", "info" or "warn" (was "verbose")' },
]
const TSC = join(REPO, 'node_modules/typescript/bin/tsc')

const dirs: string[] = []
afterAll(() => dirs.forEach(removeDir))

/** A copy of the fixture outside the repository, the libraries and the plugin installed as an app's are. */
function createProject(): string {
  const root = mkdtempSync(join(tmpdir(), 'my-standard-schema-'))
  dirs.push(root)
  cpSync(FIXTURE, root, { recursive: true })
  mkdirSync(join(root, 'node_modules'))
  symlinkSync(REPO, join(root, 'node_modules/unplugin-merged-yaml'), 'dir')
  for (const name of ['zod', 'valibot', 'arktype'])
    symlinkSync(join(REPO, 'node_modules', name), join(root, 'node_modules', name), 'dir')
  return root
}

describe.each(BUNDLERS)('%s build', (bundler) => {
  const root = createProject()

  it.each(LIBRARIES)('$library: fails at the production layer line with the library message', async (lib) => {
    const options = { dts: false as const, schema: `${lib.library}.schema.ts#appSchema` }
    const error = await build(bundler, { root, entry: 'main.js', options }).then(
      () => undefined,
      (e: unknown) => e as Error,
    )
    expect(error, 'the build must fail').toBeInstanceOf(Error)
    expect(error!.message).toContain(`env/production.yaml:4:3: error MY_SCHEMA_VIOLATION: /log/level: ${lib.message}`)
    expect(error!.message).toContain('env/production.yaml:2:3: error MY_SCHEMA_VIOLATION: /server/port')
    expect(error!.message).toContain('included from app.merged.yaml:3')
    expect(error!.message).toContain('> 4 |   level: verbose')
  })

  it("builds the development value: the module exports the schema's output (its default filled in)", async () => {
    const options = { dts: false as const, schema: 'zod.schema.ts#appSchema', vars: { mode: 'development' } }
    const code = await build(bundler, { root, entry: 'main.js', options })
    expect(evaluateBundle(code)).toEqual({
      name: 'shop',
      server: { host: 'localhost', port: 5173 },
      log: { level: 'debug' },
      features: ['search'],
      retries: 3,
    })
  })
})

/** tsc's errors on `files` of `root`, as `file:line code`. */
function typecheck(root: string, files: string[]): string[] {
  const tsconfig = {
    compilerOptions: {
      strict: true,
      noEmit: true,
      target: 'ES2022',
      module: 'ESNext',
      moduleResolution: 'Bundler',
      allowArbitraryExtensions: true,
      allowImportingTsExtensions: true,
      skipLibCheck: true,
      types: [],
    },
    files,
  }
  writeFileSync(join(root, 'tsconfig.json'), JSON.stringify(tsconfig, null, 2))
  const run = spawnSync(process.execPath, [TSC, '-p', join(root, 'tsconfig.json'), '--pretty', 'false'], {
    cwd: root,
    encoding: 'utf8',
    timeout: scaled(120_000),
  })
  if (run.status !== 0 && run.status !== 2) throw new Error(`tsc exited with ${run.status}: ${run.stderr}${run.stdout}`)
  return [...run.stdout.matchAll(/^(.+?)\((\d+),\d+\): error (TS\d+): .*$/gm)].map((m) => `${m[1]}:${m[2]} ${m[3]}`)
}

describe('types from the schema', () => {
  it.each(LIBRARIES)(
    '$library: the declaration is the schema output type; a typo and a wrong literal fail',
    { timeout: scaled(300_000) },
    async ({ library }) => {
      const root = createProject()
      const schema = `${library}.schema.ts#appSchema`
      const options = { schema, dts: 'sidecar' as const, vars: { mode: 'development' } }
      await build('rollup', { root, entry: 'main.js', options })
      const declaration = readFileSync(join(root, 'app.merged.d.yaml.ts'), 'utf8')
      expect(declaration).toContain(
        `type Value = import("unplugin-merged-yaml").StandardSchemaV1.InferOutput<typeof import("./${library}.schema.js")["appSchema"]>`,
      )
      expect(typecheck(root, ['src/use.ts'])).toEqual([])
      // Every statement of typos.ts fails: a typo'd key, an enum's wrong literal, a wrong type.
      expect(typecheck(root, ['src/typos.ts'])).toEqual([
        'src/typos.ts:4 TS2339',
        'src/typos.ts:5 TS2322',
        'src/typos.ts:6 TS2322',
      ])
    },
  )
  it(
    'ambient: the module declared in merged-yaml.d.ts types the entry from the schema alike',
    { timeout: scaled(300_000) },
    async () => {
      const root = createProject()
      const options = { schema: 'arktype.schema.ts#appSchema', dts: 'ambient' as const, vars: { mode: 'development' } }
      await build('rollup', { root, entry: 'main.js', options })
      const ambient = readFileSync(join(root, 'merged-yaml.d.ts'), 'utf8')
      expect(ambient).toContain('typeof import("./arktype.schema.js")["appSchema"]')
      expect(typecheck(root, ['merged-yaml.d.ts', 'src/use.ts', 'src/typos.ts'])).toEqual([
        'src/typos.ts:4 TS2339',
        'src/typos.ts:5 TS2322',
        'src/typos.ts:6 TS2322',
      ])
    },
  )
})

describe('Vite dev server', () => {
  it(
    'an edit of the schema, or of a module it imports, revalidates and hot-updates the importer',
    { timeout: scaled(300_000) },
    async () => {
      const root = createProject()
      const { createServer } = await import('vite')
      const server = await createServer({
        root,
        configFile: false,
        logLevel: 'silent',
        clearScreen: false,
        mode: 'development',
        server: { port: 0, host: '127.0.0.1' },
        optimizeDeps: { noDiscovery: true, include: [] },
        plugins: [MergedYaml({ dts: false, schema: 'zod.schema.ts#appSchema' })],
      })
      const payloads: HotPayload[] = []
      const hot = server.environments.client.hot
      const send = hot.send.bind(hot) as (...args: unknown[]) => void
      hot.send = ((...args: unknown[]) => {
        if (typeof args[0] === 'object') payloads.push(args[0] as HotPayload)
        send(...args)
      }) as typeof hot.send
      try {
        await server.listen()
        const address = server.httpServer!.address()
        const origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`
        const get = async (path: string) => {
          const response = await fetch(origin + path)
          return { status: response.status, text: await response.text() }
        }
        const entryModule = async (timestamp?: number) => {
          const importer = await get(timestamp === undefined ? '/hmr.js' : `/hmr.js?t=${timestamp}`)
          const url = /from\s+"(\/app\.merged\.yaml[^"]*)"/.exec(importer.text)?.[1]
          expect(url, importer.text).toBeDefined()
          return get(url!)
        }
        const nextUpdate = (from: number) =>
          vi.waitFor(
            () => {
              const update = payloads.slice(from).find((p) => p.type === 'update')
              if (!update) throw new Error(`no update yet: ${JSON.stringify(payloads.slice(from).map((p) => p.type))}`)
              return (update as Extract<HotPayload, { type: 'update' }>).updates[0]!
            },
            { timeout: scaled(60_000), interval: 100 },
          )
        const settle = () => new Promise((resolve) => setTimeout(resolve, 300))

        const first = await entryModule()
        expect(first.status).toBe(200)
        expect(first.text).toContain('export const retries = 3;')

        // 1. The schema's default changes: the importer hot-updates with the new output.
        await settle()
        let from = payloads.length
        const schemaFile = join(root, 'zod.schema.ts')
        const schema = readFileSync(schemaFile, 'utf8')
        writeFileSync(schemaFile, schema.replace('.default(3)', '.default(5)'))
        let update = await nextUpdate(from)
        expect(update).toMatchObject({ type: 'js-update', path: '/hmr.js', acceptedPath: '/hmr.js' })
        expect((await entryModule(update.timestamp)).text).toContain('export const retries = 5;')

        // 2. A module the schema imports drops the level the development layer sets: a located error.
        await settle()
        from = payloads.length
        const levelsFile = join(root, 'levels.ts')
        const levels = readFileSync(levelsFile, 'utf8')
        writeFileSync(levelsFile, levels.replace("'debug', ", ''))
        update = await nextUpdate(from)
        expect((await entryModule(update.timestamp)).status).toBe(500)
        await vi.waitFor(
          () => {
            const error = payloads.slice(from).find((p) => p.type === 'error')
            expect(error && (error as Extract<HotPayload, { type: 'error' }>).err.message).toContain(
              'env/development.yaml:4:3: error MY_SCHEMA_VIOLATION: /log/level: Invalid option',
            )
          },
          { timeout: scaled(60_000), interval: 100 },
        )

        // The inspector shows the issue like any diagnostic: located, with the library's message.
        const inspected = await get('/__merged-yaml/api/entry?id=app.merged.yaml')
        expect(inspected.status).toBe(200)
        const report = JSON.parse(inspected.text) as { status: string }
        expect(report.status).toBe('errors')
        expect(inspected.text).toContain('"code":"MY_SCHEMA_VIOLATION"')
        expect(inspected.text).toContain('/log/level: Invalid option')

        // 3. And back: the module loads again.
        await settle()
        from = payloads.length
        writeFileSync(levelsFile, levels)
        update = await nextUpdate(from)
        const recovered = await entryModule(update.timestamp)
        expect(recovered.status).toBe(200)
        expect(recovered.text).toContain('export const log = {"level":"debug"};')
        expect(payloads.filter((p) => p.type === 'full-reload')).toEqual([])
      } finally {
        await server.close()
      }
    },
  )
})
