// Rspack (and Rsbuild, which runs the plugin through Rspack): webpack's API, so webpack's hooks and
// watching (see webpack.ts). Its module graph cannot be read while modules build, so the importer of
// each entry is recorded as its request is resolved.
import { PLUGIN_NAME } from '../plugin/options.ts'
import { createImporterRecord, webpackClientBuild } from './client-build.ts'
import { createDefaultHost } from './default.ts'
import type { Host, HostParts } from './host.ts'
import { isCompilerOneOff, isCompilerWatching, readCompilerOptions } from './webpack.ts'
import { reportOncePerCompilation, showSummaryInCompilation, watchWithLoaderContext } from './webpack.ts'

/** The part of Rspack's compiler the importer record taps. */
interface ResolveHooks {
  hooks: {
    normalModuleFactory: {
      tap(
        name: string,
        hook: (factory: {
          hooks: {
            beforeResolve: {
              tap(
                name: string,
                hook: (data: { request: string; context: string; contextInfo: { issuer: string } }) => void,
              ): void
            }
          }
        }) => void,
      ): void
    }
  }
}

/** Requests of entries (a query allowed), the ones whose importer is recorded. */
const ENTRY_REQUEST = /\.ya?ml(?:\?.*)?$/i

export function createRspackHost({ info }: HostParts): Host {
  const importers = createImporterRecord()
  const readOptions = readCompilerOptions(info)
  const base = createDefaultHost({
    rspack(compiler) {
      readOptions(compiler)
      ;(compiler as unknown as ResolveHooks).hooks.normalModuleFactory.tap(PLUGIN_NAME, (factory) =>
        factory.hooks.beforeResolve.tap(PLUGIN_NAME, (data) => {
          if (ENTRY_REQUEST.test(data.request)) importers.record(data.request, data.context, data.contextInfo.issuer)
        }),
      )
    },
  })
  return {
    ...base,
    error: reportOncePerCompilation(base.error),
    watch: watchWithLoaderContext,
    watching: isCompilerWatching,
    oneOffBuild: isCompilerOneOff,
    showSummary: showSummaryInCompilation,
    cachesAcrossBuilds: true,
    clientBuild: webpackClientBuild,
    importChain: (_context, id) => importers.chain(id),
  }
}
