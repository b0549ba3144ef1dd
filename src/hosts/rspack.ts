// Rspack (and Rsbuild, which runs the plugin through Rspack): webpack's API, so webpack's hooks and
// watching (see webpack.ts).
import { createDefaultHost } from './default.ts'
import type { Host, HostParts } from './host.ts'
import { readCompilerOptions, watchWithLoaderContext } from './webpack.ts'

export function createRspackHost({ info }: HostParts): Host {
  const host = createDefaultHost({ rspack: readCompilerOptions(info) })
  return { ...host, watch: watchWithLoaderContext, cachesAcrossBuilds: true }
}
