// Turbopack runs no bundler plugin, only webpack-style loaders (`turbopack.rules`): the loader context
// gives the root (`rootContext`, the project) and mode on every call, and takes the dependencies.
// Files and missing files it watches alike; a folder (`addContextDependency`) as a `**` glob under it.
// Reporting is the default: turbopack-loader.ts turns `error` into the loader's failure and `warn`
// into `emitWarning`, which Next.js prints for files outside node_modules.
import { createDefaultHost } from './default.ts'
import type { Host, HostParts } from './host.ts'

export function createTurbopackHost({ info, exists }: HostParts): Host {
  return {
    ...createDefaultHost(),
    cachesAcrossBuilds: true,
    prepare({ loader }) {
      if (!loader) return
      info.root = loader.rootContext
      info.mode = loader.mode
    },
    watch({ loader }, deps) {
      if (!loader) return
      for (const file of deps.files) {
        if (exists(file)) loader.addDependency(file)
        else loader.addMissingDependency(file)
      }
      for (const dir of deps.dirs) loader.addContextDependency(dir)
    },
  }
}
