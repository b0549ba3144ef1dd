// Renders one entry for a command: diagnostics are an outcome, not an exception.
import { isMergedYamlError, render } from '@merged-yaml/core'
import type { Diagnostic, RenderHooks, RenderOptions, RenderResult } from '@merged-yaml/core'
import { UsageError } from './args.ts'
import { formatDiagnosticText } from './format.ts'
import type { Style, Writer } from './format.ts'

export type EntryOutcome = { ok: true; result: RenderResult } | { ok: false; diagnostics: Diagnostic[] }

export async function renderEntry(
  file: string,
  options: RenderOptions,
  command: string,
  hooks?: RenderHooks,
): Promise<EntryOutcome> {
  try {
    return { ok: true, result: await render(file, options, hooks) }
  } catch (error) {
    if (!isMergedYamlError(error)) throw error
    // Options come from flags: a bad one is the command line's fault, not the entry's.
    const option = error.diagnostics.find((d) => d.code === 'MY_INVALID_OPTION')
    if (option)
      throw new UsageError(
        option.message.replace(
          /^option '(\w+)'/,
          (_, name: string) => `--${name.replaceAll(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`,
        ),
        command,
      )
    return { ok: false, diagnostics: error.diagnostics }
  }
}

/** Every diagnostic's full text, a blank line between them. */
export function writeDiagnostics(stream: Writer, style: Style, diagnostics: readonly Diagnostic[], cwd: string): void {
  for (const d of diagnostics) stream.write(`${formatDiagnosticText(d, cwd, style)}\n\n`)
}

/** `options` with `${mode}` set to `mode`. */
export function inMode(options: RenderOptions, mode: string): RenderOptions {
  return { ...options, vars: { ...options.vars, mode } }
}
