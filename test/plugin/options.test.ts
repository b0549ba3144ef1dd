// Options resolved in one place: defaults, the bundler's root and mode, import queries, include/exclude.
import { join } from 'node:path'
import { runInNewContext } from 'node:vm'
import { describe, expect, it } from 'vitest'
import { isMergedYamlError } from '@merged-yaml/core'
import MergedYaml from '../../src/vite.ts'
import { applyEntryQuery, parseEntryId } from '../../src/plugin/entry-id.ts'
import { createIdFilter, createRegExpFilter } from '../../src/plugin/id-filter.ts'
import { DEFAULT_INCLUDE, resolveEngineOptions, resolveMode, resolvePluginOptions } from '../../src/plugin/options.ts'
import type { HostInfo, Options } from '../../src/plugin/options.ts'
import { writeTree } from '../helpers/tree.ts'
import { build } from './bundlers.ts'

describe('parseEntryId', () => {
  it('splits the queries the plugin owns and leaves other queries to other plugins', () => {
    expect(parseEntryId('/p/app.merged.yaml')).toEqual({ file: '/p/app.merged.yaml', query: {} })
    expect(parseEntryId('/p/app.merged.yaml?lookup=A/B')).toEqual({
      file: '/p/app.merged.yaml',
      query: { lookup: 'A/B' },
    })
    expect(parseEntryId('/p/app.merged.yaml?document=nova')).toEqual({
      file: '/p/app.merged.yaml',
      query: { document: 'nova' },
    })
    expect(parseEntryId('/p/source/Datum.yml?node=AllNodes/Dev/DSCFile01')).toEqual({
      file: '/p/source/Datum.yml',
      query: { node: 'AllNodes/Dev/DSCFile01' },
    })
    expect(parseEntryId('/p/app.merged.yaml?dialect=values')).toEqual({
      file: '/p/app.merged.yaml',
      query: { dialect: 'values' },
    })
    expect(applyEntryQuery({ strict: true }, { dialect: 'cloud-init' })).toEqual({
      strict: true,
      dialect: 'cloud-init',
    })
    expect(parseEntryId('/p/app.merged.yaml?raw')).toBeUndefined()
    expect(parseEntryId('/p/app.merged.yaml?url')).toBeUndefined()
  })
})

describe('resolvePluginOptions / resolveEngineOptions', () => {
  it('separates the plugin’s options from the engine’s', () => {
    const resolved = resolvePluginOptions({
      strict: false,
      stack: 'per-part',
      include: [/x/],
      dts: false,
      vars: { region: 'eu' },
    })
    expect(resolved.engine).toEqual({ strict: false, stack: 'per-part' })
    expect(resolved.include).toEqual([/x/])
    expect(resolvePluginOptions().include).toBe(DEFAULT_INCLUDE)
    expect(resolvePluginOptions().exclude).toEqual([])
  })

  it('fills vars.mode from the bundler, else NODE_ENV, else development, unless the user set it', () => {
    const env = process.env.NODE_ENV
    try {
      expect(resolveEngineOptions(resolvePluginOptions(), { mode: 'staging' }, {}).vars).toEqual({ mode: 'staging' })
      process.env.NODE_ENV = 'production'
      expect(resolveMode({})).toBe('production')
      delete process.env.NODE_ENV
      expect(resolveMode({})).toBe('development')
      expect(
        resolveEngineOptions(resolvePluginOptions({ vars: { mode: 'mine', x: '1' } }), { mode: 'staging' }, {}).vars,
      ).toEqual({
        mode: 'mine',
        x: '1',
      })
    } finally {
      process.env.NODE_ENV = env
    }
  })

  it('takes the root from the user, else the bundler, else the cwd', () => {
    expect(resolveEngineOptions(resolvePluginOptions({ root: '/mine' }), { root: '/bundler' }, {}).root).toBe('/mine')
    expect(resolveEngineOptions(resolvePluginOptions(), { root: '/bundler' }, {}).root).toBe('/bundler')
    expect(resolveEngineOptions(resolvePluginOptions(), {}, {}).root).toBe(process.cwd())
  })

  it('allows what the user allows, else nothing more than a given root, else what Vite serves, else the workspace', () => {
    const root = writeTree({ 'package.json': '{ "workspaces": ["apps/*"] }\n', 'apps/web/package.json': '{}\n' })
    const web = join(root, 'apps/web')
    const allow = (options: Options, info: HostInfo) =>
      resolveEngineOptions(resolvePluginOptions(options), info, {}).allow
    expect(allow({ allow: ['../x'] }, { root: web, allow: ['/vite'] })).toEqual(['../x'])
    expect(allow({ root: web }, { allow: ['/vite'] })).toEqual([])
    expect(allow({}, { root: web, allow: ['/vite'] })).toEqual(['/vite'])
    expect(allow({}, { root: web })).toEqual([root])
  })

  it('maps ?lookup= and ?node= to datum.lookup and datum.node, ?document= to deckhand.document', () => {
    const options = resolvePluginOptions({
      datum: { lookupOptions: { default_lookup_options: 'deep' } },
      deckhand: { schema: 'x/Y/v1' },
    })
    const engine = resolveEngineOptions(options, {}, { lookup: 'A/B', node: 'web01', document: 'nova' })
    expect(engine.datum).toEqual({ lookupOptions: { default_lookup_options: 'deep' }, lookup: 'A/B', node: 'web01' })
    expect(engine.deckhand).toEqual({ schema: 'x/Y/v1', document: 'nova' })
  })
})

const run = (code: string) => {
  const sandbox: Record<string, unknown> = {}
  runInNewContext(code, sandbox)
  return sandbox['__mergedYamlResult']
}

describe("a Datum store's node", () => {
  const takes = (options: Parameters<typeof resolvePluginOptions>[0]) =>
    createRegExpFilter(createIdFilter(resolvePluginOptions(options)))!

  it('is taken whatever include says, with ?node= only, unless exclude names it', () => {
    for (const include of [undefined, [/\.never$/]]) {
      const filter = takes({ include })
      expect(filter('/p/source/Datum.yml?node=AllNodes/Dev/DSCFile01')).toBe(true)
      expect(filter('/p/source/datum.YAML?lookup=A&node=web01')).toBe(true)
      expect(filter('C:\\p\\Datum.yml?node=web01')).toBe(true)
      expect(filter('/p/source/Datum.yml')).toBe(false)
      expect(filter('/p/source/Datum.yml?lookup=A')).toBe(false)
      expect(filter('/p/source/NotDatum.yml?node=web01')).toBe(false)
      // A store named in the query of another file is not that file's.
      expect(filter('/p/.env?node=/Datum.yml?node=x')).toBe(false)
      expect(filter('/p/.env?lookup=a&node=/p/Datum.yml?node=x')).toBe(false)
    }
    expect(takes({ exclude: [/source\/Datum\.yml$/] })('/p/source/Datum.yml?node=web01')).toBe(false)
  })

  for (const bundler of ['rollup', 'webpack'] as const) {
    it(`${bundler}: exclude leaves a node import alone`, async () => {
      const root = writeTree({
        'store/Datum.yml': 'ResolutionPrecedence: [AllNodes\\$($Node.Name)]\n',
        'store/AllNodes/n1.yml': 'Configurations: [A]\nA: 1\n',
        'main.js': "import n1 from './store/Datum.yml?node=n1'\nglobalThis.__mergedYamlResult = n1\n",
      })
      const options = { dts: false }
      expect(run(await build(bundler, { root, entry: 'main.js', options }))).toEqual({
        Configurations: ['A'],
        A: 1,
        Name: 'n1',
      })
      const error = await build(bundler, {
        root,
        entry: 'main.js',
        options: { ...options, exclude: [/store\/Datum\.yml$/] },
      }).catch((e: unknown) => e as Error)
      expect(error).toBeInstanceOf(Error)
      expect((error as Error).message).not.toContain('MY_')
    })
  }
})

describe('include / exclude', () => {
  const files = {
    'settings.yml': 'name: custom\n',
    'app.merged.yaml': 'name: default\n',
    'main.js': "import settings from './settings.yml'\nglobalThis.__mergedYamlResult = settings\n",
    'excluded.js': "import app from './app.merged.yaml'\nglobalThis.__mergedYamlResult = app\n",
  }

  for (const bundler of ['rollup', 'esbuild', 'webpack'] as const) {
    it(`${bundler}: a custom include turns other files into entries; exclude leaves a file alone`, async () => {
      const root = writeTree(files)
      const code = await build(bundler, {
        root,
        entry: 'main.js',
        options: { dts: false, include: [/settings\.yml$/] },
      })
      expect(run(code)).toEqual({ name: 'custom' })
      const error = await build(bundler, {
        root,
        entry: 'excluded.js',
        options: { dts: false, exclude: [/app\.merged\.yaml$/] },
      }).catch((e: unknown) => e as Error)
      // Not an entry any more: the bundler reads the YAML as JavaScript (or has no loader for it).
      expect(error).toBeInstanceOf(Error)
      expect((error as Error).message).not.toContain('MY_')
    })
  }
})

describe('options nobody reads', () => {
  /** The diagnostic creating the Vite plugin with `options` fails with. */
  function refusal(options: unknown): { message: string; suggestion?: string } {
    try {
      MergedYaml(options as Options)
    } catch (error) {
      if (!isMergedYamlError(error)) throw error
      expect(error.code).toBe('MY_INVALID_OPTION')
      return error.diagnostics[0]!
    }
    throw new Error('the plugin took the options')
  }

  it('a misspelt option fails at once, naming the one meant (and the types reject it)', () => {
    // @ts-expect-error: `dst` is not an option of the plugin
    const typed = () => MergedYaml({ dst: 'sidecar' })
    expect(typed).toBeTypeOf('function')
    expect(refusal({ dst: 'sidecar' })).toMatchObject({ message: "unknown option 'dst'", suggestion: 'dts' })
    expect(refusal({ stict: false }).suggestion).toBe('strict')
    expect(refusal({ mode: 'production' }).suggestion).toBe('modes')
  })

  it("inside dts, limits and the dialects' options", () => {
    expect(refusal({ dts: { mod: 'ambient' } }).suggestion).toBe('dts.mode')
    expect(refusal({ dts: { asconst: true } }).suggestion).toBe('dts.asConst')
    expect(refusal({ limits: { maxErorrs: 3 } }).suggestion).toBe('limits.maxErrors')
    expect(refusal({ datum: { lokup: 'A/B' } }).suggestion).toBe('datum.lookup')
    expect(refusal({ dts: 'sidcar' })).toMatchObject({
      message: `option 'dts' must be 'sidecar' or 'ambient', not "sidcar"`,
      suggestion: 'sidecar',
    })
    expect(refusal({ dts: { mode: 'ambiant' } }).message).toMatch(/^option 'dts.mode' must be/)
  })

  it("refuses render()'s history and sources, which it would record on every render and never read", () => {
    // @ts-expect-error: the plugin's options do not take render()'s `history`
    const typed = () => MergedYaml({ history: true })
    expect(typed).toBeTypeOf('function')
    expect(refusal({ history: true }).message).toMatch(
      /^unplugin-merged-yaml does not take the option 'history': .*dts\.provenance/,
    )
    // Its former name, `explain`, says the same.
    expect(refusal({ explain: true }).message).toMatch(
      /^unplugin-merged-yaml does not take the option 'explain' \(now 'history'\): .*dts\.provenance/,
    )
    expect(refusal({ sources: true }).message).toMatch(/^unplugin-merged-yaml does not take the option 'sources'/)
  })

  it('takes its own options and the engine’s', () => {
    const options: Options = {
      strict: false,
      dts: { mode: 'ambient', file: 'x.d.ts', asConst: true, provenance: false },
      modes: ['production'],
      cache: false,
      inspector: false,
      include: [/x/],
      exclude: [],
      limits: { maxErrors: 3 },
      datum: { lookup: 'A/B' },
    }
    expect(() => MergedYaml(options)).not.toThrow()
    expect(resolvePluginOptions(options).modes).toEqual(['production'])
  })
})
