// The host of each bundler unplugin can run the plugin in.
import type { UnpluginContextMeta } from 'unplugin'
import { createBunHost } from './bun.ts'
import { createDefaultHost } from './default.ts'
import { createEsbuildHost } from './esbuild.ts'
import { createFarmHost } from './farm.ts'
import type { Host, HostParts } from './host.ts'
import { createRolldownHost } from './rolldown.ts'
import { createRollupHost } from './rollup.ts'
import { createRspackHost } from './rspack.ts'
import { createTurbopackHost } from './turbopack.ts'
import { createViteHost } from './vite.ts'
import { createWebpackHost } from './webpack.ts'

export type { BuildEndContext, Host, HostHooks, HostParts, LoadContext, LoadResult } from './host.ts'
export { isOneOffBuild, MESSAGE_PREFIX } from './default.ts'

/** unplugin's bundlers, and Turbopack, which runs no plugin but a loader. */
export type HostName = UnpluginContextMeta['framework'] | 'turbopack'

/**
 * The host of `framework`. Exhaustive: a framework unplugin adds fails to compile here until it has a
 * case (its own host, or the shared one when it has no quirks), so no bundler runs on a guessed host.
 */
export function createHost(framework: HostName, parts: HostParts): Host {
  switch (framework) {
    case 'vite':
      return createViteHost(parts)
    case 'rollup':
      return createRollupHost(parts)
    case 'rolldown':
      return createRolldownHost(parts)
    case 'webpack':
      return createWebpackHost(parts)
    case 'rspack':
    case 'rsbuild':
      return createRspackHost(parts)
    case 'esbuild':
      return createEsbuildHost(parts)
    case 'farm':
      return createFarmHost(parts)
    case 'bun':
      return createBunHost(parts)
    case 'turbopack':
      return createTurbopackHost(parts)
    case 'unloader':
      // unplugin's loader runtime, which we ship no entry for: nothing of its own to adapt.
      return createDefaultHost()
    default: {
      const unhandled: never = framework
      throw new Error(`unplugin-merged-yaml has no host for the bundler '${String(unhandled)}'`)
    }
  }
}
