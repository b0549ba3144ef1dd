// `merged-yaml types <entry>`: the TypeScript declaration the bundler plugin writes for the entry —
// from the JSON Schema it was validated against, else from the merged value's shape.
import { basename, resolve } from 'node:path'
import { generateDeclaration } from 'unplugin-merged-yaml/codegen'
import { parseCommand, toRenderOptions, UsageError } from '../args.ts'
import { EXIT_DIAGNOSTICS, EXIT_OK } from '../context.ts'
import type { Context } from '../context.ts'
import { renderEntry, writeDiagnostics } from '../entry.ts'
import { helpText } from '../help.ts'

const FLAGS = { 'as-const': { type: 'boolean' } } as const

export async function runTypes(args: readonly string[], ctx: Context): Promise<number> {
  const { values, positionals } = parseCommand('types', args, FLAGS)
  if (values.help) {
    ctx.stdout.write(helpText('types'))
    return EXIT_OK
  }
  if (positionals.length !== 1)
    throw new UsageError(
      positionals.length === 0 ? 'types needs an entry' : `types takes one entry, not ${positionals.length}`,
      'types',
    )
  const file = resolve(ctx.cwd, positionals[0]!)
  const outcome = await renderEntry(file, toRenderOptions('types', values, ctx.cwd), 'types')
  if (!outcome.ok) {
    writeDiagnostics(ctx.stderr, ctx.err, outcome.diagnostics, ctx.cwd)
    return EXIT_DIAGNOSTICS
  }
  const { value, schema, warnings } = outcome.result
  writeDiagnostics(ctx.stderr, ctx.err, warnings, ctx.cwd)
  const options = { asConst: values['as-const'] === true }
  ctx.stdout.write(
    generateDeclaration({ values: [value], schema: schema && { schema: schema.schema } }, options, basename(file)),
  )
  return EXIT_OK
}
