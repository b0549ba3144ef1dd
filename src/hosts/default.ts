// Diagnostics handed to each bundler in the form it shows best.
import { formatDiagnostic } from '@merged-yaml/core'
import type { Diagnostic, MergedYamlError } from '@merged-yaml/core'
import type { UnpluginContextMeta, UnpluginMessage } from 'unplugin'

/** Where a bundler takes messages: its plugin context. */
export interface MessageSink {
  error(message: UnpluginMessage): void
  warn(message: UnpluginMessage): void
}

/**
 * A diagnostic as a plugin message. The text carries `file:line:col`, the include chain and the
 * code frame itself, because webpack, Rspack, esbuild and Bun drop `loc`; Rollup, Rolldown and
 * Vite also get `loc` (0-based column, their convention) and `id`, for their location line and overlay.
 */
export function toMessage(d: Diagnostic, text: string): UnpluginMessage {
  return {
    message: text,
    id: d.file,
    loc: { file: d.file, line: d.line, column: d.column - 1 },
    pluginCode: d.code,
    meta: { diagnostic: d },
  }
}

export interface BundlerReporter {
  /**
   * Fails the build with the error's located message. Returns the module to give the bundler when
   * it records errors instead of throwing (webpack, Rspack, esbuild, Bun): a stub that throws the
   * same message should it ever run.
   */
  error(context: Pick<MessageSink, 'error'>, error: MergedYamlError): string
  /** A render warning, as the bundler's warning. */
  warn(context: Pick<MessageSink, 'warn'>, warning: Diagnostic, root: string): void
}

const PREFIX = '[unplugin-merged-yaml]'

export function createReporter(framework: UnpluginContextMeta['framework']): BundlerReporter {
  // Farm's native `error`/`warn` accept only a string, and unplugin hands them an object (a Rust
  // panic that takes the process down): throw and log instead.
  if (framework === 'farm') {
    return {
      error(_context, error) {
        throw Object.assign(new Error(error.message), { code: error.code })
      },
      warn(_context, warning, root) {
        console.warn(`${PREFIX} ${formatDiagnostic(warning, root)}`)
      },
    }
  }
  return {
    error(context, error) {
      context.error(toMessage(error.diagnostics[0]!, error.message))
      return `throw new Error(${JSON.stringify(error.message)});\n`
    },
    warn(context, warning, root) {
      context.warn(toMessage(warning, formatDiagnostic(warning, root)))
    },
  }
}
