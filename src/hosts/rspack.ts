// Rspack (and Rsbuild, which runs the plugin through Rspack): webpack's API, so webpack's hooks and
// watching (see webpack.ts).
import { createDefaultHost } from './default.ts'
import type { Host, HostParts } from './host.ts'
import { isCompilerWatching, readCompilerOptions, watchWithLoaderContext } from './webpack.ts'

export function createRspackHost({ info }: HostParts): Host {
  return {
    ...createDefaultHost({ rspack: readCompilerOptions(info) }),
    watch: watchWithLoaderContext,
    watching: isCompilerWatching,
  }
}
