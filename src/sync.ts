// `unplugin-merged-yaml/sync`: the declarations of a project's entries written without a bundler, for
// `merged-yaml sync` (run from `prepare`, before `tsc`). Not a copy of the plugin: the plugin itself,
// run as the loader Turbopack runs (hosts/turbopack.ts), one load per entry and a build's end, so
// that the text written is the plugin's byte for byte (a one-off build's: no provenance unless
// `dts.provenance` is true).
import { isAbsolute, join } from 'node:path'
import type { Diagnostic } from '@merged-yaml/core'
import type { LoadContext } from './hosts/host.ts'
import { createMergedYaml } from './plugin/factory.ts'
import type { Options } from './plugin/options.ts'

export interface SyncedEntry {
  /** The entry's absolute path. */
  file: string
  /** The entry rendered in the build's mode and its declaration was written (or was current). */
  ok: boolean
  /** What the plugin reported for it: its error, or its warnings. */
  diagnostics: Diagnostic[]
}

function notAnEntry(file: string): Diagnostic {
  const message = "not an entry of the plugin's: its include and exclude options do not take it"
  return { code: 'MY_INVALID_OPTION', severity: 'error', message, file, line: 1, column: 1, chain: [] }
}

/** The diagnostic a host message carries (default.ts's `toMessage`), else one made of its text. */
function diagnosticOf(message: unknown, file: string, severity: Diagnostic['severity']): Diagnostic {
  const carried = (message as { meta?: { diagnostic?: Diagnostic } }).meta?.diagnostic
  if (carried) return carried
  const text = typeof message === 'string' ? message : String((message as { message?: unknown }).message)
  return { code: 'MY_INTERNAL', severity, message: text, file, line: 1, column: 1, chain: [] }
}

/**
 * `include`/`exclude` globs, which the plugin takes relative to the working directory (the bundler's
 * run from the project), made absolute under `root`: sync may run from anywhere inside it.
 */
function anchorGlobs(options: Options, root: string): Options {
  const anchor = (patterns: Options['include']): Options['include'] => {
    if (patterns === undefined || patterns === null) return patterns
    const list = Array.isArray(patterns) ? patterns : [patterns]
    return list.map((pattern) =>
      typeof pattern === 'string' && !pattern.startsWith('**') && !isAbsolute(pattern)
        ? join(root, pattern).replaceAll('\\', '/')
        : pattern,
    )
  }
  return { ...options, include: anchor(options.include), exclude: anchor(options.exclude) }
}

/**
 * Writes the declaration of each entry in `files` as the plugin with `options` does (options already
 * merged with the config file's: none is searched for here), in a build rooted at `root` in `mode`.
 */
export async function writeDeclarations(
  files: readonly string[],
  options: Options,
  root: string,
  /** The mode the build runs in (the first declared: what is written never depends on it). */
  mode: string,
): Promise<SyncedEntry[]> {
  const plugin = createMergedYaml(anchorGlobs(options, root), 'turbopack', {}, 'none')
  const loader = {
    rootContext: root,
    mode,
    // A declaration serves every build that may import the entry, the server's too: a server-only entry
    // is declared (its types, never its values), not refused as a browser load would be.
    target: 'node',
    addDependency() {},
    addMissingDependency() {},
    addContextDependency() {},
  }
  const synced: SyncedEntry[] = []
  for (const file of files) {
    const entry: SyncedEntry = { file, ok: true, diagnostics: [] }
    const context: LoadContext = {
      loader,
      // A one-off build: nothing is watched, and declarations are what any one-off build writes.
      meta: { watchMode: false },
      addWatchFile() {},
      error(message) {
        entry.ok = false
        entry.diagnostics.push(diagnosticOf(message, file, 'error'))
      },
      warn(message) {
        entry.diagnostics.push(diagnosticOf(message, file, 'warning'))
      },
    }
    // Not an entry of the plugin's (include, exclude): named, so that sync never claims it wrote it.
    if ((await plugin.load(context, file)) === undefined && entry.ok) {
      entry.ok = false
      entry.diagnostics.push(notAnEntry(file))
    }
    synced.push(entry)
  }
  await plugin.buildEnd()
  return synced
}
