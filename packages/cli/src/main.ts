// The merged-yaml program: picks the command and turns outcomes into exit codes. The bin
// (index.ts) runs it on the process; tests call it with buffers.
import { isMergedYamlError } from '@merged-yaml/core'
import { UsageError } from './args.ts'
import { runCheck } from './commands/check.ts'
import { runExplain } from './commands/explain.ts'
import { runRender } from './commands/render.ts'
import { runSchema } from './commands/schema.ts'
import { runSync } from './commands/sync.ts'
import { runTypes } from './commands/types.ts'
import { createContext, EXIT_OK, EXIT_USAGE } from './context.ts'
import { writeDiagnostics } from './entry.ts'
import type { CliIo, Context } from './context.ts'
import { helpText, isCommand } from './help.ts'
import type { CommandName } from './help.ts'
import { version } from './version.ts'

export type { CliIo } from './context.ts'
export { EXIT_DIAGNOSTICS, EXIT_OK, EXIT_USAGE } from './context.ts'

const RUN: Record<CommandName, (args: readonly string[], ctx: Context) => Promise<number>> = {
  render: runRender,
  check: runCheck,
  explain: runExplain,
  types: runTypes,
  schema: runSchema,
  sync: runSync,
}

async function dispatch(argv: readonly string[], ctx: Context): Promise<number> {
  const [first, ...rest] = argv
  if (first === undefined) {
    ctx.stderr.write(helpText())
    return EXIT_USAGE
  }
  if (first === '--help' || first === '-h') {
    ctx.stdout.write(helpText())
    return EXIT_OK
  }
  if (first === '--version' || first === '-v') {
    ctx.stdout.write(`${version}\n`)
    return EXIT_OK
  }
  if (first === 'help') {
    const topic = rest[0]
    if (topic !== undefined && !isCommand(topic)) throw new UsageError(`unknown command '${topic}'`)
    ctx.stdout.write(helpText(topic))
    return EXIT_OK
  }
  if (!isCommand(first))
    throw new UsageError(
      first.startsWith('-') ? `unknown option '${first}' (options follow the command)` : `unknown command '${first}'`,
    )
  return RUN[first](rest, ctx)
}

/** Runs `merged-yaml` with `argv` (without node and the script) and resolves with the exit code. */
export async function main(argv: readonly string[], io: CliIo): Promise<number> {
  const ctx = createContext(io)
  try {
    return await dispatch(argv, ctx)
  } catch (error) {
    // The config file's mistakes, located at it: a usage error too (nothing was rendered).
    if (isMergedYamlError(error)) {
      writeDiagnostics(ctx.stderr, ctx.err, error.diagnostics, ctx.cwd)
      return EXIT_USAGE
    }
    if (!(error instanceof UsageError)) throw error
    const help = error.command ? `merged-yaml ${error.command} --help` : 'merged-yaml --help'
    ctx.stderr.write(`${ctx.err.red('error:')} ${error.message}\nRun '${help}' for usage.\n`)
    return EXIT_USAGE
  }
}
