// Rollup: its resolver does not strip an import query, so the plugin resolves the imports whose
// query it owns. Watching is the default (Rollup's watcher watches a folder's contents). The output
// is generated after `buildEnd`: the plugin's writes finish in `closeBundle`.
import { dirname, isAbsolute, resolve } from 'node:path'
import type { UnpluginBuildContext, UnpluginContext } from 'unplugin'
import { QUERY_IMPORT } from '../plugin/entry-id.ts'
import { chainFromResolvedImports } from './client-build.ts'
import { createDefaultHost } from './default.ts'
import type { Host, HostHooks, HostParts } from './host.ts'

/** Rollup's `this.resolve`, which unplugin's context type does not show. */
type WithResolve = {
  resolve?: (id: string, importer?: string, options?: { skipSelf?: boolean }) => Promise<{ id: string } | null>
}

/** Resolves `./x.merged.yaml?lookup=…` to the file's absolute path, query kept. */
async function resolveQueryImport(
  this: UnpluginBuildContext & UnpluginContext,
  id: string,
  importer: string | undefined,
): Promise<string | undefined> {
  const at = id.indexOf('?')
  const path = id.slice(0, at)
  if (isAbsolute(path)) return id
  if (/^\.\.?[\\/]/.test(path)) return importer ? resolve(dirname(importer), path) + id.slice(at) : undefined
  // A bare or aliased specifier: Rollup's other resolvers find the file.
  const resolved = await (this as WithResolve).resolve?.(path, importer, { skipSelf: true })
  return resolved ? resolved.id + id.slice(at) : undefined
}

/**
 * A `resolveId` hook for `?lookup=…` and `?document=…` imports only: plain files stay with the
 * bundler, which watches them. A new object each time: unplugin wraps a hook's handler in place.
 */
export const createQueryImportResolver = (): HostHooks['resolveId'] => ({
  filter: { id: QUERY_IMPORT },
  handler: resolveQueryImport,
})

export function createRollupHost({ finish }: HostParts): Host {
  const host = createDefaultHost({ resolveId: createQueryImportResolver(), rollup: { closeBundle: finish } })
  // Rollup has no notion of a server build: the serverBuild option says (server-only.ts).
  return { ...host, finishesAtClose: true, importChain: chainFromResolvedImports }
}
