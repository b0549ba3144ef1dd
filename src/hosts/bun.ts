// Bun: the build config gives the root; its resolver, like Rollup's, does not strip an import query
// (see rollup.ts). Watching and reporting are the default.
import { dirname } from 'node:path'
import { createImporterRecord } from './client-build.ts'
import { createDefaultHost } from './default.ts'
import type { Host, HostParts } from './host.ts'
import { createQueryImportResolver } from './rollup.ts'

export function createBunHost({ info }: HostParts): Host {
  const importers = createImporterRecord()
  /** Bun's `target`: `bun` and `node` builds run on a server, `browser` (the default) in a browser. */
  let target: string | undefined
  const host = createDefaultHost({
    resolveId: createQueryImportResolver(),
    bun: {
      loader: 'js',
      setup(build) {
        info.root = build.config.root
        target = build.config.target ?? 'browser'
        // Bun tells an import's importer only while resolving it: recorded for MY_SERVER_ONLY's message.
        build.onResolve({ filter: /\.ya?ml(?:\?.*)?$/ }, (args: { path: string; importer: string }) => {
          importers.record(args.path, dirname(args.importer), args.importer)
          return undefined
        })
      },
    },
  })
  return {
    ...host,
    clientBuild: () => (target === undefined ? undefined : target === 'browser'),
    // Bun.build has no watch mode: each is a one-off build.
    oneOffBuild: () => true,
    importChain: (_context, id) => importers.chain(id),
  }
}
