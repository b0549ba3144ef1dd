// `merged-yaml explain <entry> [key.path]`: for each value, which part set it and which merger
// decided, in merge order, overridden values included (like Hiera's `lookup --explain`).
import { resolve } from 'node:path'
import type { HistoryAction, HistoryEvent, RenderResult, ValueHistory } from '@merged-yaml/core'
import { oneOf, parseCommand, toRenderOptions, UsageError } from '../args.ts'
import { EXIT_DIAGNOSTICS, EXIT_OK } from '../context.ts'
import type { Context } from '../context.ts'
import { renderEntry, writeDiagnostics } from '../entry.ts'
import { createHtmlReport } from './explain-html.ts'
import { bytesAsBase64, displayPath, formatKeyPath, formatShortValue, parseKeyPath } from '../format.ts'
import type { Style } from '../format.ts'
import { helpText } from '../help.ts'
import { loadCommandConfig } from '../project.ts'
import { createRelativePaths } from '../relative-json.ts'
import { nearestKeys, selectPaths } from '../history-view.ts'
import { PER_VALUE_DIALECTS } from '../provenance-detail.ts'
import type { ExplainedPath } from '../history-view.ts'

function paintAction(action: HistoryAction, style: Style): (text: string) => string {
  switch (action) {
    case 'set':
    case 'appended':
    case 'prepended':
      return style.green
    case 'replaced':
    case 'patched':
      return style.yellow
    case 'deleted':
      return style.red
    case 'kept':
      return style.dim
    default:
      return (text) => text
  }
}

function location(e: { file: string; line: number; column: number }, cwd: string): string {
  return `${displayPath(e.file, cwd)}:${e.line}:${e.column}`
}

function writeEvents(lines: string[], events: readonly HistoryEvent[], ctx: Context): void {
  const { out } = ctx
  const actionWidth = Math.max(...events.map((e) => e.action.length))
  const whereWidth = Math.max(...events.map((e) => location(e, ctx.cwd).length))
  const mergerWidth = Math.max(...events.map((e) => e.merger.length))
  for (const e of events) {
    const value = e.action === 'deleted' ? '' : formatShortValue(e.value)
    const columns = [
      paintAction(e.action, out)(e.action.padEnd(actionWidth)),
      location(e, ctx.cwd).padEnd(whereWidth),
      out.magenta(e.merger.padEnd(mergerWidth)),
      value,
    ]
    // A note follows the value column, aligned even when there is no value (a deletion).
    const line = e.note
      ? `  ${columns.join('  ')}${value ? '  ' : ''}${out.dim(`(${e.note})`)}`
      : `  ${columns.join('  ')}`.trimEnd()
    lines.push(line)
  }
}

function writeText(
  ctx: Context,
  entry: string,
  result: RenderResult,
  history: ValueHistory,
  paths: readonly ExplainedPath[],
  stack: string,
): void {
  const { out } = ctx
  const lines: string[] = []
  const how = result.dialect === 'cloud-init' ? `cloud-init, stack ${stack}` : result.dialect
  lines.push(
    `${out.bold(displayPath(entry, ctx.cwd))} (${how})`,
    '',
    history.detail === 'full' ? 'Parts, in merge order:' : 'Documents, in the order read:',
  )
  const width = String(history.parts.length).length
  const whereWidth = Math.max(0, ...history.parts.map((part) => location(part, ctx.cwd).length))
  history.parts.forEach((part, i) => {
    const link = part.chain.at(-1)
    const via = link ? out.dim(`  (included from ${displayPath(link.file, ctx.cwd)}:${link.line})`) : ''
    const status = part.status === 'merged' || part.status === 'layer' ? '' : out.yellow(`  [${part.status}]`)
    lines.push(
      `  ${String(i + 1).padStart(width)}. ${location(part, ctx.cwd).padEnd(whereWidth)}  ` +
        `${out.magenta(part.merger)}${status}${via}`,
    )
  })
  if (history.detail !== 'full') {
    const shown =
      history.detail === 'top-level'
        ? 'showing which layers define each top-level key'
        : 'this result is not a mapping, so only its parts are listed'
    lines.push(
      '',
      out.dim(
        `Per-value provenance is recorded for ${PER_VALUE_DIALECTS}; this is a ${result.dialect} entry: ${shown}.`,
      ),
    )
  }
  for (const item of paths) {
    lines.push('')
    const name = out.cyan(formatKeyPath(item.path))
    lines.push(
      item.present ? `${name} = ${formatShortValue(item.value, 80)}` : `${name} ${out.red('(not in the result)')}`,
    )
    if (item.inheritedFrom) lines.push(out.dim(`  (no history of its own; from ${formatKeyPath(item.inheritedFrom)})`))
    if (item.events.length > 0) writeEvents(lines, item.events, ctx)
  }
  ctx.stdout.write(`${lines.join('\n')}\n`)
}

export async function runExplain(args: readonly string[], ctx: Context): Promise<number> {
  const { values, positionals } = parseCommand('explain', args)
  if (values.help) {
    ctx.stdout.write(helpText('explain'))
    return EXIT_OK
  }
  const format = oneOf('explain', 'format', values.format, ['text', 'json', 'html'] as const, 'text')
  if (positionals.length === 0) throw new UsageError('explain needs an entry', 'explain')
  if (values.compare !== undefined && format !== 'html')
    throw new UsageError('--compare <mode> goes with --format html', 'explain')
  if (positionals.length > 2)
    throw new UsageError(
      `explain takes an entry and at most one key path, not ${positionals.length} arguments`,
      'explain',
    )
  const target = positionals[1] === undefined ? undefined : parseKeyPath(positionals[1])
  if (positionals[1] !== undefined && !target)
    throw new UsageError(`'${positionals[1]}' is not a key path (write a.b[0] or a["dotted.key"])`, 'explain')
  const config = await loadCommandConfig('explain', values, ctx.cwd)
  const options = toRenderOptions('explain', values, ctx.cwd, ctx.env, config)
  const entry = resolve(ctx.cwd, positionals[0]!)
  if (format === 'html') {
    if (target) throw new UsageError('--format html reports the whole entry: leave out the key path', 'explain')
    const compare = typeof values.compare === 'string' ? values.compare : undefined
    const { html, ok } = await createHtmlReport(entry, options, compare, ctx.cwd)
    ctx.stdout.write(html)
    return ok ? EXIT_OK : EXIT_DIAGNOSTICS
  }
  const outcome = await renderEntry(entry, { ...options, history: true }, 'explain')
  if (!outcome.ok) {
    writeDiagnostics(ctx.stderr, ctx.err, outcome.diagnostics, ctx.cwd)
    return EXIT_DIAGNOSTICS
  }
  const { result } = outcome
  writeDiagnostics(ctx.stderr, ctx.err, result.warnings, ctx.cwd)
  const history = result.history!
  const view =
    history.detail === 'none' && !target ? { paths: [], missing: false } : selectPaths(result.value, history, target)
  if (view.missing) {
    const { parent, keys } = nearestKeys(result.value, target!)
    const has =
      keys.length > 0
        ? `; ${parent.length > 0 ? formatKeyPath(parent) : 'the result'} has ` +
          `${keys.slice(0, 20).join(', ')}${keys.length > 20 ? ', …' : ''}`
        : ''
    ctx.stderr.write(
      `${ctx.err.red('no value')} at ${formatKeyPath(target!)} in ${displayPath(entry, ctx.cwd)}${has}\n`,
    )
    return EXIT_DIAGNOSTICS
  }
  if (format === 'json') {
    const paths = createRelativePaths(ctx.cwd)
    const report = {
      entry: paths.file(entry),
      dialect: result.dialect,
      detail: history.detail,
      parts: history.parts.map(paths.located),
      paths: view.paths.map((path) => ({ ...path, events: path.events.map(paths.located) })),
    }
    ctx.stdout.write(`${JSON.stringify(report, bytesAsBase64, 2)}\n`)
  } else {
    writeText(ctx, entry, result, history, view.paths, options.stack ?? 'scoped')
  }
  return EXIT_OK
}
