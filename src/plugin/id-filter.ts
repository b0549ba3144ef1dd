// Which module ids the plugin handles: `include` and `exclude`, matched with the import query ignored,
// and a Datum store's node (`Datum.yml?node=…`) whatever `include` says.
import type { FilterPattern } from 'unplugin'
import { makeIdFiltersToMatchWithQuery } from 'unplugin/utils/filter'
import type { ResolvedPluginOptions } from './options.ts'

type Patterns = string | RegExp | (string | RegExp)[]

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
export const STORE_NODE_IMPORT = /(?:^|[\\/])datum\.ya?ml\?(?:[^#]*&)?node=/i

export function createIdFilter(options: ResolvedPluginOptions): IdFilter {
  return {
    include: [...toArray(makeIdFiltersToMatchWithQuery(options.include as Patterns)), STORE_NODE_IMPORT],
    exclude: makeIdFiltersToMatchWithQuery(options.exclude as Patterns),
  }
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
