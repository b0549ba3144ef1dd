// webpack: the compiler gives the root (`context`) and mode; a glob's folder is a context dependency,
// so that a file added inside it counts. webpack records errors instead of throwing (default.ts).
import type { Dependencies } from '../plugin/dependencies.ts'
import { PLUGIN_NAME } from '../plugin/options.ts'
import type { HostInfo } from '../plugin/options.ts'
import { createDefaultHost, errorModule, isOneOffBuild } from './default.ts'
import { chainFromIssuers, webpackClientBuild } from './client-build.ts'
import type { BuildEndContext, Host, HostParts, LoadContext } from './host.ts'

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

/** The webpack (or Rspack) compiler running the loader, as far as its watch mode. */
const compilerOf = (context: LoadContext): { watchMode?: boolean } | undefined =>
  (context.getNativeBuildContext?.() as { compiler?: { watchMode?: boolean } } | undefined)?.compiler

/** Whether the webpack (or Rspack) compiler running the loader watches (`watch()`: `--watch`, a dev server). */
export function isCompilerWatching(context: LoadContext): boolean {
  return compilerOf(context)?.watchMode === true
}

/**
 * Whether the compiler runs once (`compiler.run()`: `webpack`, `next build`): `watch()` sets its `watchMode`
 * before the first compilation, and loads run inside one.
 */
export function isCompilerOneOff(context: LoadContext): boolean {
  const compiler = compilerOf(context)
  return compiler !== undefined && compiler.watchMode !== true
}

/**
 * webpack and Rspack print a build's warnings with its stats, after it ends: the summary is one more
 * warning of the compilation (its build-end hook runs while assets are processed), so that it follows them.
 */
export function showSummaryInCompilation(context: BuildEndContext | undefined, text: string): void {
  const native = context?.getNativeBuildContext?.() as
    | {
        compiler?: { webpack?: { WebpackError?: new (message: string) => Error } }
        compilation?: { warnings: Error[] }
      }
    | undefined
  const WebpackError = native?.compiler?.webpack?.WebpackError
  if (!WebpackError || !native?.compilation) return console.warn(text)
  const warning = new WebpackError(text)
  // No stack: it would point into the plugin (as every warning's: default.ts).
  warning.stack = ''
  native.compilation.warnings.push(warning)
}

/**
 * webpack and Rspack make one module of a file per layer (Next.js: its server components' and its SSR
 * layer), so an entry imported from two layers loads twice in one compilation: its error is reported at
 * the first load, and the others get the failing module only. Per compilation: a watch build's next
 * compilation reports it again.
 */
export function reportOncePerCompilation(report: Host['error']): Host['error'] {
  const reported = new WeakMap<object, Set<string>>()
  return (context, error) => {
    const compilation = (context.getNativeBuildContext?.() as { compilation?: object } | undefined)?.compilation
    if (!compilation) return report(context, error)
    let messages = reported.get(compilation)
    if (!messages) reported.set(compilation, (messages = new Set()))
    if (messages.has(error.message)) return errorModule(error)
    messages.add(error.message)
    return report(context, error)
  }
}

export function createWebpackHost({ info }: HostParts): Host {
  const base = createDefaultHost({ webpack: readCompilerOptions(info) })
  return {
    ...base,
    error: reportOncePerCompilation(base.error),
    watch: watchWithLoaderContext,
    cachesAcrossBuilds: true,
    clientBuild: webpackClientBuild,
    importChain: chainFromIssuers,
    watching: isCompilerWatching,
    oneOffBuild: isCompilerOneOff,
    showSummary: showSummaryInCompilation,
  }
}
