// What the CLI and the plugin derive from the dialect registry: the flags and import-query
// selectors that set a dialect's options, the queries that name a file of its own, and how finely it
// records provenance, without the dialects' code.
import { DIALECTS } from './registry.ts'
import type { DialectName } from './registry.ts'
import type { Dialect, DialectFlag, FileQuery } from './types.ts'

export interface DialectSurface {
  name: DialectName
  /** `merged-yaml` flags, each setting `options[name][flag.option]`. */
  flags: readonly DialectFlag[]
  /** Import-query parameters, each setting the option of the same name. */
  query: readonly string[]
  /** Import queries that name a file of the dialect's own (`Datum.yml?node=`), not an entry. */
  fileQueries: readonly FileQuery[]
  /** Every value recorded (`true`), top-level keys (`false`), or every value with this option given. */
  recordsPerValue: Dialect['recordsPerValue']
}

export const DIALECT_SURFACES: readonly DialectSurface[] = DIALECTS.map(
  ({ name, flags, query, fileQueries = [], recordsPerValue }) => ({ name, flags, query, fileQueries, recordsPerValue }),
)

/** Whether `path`'s base name (either slash) is one of the files `fileQuery` names, ignoring case. */
export function isQueriedFile(path: string, fileQuery: FileQuery): boolean {
  const base = path.slice(Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\')) + 1).toLowerCase()
  return fileQuery.files.some((file) => file.toLowerCase() === base)
}

/** `options` with `options[dialect][option]` set to `value` (the other options of the dialect kept). */
export function withDialectOption<Options extends object>(
  options: Options,
  dialect: DialectName,
  option: string,
  value: unknown,
): Options {
  const own = (options as Record<string, unknown>)[dialect]
  return { ...options, [dialect]: { ...(typeof own === 'object' && own !== null ? own : {}), [option]: value } }
}
