// `merged-yaml render <entry>`: the merged value on stdout, problems on stderr.
import { resolve } from 'node:path'
import { oneOf, parseCommand, toRenderOptions, UsageError } from '../args.ts'
import { EXIT_DIAGNOSTICS, EXIT_OK } from '../context.ts'
import type { Context } from '../context.ts'
import { renderEntry, writeDiagnostics } from '../entry.ts'
import { serializeValue } from '../format.ts'
import { helpText } from '../help.ts'
import { loadCommandConfig } from '../project.ts'

export async function runRender(args: readonly string[], ctx: Context): Promise<number> {
  const { values, positionals } = parseCommand('render', args)
  if (values.help) {
    ctx.stdout.write(helpText('render'))
    return EXIT_OK
  }
  const format = oneOf('render', 'format', values.format, ['yaml', 'json'] as const, 'yaml')
  if (positionals.length !== 1)
    throw new UsageError(
      positionals.length === 0 ? 'render needs an entry' : `render takes one entry, not ${positionals.length}`,
      'render',
    )
  const config = await loadCommandConfig('render', values, ctx.cwd)
  const options = toRenderOptions('render', values, ctx.cwd, ctx.env, config)
  const outcome = await renderEntry(resolve(ctx.cwd, positionals[0]!), options, 'render')
  if (!outcome.ok) {
    writeDiagnostics(ctx.stderr, ctx.err, outcome.diagnostics, ctx.cwd)
    return EXIT_DIAGNOSTICS
  }
  writeDiagnostics(ctx.stderr, ctx.err, outcome.result.warnings, ctx.cwd)
  ctx.stdout.write(serializeValue(outcome.result.value, format, options.yamlVersion))
  return EXIT_OK
}
