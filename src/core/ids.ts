// Module ids of entries: the file, and the import query the plugin understands.

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
