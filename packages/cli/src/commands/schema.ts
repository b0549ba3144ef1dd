// `merged-yaml schema <entries…> [--mode m]…`: a draft 2020-12 JSON Schema inferred from the merged
// value, or from the values of several modes and entries (a key only some of them set is optional):
// a starting point for the entries' own schema.
import { expandEntries } from './check.ts'
import { oneOf, parseCommand, toRenderOptions, UsageError } from '../args.ts'
import { EXIT_DIAGNOSTICS, EXIT_OK } from '../context.ts'
import type { Context } from '../context.ts'
import { renderEntry, writeDiagnostics } from '../entry.ts'
import { serializeValue } from '../format.ts'
import { helpText } from '../help.ts'
import { inferSchema } from '../infer-schema.ts'

export async function runSchema(args: readonly string[], ctx: Context): Promise<number> {
  const { values, positionals } = parseCommand('schema', args)
  if (values.help) {
    ctx.stdout.write(helpText('schema'))
    return EXIT_OK
  }
  const format = oneOf('schema', 'format', values.format, ['json', 'yaml'] as const, 'json')
  if (positionals.length === 0) throw new UsageError('schema needs an entry', 'schema')
  const options = toRenderOptions('schema', { ...values, mode: undefined }, ctx.cwd)
  const modes = Array.isArray(values.mode) ? values.mode : [undefined]
  const merged: unknown[] = []
  for (const file of expandEntries(positionals, ctx.cwd, 'schema'))
    for (const mode of modes) {
      const vars = mode === undefined ? options.vars : { ...options.vars, mode }
      // The schema to write is not the one in force: the value is inferred as it is.
      const outcome = await renderEntry(file, { ...options, ...(vars ? { vars } : {}), schema: false }, 'schema')
      if (!outcome.ok) {
        writeDiagnostics(ctx.stderr, ctx.err, outcome.diagnostics, ctx.cwd)
        return EXIT_DIAGNOSTICS
      }
      writeDiagnostics(ctx.stderr, ctx.err, outcome.result.warnings, ctx.cwd)
      merged.push(outcome.result.value)
    }
  ctx.stdout.write(serializeValue(inferSchema(merged), format, '1.2'))
  return EXIT_OK
}
