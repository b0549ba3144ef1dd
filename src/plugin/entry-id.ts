// Module ids of entries: the file, the import query the plugin understands, and which ids it handles.
import { dirname, isAbsolute, resolve } from 'node:path'
import type { FilterPattern, UnpluginBuildContext, UnpluginContext } from 'unplugin'

/** The import query parameters the plugin understands. */
export interface EntryQuery {
  /** `?lookup=a/b` — Datum: the value of one sub-path instead of every top-level key. */
  lookup?: string
  /** `?document=name` — Deckhand: one rendered document instead of all. */
  document?: string
}

export interface EntryId {
  /** The entry's path, without the query. */
  file: string
  query: EntryQuery
}

const KNOWN = new Set<string>(['lookup', 'document'])

/**
 * Splits an id into file and query. Returns `undefined` for a query the plugin does not own
 * (`?raw`, `?url`, `?inline`, …), so other plugins and the bundler handle those imports.
 */
export function parseEntryId(id: string): EntryId | undefined {
  const at = id.indexOf('?')
  if (at === -1) return { file: id, query: {} }
  const query: EntryQuery = {}
  for (const [name, value] of new URLSearchParams(id.slice(at + 1))) {
    if (!KNOWN.has(name)) return undefined
    query[name as keyof EntryQuery] = value
  }
  return { file: id.slice(0, at), query }
}

/** The query as it appears in an import specifier (`?lookup=a/b`), or `''`. */
export function formatQuery(query: EntryQuery): string {
  const params = Object.entries(query).filter(([, value]) => value !== undefined)
  return params.length === 0 ? '' : `?${params.map(([name, value]) => `${name}=${value}`).join('&')}`
}

const toArray = <T>(value: T | readonly T[]): T[] => (Array.isArray(value) ? [...value] : [value as T])

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

/** An import with a query the plugin owns. */
export const QUERY_IMPORT = /\?(?:[^#]*&)?(?:lookup|document)=/

/** Rollup's `this.resolve`, which unplugin's context type does not show. */
type WithResolve = {
  resolve?: (id: string, importer?: string, options?: { skipSelf?: boolean }) => Promise<{ id: string } | null>
}

/** Resolves `./x.merged.yaml?lookup=…` to the file's absolute path, query kept (Rollup's `resolveId`). */
export async function resolveQueryImport(
  this: UnpluginBuildContext & UnpluginContext,
  id: string,
  importer: string | undefined,
): Promise<string | undefined> {
  const at = id.indexOf('?')
  const path = id.slice(0, at)
  if (isAbsolute(path)) return id
  if (/^\.\.?[\\/]/.test(path)) return importer ? resolve(dirname(importer), path) + id.slice(at) : undefined
  // A bare or aliased specifier: Rollup's other resolvers find the file.
  const resolved = await (this as WithResolve).resolve?.(path, importer, { skipSelf: true })
  return resolved ? resolved.id + id.slice(at) : undefined
}
