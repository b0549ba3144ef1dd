// esbuild: the plugin's `load` run from an onLoad callback of its own, because an entry's glob
// folders must come back as `watchDirs` (so a file added to one rebuilds), and unplugin's esbuild
// adapter passes on `watchFiles` only. Registered before unplugin's callback, it answers first.
import { dirname } from 'node:path'
import type { PartialMessage, PluginBuild } from 'esbuild'
import type { UnpluginMessage } from 'unplugin'

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
  /** The folders to watch for the id, known once `load` ran. */
  watchDirs(id: string): string[]
}

function toEsbuildMessage(message: UnpluginMessage): PartialMessage {
  return {
    text: message.message,
    location: message.loc ? { file: message.loc.file, line: message.loc.line, column: message.loc.column } : null,
    detail: message.meta,
  }
}

export function registerEsbuildLoad(build: PluginBuild, options: EsbuildLoadOptions): void {
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
      watchFiles,
      watchDirs: options.watchDirs(id),
    }
  })
}
