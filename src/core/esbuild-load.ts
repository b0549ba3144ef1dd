// esbuild: the plugin's `load` run from an onLoad callback of its own, because an entry's glob
// folders must come back as `watchDirs` (so a file added to one rebuilds), and unplugin's esbuild
// adapter passes on `watchFiles` only. Registered before unplugin's callback, it answers first.
//
// esbuild takes a watched file's state when it reads the file itself, right after the callback that
// named it returns (internal/bundler: `fsCache.ReadFile` on each of a result's `watchFiles`). A layer
// edited between our read and esbuild's is then never seen as changed, and the stale output stays
// until the next edit. So the files an entry read in the previous build are named from `onResolve`
// instead, before `load` reads them: an edit after that read is a change to esbuild, and rebuilds.
// Each path is named once a build, at its first mention: naming it again later would let esbuild
// read it again, after ours. Only new dependencies (a first build, a new include) keep the gap.
import { dirname, isAbsolute, resolve } from 'node:path'
import type { PartialMessage, PluginBuild } from 'esbuild'
import type { UnpluginMessage } from 'unplugin'
import type { Dependencies } from './watch.ts'

/** The part of a plugin context the `load` hook uses. */
export interface LoadContext {
  addWatchFile(file: string): void
  error(message: UnpluginMessage): void
  warn(message: UnpluginMessage): void
  getNativeBuildContext(): { framework: 'esbuild'; build: PluginBuild }
}

export interface EsbuildLoadOptions {
  filter: RegExp
  /** Whether the plugin handles the id (its `include`/`exclude`). */
  includes(id: string): boolean
  load(context: LoadContext, id: string): { code: string } | string | undefined
  /** What the id depended on when it was last loaded (nothing before its first load). */
  dependencies(id: string): Dependencies
}

function toEsbuildMessage(message: UnpluginMessage): PartialMessage {
  return {
    text: message.message,
    location: message.loc ? { file: message.loc.file, line: message.loc.line, column: message.loc.column } : null,
    detail: message.meta,
  }
}

/** The resolve filter for a load filter: an import specifier may carry a query (`?lookup=…`). */
const specifierFilter = (filter: RegExp): RegExp => (filter.source.endsWith('$') ? new RegExp(`${filter.source.slice(0, -1)}(?:\\?[^/]*)?$`, filter.flags) : filter)

export function registerEsbuildLoad(build: PluginBuild, options: EsbuildLoadOptions): void {
  /** The paths esbuild has been told to watch in the running build. */
  const named = new Set<string>()
  const unnamed = (paths: string[]): string[] => paths.filter((path) => !named.has(path) && named.add(path))

  build.onStart(() => void named.clear())
  build.onResolve({ filter: specifierFilter(options.filter) }, (args) => {
    // A bare specifier (an alias, a package) resolves where only esbuild knows: those ids fall back
    // to being named from `onLoad`. Returning no path leaves the resolving to esbuild.
    if (!args.path.startsWith('.') && !isAbsolute(args.path)) return undefined
    const id = resolve(args.resolveDir, args.path)
    if (!options.includes(id)) return undefined
    const deps = options.dependencies(id)
    return { watchFiles: unnamed(deps.files), watchDirs: unnamed(deps.dirs) }
  })
  build.onLoad({ filter: options.filter }, (args) => {
    const id = args.path + (args.suffix ?? '')
    if (!options.includes(id)) return undefined
    const watchFiles: string[] = []
    const errors: PartialMessage[] = []
    const warnings: PartialMessage[] = []
    const context: LoadContext = {
      addWatchFile: (file) => void watchFiles.push(file),
      error: (message) => void errors.push(toEsbuildMessage(message)),
      warn: (message) => void warnings.push(toEsbuildMessage(message)),
      getNativeBuildContext: () => ({ framework: 'esbuild', build }),
    }
    const result = options.load(context, id)
    if (result === undefined) return undefined
    return {
      contents: typeof result === 'string' ? result : result.code,
      loader: 'js',
      resolveDir: dirname(args.path),
      errors,
      warnings,
      watchFiles: unnamed(watchFiles),
      watchDirs: unnamed(options.dependencies(id).dirs),
    }
  })
}
