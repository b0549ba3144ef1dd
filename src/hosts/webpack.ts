// webpack: the compiler gives the root (`context`) and mode; a glob's folder is a context dependency,
// so that a file added inside it counts. webpack records errors instead of throwing (default.ts).
import type { Dependencies } from '../plugin/dependencies.ts'
import type { HostInfo } from '../plugin/options.ts'
import { createDefaultHost, isOneOffBuild } from './default.ts'
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

/** A hook that takes the root and mode from a webpack (or Rspack) compiler's options. */
export const readCompilerOptions =
  (info: HostInfo) =>
  (compiler: { options: { context?: string; mode?: string } }): void => {
    info.root = compiler.options.context
    info.mode = compiler.options.mode
  }

export function createWebpackHost({ info }: HostParts): Host {
  return { ...createDefaultHost({ webpack: readCompilerOptions(info) }), watch: watchWithLoaderContext }
}
