// python-heatclient resolves the template paths in each environment file's `resource_registry`
// against that file before the environments are merged (template_utils.resolve_environment_urls,
// called per `-e` file): merged raw, a `../deployment/x.yaml` from environments/ and a
// `../../deployment/y.yaml` from environments/ceph/ would no longer point anywhere. heatclient makes
// them absolute file:// URLs; here they become relative to the entry's folder instead (POSIX
// separators), so that a bundle holds no path of the build machine and the merged environment reads
// as if it were a file beside the entry.
import { dirname, isAbsolute, relative, resolve, sep } from 'node:path'
import { isMapping, setOwn } from '../../values.ts'
import type { Mapping } from './python.ts'
import { RESOURCE_REGISTRY } from './sections.ts'

/** Keys whose values heatclient leaves alone (`ignore_if`): not template paths. */
const NOT_PATHS: readonly string[] = ['base_url', 'hooks', 'restricted_actions']

/** A URL with a scheme (`http://…`, `file:///…`): urljoin keeps it as it is. */
const URL_SCHEME = /^[a-z][a-z0-9+.-]*:/i

/** Where the paths of a registry (or of one of its `resources`) are relative to. */
type Base = { dir: string } | { url: string }

/** `base_url`, when a registry sets one, in place of the file's folder. */
function baseOf(section: Mapping, outer: Base, fileDir: string): Base {
  const baseUrl = section.base_url
  if (typeof baseUrl !== 'string') return outer
  return URL_SCHEME.test(baseUrl) ? { url: baseUrl } : { dir: resolve(fileDir, baseUrl) }
}

/** One registry value as heatclient resolves it, expressed relative to `entryDir`. */
function resolveValue(value: string, base: Base, entryDir: string): string {
  if (URL_SCHEME.test(value)) return value
  if ('url' in base) return new URL(value, base.url.endsWith('/') ? base.url : `${base.url}/`).href
  if (isAbsolute(value)) return value
  const path = relative(entryDir, resolve(base.dir, value))
  return sep === '/' ? path : path.split(sep).join('/')
}

/**
 * Resolves the paths of one mapping level of a registry in place (heatclient's get_file_contents),
 * once: a level YAML aliases twice is one object (heatclient's absolute URLs resolve to themselves).
 */
function resolveLevel(section: Mapping, base: Base, entryDir: string, done: Set<Mapping>): void {
  if (done.has(section)) return
  done.add(section)
  for (const [key, value] of Object.entries(section)) {
    // Mappings (`resources:`), built-in types (`OS::Heat::None`) and other values are not paths.
    if (NOT_PATHS.includes(key) || typeof value !== 'string' || value.includes('::')) continue
    setOwn(section, key, resolveValue(value, base, entryDir))
  }
}

/**
 * Resolves the template paths of `env`'s `resource_registry` (a copy the caller owns), read from
 * `file`, as heatclient does: top-level values and those of each `resources:` entry, against the
 * file's folder or the `base_url` in force; the result is relative to `entryDir`.
 */
export function resolveRegistryPaths(env: Mapping, file: string, entryDir: string): void {
  const registry = env[RESOURCE_REGISTRY]
  if (!isMapping(registry)) return
  const fileDir = dirname(file)
  const base = baseOf(registry, { dir: fileDir }, fileDir)
  const done = new Set<Mapping>()
  resolveLevel(registry, base, entryDir, done)
  const resources = registry.resources
  if (!isMapping(resources)) return
  for (const entry of Object.values(resources)) {
    if (isMapping(entry)) resolveLevel(entry, baseOf(entry, base, fileDir), entryDir, done)
  }
}
