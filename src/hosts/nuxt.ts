// Nuxt: a module that adds the plugin to the builder Nuxt runs (Vite, webpack or Rspack) and to
// Nitro's Rollup (the server), with Nuxt's project folder as the root (Vite's root there is the `app/`
// source folder). `${mode}` is the builder's mode, which Nuxt sets from its own (`development` under
// `nuxi dev`, else `production`), and Nuxt's own for Nitro: not fixed in `vars`, so that declarations
// still cover every mode (plugin/mode-values.ts). It types `*.merged.yaml` imports in `.vue` files and
// server code through the tsconfigs Nuxt generates: sidecar declarations need
// `allowArbitraryExtensions`, and the client types cover entries not generated yet. No import of
// @nuxt/kit: the hooks are Nuxt's own.
import { createRollupPlugin, createRspackPlugin, createVitePlugin, createWebpackPlugin } from 'unplugin'
import { createMergedYaml, PLUGIN_NAME, unpluginFactory } from '../plugin/factory.ts'
import type { Options } from '../plugin/options.ts'
import { INSPECTOR_PATH } from '../inspector/path.ts'
import type { Diagnostic } from '@merged-yaml/core'

const INSPECTOR_TAB = { type: 'iframe', src: `${INSPECTOR_PATH}/` } as const

interface Plugins {
  plugins?: unknown[]
}

/** The part of Nitro's config (`nitro:config`) the module sets: its Rollup's plugins. */
interface NitroConfigLike {
  rollupConfig?: { plugins?: unknown }
}

/** The part of a tsconfig Nuxt generates that the module sets. */
interface TsConfig {
  compilerOptions?: Record<string, unknown>
}

/** The part of a module of Vite's graph the module uses. */
interface ViteModuleLike {
  file: string | null
  importers: Set<ViteModuleLike>
}

/** The part of a Vite dev server the module uses. */
interface ViteServerLike {
  watcher: {
    on(event: 'all', run: (type: string, file: string) => void): unknown
    emit(event: 'all', type: string, file: string): unknown
  }
  moduleGraph: {
    getModulesByFile(file: string): Set<ViteModuleLike> | undefined
    invalidateModule(module: ViteModuleLike): void
  }
}

/** A tab of Nuxt DevTools (`@nuxt/devtools-kit`'s `ModuleCustomTab`, the part the module sets). */
export interface DevToolsTab {
  name: string
  title: string
  icon: string
  view: { type: 'iframe'; src: string }
}

/** The part of Nuxt the module uses (`@nuxt/schema`'s `Nuxt`). */
export interface NuxtLike {
  options: { rootDir: string; dev?: boolean }
  hook(name: 'vite:extend', run: (context: { config: Plugins }) => void): unknown
  hook(name: 'webpack:config' | 'rspack:config', run: (configs: Plugins[]) => void): unknown
  hook(name: 'build:error', run: (error: unknown) => void): unknown
  hook(name: 'vite:serverCreated', run: (server: ViteServerLike, builder: { isServer: boolean }) => void): unknown
  hook(name: 'devtools:customTabs', run: (tabs: DevToolsTab[]) => void): unknown
  hook(name: 'nitro:config', run: (config: NitroConfigLike) => void): unknown
  hook(
    name: 'nitro:prepare:types',
    run: (types: { references: Array<{ types: string } | { path: string }> }) => void,
  ): unknown
  hook(
    name: 'prepare:types',
    run: (types: { references: Array<{ types: string } | { path: string }>; tsConfig: TsConfig }) => void,
  ): unknown
}

/** The plugin options with Nuxt's root unless given. */
export function resolveNuxtOptions(options: Options, nuxt: NuxtLike): Options {
  return { ...options, root: options.root ?? nuxt.options.rootDir }
}

/** The `file:line:col: error CODE:` line of a render error (codes.ts: every code starts MY_). */
const DIAGNOSTIC = /:\d+:\d+: error MY_[A-Z0-9_]+:/

/** A Vite `load` hook: a function, or an object with its handler (and filter). */
type LoadHandler = (this: unknown, id: string, options?: { ssr?: boolean }) => unknown
type LoadHook = LoadHandler | { handler: LoadHandler }

/**
 * A render error as a stack trace through the YAML: the broken file at its line and column, then each file
 * that included it, at the including line (`at /abs/config/env/development.yaml:3:1`).
 */
function yamlStack(error: Error, d: Diagnostic): string {
  const frames = [`${d.file}:${d.line}:${d.column}`, ...[...d.chain].reverse().map((l) => `${l.file}:${l.line}:1`)]
  return [`${error.name}: ${error.message.split('\n')[0]}`, ...frames.map((frame) => `    at ${frame}`)].join('\n')
}

/**
 * `nuxi dev` renders pages through a second Vite server, whose module errors reach Nuxt's dev error page
 * (Youch, under Nitro) by a bridge that keeps no `loc`; its `frame` becomes a hint that Nitro's wrapping
 * of the error loses. Nuxt 4.4 and later (nuxt/nuxt#34820) head the page with the message's first line only,
 * after the module's URL shortened by Nuxt (`/@fs./config/app.merged.yaml`), and show the error's `stack`
 * as the Stack Trace, each frame with its source lines. So a render error of the server's loads gets a stack
 * through the YAML (our errors have none elsewhere: a trace into the plugin would bury the layer): the page
 * shows the broken layer's lines at the error, then each file of the include chain at its including line.
 * Nuxt 4.3 passes no stack: its page shows the whole message.
 */
function withYamlStackForNuxt(plugin: { load?: LoadHook }): void {
  const hook = plugin.load
  if (!hook) return
  const handler = typeof hook === 'function' ? hook : hook.handler
  const wrapped: LoadHandler = async function (this: unknown, id, options) {
    try {
      return await handler.call(this, id, options)
    } catch (error) {
      const diagnostic = (error as { meta?: { diagnostic?: Diagnostic } } | undefined)?.meta?.diagnostic
      if (options?.ssr && error instanceof Error && diagnostic) error.stack = yamlStack(error, diagnostic)
      throw error
    }
  }
  plugin.load = typeof hook === 'function' ? wrapped : { ...hook, handler: wrapped }
}

const push = (config: Plugins, plugin: unknown): void => {
  config.plugins ??= []
  config.plugins.push(plugin)
}

/**
 * `nuxi dev` renders pages on a second Vite server, whose modules Nuxt's renderer keeps until the
 * client server's watcher names their files; but a layer (a file read, not a module) is watched by
 * the server that rendered its entry only. A change there drops the modules that import it, up to
 * the pages, and names their files to the client server's watcher (its `all` event, which only
 * Nuxt's invalidation listens to), so that the next request renders them anew.
 */
function forwardRendererChanges(nuxt: NuxtLike): void {
  let client: ViteServerLike | undefined
  nuxt.hook('vite:serverCreated', (server, { isServer }) => {
    if (!isServer) {
      client = server
      return
    }
    server.watcher.on('all', (_type, file) => {
      const importers = new Set<ViteModuleLike>()
      const visit = (module: ViteModuleLike): void => {
        if (importers.has(module)) return
        importers.add(module)
        for (const importer of module.importers) visit(importer)
      }
      for (const module of server.moduleGraph.getModulesByFile(file) ?? [])
        for (const importer of module.importers) visit(importer)
      for (const module of importers) {
        server.moduleGraph.invalidateModule(module)
        if (module.file) client?.watcher.emit('all', 'change', module.file)
      }
    })
  })
}

/**
 * Nitro bundles the server (`server/`: API routes, middleware, plugins) with a Rollup of its own, in
 * `nuxi dev` as in `nuxi build`: the plugin goes first among its plugins, with Nuxt's mode (Rollup tells
 * none: NODE_ENV would be the shell's), so that a server route reads the values the pages do.
 */
function addToNitro(options: Options, nuxt: NuxtLike): void {
  const mode = nuxt.options.dev ? 'development' : 'production'
  nuxt.hook('nitro:config', (config) => {
    const create = createRollupPlugin<Options | undefined>(
      (given, meta) => createMergedYaml(given, meta.framework, { mode }).plugin,
    )
    const rollup = (config.rollupConfig ??= {})
    const plugins =
      rollup.plugins === undefined ? [] : Array.isArray(rollup.plugins) ? rollup.plugins : [rollup.plugins]
    // Nitro's output runs on the server only: it may import server-only entries (`*.server.merged.yaml`).
    rollup.plugins = [create({ ...options, serverBuild: true }), ...plugins]
  })
  // The server's tsconfig (`.nuxt/tsconfig.server.json`) reads Nitro's types, not the app's.
  nuxt.hook('nitro:prepare:types', ({ references }) => references.push({ types: 'unplugin-merged-yaml/client' }))
}

/** `modules: [['unplugin-merged-yaml/nuxt', options]]` in nuxt.config. */
export function mergedYamlNuxtModule(inlineOptions: Options | undefined, nuxt: NuxtLike): void {
  const options = resolveNuxtOptions(inlineOptions ?? {}, nuxt)
  nuxt.hook('vite:extend', ({ config }) => {
    const plugin = createVitePlugin(unpluginFactory)(options) as { load?: LoadHook }
    withYamlStackForNuxt(plugin)
    push(config, plugin)
  })
  nuxt.hook('webpack:config', (configs) => {
    for (const config of configs) push(config, createWebpackPlugin(unpluginFactory)(options))
  })
  nuxt.hook('rspack:config', (configs) => {
    for (const config of configs) push(config, createRspackPlugin(unpluginFactory)(options))
  })
  addToNitro(options, nuxt)
  forwardRendererChanges(nuxt)
  // The inspector page (inspector/server.ts) in a Nuxt DevTools tab: Nuxt hands the dev server's
  // requests for `/__merged-yaml` to Vite, which serves it (its route is in Vite's middleware stack).
  if (nuxt.options.dev && options.inspector !== false)
    nuxt.hook('devtools:customTabs', (tabs) => {
      tabs.push({ name: 'merged-yaml', title: 'Merged YAML', icon: 'carbon:data-structured', view: INSPECTOR_TAB })
    })
  // `nuxi build` with the webpack (or Rspack) builder prints only "Nuxt build error": the compiler's
  // errors are in the error's stack (@nuxt/webpack-builder's `compile`), so a render error is printed here.
  nuxt.hook('build:error', (error) => {
    const stack = error instanceof Error ? error.stack : undefined
    if (stack && DIAGNOSTIC.test(stack)) console.error(stack)
  })
  nuxt.hook('prepare:types', ({ references, tsConfig }) => {
    references.push({ types: 'unplugin-merged-yaml/client' })
    tsConfig.compilerOptions = { ...tsConfig.compilerOptions, allowArbitraryExtensions: true }
  })
}

/** What Nuxt asks a module for: its name (and no options of its own in nuxt.config: they are inline). */
mergedYamlNuxtModule.getMeta = () => Promise.resolve({ name: PLUGIN_NAME })
