// Which module ids the plugin handles: `include` and `exclude`, matched with the import query ignored,
// and a Datum store's node (`Datum.yml?node=…`) whatever `include` says.
import { isAbsolute } from 'node:path'
import picomatch from 'picomatch'
import type { FilterPattern } from 'unplugin'
import { makeIdFiltersToMatchWithQuery } from 'unplugin/utils/filter'
import type { EntryId } from './entry-id.ts'
import type { ResolvedPluginOptions } from './options.ts'

type Patterns = string | RegExp | (string | RegExp)[]

/** A Datum store's definition file, by name (`Datum.yml`). */
const STORE_DEFINITION = /(?:^|[\\/])datum\.ya?ml$/i

/** The `load` hook's id filter, as unplugin (and a bundler's native filter) takes it. */
export interface IdFilter {
  include: Patterns
  exclude: Patterns
}

const toArray = <T>(value: T | readonly T[]): T[] => (Array.isArray(value) ? [...value] : [value as T])

/**
 * A Datum store's node (`source/Datum.yml?node=AllNodes/Dev/DSCFile01`): the query says what it is,
 * so the plugin takes it whatever `include` says (`exclude` still applies).
 */
export const STORE_NODE_IMPORT = /^(?:[^?#]*[\\/])?datum\.ya?ml\?(?:[^#]*&)?node=/i

export function createIdFilter(options: ResolvedPluginOptions): IdFilter {
  return {
    include: [...toArray(makeIdFiltersToMatchWithQuery(options.include as Patterns)), STORE_NODE_IMPORT],
    exclude: makeIdFiltersToMatchWithQuery(options.exclude as Patterns),
  }
}

/**
 * Whether an id the `load` filter let through is one of our entries, judged by its file alone: the
 * filter matches ids with their query, so `/.env?lookup=x.merged.yaml` or
 * `/.env?node=/Datum.yml?node=x` would pass it. The file must match `include` (and not `exclude`),
 * or be a Datum store's `Datum.yml` imported for a node.
 */
export function createEntryMatcher(options: ResolvedPluginOptions): (entry: EntryId) => boolean {
  const include = toArray(options.include as Patterns).map(patternTest)
  const exclude = toArray(options.exclude as Patterns).map(patternTest)
  return ({ file, query }) => {
    const path = file.replaceAll('\\', '/')
    if (exclude.some((test) => test(path))) return false
    return include.some((test) => test(path)) || (query.node !== undefined && STORE_DEFINITION.test(path))
  }
}

/** A path matcher of patterns as `include` takes them (globs relative to `process.cwd()`, regular expressions). */
export function createPathMatcher(patterns: FilterPattern): (file: string) => boolean {
  const tests = toArray((patterns ?? []) as Patterns).map(patternTest)
  return (file) => {
    const path = file.replaceAll('\\', '/')
    return tests.some((test) => test(path))
  }
}

const GLOB_CHARS = /[\\^$*+?.()|[\]{}]/g

/** One `include`/`exclude` pattern as unplugin evaluates it (globs relative to `process.cwd()`), on a path. */
function patternTest(pattern: string | RegExp): (path: string) => boolean {
  if (pattern instanceof RegExp)
    return (path) => {
      pattern.lastIndex = 0
      return pattern.test(path)
    }
  const written = pattern.replaceAll('\\', '/')
  const cwd = process.cwd().replaceAll('\\', '/').replace(GLOB_CHARS, '\\$&')
  const glob = pattern.startsWith('**') || isAbsolute(pattern) ? written : `${cwd}/${written.replace(/^\.\//, '')}`
  return picomatch(glob, { dot: true })
}

/**
 * `include`/`exclude` as a predicate when they are regular expressions; `undefined` for globs, which
 * only unplugin's own filter evaluates.
 */
export function createRegExpFilter(filter: {
  include: FilterPattern
  exclude: FilterPattern
}): ((id: string) => boolean) | undefined {
  const include = toArray(filter.include)
  const exclude = toArray(filter.exclude)
  if (![...include, ...exclude].every((pattern) => pattern instanceof RegExp)) return undefined
  const test = (pattern: string | RegExp, id: string) => {
    const regexp = pattern as RegExp
    regexp.lastIndex = 0
    return regexp.test(id.replaceAll('\\', '/'))
  }
  return (id) => include.some((pattern) => test(pattern, id)) && !exclude.some((pattern) => test(pattern, id))
}
