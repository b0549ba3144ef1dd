// What most bundlers share: diagnostics reported through the plugin context, in the form they show
// best, and every dependency watched through `addWatchFile`. Each host starts from this.
import { formatDiagnostic } from '@merged-yaml/core/internal'
import type { Diagnostic, MergedYamlError } from '@merged-yaml/core'
import type { UnpluginMessage } from 'unplugin'
import type { Host, HostHooks, LoadContext } from './host.ts'

export const MESSAGE_PREFIX = '[unplugin-merged-yaml]'

/** How a bundler counts the column of `loc`: Rollup from 0; Rolldown, and Vite in its headers, from 1. */
export type ColumnBase = 0 | 1

/**
 * A diagnostic as a plugin message: an Error without a stack trace (the text locates the problem;
 * a trace into the plugin would only bury it), which Rollup, Rolldown and Vite throw as it is. The
 * text carries `file:line:col`, the include chain and the code frame itself, because webpack, Rspack,
 * esbuild and Bun drop `loc`; Rollup, Rolldown and Vite also get `loc` and `id`, for their header
 * line and overlay, with the column counted as each prints it (`columnBase`), so that the header and
 * the text name the same column.
 */
export function toMessage(d: Diagnostic, text: string, columnBase: ColumnBase = 0): UnpluginMessage {
  // No stack: it would point into the plugin, not the layer; not capturing one is 4× cheaper (a build with
  // thousands of warnings makes thousands of these).
  const limit = Error.stackTraceLimit
  Error.stackTraceLimit = 0
  const error = new Error(text)
  Error.stackTraceLimit = limit
  const message = Object.assign(error, {
    id: d.file,
    loc: { file: d.file, line: d.line, column: d.column - 1 + columnBase },
    pluginCode: d.code,
    meta: { diagnostic: d },
  })
  message.stack = ''
  return message
}

/**
 * A one-off Rollup, Rolldown or Vite build (no --watch) watches nothing: telling it each file would
 * cost a call into the bundler per file and entry.
 */
export const isOneOffBuild = (context: LoadContext): boolean => context.meta?.watchMode === false

/** The module given in a failed entry's place: it throws the same message should it run. */
export const errorModule = (error: MergedYamlError): string => `throw new Error(${JSON.stringify(error.message)});\n`

/** A host with the shared behaviour and the given hooks (Rollup's, Farm's and Bun's watchers take folders too). */
export function createDefaultHost(hooks: HostHooks = {}, columnBase: ColumnBase = 0): Host {
  return {
    hooks,
    oneOffBuild: isOneOffBuild,
    watch(context, deps) {
      if (isOneOffBuild(context)) return
      for (const file of deps.files) context.addWatchFile(file)
      for (const dir of deps.dirs) context.addWatchFile(dir)
    },
    // Fails the build with the located message. The returned module is for the bundlers that record
    // errors instead of throwing (webpack, Rspack, esbuild, Bun): it throws the same message should it run.
    error(context: LoadContext, error: MergedYamlError): string {
      context.error(toMessage(error.diagnostics[0]!, error.message, columnBase))
      return errorModule(error)
    },
    warn(context, warning, root) {
      context.warn(toMessage(warning, formatDiagnostic(warning, root), columnBase))
    },
  }
}
