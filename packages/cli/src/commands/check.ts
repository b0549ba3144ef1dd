// `merged-yaml check <entries or globs…>`: renders each entry on its own, in every mode it can be
// built in (the plugin's `modes`: each --mode, by default development and production), and reports
// every diagnostic with the modes it occurs in, for CI and pre-commit hooks.
import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import { createRenderCache } from '@merged-yaml/core'
import type { Diagnostic, RenderHooks, RenderOptions } from '@merged-yaml/core'
import { globSync, isDynamicPattern } from 'tinyglobby'
import { count, modesOf, oneOf, parseCommand, toRenderOptions, UsageError } from '../args.ts'
import { EXIT_DIAGNOSTICS, EXIT_OK } from '../context.ts'
import type { Context } from '../context.ts'
import { inMode, renderEntry, writeDiagnostics } from '../entry.ts'
import { displayPath, plural } from '../format.ts'
import { helpText } from '../help.ts'
import { findProjectEntries, loadCommandConfig } from '../project.ts'
import { createRelativePaths } from '../relative-json.ts'

export interface CheckedEntry {
  /** Absolute path of the entry (relative to the working folder in `--format json`). */
  file: string
  /**
   * The modes this outcome is the entry's in: every mode checked when it renders alike in all, else
   * one item per outcome (`['development']` failing, `['production']` clean).
   */
  modes: string[]
  /** No errors (warnings allowed). */
  ok: boolean
  diagnostics: Diagnostic[]
  warnings: Diagnostic[]
}

export interface CheckReport {
  /** Every entry ok, and no more warnings than --max-warnings. */
  ok: boolean
  /** The modes each entry was rendered in. */
  modes: string[]
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

export function writeText(ctx: Context, report: CheckReport, maxWarnings: number | undefined): void {
  const { out } = ctx
  // An entry whose outcome differs between modes says which mode each item is.
  const split = new Set(report.entries.map((e) => e.file).filter((file, i, files) => files.indexOf(file) !== i))
  for (const entry of report.entries) {
    const modes = `${entry.modes.length > 1 ? 'modes' : 'mode'} ${entry.modes.join(', ')}`
    const name = displayPath(entry.file, ctx.cwd) + (split.has(entry.file) ? ` (${modes})` : '')
    if (!entry.ok) ctx.stdout.write(`${out.red('✖')} ${out.bold(name)}\n`)
    else if (entry.warnings.length > 0) ctx.stdout.write(`${out.yellow('⚠')} ${out.bold(name)}\n`)
    else ctx.stdout.write(`${out.green('✓')} ${name}\n`)
    writeDiagnostics(ctx.stdout, out, [...entry.diagnostics, ...entry.warnings], ctx.cwd)
  }
  const files = new Set(report.entries.map((e) => e.file)).size
  const failed = new Set(report.entries.filter((e) => !e.ok).map((e) => e.file)).size
  const problems = `${plural(report.errorCount, 'error')}, ${plural(report.warningCount, 'warning')}`
  if (failed > 0) ctx.stdout.write(out.red(`${failed} of ${plural(files, 'entry', 'entries')} failed (${problems})\n`))
  else if (!report.ok)
    ctx.stdout.write(out.red(`${plural(report.warningCount, 'warning')}, more than --max-warnings ${maxWarnings}\n`))
  else ctx.stdout.write(out.green(`${plural(files, 'entry', 'entries')} checked (${problems})\n`))
}

type Outcome = Omit<CheckedEntry, 'file' | 'modes'>

/** The entry in each mode, the modes with the same outcome together (the layers they share parsed once). */
async function checkEntry(
  file: string,
  options: RenderOptions,
  modes: readonly string[],
  hooks: RenderHooks,
): Promise<CheckedEntry[]> {
  const byOutcome = new Map<string, CheckedEntry>()
  for (const mode of modes) {
    const rendered = await renderEntry(file, inMode(options, mode), 'check', hooks)
    const outcome: Outcome = rendered.ok
      ? { ok: true, diagnostics: [], warnings: rendered.result.warnings }
      : {
          ok: false,
          diagnostics: rendered.diagnostics.filter((d) => d.severity === 'error'),
          warnings: rendered.diagnostics.filter((d) => d.severity !== 'error'),
        }
    const key = JSON.stringify(outcome)
    const same = byOutcome.get(key)
    if (same) same.modes.push(mode)
    else byOutcome.set(key, { file, modes: [mode], ...outcome })
  }
  return [...byOutcome.values()]
}

/** Every entry in every mode, as `check` reports them (`maxWarnings`: more warnings fail it). */
export async function checkFiles(
  files: readonly string[],
  options: RenderOptions,
  modes: string[],
  maxWarnings?: number,
): Promise<CheckReport> {
  // Layers that entries and modes share are read and parsed once.
  const hooks = { cache: createRenderCache() }
  const entries: CheckedEntry[] = []
  for (const file of files) entries.push(...(await checkEntry(file, options, modes, hooks)))
  const errorCount = entries.reduce((n, e) => n + e.diagnostics.length, 0)
  const warningCount = entries.reduce((n, e) => n + e.warnings.length, 0)
  const ok = errorCount === 0 && (maxWarnings === undefined || warningCount <= maxWarnings)
  return { ok, modes, errorCount, warningCount, entries }
}

export async function runCheck(args: readonly string[], ctx: Context): Promise<number> {
  const { values, positionals } = parseCommand('check', args)
  if (values.help) {
    ctx.stdout.write(helpText('check'))
    return EXIT_OK
  }
  const format = oneOf('check', 'format', values.format, ['text', 'json'] as const, 'text')
  const maxWarnings = count('check', 'max-warnings', values['max-warnings'])
  const config = await loadCommandConfig('check', values, ctx.cwd)
  // Without entries, the project's (the config file's `include`): the build's verdict, no flag repeated.
  const files = positionals.length > 0 ? expandEntries(positionals, ctx.cwd) : findProjectEntries(config, ctx.cwd)
  if (files.length === 0)
    throw new UsageError(
      'check found no entry: name entries or globs, or set `include` in merged-yaml.config.*',
      'check',
    )
  const modes = modesOf(values, config)
  const options = toRenderOptions('check', { ...values, mode: undefined }, ctx.cwd, ctx.env, config)
  const report = await checkFiles(files, options, modes, maxWarnings)
  const { ok } = report
  if (format === 'json') {
    const paths = createRelativePaths(ctx.cwd)
    const entries = report.entries.map((e) => ({
      ...e,
      file: paths.file(e.file),
      diagnostics: e.diagnostics.map(paths.diagnostic),
      warnings: e.warnings.map(paths.diagnostic),
    }))
    ctx.stdout.write(`${JSON.stringify({ ...report, entries }, null, 2)}\n`)
  } else writeText(ctx, report, maxWarnings)
  return ok ? EXIT_OK : EXIT_DIAGNOSTICS
}
