// Bun: the build config gives the root; its resolver, like Rollup's, does not strip an import query
// (see rollup.ts). Watching and reporting are the default.
import { createDefaultHost } from './default.ts'
import type { Host, HostParts } from './host.ts'
import { createQueryImportResolver } from './rollup.ts'

export function createBunHost({ info }: HostParts): Host {
  return createDefaultHost({
    resolveId: createQueryImportResolver(),
    bun: {
      loader: 'js',
      setup(build) {
        info.root = build.config.root
      },
    },
  })
}
