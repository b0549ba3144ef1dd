// What each bundler says of a load for server-only entries (plugin/server-only.ts): whether it is for
// code that runs in a browser, and through which modules the build reached it.
import { isAbsolute, resolve } from 'node:path'
import type { LoadContext } from './host.ts'

/** At most this many modules are walked up from an entry (a chain is named, not the whole graph). */
const MAX_WALK = 64

/** The importers an esbuild or Bun build records at most (a build of more entries names fewer). */
const MAX_RECORDED = 100_000

/** Rollup's, Rolldown's and Vite's plugin context, as far as the chain reads it. */
interface ModuleGraphContext {
  getModuleIds?(): Iterable<string>
  getModuleInfo?(id: string): { importedIds?: readonly string[]; isEntry?: boolean } | null
}

/**
 * The chain from an entry point to `id` in a Rollup, Rolldown or Vite build: each module's importer
 * is the module whose resolved imports hold it. Importers are not linked yet while modules load, but
 * each importer's resolved imports are (it was parsed before its imports were fetched).
 */
export function chainFromResolvedImports(context: LoadContext, id: string): string[] {
  const graph = context as LoadContext & ModuleGraphContext
  if (!graph.getModuleIds || !graph.getModuleInfo) return []
  const importers = new Map<string, string>()
  for (const module of graph.getModuleIds()) {
    for (const imported of graph.getModuleInfo(module)?.importedIds ?? [])
      if (!importers.has(imported)) importers.set(imported, module)
  }
  return walkUp(id, (module) => importers.get(module))
}

/** The chain of importers of `id`, by one importer each, outermost first, without cycles. */
function walkUp(id: string, importerOf: (id: string) => string | undefined): string[] {
  const chain: string[] = []
  const seen = new Set([id])
  for (let at = importerOf(id); at !== undefined && !seen.has(at) && chain.length < MAX_WALK; at = importerOf(at)) {
    seen.add(at)
    chain.unshift(at)
  }
  return chain
}

/**
 * The importers an esbuild, Bun or Rspack build told while resolving (they keep no module graph a load can
 * read): by resolved file, the module that imported it; a chain is walked up from there.
 */
export function createImporterRecord() {
  const importers = new Map<string, string>()
  return {
    /** `specifier`, imported from `importer` in folder `resolveDir`. */
    record(specifier: string, resolveDir: string, importer: string): void {
      const path = specifier.replace(/[?#].*$/, '')
      if (importer === '' || !(isAbsolute(path) || /^\.\.?[\\/]/.test(path))) return
      if (importers.size < MAX_RECORDED) importers.set(resolve(resolveDir, path), importer)
    },
    chain(id: string): string[] {
      return walkUp(id.replace(/[?#].*$/, ''), (module) => importers.get(module))
    },
  }
}

/** A Vite environment, as far as server-only entries read it. */
interface ViteEnvironmentContext {
  environment?: {
    config?: { consumer?: string }
    moduleGraph?: {
      getModuleById(id: string): { importers: Set<{ id: string | null; file: string | null }> } | undefined
    }
  }
}

/** Vite: the environment's consumer (`client`, or `server` for SSR and other server environments). */
export function viteClientBuild(context: LoadContext): boolean | undefined {
  const consumer = (context as LoadContext & ViteEnvironmentContext).environment?.config?.consumer
  return consumer === undefined ? undefined : consumer === 'client'
}

/** Vite's dev server: the environment's module graph knows each module's importers once it was analysed. */
export function chainFromViteModuleGraph(context: LoadContext, id: string): string[] {
  const graph = (context as LoadContext & ViteEnvironmentContext).environment?.moduleGraph
  if (!graph) return []
  return walkUp(id, (module) => {
    const [first] = graph.getModuleById(module)?.importers ?? []
    return first?.id ?? first?.file ?? undefined
  })
}

/** webpack's and Rspack's native context, as far as server-only entries read it. */
interface WebpackNative {
  compiler?: { options?: { target?: unknown } }
  compilation?: { moduleGraph?: { getIssuer(module: unknown): unknown } }
  loaderContext?: Record<string, unknown>
}

const nativeOf = (context: LoadContext): WebpackNative | undefined => {
  const native = context.getNativeBuildContext?.()
  return native?.framework === 'webpack' || native?.framework === 'rspack' ? (native as WebpackNative) : undefined
}

/** Targets whose output runs in Node (or Electron's main process): a server build. */
const SERVER_TARGET = /^(?:async-)?node|^electron-main/

/** webpack and Rspack: a client build unless every `target` runs in Node. */
export function webpackClientBuild(context: LoadContext): boolean | undefined {
  const native = nativeOf(context)
  const target = native?.compiler?.options?.target
  if (native === undefined || target === false) return undefined
  const targets = (Array.isArray(target) ? target : [target ?? 'web']).map(String)
  return !targets.every((name) => SERVER_TARGET.test(name))
}

/**
 * Turbopack: its loader runner gives each environment's compilation its own load with the
 * environment as `target` (`web` in the browser, `node` on the server); a Turbopack that does not say
 * leaves the decision to the `serverBuild` option, else to the client (server-only.ts).
 */
export function turbopackClientBuild({ loader }: LoadContext): boolean | undefined {
  const target = loader?.target
  return typeof target === 'string' ? !SERVER_TARGET.test(target) : undefined
}

/** webpack: the chain of issuers (the module whose import created each module). */
export function chainFromIssuers(context: LoadContext): string[] {
  const native = nativeOf(context)
  const graph = native?.compilation?.moduleGraph
  // The loader's module: webpack's loader context names it `_module` (its documented way to reach it).
  const module = native?.loaderContext?.['_module']
  if (!graph || !module) return []
  const names = new Map<unknown, string>()
  const nameOf = (m: unknown): string | undefined => {
    const { resource, userRequest } = m as { resource?: unknown; userRequest?: unknown }
    return typeof resource === 'string' ? resource : typeof userRequest === 'string' ? userRequest : undefined
  }
  let at: unknown = module
  const chain: string[] = []
  for (let depth = 0; depth < MAX_WALK; depth++) {
    const issuer = graph.getIssuer(at)
    if (!issuer || names.has(issuer)) break
    const name = nameOf(issuer)
    if (name === undefined) break
    names.set(issuer, name)
    chain.unshift(name)
    at = issuer
  }
  return chain
}
