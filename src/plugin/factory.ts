// The unplugin: composes the parts. `load` renders an entry into a module (entry-module.ts), hands
// the bundler what it depends on, its errors and warnings, and returns its code; how each bundler
// takes them is its host's (hosts/), and so are the hooks where it tells its root and mode and where
// its build ends. Declarations are the declaration writer's (dts-writer.ts).
import { existsSync } from 'node:fs'
import { formatDiagnostic } from '@merged-yaml/core/internal'
import type { Diagnostic } from '@merged-yaml/core'
import type { UnpluginFactory, UnpluginOptions } from 'unplugin'
import { createHost, MESSAGE_PREFIX } from '../hosts/index.ts'
import { mergeOptions } from '../config/config-file.ts'
import { loadProjectConfigSync } from '../config/load-sync.ts'
import type { BuildEndContext, HostName, LoadContext, LoadResult } from '../hosts/index.ts'
import { createDependencyGraph, mergeDependencies } from './dependencies.ts'
import { createDeclarationWriter } from './dts-writer.ts'
import { createLazyEngine } from './engine.ts'
import type { DeclarationWriter } from './dts-writer.ts'
import { parseEntryId } from './entry-id.ts'
import type { EntryId } from './entry-id.ts'
import { createEntryRenderer } from './entry-module.ts'
import type { EntryOutcome } from './entry-module.ts'
import { createEntryMatcher, createIdFilter } from './id-filter.ts'
import { assertPluginOptions } from './known-options.ts'
import { createDiskCache } from './disk-cache.ts'
import type { DiskCache } from './disk-cache.ts'
import { createModeValues } from './mode-values.ts'
import { redactUnservable } from './serve-access.ts'
import { createShownWarnings } from './shown-warnings.ts'
import { createWarningSummary } from './warning-summary.ts'
import { createServerOnlyMatcher, isClientLoad, serverOnlyError } from './server-only.ts'
import type { ServerOnlyReason } from './server-only.ts'
import {
  PLUGIN_NAME,
  resolveDiskCacheDir,
  resolveDts,
  resolvePluginOptions,
  resolveProjectFolder,
  resolveRoot,
} from './options.ts'
import type { HostInfo, Options } from './options.ts'

export { PLUGIN_NAME } from './options.ts'

const SERVING_WRITE_DELAY = 300

export const unpluginFactory: UnpluginFactory<Options | undefined, false> = (rawOptions, meta) =>
  createMergedYaml(rawOptions, meta.framework).plugin

/** The plugin, and its parts for a host that runs without unplugin (Turbopack's loader). */
export interface MergedYaml {
  plugin: UnpluginOptions
  /** Renders the entry module `id` (nothing when `id` is not an entry). */
  load(context: LoadContext, id: string): LoadResult | Promise<LoadResult>
  /** What a build does at its end: declarations and disk-cache writes, waited for. */
  buildEnd(): Promise<void>
}

/**
 * The plugin with the host of `framework`: unplugin's bundlers, or Turbopack's loader (hosts/turbopack-loader.ts).
 * `told` is what a framework tells before its bundler does (Nuxt's mode, for Nitro's Rollup, which has none).
 */
export function createMergedYaml(
  rawOptions: Options | undefined,
  framework: HostName,
  told: HostInfo = {},
  /** `'none'`: the options are all there are (`merged-yaml sync` has merged the config file's already). */
  configFile: 'search' | 'none' = 'search',
): MergedYaml {
  // Before anything else: an option nobody reads (`dst`, `history`) is a mistake, said at once.
  assertPluginOptions(rawOptions ?? {})
  // The project's config file, found from the working directory up: the bundler config's options win, key by key.
  const config = configFile === 'search' ? loadProjectConfigSync({ cwd: process.cwd() }) : undefined
  const options = resolvePluginOptions(mergeOptions(config?.options, rawOptions))
  const info: HostInfo = { ...told }
  // The pipeline and its render cache, loaded by the first entry's load.
  const engine = createLazyEngine()
  const graph = createDependencyGraph()
  // Opened at the first render, once the bundler has told its root.
  let diskCache: DiskCache | null | undefined
  const openDiskCache = (): DiskCache | null => {
    if (diskCache !== undefined) return diskCache
    const dir = resolveDiskCacheDir(options.cache, resolveRoot(options, info), info)
    // A dev server writes after a burst of loads (a hot update's) has passed.
    diskCache = dir ? createDiskCache(dir, info.serving ? SERVING_WRITE_DELAY : 0) : null
    return diskCache
  }
  // Created once the bundler has told its root, which the `dts` default depends on.
  let writer: DeclarationWriter | null | undefined
  const declarations = () => {
    if (writer !== undefined) return writer
    const root = resolveRoot(options, info)
    const dts = resolveDts(options.dts, root)
    if (!dts) return (writer = null)
    // With `cache`, what each declaration was written from outlives the process (else the writer).
    const records = openDiskCache()?.declarationRecords()
    // Never written outside the project (a dev server's request for an entry elsewhere never even
    // reaches the load: serve-access.ts).
    // A write fails after the loads, from a timer or the build's end: no plugin context to warn through.
    const report = (warning: Diagnostic) => console.warn(`${MESSAGE_PREFIX} ${formatDiagnostic(warning, root)}`)
    const folders = [resolveProjectFolder(options, root)]
    const schedule = { records, debounce: info.serving === true, folders, report, realpath: engine.realpath }
    writer = createDeclarationWriter(dts, root, undefined, schedule)
    return writer
  }
  // Set by the loads of a one-off build (`vite build`), whose declarations go without provenance
  // unless `dts.provenance` is true (options.ts).
  let oneOffBuild = false
  // Set by each load: the bundler serves or watches (`Host.watching`).
  let watching = false
  // Whether this build's declarations say where each value came from (`dts.provenance`).
  const withProvenance = () => declarations()?.withProvenance(!watching) ?? false
  const rendering = { options, info, engine, diskCache: openDiskCache, withProvenance, oneOffBuild: () => oneOffBuild }
  const entries = createEntryRenderer(rendering)
  const valuesAcrossModes = createModeValues(rendering)
  const idFilter = createIdFilter(options)
  const isEntry = createEntryMatcher(options)
  const isServerOnly = createServerOnlyMatcher(options.serverOnly)
  const host = createHost(framework, {
    info,
    options,
    idFilter,
    graph,
    exists: engine.exists,
    load,
    render: entries.render,
    finish,
  })
  // A warning shown once per layer, not once per entry that includes it (shown-warnings.ts).
  const shown = createShownWarnings({
    serving: () => info.serving === true,
    oneOffBuild: () => oneOffBuild,
    readFile: (file) => engine.renderCache().readFile(file),
  })

  // A one-off build shows the first warning of each code and, at its end, a summary of the others
  // (warning-summary.ts); `verboseWarnings` shows them all, as watch builds and dev servers do.
  const summary = createWarningSummary(MESSAGE_PREFIX)
  const summarized = () => oneOffBuild && !options.verboseWarnings

  function load(context: LoadContext, id: string): LoadResult | Promise<LoadResult> {
    const entry = parseEntryId(id)
    // The filter matched the id with its query: the file itself must be an entry.
    if (!entry || !isEntry(entry)) return
    // The first entry loads the pipeline (engine.ts): a config that never imports one never pays for it.
    return engine.loaded ? loadEntry(context, id, entry) : engine.load().then(() => loadEntry(context, id, entry))
  }

  function loadEntry(context: LoadContext, id: string, entry: EntryId): LoadResult | Promise<LoadResult> {
    // Serving, an entry the dev server would not serve is not ours to read: Vite answers (403, 404).
    if (info.serveGuard && !info.serveGuard.isServable(entry.file)) return
    host.prepare?.(context)
    oneOffBuild = host.oneOffBuild(context)
    // A server-only entry in a client build is refused before it renders (server-only.ts).
    const client = isClientLoad(options, host.clientBuild?.(context))
    const refuse = (reason: ServerOnlyReason): string => {
      const chain = host.importChain?.(context, id) ?? []
      const error = serverOnlyError(entry.file, reason, chain, resolveRoot(options, info), host.noImportChain)
      return host.error(context, error)
    }
    if (client && isServerOnly(entry.file)) return refuse('name')
    // Provenance by default only where an editor is open on a watched project: a dev server, a watch
    // build. Every other build (esbuild's, webpack's run, `merged-yaml sync`) writes the same bytes.
    watching = info.serving === true || (host.watching ? host.watching(context) : context.meta?.watchMode === true)
    const outcome = entries.render(id, entry)
    const settled = (done: EntryOutcome): LoadResult =>
      client && done.ok && done.secret ? refuse('secret') : loaded(context, id, entry, done)
    // The declaration-map writer, on the first declaration with provenance (dts-writer.ts).
    const preparing = declarations()?.prepare(!watching)
    if (preparing) return Promise.all([outcome, preparing]).then(([done]) => settled(done))
    // A promise when a dialect's merge loads first, or for a Standard Schema module (entry-module.ts).
    return outcome instanceof Promise ? outcome.then(settled) : settled(outcome)
  }

  /** Hands the bundler a rendered entry: what it depends on, its errors and warnings, its code. */
  function loaded(context: LoadContext, id: string, entry: EntryId, outcome: EntryOutcome): LoadResult {
    // A declaration covers the entry's value in other modes too: what they read is watched as well.
    const typed = outcome.ok ? declarations() : null
    const modes = typed && outcome.ok ? valuesAcrossModes(entry, { ...outcome, files: outcome.deps.files }) : undefined
    const deps = modes ? mergeDependencies(outcome.deps, modes.deps) : outcome.deps
    graph.set(id, deps)
    host.watch(context, deps)
    host.served?.(id, outcome)
    const root = resolveRoot(options, info)
    if (!outcome.ok) return host.error(context, redactUnservable(outcome.error, info.serveGuard, root))
    for (const warning of outcome.warnings)
      if (!shown.isShown(warning) && (!summarized() || summary.showNow(warning))) host.warn(context, warning, root)
    // Generated after the module code is returned, and only if its key changed (dts-writer.ts).
    if (typed && modes) {
      for (const warning of typed.declare(entry, modes, outcome, !watching)) host.warn(context, warning, root)
      if (host.cachesAcrossBuilds) depend(context, typed, entry)
    }
    // Rolldown (and Vite 8 on it) must be told that a .yaml file now holds JavaScript.
    return { code: outcome.code, map: null, moduleType: 'js' } as { code: string; map: null }
  }

  /**
   * Makes an entry's declaration one of its dependencies, for a bundler whose persistent cache would
   * skip its load on a checkout without it (Host.cachesAcrossBuilds). One missing is written now: the
   * cache takes its snapshot of the dependencies as the load returns, and would record it as missing.
   */
  function depend(context: LoadContext, typed: DeclarationWriter, entry: EntryId): void {
    const targets = typed.targets(entry)
    if (targets.some((target) => !existsSync(target))) typed.flush()
    host.watch(context, { files: targets, dirs: [] })
  }

  /** Shows the warning summary, writes the declarations pending and waits for the disk cache's writes. */
  async function finish(context?: BuildEndContext): Promise<void> {
    const summaryLines = summary.take(resolveRoot(options, info))
    if (summaryLines.length > 0) {
      const text = summaryLines.join('\n')
      if (host.showSummary) host.showSummary(context, text)
      else console.warn(text)
    }
    declarations()?.flush()
    await entries.settle()
  }
  async function buildEnd(context?: BuildEndContext): Promise<void> {
    engine.endBuild()
    await finish(context)
  }

  const plugin: UnpluginOptions = {
    name: PLUGIN_NAME,
    enforce: 'pre',

    load: {
      filter: { id: idFilter },
      handler(id) {
        return load(this, id)
      },
    },

    // A build may take files as unchanged while it runs: each layer is stat'ed and resolved once,
    // not once per entry that includes it. Not when serving: edits arrive while the server runs.
    buildStart() {
      shown.clear()
      summary.clear()
      if (!info.serving) engine.beginBuild()
    },

    async buildEnd() {
      if (!host.finishesAtClose) return buildEnd(this)
      // The bundler generates the output after buildEnd, mostly in native threads (Rolldown) or
      // without us: declarations and cache writes go on meanwhile, done by the host's closeBundle.
      engine.endBuild()
      declarations()?.drain()
    },

    ...host.hooks,
  }
  return { plugin, load, buildEnd }
}
