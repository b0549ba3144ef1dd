// The one interface through which the plugin talks to a bundler. Each bundler's file beside this one
// implements it with that bundler's quirks; default.ts holds what several of them share.
import type { Diagnostic, MergedYamlError } from '@merged-yaml/core'
import type { NativeBuildContext, UnpluginMessage, UnpluginOptions } from 'unplugin'
import type { Dependencies, DependencyGraph } from '../plugin/dependencies.ts'
import type { EntryId } from '../plugin/entry-id.ts'
import type { EntryOutcome } from '../plugin/entry-module.ts'
import type { IdFilter } from '../plugin/id-filter.ts'
import type { HostInfo, ResolvedPluginOptions } from '../plugin/options.ts'

/**
 * The part of a webpack-style loader context a loader runner gives (Turbopack's: `rootContext` is the
 * project, `mode` is `development` or `production`).
 */
export interface LoaderRunnerContext {
  rootContext: string
  mode?: string
  /**
   * The environment the module is compiled for, as webpack's `target`: Turbopack (Next.js 16) gives
   * `web` for the browser and `node` for the server; older versions give nothing.
   */
  target?: string
  addDependency(file: string): void
  addMissingDependency(file: string): void
  addContextDependency(dir: string): void
  /** Reports an error without failing the load (the build fails with it); Turbopack's has it. */
  emitError?(error: Error): void
}

/**
 * The part of a plugin context that `load` uses: unplugin's, the one esbuild-load.ts makes, or the one
 * turbopack-loader.ts makes around a loader context (`loader`).
 */
export interface LoadContext {
  addWatchFile(file: string): void
  error(message: UnpluginMessage): void
  warn(message: UnpluginMessage): void
  getNativeBuildContext?: (() => NativeBuildContext) | undefined
  /** Rollup's, Rolldown's and Vite's: `watchMode` is false in a one-off build. */
  meta?: { watchMode?: boolean }
  /** The loader context, when the plugin runs as a webpack-style loader (Turbopack). */
  loader?: LoaderRunnerContext
}

/** What `load` gives the bundler: the module, the module that throws an error's message, or nothing. */
export type LoadResult = { code: string; map: null } | string | undefined

/** The hooks a host adds to the plugin: its bundler's own section, and hooks only it needs. */
export type HostHooks = Pick<
  UnpluginOptions,
  'resolveId' | 'vite' | 'rollup' | 'rolldown' | 'webpack' | 'rspack' | 'esbuild' | 'farm' | 'bun'
>

/** The bundler as the plugin sees it. */
export interface Host {
  /** Hooks this bundler needs: where it tells its root and mode, its dev server's glue, … */
  readonly hooks: HostHooks
  /**
   * The bundler generates its output after `buildEnd` and then calls `closeBundle` (Rollup,
   * Rolldown, Vite, even when it writes nothing): `buildEnd` only starts the plugin's writes, and
   * the host's `closeBundle` waits for them (`HostParts.finish`).
   */
  readonly finishesAtClose?: boolean
  /**
   * The bundler keeps modules across builds in a persistent cache keyed on their dependencies
   * (Turbopack's `.next/cache`, webpack's and Rspack's): it runs no load for an entry whose
   * dependencies are unchanged, so an entry's declaration is one of them, and a checkout without it
   * (declarations are git-ignored) loads the entry again, which writes it.
   */
  readonly cachesAcrossBuilds?: boolean
  /** Reads what the bundler tells on each load, before the entry renders (a loader runner's root and mode). */
  prepare?(context: LoadContext): void
  /**
   * Whether this load is of a one-off build: a layer's warning is shown once per build, and each code's
   * after the first are counted and summarised at its end (`verboseWarnings` shows them all). By default
   * Rollup's, Rolldown's and Vite's `watchMode === false`; each other bundler's host says how it tells.
   */
  oneOffBuild(context: LoadContext): boolean
  /**
   * Whether the bundler watches (a watch build: declarations then carry provenance by default). By
   * default Rollup's, Rolldown's and Vite's `watchMode`; webpack's and Rspack's compiler's.
   */
  watching?(context: LoadContext): boolean
  /** Makes the bundler watch what an entry module depends on (nothing in a one-off build). */
  watch(context: LoadContext, deps: Dependencies): void
  /** Records what an entry module was served as, for a dev server that asks whether it changed. */
  served?(id: string, outcome: EntryOutcome): void
  /**
   * Whether this load is for code that runs in a browser (Vite: the environment's consumer; webpack,
   * Rspack: `target`; esbuild, Bun, Farm: the platform); undefined when the bundler does not say
   * (Rollup, Rolldown: the `serverBuild` option decides, server-only.ts).
   */
  clientBuild?(context: LoadContext): boolean | undefined
  /**
   * The modules through which the build reached module `id`, from its entry point to the direct
   * importer, as far as the bundler tells at load time (for MY_SERVER_ONLY's message).
   */
  importChain?(context: LoadContext, id: string): string[]
  /** What MY_SERVER_ONLY says in place of the chain when `importChain` names none: where the user finds it. */
  readonly noImportChain?: string
  /** Fails the build with a render error; returns the module to give the bundler in the entry's place. */
  error(context: LoadContext, error: MergedYamlError): string
  /** Shows a render warning (paths in its text relative to `root`). */
  warn(context: LoadContext, warning: Diagnostic, root: string): void
  /**
   * Shows a one-off build's warning summary (warning-summary.ts) at its end, given the build-end hook's
   * context when the bundler gives one: by default on the console, after the warnings the bundler printed.
   */
  showSummary?(context: BuildEndContext | undefined, text: string): void
}

/** The part of the build-end hook's context a host may use (unplugin's: webpack's and Rspack's compilation). */
export interface BuildEndContext {
  getNativeBuildContext?: (() => NativeBuildContext) | undefined
}

/** The parts of the plugin a host may use. */
export interface HostParts {
  /** What the bundler tells: the host's hooks fill it in. */
  info: HostInfo
  options: ResolvedPluginOptions
  /** The `load` hook's id filter. */
  idFilter: IdFilter
  graph: DependencyGraph
  /** Whether a path exists, asked through the render cache (once per build). */
  exists(path: string): boolean
  /** The plugin's `load`, for a host that calls it from a hook of its own (esbuild). */
  load(context: LoadContext, id: string): LoadResult | Promise<LoadResult>
  /** Renders an entry module again (Vite's HMR: did its output change?); a promise with a Standard Schema module. */
  render(id: string, entry: EntryId): EntryOutcome | Promise<EntryOutcome>
  /** Writes the declarations pending and waits for the disk cache's writes (the end of a build). */
  finish(): Promise<void>
}
