// `merged-yaml check <entries or globs…>`: renders each entry on its own and reports every
// diagnostic, for CI and pre-commit hooks.
import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import type { Diagnostic } from '@merged-yaml/core'
import { globSync, isDynamicPattern } from 'tinyglobby'
import { count, oneOf, parseCommand, toRenderOptions, UsageError } from '../args.ts'
import { EXIT_DIAGNOSTICS, EXIT_OK } from '../context.ts'
import type { Context } from '../context.ts'
import { renderEntry, writeDiagnostics } from '../entry.ts'
import { displayPath, plural } from '../format.ts'
import { helpText } from '../help.ts'

const FLAGS = { format: { type: 'string' }, 'max-warnings': { type: 'string' } } as const

export interface CheckedEntry {
  /** Absolute path of the entry. */
  file: string
  /** No errors (warnings allowed). */
  ok: boolean
  diagnostics: Diagnostic[]
  warnings: Diagnostic[]
}

export interface CheckReport {
  /** Every entry ok, and no more warnings than --max-warnings. */
  ok: boolean
  errorCount: number
  warningCount: number
  entries: CheckedEntry[]
}

/** Entries in the order given; a glob (one the shell left alone) becomes its sorted matches. */
export function expandEntries(args: readonly string[], cwd: string, command = 'check'): string[] {
  const files: string[] = []
  for (const arg of args) {
    const file = resolve(cwd, arg)
    if (existsSync(file) || !isDynamicPattern(arg)) {
      files.push(file)
      continue
    }
    const matches = globSync(arg, { cwd, absolute: true, onlyFiles: true, ignore: ['**/node_modules/**'] }).sort()
    if (matches.length === 0) throw new UsageError(`no files match '${arg}'`, command)
    files.push(...matches)
  }
  return [...new Set(files)]
}

function writeText(ctx: Context, report: CheckReport, maxWarnings: number | undefined): void {
  const { out } = ctx
  for (const entry of report.entries) {
    const name = displayPath(entry.file, ctx.cwd)
    if (!entry.ok) ctx.stdout.write(`${out.red('✖')} ${out.bold(name)}\n`)
    else if (entry.warnings.length > 0) ctx.stdout.write(`${out.yellow('⚠')} ${out.bold(name)}\n`)
    else ctx.stdout.write(`${out.green('✓')} ${name}\n`)
    writeDiagnostics(ctx.stdout, out, [...entry.diagnostics, ...entry.warnings], ctx.cwd)
  }
  const failed = report.entries.filter((e) => !e.ok).length
  const problems = `${plural(report.errorCount, 'error')}, ${plural(report.warningCount, 'warning')}`
  if (failed > 0)
    ctx.stdout.write(
      out.red(`${failed} of ${plural(report.entries.length, 'entry', 'entries')} failed (${problems})\n`),
    )
  else if (!report.ok)
    ctx.stdout.write(out.red(`${plural(report.warningCount, 'warning')}, more than --max-warnings ${maxWarnings}\n`))
  else ctx.stdout.write(out.green(`${plural(report.entries.length, 'entry', 'entries')} checked (${problems})\n`))
}

export async function runCheck(args: readonly string[], ctx: Context): Promise<number> {
  const { values, positionals } = parseCommand('check', args, FLAGS)
  if (values.help) {
    ctx.stdout.write(helpText('check'))
    return EXIT_OK
  }
  const format = oneOf('check', 'format', values.format, ['text', 'json'] as const, 'text')
  const maxWarnings = count('check', 'max-warnings', values['max-warnings'])
  if (positionals.length === 0) throw new UsageError('check needs at least one entry or glob', 'check')
  const options = toRenderOptions('check', values, ctx.cwd, ctx.env)
  const entries: CheckedEntry[] = []
  for (const file of expandEntries(positionals, ctx.cwd)) {
    const outcome = await renderEntry(file, options, 'check')
    entries.push(
      outcome.ok
        ? { file, ok: true, diagnostics: [], warnings: outcome.result.warnings }
        : {
            file,
            ok: false,
            diagnostics: outcome.diagnostics.filter((d) => d.severity === 'error'),
            warnings: outcome.diagnostics.filter((d) => d.severity !== 'error'),
          },
    )
  }
  const errorCount = entries.reduce((n, e) => n + e.diagnostics.length, 0)
  const warningCount = entries.reduce((n, e) => n + e.warnings.length, 0)
  const ok = errorCount === 0 && (maxWarnings === undefined || warningCount <= maxWarnings)
  const report: CheckReport = { ok, errorCount, warningCount, entries }
  if (format === 'json') ctx.stdout.write(`${JSON.stringify(report, null, 2)}\n`)
  else writeText(ctx, report, maxWarnings)
  return ok ? EXIT_OK : EXIT_DIAGNOSTICS
}
