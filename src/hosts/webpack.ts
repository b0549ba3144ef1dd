// webpack: the compiler gives the root (`context`) and mode; a glob's folder is a context dependency,
// so that a file added inside it counts. webpack records errors instead of throwing (default.ts).
import type { Dependencies } from '../plugin/dependencies.ts'
import { PLUGIN_NAME } from '../plugin/options.ts'
import type { HostInfo } from '../plugin/options.ts'
import { createDefaultHost, isOneOffBuild } from './default.ts'
import { chainFromIssuers, webpackClientBuild } from './client-build.ts'
import type { Host, HostParts, LoadContext } from './host.ts'

/** Watches an entry's dependencies through webpack's (or Rspack's) loader context. */
export function watchWithLoaderContext(context: LoadContext, deps: Dependencies): void {
  if (isOneOffBuild(context)) return
  for (const file of deps.files) context.addWatchFile(file)
  const native = context.getNativeBuildContext?.()
  for (const dir of deps.dirs) {
    if ((native?.framework === 'webpack' || native?.framework === 'rspack') && native.loaderContext)
      native.loaderContext.addContextDependency(dir)
    else context.addWatchFile(dir)
  }
}

/** A rule of the compiler's `module.rules`, as far as this module reads and writes it. */
interface ModuleRule {
  include?: unknown
  use?: unknown
  [key: string]: unknown
}

interface Compiler {
  options: { context?: string; mode?: string; module?: { rules?: unknown[] } }
}

/** unplugin's rule that runs the plugin's `load`: the one whose loader carries this plugin. */
function isLoadRule(rule: unknown): rule is ModuleRule & { include: (path: string) => boolean } {
  const use = (rule as ModuleRule | null)?.use
  const loader = Array.isArray(use) ? (use[0] as { options?: { plugin?: { name?: unknown } } } | undefined) : undefined
  return loader?.options?.plugin?.name === PLUGIN_NAME && typeof (rule as ModuleRule).include === 'function'
}

/**
 * webpack and Rspack match a rule's files by path, the query apart, so unplugin's rule never takes a
 * Datum store's node (`Datum.yml?node=…`): a rule beside it, with the same loader, takes the files
 * its `include` takes with a `?node=` query (the plugin's `include` and `exclude`, as elsewhere).
 */
function addStoreNodeRule(compiler: Compiler): void {
  const rules = compiler.options.module?.rules
  const own = rules?.find(isLoadRule)
  if (!rules || !own) return
  rules.unshift({ ...own, include: (path: string) => own.include(`${path}?node=`), resourceQuery: /(?:^\?|&)node=/ })
}

/** A hook that takes the root and mode from a webpack (or Rspack) compiler's options, and adds the node rule. */
export const readCompilerOptions =
  (info: HostInfo) =>
  (compiler: Compiler): void => {
    info.root = compiler.options.context
    info.mode = compiler.options.mode
    addStoreNodeRule(compiler)
  }

/** Whether the webpack (or Rspack) compiler running the loader watches (`compiler.watch()`, `--watch`). */
export function isCompilerWatching(context: LoadContext): boolean {
  const native = context.getNativeBuildContext?.() as { compiler?: { watchMode?: boolean } } | undefined
  return native?.compiler?.watchMode === true
}

export function createWebpackHost({ info }: HostParts): Host {
  return {
    ...createDefaultHost({ webpack: readCompilerOptions(info) }),
    watch: watchWithLoaderContext,
    cachesAcrossBuilds: true,
    clientBuild: webpackClientBuild,
    importChain: chainFromIssuers,
    watching: isCompilerWatching,
  }
}
