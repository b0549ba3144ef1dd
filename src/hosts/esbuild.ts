// esbuild: its config gives the root (`absWorkingDir`). It calls back into JavaScript for every file
// its filter matches, so the filter is narrow when `include` is the default. Entries load through an
// onLoad callback of the plugin's own (esbuild-load.ts), which hands esbuild the glob folders to watch.
import type { ResolvedPluginOptions } from '../plugin/options.ts'
import { DEFAULT_INCLUDE } from '../plugin/options.ts'
import { createRegExpFilter } from '../plugin/id-filter.ts'
import { createDefaultHost, isOneOffBuild } from './default.ts'
import { registerEsbuildLoad, specifierFilter } from './esbuild-load.ts'
import { createImporterRecord } from './client-build.ts'
import type { Host, HostParts } from './host.ts'

// Entries, and Datum.yml for a store's node (`?node=` is in the suffix esbuild keeps apart). Go's
// regular expressions: no flags, so Datum's case is spelt out.
const esbuildFilter = (options: ResolvedPluginOptions): RegExp =>
  options.include === DEFAULT_INCLUDE ? /(?:\.merged\.ya?ml|(?:^|[\\/])[Dd][Aa][Tt][Uu][Mm]\.[Yy][Aa]?[Mm][Ll])$/ : /.*/

export function createEsbuildHost({ info, options, idFilter, graph, load }: HostParts): Host {
  const filter = esbuildFilter(options)
  const isIncluded = createRegExpFilter(idFilter)
  const importers = createImporterRecord()
  /** esbuild's `platform`: only `node` builds run on a server (`browser` is the default, `neutral` unknown). */
  let platform: string | undefined
  return {
    ...createDefaultHost({
      esbuild: {
        onLoadFilter: filter,
        loader: 'js',
        config(initial) {
          info.root = initial.absWorkingDir
        },
        setup(build) {
          platform = build.initialOptions.platform ?? 'browser'
          // esbuild tells an import's importer only while resolving it: recorded for MY_SERVER_ONLY's message.
          build.onResolve({ filter: specifierFilter(filter) }, (args) => {
            importers.record(args.path, args.resolveDir, args.importer)
            return undefined
          })
          // Not for glob `include`s, which only unplugin's filter evaluates: those entries load through
          // unplugin's callback, without folder watching.
          if (!isIncluded) return
          registerEsbuildLoad(build, { filter, includes: isIncluded, load, dependencies: (id) => graph.get(id) })
        },
      },
    }),
    clientBuild: () => (platform === undefined ? undefined : platform !== 'node'),
    // esbuild does not tell a plugin whether `build()` or `context()` made it, and a context loads every
    // entry again on each of its builds (`rebuild()`, `watch()`): each build is summarised as a one-off one.
    oneOffBuild: () => true,
    importChain: (_context, id) => importers.chain(id),
    watch(context, deps) {
      if (isOneOffBuild(context)) return
      // Folders go back as `watchDirs` from esbuild-load.ts: unplugin's esbuild context takes files only.
      for (const file of deps.files) context.addWatchFile(file)
    },
  }
}
