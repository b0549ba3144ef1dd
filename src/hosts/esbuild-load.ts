// esbuild: the plugin's `load` run from an onLoad callback of its own, registered before unplugin's
// so it answers first, because an entry's glob folders must come back as `watchDirs` (so a file added
// to one rebuilds) and unplugin's esbuild adapter passes on `watchFiles` only.
//
// esbuild takes a watched file's state when it reads the file itself, right after the callback that
// named it returns (internal/bundler: `fsCache.ReadFile` on each of a result's `watchFiles`): a layer
// edited between our read and esbuild's would never be seen as changed, until the next edit. So
// the files an entry read in the previous build are named when its import is resolved (through
// esbuild's own `build.resolve`, as watch paths need a resolved path), before `load` reads them, and
// each path only once a build. Only new dependencies (a first build, a new include) keep the gap.
import { basename, dirname } from 'node:path'
import type { PartialMessage, PluginBuild } from 'esbuild'
import type { UnpluginMessage } from 'unplugin'
import type { Dependencies } from '../plugin/dependencies.ts'
import type { LoadContext, LoadResult } from './host.ts'

export interface EsbuildLoadOptions {
  filter: RegExp
  /** Whether the plugin handles the id (its `include`/`exclude`). */
  includes(id: string): boolean
  load(context: LoadContext, id: string): LoadResult
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

/** The resolve filter for a load filter: an import specifier may carry a query (`?lookup=A/B`). */
export const specifierFilter = (filter: RegExp): RegExp =>
  filter.source.endsWith('$') ? new RegExp(`${filter.source.slice(0, -1)}(?:\\?.*)?$`, filter.flags) : filter

export function registerEsbuildLoad(build: PluginBuild, options: EsbuildLoadOptions): void {
  /** The paths esbuild has been told to watch in the running build. */
  const named = new Set<string>()
  const unnamed = (paths: string[]): string[] => paths.filter((path) => !named.has(path) && named.add(path))

  /** The file names of the entries loaded so far: only their imports have paths to name. */
  const loadedNames = new Set<string>()
  /** The resolutions under way from here, whose `build.resolve` comes back to this callback. */
  const resolving = new Set<string>()

  build.onStart(() => void named.clear())
  build.onResolve({ filter: specifierFilter(options.filter) }, async (args) => {
    if (!loadedNames.has(basename(args.path.replace(/\?.*$/, '')))) return undefined
    const key = `${args.kind}\0${args.importer}\0${args.resolveDir}\0${args.path}`
    if (resolving.has(key)) return undefined
    resolving.add(key)
    try {
      const { path, suffix, namespace, external, sideEffects, pluginData, errors, warnings } = await build.resolve(
        args.path,
        {
          kind: args.kind,
          importer: args.importer,
          namespace: args.namespace,
          resolveDir: args.resolveDir,
          pluginData: args.pluginData,
          with: args.with,
        },
      )
      // Left to esbuild's resolution, which reports the same errors itself.
      if (errors.length > 0 || external || namespace !== 'file' || !options.includes(path + suffix)) return undefined
      const deps = options.dependencies(path + suffix)
      return {
        path,
        suffix,
        namespace,
        sideEffects,
        pluginData,
        warnings,
        watchFiles: unnamed(deps.files),
        watchDirs: unnamed(deps.dirs),
      }
    } finally {
      resolving.delete(key)
    }
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
    loadedNames.add(basename(args.path))
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
