// The dialects' `gather` hooks (Dialect.gather): what else an entry's value depends on (a Datum
// store's files), read while gathering through a DialectGatherAccess built on the gatherer's own
// reading — confined, size-limited, and recorded in the entry's inputs, so that the fingerprint
// covers it and a render never reads a file.
import { readdirSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import type { DialectGatherAccess, FolderEntry, GatherEntry, GatherSite } from '../../dialects/types.ts'
import { decodeUtf8 } from '../../file-system.ts'
import type { FileSystem } from '../../file-system.ts'
import type { Reporter } from '../../reporter.ts'
import { problemAt, siteAt } from './context.ts'
import type { Gathering } from './types.ts'

/** A dialect's gather hook with its options bound (render() builds these from the registry). */
export interface DialectGatherHook {
  dialect: string
  gather(entry: GatherEntry, access: DialectGatherAccess, report: Reporter): unknown
}

/** What the dialects ask of gathering besides the entry's parts (render() derives it from the registry). */
export interface DialectRequests {
  /** The files their options name (Dialect.dependencies), relative to the entry or absolute. */
  dependencies: readonly string[]
  /** Their gather hooks (Dialect.gather), options bound. */
  hooks: readonly DialectGatherHook[]
}

/** What the dialects' hooks gathered, by dialect, and the folders they listed (for the fingerprint). */
export interface DialectGathered {
  results: ReadonlyMap<string, unknown>
  /** Each folder listed, with its entries (`name`, or `name/` for a folder), sorted. */
  listings: ReadonlyMap<string, readonly string[]>
}

function createAccess(
  gathering: Gathering,
  fs: FileSystem,
  entry: string,
  listings: Map<string, readonly string[]>,
): DialectGatherAccess {
  const { inputs, confinement } = gathering
  const entryAt: GatherSite = { file: entry, position: { line: 1, column: 1 }, chain: [] }
  const missing = (path: string): undefined => {
    if (!inputs.missing.includes(path)) inputs.missing.push(path)
    return undefined
  }
  return {
    limits: gathering.options.limits,
    readText(path, at = entryAt) {
      const file = resolve(dirname(entry), path)
      const site = siteAt(at)
      const { real, exists } = confinement.check(file, site, path)
      if (real !== file && !inputs.links.includes(file)) inputs.links.push(file)
      if (!exists) return missing(file)
      return decodeUtf8(gathering.read(real, site))
    },
    list(path, at = entryAt) {
      const folder = resolve(dirname(entry), path)
      const site = siteAt(at)
      const real = confinement.confine(folder, site, path, false)
      const pattern = join(folder, '*')
      if (!inputs.globs.includes(pattern)) inputs.globs.push(pattern)
      let names: string[]
      try {
        names = readdirSync(real)
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code
        if (code === 'ENOENT' || code === 'ENOTDIR') return missing(folder)
        return gathering.report.fail(
          problemAt(site.ctx, 'MY_FILE_UNREADABLE', `cannot list '${folder}': ${code ?? (error as Error).message}`),
        )
      }
      const entries: FolderEntry[] = []
      for (const name of names) {
        try {
          entries.push({ name, folder: fs.stat(join(real, name)).isDirectory() })
        } catch {
          // A broken link names nothing.
        }
      }
      listings.set(folder, entries.map((e) => (e.folder ? `${e.name}/` : e.name)).sort())
      return entries
    },
    allowEntryFolder() {
      confinement.allowFolder(dirname(entry))
    },
  }
}

/** Runs each dialect's gather hook on the entry (its file and text), after its own parts are gathered. */
export function gatherDialects(
  hooks: readonly DialectGatherHook[],
  entry: GatherEntry,
  gathering: Gathering,
  fs: FileSystem,
): DialectGathered {
  const results = new Map<string, unknown>()
  const listings = new Map<string, readonly string[]>()
  if (hooks.length === 0) return { results, listings }
  const access = createAccess(gathering, fs, entry.file, listings)
  for (const hook of hooks) {
    const result = hook.gather(entry, access, gathering.report)
    if (result !== undefined) results.set(hook.dialect, result)
  }
  return { results, listings }
}
