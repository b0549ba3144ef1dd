// The unplugin: one `load` hook that renders an entry into a module, plus per-bundler glue for the
// root, the mode, watching and HMR.
import { createRenderCache, hashContent, isMergedYamlError, prepareEntry } from '@merged-yaml/core'
import type { Diagnostic, MergedYamlError, RenderCache } from '@merged-yaml/core'
import type { FilterPattern, UnpluginBuildContext, UnpluginContext, UnpluginFactory } from 'unplugin'
import { makeIdFiltersToMatchWithQuery } from 'unplugin/utils/filter'
import { generateModule } from '../codegen/module.ts'
import { createDiskCache } from './disk-cache.ts'
import type { DiskCache } from './disk-cache.ts'
import { createDeclarationWriter } from './dts-writer.ts'
import type { DeclarationWriter } from './dts-writer.ts'
import { registerEsbuildLoad } from '../hosts/esbuild-load.ts'
import type { LoadContext } from '../hosts/esbuild-load.ts'
import { createRegExpFilter, parseEntryId, QUERY_IMPORT, resolveQueryImport } from './entry-id.ts'
import type { EntryId } from './entry-id.ts'
import { DEFAULT_INCLUDE, engineOptions, resolveCacheDir, resolveDts, resolveOptions, resolveRoot } from './options.ts'
import type { HostInfo, Options } from './options.ts'
import { createReporter } from '../hosts/default.ts'
import { createDependencyGraph, createHotUpdate, dependenciesOf, watchDependencies } from './dependencies.ts'
import type { Dependencies, PathWatcher } from './dependencies.ts'

export const PLUGIN_NAME = 'unplugin-merged-yaml'

/** Whether a path exists, asked through the cache: once per build, however many entries watch it. */
function existsIn(cache: RenderCache, path: string): boolean {
  try {
    cache.stat(path)
    return true
  } catch {
    return false
  }
}

/** esbuild calls back into JS for every file its filter matches: narrow when `include` is the default. */
const esbuildFilter = (options: { include: FilterPattern }): RegExp =>
  options.include === DEFAULT_INCLUDE ? /\.merged\.ya?ml$/ : /.*/

type Outcome =
  | { ok: true; code: string; deps: Dependencies; warnings: Diagnostic[]; value: () => unknown }
  | { ok: false; error: MergedYamlError; deps: Dependencies }

export const unpluginFactory: UnpluginFactory<Options | undefined, false> = (rawOptions, meta) => {
  const options = resolveOptions(rawOptions)
  const report = createReporter(meta.framework)
  const host: HostInfo = {}
  // One per plugin instance: a build reads and parses each shared layer once, a rebuild only what changed.
  const cache = createRenderCache()
  const graph = createDependencyGraph()
  /** What each module id was last served as (code or error text), for Vite's "did it change?". */
  const served = new Map<string, string>()
  /** The Vite dev server's file watcher, when serving. */
  let devWatcher: PathWatcher | undefined
  let writer: DeclarationWriter | null | undefined
  const declarations = (): DeclarationWriter | null => {
    if (writer !== undefined) return writer
    const root = resolveRoot(options, host)
    const dts = resolveDts(options.dts, root)
    writer = dts ? createDeclarationWriter(dts, root) : null
    return writer
  }
  let stored: DiskCache | null | undefined
  const disk = (): DiskCache | null => {
    if (stored !== undefined) return stored
    const dir = resolveCacheDir(options.cache, resolveRoot(options, host), host)
    stored = dir ? createDiskCache(dir) : null
    return stored
  }
  /** Whether a file still has the content it had when a module was stored. */
  const unchanged = ([file, hash]: [string, string]): boolean => {
    try {
      return hashContent(cache.readFile(file)) === hash
    } catch {
      return false
    }
  }
  const idFilter = {
    include: makeIdFiltersToMatchWithQuery(options.include as string | RegExp | (string | RegExp)[]),
    exclude: makeIdFiltersToMatchWithQuery(options.exclude as string | RegExp | (string | RegExp)[]),
  }

  function render(id: string, entry: EntryId): Outcome {
    const read = new Set<string>()
    try {
      const engine = engineOptions(options, host, entry.query)
      const prepared = prepareEntry(entry.file, engine, {
        cache,
        readFile: (path) => {
          read.add(path)
          return cache.readFile(path)
        },
      })
      const store = disk()
      const withValue = declarations() !== null
      // One stored module per id and options: builds in other modes keep their own.
      const key = store ? `${id}\0${JSON.stringify(engine)}` : ''
      const hit = store?.read(key, prepared.fingerprint, withValue)
      if (hit && hit.extra.every(unchanged)) {
        return { ok: true, code: hit.code, deps: dependenciesOf(hit), warnings: hit.warnings, value: () => hit.value }
      }
      const result = prepared.render()
      const code = generateModule(result.value, { plainJson: result.plainJson })
      if (store) {
        const gathered = new Set(prepared.files)
        const extra = result.files
          .filter((file) => !gathered.has(file))
          .map((file): [string, string] => [file, hashContent(cache.readFile(file))])
        const { files, missing, globs, warnings, dialect } = result
        store.write(
          key,
          { fingerprint: prepared.fingerprint, extra, files, missing, globs, warnings, dialect, withValue, code },
          withValue ? { value: result.value } : undefined,
        )
      }
      return { ok: true, code, deps: dependenciesOf(result), warnings: result.warnings, value: () => result.value }
    } catch (error) {
      if (!isMergedYamlError(error)) throw error
      // Keep watching what the entry read, looked for (a missing include: creating it recovers) and
      // depended on before, so fixing the broken file recovers.
      const before = graph.get(id)
      const failed = dependenciesOf(error.dependencies ?? { files: [], missing: [], globs: [] })
      const files = [
        ...new Set([entry.file, ...read, ...error.diagnostics.map((d) => d.file), ...failed.files, ...before.files]),
      ]
      return { ok: false, error, deps: { files, dirs: [...new Set([...failed.dirs, ...before.dirs])] } }
    }
  }

  // Vite dev drops `addWatchFile` from `load` on a module's first load (vitejs/vite#18103):
  // registering the dependencies again from `transform` makes Vite watch them. Builds (with or
  // without --watch) keep what `load` registered and need no transform: there, configResolved
  // gives it a filter that matches nothing, so Rolldown does not call into JavaScript once per
  // entry for nothing (~8% of a 200-entry build).
  const devTransform = {
    filter: { id: idFilter } as { id: typeof idFilter | { exclude: RegExp[] } },
    handler(this: { addWatchFile(file: string): void }, _code: string, id: string) {
      if (devWatcher) watchDependencies(this, graph.get(id), meta.framework, devWatcher)
      return null
    },
  }

  const servedAs = (outcome: Outcome) => (outcome.ok ? outcome.code : outcome.error.message)

  const isIncluded = createRegExpFilter(idFilter)

  function load(context: LoadContext | (UnpluginBuildContext & UnpluginContext), id: string) {
    const entry = parseEntryId(id)
    if (!entry) return
    const outcome = render(id, entry)
    graph.set(id, outcome.deps)
    // A one-off Rollup, Rolldown or Vite build (no --watch) watches nothing: telling it each file
    // would cost a call into the bundler per file and entry.
    if (devWatcher || (context as { meta?: { watchMode?: boolean } }).meta?.watchMode !== false) {
      watchDependencies(context, outcome.deps, meta.framework, devWatcher, (file) => existsIn(cache, file))
    }
    // Only Vite's dev server asks whether a module changed (hotUpdate).
    if (host.serving) served.set(id, servedAs(outcome))
    if (!outcome.ok) return report.error(context, outcome.error)
    const root = resolveRoot(options, host)
    for (const warning of outcome.warnings) report.warn(context, warning, root)
    declarations()?.update(entry, outcome.value())
    // Rolldown (and Vite 8 on it) must be told that a .yaml file now holds JavaScript.
    return { code: outcome.code, map: null, moduleType: 'js' } as { code: string; map: null }
  }

  return {
    name: PLUGIN_NAME,
    enforce: 'pre',

    // Rollup's and Bun's own resolvers do not strip an import query: resolve `?lookup=…` and
    // `?document=…` imports here (only those: plain files stay with the bundler, which watches them).
    resolveId:
      meta.framework === 'rollup' || meta.framework === 'bun'
        ? { filter: { id: QUERY_IMPORT }, handler: resolveQueryImport }
        : undefined,

    load: {
      filter: { id: idFilter },
      handler(id) {
        return load(this, id)
      },
    },

    // A build may take files as unchanged while it runs: each layer is stat'ed and resolved once,
    // not once per entry that includes it. Not when serving: edits arrive while the server runs.
    buildStart() {
      if (!host.serving) cache.beginBuild()
    },

    async buildEnd() {
      cache.endBuild()
      declarations()?.flush()
      await stored?.settle()
    },

    vite: {
      configResolved(config) {
        host.root = config.root
        host.mode = config.mode
        host.serving = config.command === 'serve'
        host.cacheDir = config.cacheDir
        if (!host.serving) devTransform.filter = { id: { exclude: [/[\s\S]*/] } }
      },
      configureServer(server) {
        devWatcher = server.watcher
      },
      transform: devTransform,
      hotUpdate: createHotUpdate({
        graph,
        changed(id) {
          const entry = parseEntryId(id)
          return entry !== undefined && servedAs(render(id, entry)) !== served.get(id)
        },
      }),
    },
    webpack(compiler) {
      host.root = compiler.options.context
      host.mode = compiler.options.mode
    },
    rspack(compiler) {
      host.root = compiler.options.context
      host.mode = compiler.options.mode
    },
    esbuild: {
      // esbuild calls back into JS for every file its filter matches: keep it narrow when we can.
      onLoadFilter: esbuildFilter(options),
      loader: 'js',
      config(initial) {
        host.root = initial.absWorkingDir
      },
      setup(build) {
        // Not for glob `include`s, which only unplugin's filter evaluates: those entries load through
        // unplugin's callback, without folder watching.
        if (!isIncluded) return
        registerEsbuildLoad(build, {
          filter: esbuildFilter(options),
          includes: isIncluded,
          load,
          dependencies: (id) => graph.get(id),
        })
      },
    },
    bun: {
      loader: 'js',
      setup(build) {
        host.root = build.config.root
      },
    },
    rolldown: {
      options(input) {
        host.root = input.cwd
      },
    },
    farm: {
      configResolved(config) {
        host.root = config.root
        host.mode = config.compilation?.mode
      },
    },
  }
}
