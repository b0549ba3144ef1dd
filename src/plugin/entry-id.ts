// Module ids of entries: the file, and the import query the plugin understands. The query's
// selectors are one table, which a dialect registry in the engine can later supply.
import type { RenderOptions } from '@merged-yaml/core'

/** Each import query parameter the plugin owns, and the engine option its value sets. */
const QUERY_SELECTORS = {
  /** `?lookup=a/b` — Datum: the value of one sub-path instead of every top-level key. */
  lookup(engine: RenderOptions, value: string): void {
    engine.datum = { ...engine.datum, lookup: value }
  },
  /** `?document=name` — Deckhand: one rendered document instead of all. */
  document(engine: RenderOptions, value: string): void {
    engine.deckhand = { ...engine.deckhand, document: value }
  },
}

type QueryParameter = keyof typeof QUERY_SELECTORS

/** The import query parameters the plugin understands. */
export type EntryQuery = { [name in QueryParameter]?: string }

export interface EntryId {
  /** The entry's path, without the query. */
  file: string
  query: EntryQuery
}

const QUERY_PARAMETERS = Object.keys(QUERY_SELECTORS) as QueryParameter[]
const KNOWN = new Set<string>(QUERY_PARAMETERS)

/** An import with a query the plugin owns. */
export const QUERY_IMPORT = new RegExp(`\\?(?:[^#]*&)?(?:${QUERY_PARAMETERS.join('|')})=`)

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
    query[name as QueryParameter] = value
  }
  return { file: id.slice(0, at), query }
}

/** The query as it appears in an import specifier (`?lookup=a/b`), or `''`. */
export function formatQuery(query: EntryQuery): string {
  const params = Object.entries(query).filter(([, value]) => value !== undefined)
  return params.length === 0 ? '' : `?${params.map(([name, value]) => `${name}=${value}`).join('&')}`
}

/** Sets the engine options an entry's import query selects (in table order, whatever the query's). */
export function applyEntryQuery(engine: RenderOptions, query: EntryQuery): void {
  for (const name of QUERY_PARAMETERS) {
    const value = query[name]
    if (value !== undefined) QUERY_SELECTORS[name](engine, value)
  }
}
