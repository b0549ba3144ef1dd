// Rolldown: its input options give the root (`cwd`); its watcher cannot watch a file that does not
// exist yet (an optional include), so that file's folder is watched too.
import { dirname } from 'node:path'
import type { Dependencies } from '../plugin/dependencies.ts'
import { createDefaultHost, isOneOffBuild } from './default.ts'
import type { Host, HostParts, LoadContext } from './host.ts'

/** Watches an entry's dependencies in a Rolldown build (Vite 8 builds run on Rolldown too). */
export function watchOnRolldown(context: LoadContext, deps: Dependencies, exists: (path: string) => boolean): void {
  for (const file of deps.files) {
    context.addWatchFile(file)
    if (!exists(file)) context.addWatchFile(dirname(file))
  }
  for (const dir of deps.dirs) context.addWatchFile(dir)
}

export function createRolldownHost({ info, exists }: HostParts): Host {
  return {
    ...createDefaultHost(
      {
        rolldown: {
          options(input) {
            info.root = input.cwd
          },
        },
        // Rolldown prints `loc` as it prints its own errors' positions: 1-based columns.
      },
      1,
    ),
    watch(context, deps) {
      if (!isOneOffBuild(context)) watchOnRolldown(context, deps, exists)
    },
  }
}
