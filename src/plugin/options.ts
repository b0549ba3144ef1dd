// The plugin's options: documented here, resolved here, nowhere else.
import { createRequire } from 'node:module'
import { join, resolve } from 'node:path'
import type { RenderOptions } from '@merged-yaml/core'
import type { FilterPattern } from 'unplugin'
import { applyEntryQuery } from './entry-id.ts'
import type { EntryQuery } from './entry-id.ts'

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
}

/** Options of `unplugin-merged-yaml`: the engine's (see `@merged-yaml/core`) and the plugin's own. */
export interface Options extends RenderOptions {
  /**
   * Includes may not read outside this folder (nor outside `allow`); diagnostics show paths relative to it.
   * @default the bundler's root (Vite `root`, webpack/Rspack `context`, esbuild `absWorkingDir`), else `process.cwd()`
   */
  root?: string
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
   * Keep each entry's module code on disk between builds: an entry whose files (by content), options
   * and engine are what they were is served its stored code instead of being parsed and merged
   * again. `true` stores it in Vite's `cacheDir` (`node_modules/.vite/merged-yaml`), or in
   * `node_modules/.cache/unplugin-merged-yaml` under the root with other bundlers; a string names
   * the folder (relative to the root).
   * @default false
   */
  cache?: boolean | string
}

export interface ResolvedDtsOptions {
  mode: DtsMode
  /** Absolute path of the ambient file. */
  file: string
  asConst: boolean
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
  cache: Options['cache']
}

/** The plugin's name, as bundlers show it. */
export const PLUGIN_NAME = 'unplugin-merged-yaml'

export const DEFAULT_INCLUDE: FilterPattern = [/\.merged\.ya?ml$/]
export const DEFAULT_AMBIENT_FILE = 'merged-yaml.d.ts'

export function resolvePluginOptions(options: Options = {}): ResolvedPluginOptions {
  const { root, vars, include, exclude, dts, cache, ...engine } = options
  return {
    engine,
    root,
    vars: { ...vars },
    include: include ?? DEFAULT_INCLUDE,
    exclude: exclude ?? [],
    dts,
    cache,
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
  if (!cache) return undefined
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
}

/** The bundler's mode: as told, else `NODE_ENV`, else `'development'`. */
export function resolveMode(info: HostInfo): string {
  return info.mode || process.env.NODE_ENV || 'development'
}

export function resolveRoot(options: ResolvedPluginOptions, info: HostInfo): string {
  return resolve(options.root ?? info.root ?? process.cwd())
}

/** Engine options for one entry: the user's, with the bundler's root and mode, and the import query. */
export function resolveEngineOptions(options: ResolvedPluginOptions, info: HostInfo, query: EntryQuery): RenderOptions {
  const engine: RenderOptions = {
    ...options.engine,
    root: resolveRoot(options, info),
    vars: { mode: resolveMode(info), ...options.vars },
  }
  return applyEntryQuery(engine, query)
}
