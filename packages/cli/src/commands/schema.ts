// `merged-yaml schema <entries…> [--mode m]…`: a draft 2020-12 JSON Schema inferred from the merged
// value, or from the values of several modes and entries (a key only some of them set is optional):
// a starting point for the entries' own schema.
import type { ValueHistory } from '@merged-yaml/core'
import { expandEntries } from './check.ts'
import { oneOf, parseCommand, toRenderOptions, UsageError } from '../args.ts'
import { EXIT_DIAGNOSTICS, EXIT_OK } from '../context.ts'
import type { Context } from '../context.ts'
import { renderEntry, writeDiagnostics } from '../entry.ts'
import { displayPath, serializeValue } from '../format.ts'
import { helpText } from '../help.ts'
import { inferSchema, schemaPath } from '../infer-schema.ts'
import { loadCommandConfig } from '../project.ts'

export async function runSchema(args: readonly string[], ctx: Context): Promise<number> {
  const { values, positionals } = parseCommand('schema', args)
  if (values.help) {
    ctx.stdout.write(helpText('schema'))
    return EXIT_OK
  }
  const format = oneOf('schema', 'format', values.format, ['json', 'yaml'] as const, 'json')
  if (positionals.length === 0) throw new UsageError('schema needs an entry', 'schema')
  const config = await loadCommandConfig('schema', values, ctx.cwd)
  const options = toRenderOptions('schema', { ...values, mode: undefined }, ctx.cwd, ctx.env, config)
  const modes = Array.isArray(values.mode) ? values.mode : [undefined]
  const merged: unknown[] = []
  const layers = { always: new Set<string>(), optional: new Set<string>() }
  const shape = { optionalOnly: new Set<string>(), open: new Set<string>() }
  for (const file of expandEntries(positionals, ctx.cwd, 'schema'))
    for (const mode of modes) {
      const vars = mode === undefined ? options.vars : { ...options.vars, mode }
      // The schema to write is not the one in force: the value is inferred as it is.
      const request = { ...options, ...(vars ? { vars } : {}), schema: false as const, history: true }
      const outcome = await renderEntry(file, request, 'schema')
      if (!outcome.ok) {
        writeDiagnostics(ctx.stderr, ctx.err, outcome.diagnostics, ctx.cwd)
        return EXIT_DIAGNOSTICS
      }
      const { result } = outcome
      writeDiagnostics(ctx.stderr, ctx.err, result.warnings, ctx.cwd)
      const optional = new Set(result.optional)
      for (const path of result.files) layers[optional.has(path) ? 'optional' : 'always'].add(path)
      const only = readOptionalOnly(result.history, optional, shape.open)
      for (const path of only) shape.optionalOnly.add(path)
      // The value without what only optional layers give, beside the value: those keys are not required.
      merged.push(withoutPaths(result.value, only), result.value)
    }
  const isOpen = (path: string) =>
    shape.open.has(path) || [...shape.optionalOnly].some((only) => path === only || path.startsWith(only))
  const comment = describeLayers(layers, ctx.cwd)
  ctx.stdout.write(serializeValue(inferSchema(merged, isOpen, comment), format, '1.2'))
  return EXIT_OK
}

/**
 * The key paths only optional layers (`?file`, glob matches) set, and (in `open`) the objects such a
 * layer adds to: a checkout without that layer has neither.
 */
function readOptionalOnly(history: ValueHistory | undefined, optional: ReadonlySet<string>, open: Set<string>) {
  const only = new Set<string>()
  for (const { path, events } of history?.paths ?? []) {
    const fromOptional = events.filter((event) => optional.has(event.file))
    if (fromOptional.length === 0) continue
    open.add(schemaPath(path.slice(0, -1)))
    if (events.every((event) => optional.has(event.file) || event.action === 'deleted')) only.add(schemaPath(path))
  }
  return only
}

/** `value` without the key paths in `paths` (a copy; lists are kept whole). */
function withoutPaths(value: unknown, paths: ReadonlySet<string>, at = ''): unknown {
  if (paths.size === 0 || typeof value !== 'object' || value === null || Array.isArray(value)) return value
  const kept: Record<string, unknown> = {}
  for (const [key, child] of Object.entries(value)) {
    const path = `${at}.${key}`
    if (!paths.has(path))
      Object.defineProperty(kept, key, { value: withoutPaths(child, paths, path), enumerable: true, writable: true })
  }
  return kept
}

/** The `$comment`: the layers every render had, and the optional ones (relative to the working directory). */
function describeLayers(layers: { always: Set<string>; optional: Set<string> }, cwd: string): string {
  const list = (files: Set<string>) => [...files].map((file) => displayPath(file, cwd)).join(', ')
  const optional = [...layers.optional].filter((file) => !layers.always.has(file))
  const always = `inferred by merged-yaml schema from ${list(layers.always)}`
  return optional.length === 0
    ? always
    : `${always}; optional layers (keys only they set are optional, objects they add to stay open): ` +
        list(new Set(optional))
}
