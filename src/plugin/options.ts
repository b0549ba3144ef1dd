// The plugin's options: documented here, resolved here, nowhere else (kept whole for that reason).
import { createRequire } from 'node:module'
import { join, resolve } from 'node:path'
import type { RenderOptions } from '@merged-yaml/core'
import { findWorkspaceRoot, resolveAllow } from '@merged-yaml/core/internal'
import type { FilterPattern } from 'unplugin'
import { DEFAULT_MODES } from '../codegen/modes.ts'
import { applyEntryQuery } from './entry-id.ts'
import type { EntryQuery } from './entry-id.ts'
import type { ServeGuard } from './serve-access.ts'

/** Where declarations go: next to each entry, or one ambient file for all of them. */
export type DtsMode = 'sidecar' | 'ambient'

export interface DtsOptions {
  /**
   * `'sidecar'` writes `app.merged.d.yaml.ts` next to each `app.merged.yaml` (TypeScript reads it
   * with `allowArbitraryExtensions`); `'ambient'` writes one file of `declare module` blocks.
   * @default 'sidecar'
   */
  mode?: DtsMode
  /**
   * The ambient declarations file (`mode: 'ambient'`), relative to `root`. Add it to tsconfig `include`.
   * @default 'merged-yaml.d.ts'
   */
  file?: string
  /**
   * Literal, readonly types — what `as const` gives (`readonly port: 8080`) — instead of `port: number`.
   * @default false
   */
  asConst?: boolean
  /**
   * Each property's JSDoc says which layer line set its value and how it was merged, and a
   * declaration map next to each declaration takes Go to Definition there (docs/editor.md). The
   * option names the concept; it uses the engine's `sources` record (render option `sources`), not
   * the `history` one `merged-yaml explain` shows. By
   * default in a dev server and a watch build, where an editor is open; a one-off Rollup, Rolldown or
   * Vite build (`vite build`) writes the declarations it must write without them — about halving its
   * declarations' cost (docs/performance.md) — and keeps those a dev session wrote while their
   * inputs are unchanged. `true`: in every build; `false`: never.
   * @default undefined (dev servers and watch builds)
   */
  provenance?: boolean
}

/**
 * render()'s options the plugin does not read: provenance is what declarations print, asked for with
 * `dts.provenance` (recording it on every render would only cost).
 */
export type RenderOnlyOption = 'history' | 'sources'

/** Options of `unplugin-merged-yaml`: the engine's (see `@merged-yaml/core`) and the plugin's own. */
export interface Options extends Omit<RenderOptions, RenderOnlyOption> {
  /**
   * Diagnostics show paths relative to this folder. Given, it also replaces the default of `allow`:
   * includes may then read inside it and the `allow` folders only.
   * @default the bundler's root (Vite `root`, webpack/Rspack `context`, esbuild `absWorkingDir`), else `process.cwd()`
   */
  root?: string
  /**
   * The folders includes may read, besides `root` (relative to it). `deny` applies inside them.
   * @default Vite's `server.fs.allow` (by default the workspace root); with other bundlers the workspace
   * root found from the bundler's root as Vite finds it (the nearest folder upwards with a
   * pnpm-workspace.yaml, a lerna.json or a package.json with `workspaces`, else the nearest package.json's
   * folder); `[]` when `root` is given
   */
  allow?: string[]
  /**
   * Values for `${name}` in include lines. `mode` is filled from the bundler (Vite `mode`, webpack/Rspack
   * `mode`, else `NODE_ENV`, else `'development'`) unless given here.
   * @default {}
   */
  vars?: Record<string, string>
  /**
   * Entries the plugin turns into modules (globs are relative to `process.cwd()`). An import query
   * (`?lookup=…`, `?document=…`) is ignored when matching. A Datum store's node
   * (`Datum.yml?node=AllNodes/Dev/DSCFile01`) is taken whatever `include` says.
   * @default [/\.merged\.ya?ml$/]
   */
  include?: FilterPattern
  /**
   * Entries left alone even when `include` matches.
   * @default []
   */
  exclude?: FilterPattern
  /**
   * Generate TypeScript declarations with the real shape of each imported entry's value. `true` uses
   * the defaults of `DtsOptions`; a string picks the mode; `false` writes nothing.
   * @default true when `typescript` can be resolved from `root`, else false
   */
  dts?: boolean | DtsMode | DtsOptions
  /**
   * The modes the project is built in. An entry whose files use `${mode}` gets one declaration that
   * covers its value in each of these modes (a key only some modes set is optional; a named export
   * only when every mode has it), so that `tsc` gives the same answer whichever command ran last: a
   * build's own mode or `vars.mode` never changes it. `merged-yaml check` checks these modes.
   * @default ['development', 'production']
   */
  modes?: string[]
  /**
   * Keep each entry's module code on disk between builds: an entry whose files (by content), options
   * and engine are what they were is served its stored code instead of being parsed and merged
   * again, and its declaration is not generated again. `true` stores it in Vite's `cacheDir`
   * (`node_modules/.vite/merged-yaml`), or in `node_modules/.cache/unplugin-merged-yaml` under the
   * root with other bundlers; a string names the folder (relative to the root); `false` keeps nothing.
   * A render that made secrets (it decrypted a Datum.ProtectedData value, or ran `datum.handlers`) is never kept.
   * @default true
   */
  cache?: boolean | string
  /**
   * The inspector page of the Vite dev server (and Nuxt's, Astro's) at `/__merged-yaml/`: every entry,
   * its layers, where each value was set, what the merge kept out (docs/inspector.md). Served only to
   * the dev server's own origin, only what the dev server may serve, never in a build.
   * @default true
   */
  inspector?: boolean
  /**
   * Entries only server builds may import, besides those named `*.server.merged.yaml` (always), as
   * `include` takes patterns. A client build that imports one — directly or through any chain of
   * imports — fails with MY_SERVER_ONLY naming the importers; so does one that renders a Datum store
   * that decrypts (SECURITY.md).
   * @default []
   */
  serverOnly?: FilterPattern
  /**
   * Whether this build's output runs on a server. Vite (the environment's consumer, `ssr`), webpack
   * and Rspack (`target`), esbuild, Bun and Farm (`platform`, `target`, `targetEnv`) say it themselves
   * and this overrides them; Rollup and Rolldown have no notion of it: unset, their builds are client
   * builds.
   * @default what the bundler says, else false
   */
  serverBuild?: boolean
  /**
   * Show every warning of a one-off build. By default it shows the first warning of each code, located
   * and framed, and at its end one summary per code of the others: a count per layer and their first
   * locations. Watch builds and dev servers show every render's; `merged-yaml check` and the inspector
   * list them all. Every esbuild and Bun build counts as one-off (esbuild does not tell a watching context
   * from a build, and loads every entry again on each of its builds).
   * @default false
   */
  verboseWarnings?: boolean
}

export interface ResolvedDtsOptions {
  mode: DtsMode
  /** Absolute path of the ambient file. */
  file: string
  asConst: boolean
  /** JSDoc and declaration maps of where each value came from; `watching`: in dev servers and watch builds. */
  provenance: 'always' | 'watching' | 'never'
}

export interface ResolvedPluginOptions {
  /** Engine options without `root` and `vars`, which depend on the bundler (see `resolveEngineOptions`). */
  engine: RenderOptions
  /** The root given by the user, if any. */
  root: string | undefined
  vars: Record<string, string>
  include: FilterPattern
  exclude: FilterPattern
  /** `undefined` until the root is known: see `resolveDts`. */
  dts: Options['dts']
  modes: readonly string[]
  cache: Options['cache']
  inspector: boolean
  serverOnly: FilterPattern
  serverBuild: boolean | undefined
  verboseWarnings: boolean
}

/** The plugin's name, as bundlers show it. */
export const PLUGIN_NAME = 'unplugin-merged-yaml'

export const DEFAULT_INCLUDE: FilterPattern = [/\.merged\.ya?ml$/]
const DEFAULT_AMBIENT_FILE = 'merged-yaml.d.ts'

export function resolvePluginOptions(options: Options = {}): ResolvedPluginOptions {
  const {
    root,
    vars,
    include,
    exclude,
    dts,
    modes,
    cache,
    inspector,
    serverOnly,
    serverBuild,
    verboseWarnings,
    ...engine
  } = options
  return {
    engine,
    root,
    vars: { ...vars },
    include: include ?? DEFAULT_INCLUDE,
    exclude: exclude ?? [],
    dts,
    modes: modes ?? DEFAULT_MODES,
    cache,
    inspector: inspector ?? true,
    serverOnly: serverOnly ?? [],
    serverBuild,
    verboseWarnings: verboseWarnings === true,
  }
}

function hasTypeScript(root: string): boolean {
  try {
    createRequire(join(root, 'package.json')).resolve('typescript/package.json')
    return true
  } catch {
    return false
  }
}

/** The folder of the `cache` option (the on-disk module cache), or undefined when off. */
export function resolveDiskCacheDir(cache: Options['cache'], root: string, info: HostInfo): string | undefined {
  if (cache === false || cache === '') return undefined
  if (typeof cache === 'string') return resolve(root, cache)
  return info.cacheDir
    ? join(info.cacheDir, 'merged-yaml')
    : join(root, 'node_modules', '.cache', 'unplugin-merged-yaml')
}

/** The `dts` option once the root is known (its default depends on the project). */
export function resolveDts(dts: Options['dts'], root: string): ResolvedDtsOptions | undefined {
  const given = dts ?? hasTypeScript(root)
  if (given === false) return undefined
  const object: DtsOptions = given === true ? {} : typeof given === 'string' ? { mode: given } : given
  return {
    mode: object.mode ?? 'sidecar',
    file: resolve(root, object.file ?? DEFAULT_AMBIENT_FILE),
    asConst: object.asConst ?? false,
    provenance: object.provenance === true ? 'always' : object.provenance === false ? 'never' : 'watching',
  }
}

/** What the bundler tells us (through its host, see hosts/): its root and mode. */
export interface HostInfo {
  root?: string
  mode?: string
  /** A dev server (Vite's `serve`) runs the plugin, not a build. */
  serving?: boolean
  /** The bundler's cache folder (Vite's `cacheDir`). */
  cacheDir?: string
  /** The folders the bundler itself serves files from (Vite's resolved `server.fs.allow`). */
  allow?: string[]
  /**
   * What a dev server's request may make the plugin read (Vite's `server.fs` rules, serve-access.ts):
   * set when serving; entries and every file they read must pass it.
   */
  serveGuard?: ServeGuard
}

/** The bundler's mode: as told, else `NODE_ENV`, else `'development'`. */
export function resolveMode(info: HostInfo): string {
  return info.mode || process.env.NODE_ENV || 'development'
}

/**
 * The modes an entry's declaration covers: the `modes` option's, in its order, and nothing of the
 * build that writes it (its mode, its `vars.mode`), so that every bundler and `merged-yaml sync` write
 * the same declaration whichever ran last.
 */
export function resolveDeclaredModes(options: ResolvedPluginOptions): string[] {
  return [...new Set(options.modes)]
}

/** The mode this build renders in: the user's `vars.mode`, else the bundler's (`resolveMode`). */
export const resolveCurrentMode = (options: ResolvedPluginOptions, info: HostInfo): string =>
  options.vars.mode ?? resolveMode(info)

export function resolveRoot(options: ResolvedPluginOptions, info: HostInfo): string {
  return resolve(options.root ?? info.root ?? process.cwd())
}

// Per folder, for the life of the process: a build starts in one layout (a dev server restart, after
// adding a pnpm-workspace.yaml, searches again only if the root changed — Vite's own search is per config).
const workspaceRoots = new Map<string, string>()

function workspaceRootOf(root: string): string {
  let workspace = workspaceRoots.get(root)
  if (workspace === undefined) workspaceRoots.set(root, (workspace = findWorkspaceRoot(root)))
  return workspace
}

/**
 * The project, where the plugin may write declarations: the root given by the user, else the workspace
 * root around the bundler's root. Folders only `allow` or `server.fs.allow` add are read, never written.
 */
export function resolveProjectFolder(options: ResolvedPluginOptions, root: string): string {
  return options.root !== undefined ? root : workspaceRootOf(root)
}

/** Engine options for one entry: the user's, with the bundler's root, mode and allowed folders, and the query. */
export function resolveEngineOptions(options: ResolvedPluginOptions, info: HostInfo, query: EntryQuery): RenderOptions {
  const root = resolveRoot(options, info)
  const engine: RenderOptions = {
    ...options.engine,
    root,
    // The user's `allow`; else none with their `root`; else what the bundler serves from; else the workspace root.
    allow: resolveAllow(
      { allow: options.engine.allow, root, rootGiven: options.root !== undefined, served: info.allow },
      workspaceRootOf,
    ),
    vars: { mode: resolveMode(info), ...options.vars },
  }
  return applyEntryQuery(engine, query)
}
