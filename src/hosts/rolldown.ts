// Rolldown: its input options give the root (`cwd`); its watcher cannot watch a file that does not
// exist yet (an optional include), so that file's folder is watched too. The output is generated
// after `buildEnd`, in native threads: the plugin's writes go on meanwhile, finished in `closeBundle`.
import { dirname } from 'node:path'
import type { Dependencies } from '../plugin/dependencies.ts'
import { PLUGIN_NAME } from '../plugin/options.ts'
import { createDefaultHost, isOneOffBuild } from './default.ts'
import { chainFromResolvedImports } from './client-build.ts'
import type { Host, HostParts, LoadContext } from './host.ts'

/** Watches an entry's dependencies in a Rolldown build (Vite 8 builds run on Rolldown too). */
export function watchOnRolldown(context: LoadContext, deps: Dependencies, exists: (path: string) => boolean): void {
  for (const file of deps.files) {
    context.addWatchFile(file)
    if (!exists(file)) context.addWatchFile(dirname(file))
  }
  for (const dir of deps.dirs) context.addWatchFile(dir)
}

/** The first word of each listed row of a PLUGIN_TIMINGS warning: the plugin (or option) it names. */
const TIMING_ROW = /^\s+- (?:plugin )?(\S+)/gm

/**
 * Rolldown's PLUGIN_TIMINGS warning (thresholds: rolldown/rolldown#7559) counts the time `load`
 * spends reading, parsing and merging layers — the work a JSON import does inside the bundler — as a
 * plugin slowing the build down, on every large build. Dropped when every callback it names is this
 * plugin's; a warning that names any other plugin stays. Rolldown's (and Vite 8's) `onLog` hook.
 */
export function dropOwnTimings(_level: string, log: { code?: string; message: string }): false | undefined {
  if (log.code !== 'PLUGIN_TIMINGS') return undefined
  const named = [...log.message.matchAll(TIMING_ROW)].map((row) => row[1])
  return named.length > 0 && named.every((name) => name === PLUGIN_NAME) ? false : undefined
}

export function createRolldownHost({ info, exists, finish }: HostParts): Host {
  return {
    ...createDefaultHost(
      {
        rolldown: {
          options(input) {
            info.root = input.cwd
          },
          onLog: dropOwnTimings,
          closeBundle: finish,
        },
        // Rolldown prints `loc` as it prints its own errors' positions: 1-based columns.
      },
      1,
    ),
    finishesAtClose: true,
    // Rolldown has no notion of a server build: the serverBuild option says (server-only.ts).
    importChain: chainFromResolvedImports,
    watch(context, deps) {
      if (!isOneOffBuild(context)) watchOnRolldown(context, deps, exists)
    },
  }
}
