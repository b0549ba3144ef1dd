// The project a command runs in: its config file (`--config`, `--no-config`, else the nearest
// merged-yaml.config.* from the working directory up), and its entries as the plugin would take them.
import { dirname, relative } from 'node:path'
import picomatch from 'picomatch'
import { globSync } from 'tinyglobby'
import { DEFAULT_INCLUDE, loadProjectConfig, resolvePluginOptions } from 'unplugin-merged-yaml/config'
import { UsageError } from './args.ts'
import type { FlagValues, ProjectOptions } from './args.ts'

/** Loads the config file the flags ask for; undefined without one. Its mistakes are located MergedYamlErrors. */
export async function loadCommandConfig(
  command: string,
  values: FlagValues,
  cwd: string,
): Promise<ProjectOptions | undefined> {
  if (values.config !== undefined && values['no-config'])
    throw new UsageError('--config and --no-config contradict each other', command)
  const file = values['no-config'] ? false : typeof values.config === 'string' ? values.config : undefined
  const config = await loadProjectConfig({ cwd, file })
  if (!config) return undefined
  const { file: path, options } = config
  return { ...resolvePluginOptions(options), file: path, folder: dirname(path), options }
}

/**
 * Folders never searched for entries: dependencies, version control, and the build output and caches
 * of the usual tools (their copies of an entry are not the project's).
 */
const IGNORED_FOLDERS = [
  'node_modules',
  '.git',
  'dist',
  'build',
  'out',
  'coverage',
  '.output',
  '.next',
  '.nuxt',
  '.svelte-kit',
  '.astro',
  '.vercel',
  '.turbo',
  '.cache',
]

type Pattern = string | RegExp

const toArray = (value: unknown): Pattern[] =>
  (Array.isArray(value) ? value : value === undefined || value === null ? [] : [value]) as Pattern[]

/** A pattern of `include`/`exclude` on an absolute path: a RegExp as is, a glob relative to `folder`. */
function patternTest(pattern: Pattern, folder: string): (file: string) => boolean {
  if (pattern instanceof RegExp)
    return (file) => {
      pattern.lastIndex = 0
      return pattern.test(file.replaceAll('\\', '/'))
    }
  const match = picomatch(pattern.replace(/^\.\//, ''), { dot: true })
  return (file) => match(relative(folder, file).replaceAll('\\', '/'))
}

/**
 * The project's entries, sorted: the YAML files under the config file's folder (else `cwd`) that the
 * config's `include` takes (by default every `*.merged.yaml` and `*.merged.yml`) and its `exclude`
 * does not, outside IGNORED_FOLDERS.
 */
export function findProjectEntries(config: ProjectOptions | undefined, cwd: string): string[] {
  const folder = config?.folder ?? cwd
  const include = toArray(config?.include ?? DEFAULT_INCLUDE).map((p) => patternTest(p, folder))
  const exclude = toArray(config?.exclude).map((p) => patternTest(p, folder))
  const globs = toArray(config?.include).filter((p): p is string => typeof p === 'string')
  const ignore = IGNORED_FOLDERS.map((name) => `**/${name}/**`)
  const files = globSync(['**/*.{yaml,yml}', ...globs], { cwd: folder, absolute: true, onlyFiles: true, ignore })
  return [...new Set(files)]
    .filter((file) => include.some((test) => test(file)) && !exclude.some((test) => test(file)))
    .sort()
}
