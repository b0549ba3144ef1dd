// Module ids of entries: the file, and the import query the plugin understands — `?dialect=`, and the
// selectors the dialect registry declares (`?lookup=` for Datum, `?document=` and `?schema=` for Deckhand).
import { DIALECT_SURFACES, withDialectOption } from '@merged-yaml/core/internal'
import type { DialectName, RenderOptions } from '@merged-yaml/core'

/** Each import query parameter the plugin owns, and the dialect whose option of that name it sets. */
const QUERY_SELECTORS: ReadonlyMap<string, DialectName> = new Map(
  DIALECT_SURFACES.flatMap(({ name, query }) => query.map((parameter) => [parameter, name] as const)),
)

/** The query parameter that chooses the entry's dialect (the `dialect` option). */
const DIALECT_QUERY = 'dialect'

/** The import query parameters of an entry id, by name. */
export type EntryQuery = Readonly<Record<string, string>>

export interface EntryId {
  /** The entry's path, without the query. */
  file: string
  query: EntryQuery
}

/** An import with a query the plugin owns. */
export const QUERY_IMPORT = new RegExp(`\\?(?:[^#]*&)?(?:${[DIALECT_QUERY, ...QUERY_SELECTORS.keys()].join('|')})=`)

/**
 * Splits an id into file and query. Returns `undefined` for a query the plugin does not own
 * (`?raw`, `?url`, `?inline`, …), so other plugins and the bundler handle those imports.
 */
export function parseEntryId(id: string): EntryId | undefined {
  // A NUL byte (a virtual module, or `__x00__` in a dev server's URL) or a `#` (where Vite's
  // `cleanUrl` would cut the path) names no file of ours.
  if (id.includes('\0')) return undefined
  const at = id.indexOf('?')
  if (id.slice(0, at === -1 ? undefined : at).includes('#')) return undefined
  if (at === -1) return { file: id, query: {} }
  const query: Record<string, string> = {}
  for (const [name, value] of new URLSearchParams(id.slice(at + 1))) {
    if (name !== DIALECT_QUERY && !QUERY_SELECTORS.has(name)) return undefined
    query[name] = value
  }
  return { file: id.slice(0, at), query }
}

/** The query as it appears in an import specifier (`?lookup=a/b`), or `''`. */
export function formatQuery(query: EntryQuery): string {
  const params = Object.entries(query).filter(([, value]) => value !== undefined)
  return params.length === 0 ? '' : `?${params.map(([name, value]) => `${name}=${value}`).join('&')}`
}

/** The engine options with those an entry's import query selects (in registry order, whatever the query's). */
export function applyEntryQuery(engine: RenderOptions, query: EntryQuery): RenderOptions {
  // render() checks the name (an unknown one is a located MY_INVALID_OPTION).
  let options =
    query[DIALECT_QUERY] === undefined ? engine : { ...engine, dialect: query[DIALECT_QUERY] as DialectName }
  for (const [parameter, dialect] of QUERY_SELECTORS) {
    const value = query[parameter]
    if (value !== undefined) options = withDialectOption(options, dialect, parameter, value)
  }
  return options
}
