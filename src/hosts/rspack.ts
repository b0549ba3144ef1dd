// Rspack (and Rsbuild, which runs the plugin through Rspack): webpack's API, so webpack's watching
// (see webpack.ts); the compiler gives the root (`context`) and mode.
import { createDefaultHost } from './default.ts'
import type { Host, HostParts } from './host.ts'
import { watchWithLoaderContext } from './webpack.ts'

export function createRspackHost({ info }: HostParts): Host {
  return {
    ...createDefaultHost({
      rspack(compiler) {
        info.root = compiler.options.context
        info.mode = compiler.options.mode
      },
    }),
    watch: watchWithLoaderContext,
  }
}
