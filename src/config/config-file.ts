// The project config file, `merged-yaml.config.{ts,mts,js,mjs,json,yaml}`: found from a folder upward
// (to the workspace root), loaded by c12 (the unjs loader Nuxt and Nitro use: jiti for TypeScript and
// ESM, confbox for JSON and YAML), checked against the plugin's one option table (known-options.ts),
// and merged under the options a bundler config or a command line gives. The plugin loads it
// synchronously (load-sync.ts), the CLI with this module's `loadProjectConfig`: one set of c12
// options, one check, one merge.
import { existsSync, statSync } from 'node:fs'
import { basename, dirname, isAbsolute, join, resolve } from 'node:path'
import { findWorkspaceRoot, isMergedYamlError, MergedYamlError } from '@merged-yaml/core/internal'
import type { Diagnostic } from '@merged-yaml/core'
import { assertPluginOptions } from '../plugin/known-options.ts'
import type { Options } from '../plugin/options.ts'

/** The names looked for in each folder, in this order (the first found wins). */
export const CONFIG_FILE_NAMES: readonly string[] = ['ts', 'mts', 'js', 'mjs', 'json', 'yaml'].map(
  (ext) => `merged-yaml.config.${ext}`,
)

/**
 * c12's options: the file only. No rc files, `.env`, package.json key, `$production` sections or
 * `extends` (which can fetch a remote layer): one file holds the options, as it reads.
 */
const C12_OPTIONS = {
  name: 'merged-yaml',
  rcFile: false,
  globalRc: false,
  dotenv: false,
  packageJson: false,
  envName: false,
  extend: false,
  configFileRequired: true,
} as const

/** Which config file a tool reads: `file` (`--config`), none (`false`, `--no-config`), else the one found. */
export interface ConfigRequest {
  /** Where the search starts (the working directory, or the bundler's root). */
  cwd: string
  /** A file to read instead of searching (relative to `cwd`); `false` reads none. */
  file?: string | false | undefined
}

export interface ProjectConfig {
  /** The config file's absolute path. */
  file: string
  /** Its options, checked; a relative `root` resolved against the file's folder. */
  options: Options
}

/** The nearest `merged-yaml.config.*` in `from` or a folder above it, up to the workspace root. */
export function findConfigFile(from: string): string | undefined {
  // Never above the project: a config file is code the build runs, and one in a parent folder (a shared
  // /tmp, a home directory) belongs to someone else. The project is the workspace root Vite would find.
  const top = findWorkspaceRoot(from)
  for (let dir = resolve(from); ;) {
    for (const name of CONFIG_FILE_NAMES) {
      const file = join(dir, name)
      if (existsSync(file) && statSync(file).isFile()) return file
    }
    const parent = dirname(dir)
    if (dir === top || parent === dir) return undefined
    dir = parent
  }
}

/** The file a request names, or the one found; undefined when none is read. */
export function resolveConfigFile(request: ConfigRequest): string | undefined {
  if (request.file === false) return undefined
  if (request.file === undefined) return findConfigFile(request.cwd)
  const file = resolve(request.cwd, request.file)
  if (!existsSync(file)) throw configError(file, `the config file '${request.file}' does not exist`)
  return file
}

/** A config file that cannot be loaded (MY_CONFIG_FILE), located at the file. */
export function configError(file: string, message: string): MergedYamlError {
  const diagnostic: Diagnostic = {
    code: 'MY_CONFIG_FILE',
    severity: 'error',
    message,
    file,
    line: 1,
    column: 1,
    chain: [],
  }
  return new MergedYamlError([diagnostic])
}

/** c12's options for one file: its folder and its name (extension included: no search). */
export const c12OptionsFor = (file: string) => ({ ...C12_OPTIONS, cwd: dirname(file), configFile: basename(file) })

/** What c12 returned, as the plugin's options: an object of data, every option known (did-you-mean otherwise). */
export function toProjectConfig(file: string, loaded: unknown): ProjectConfig {
  if (typeof loaded !== 'object' || loaded === null || Array.isArray(loaded))
    throw configError(file, `the config file must export an object of options, not ${JSON.stringify(loaded)}`)
  const options = loaded as Options
  try {
    assertPluginOptions(options, basename(file))
  } catch (error) {
    if (!isMergedYamlError(error)) throw error
    // Located at the file, not at `<options>`: the user edits the file.
    throw new MergedYamlError(error.diagnostics.map((d) => ({ ...d, file })))
  }
  const root =
    typeof options.root === 'string' && !isAbsolute(options.root) ? resolve(dirname(file), options.root) : options.root
  return { file, options: root === undefined ? options : { ...options, root } }
}

/** Loads the project's config file (see ConfigRequest); undefined when there is none or `file` is false. */
export async function loadProjectConfig(request: ConfigRequest): Promise<ProjectConfig | undefined> {
  const file = resolveConfigFile(request)
  if (file === undefined) return undefined
  const { loadConfig } = await import('c12')
  let loaded: unknown
  try {
    loaded = (await loadConfig(c12OptionsFor(file))).config
  } catch (error) {
    throw configError(
      file,
      `the config file cannot be loaded: ${error instanceof Error ? error.message : String(error)}`,
    )
  }
  return toProjectConfig(file, loaded)
}

/**
 * The options in force: the config file's, each overridden by the same key given in the bundler
 * config (or on the command line). Key by key at the top level: a `dts` given inline replaces the
 * file's `dts` whole, as `vars` does.
 */
export function mergeOptions(config: Options | undefined, inline: Options | undefined): Options {
  const merged: Record<string, unknown> = { ...config }
  for (const [key, value] of Object.entries(inline ?? {})) if (value !== undefined) merged[key] = value
  return merged as Options
}

/**
 * Types a `merged-yaml.config.ts`: `export default defineConfig({ … })` — the plugin's options, every
 * one of them (an unknown key fails `tsc` as it fails the build).
 */
export function defineConfig(options: Options): Options {
  return options
}
