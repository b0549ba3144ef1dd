// Command-line parsing with node:util parseArgs: the engine options every command shares, each
// command's own flags, and the mapping to render() options. Mistakes become UsageErrors (exit 2).
import { resolve } from 'node:path'
import { parseArgs } from 'node:util'
import type { ParseArgsConfig } from 'node:util'
import type { DialectName, RenderOptions, StackMode, YamlVersion } from '@merged-yaml/core'

export class UsageError extends Error {
  constructor(
    message: string,
    /** The command whose `--help` to point at. */
    readonly command?: string,
  ) {
    super(message)
    this.name = 'UsageError'
  }
}

type Options = NonNullable<ParseArgsConfig['options']>

/** Flags shared by render, check and explain: the options of render(). */
export const ENGINE_OPTIONS = {
  stack: { type: 'string' },
  strict: { type: 'boolean' },
  'no-strict': { type: 'boolean' },
  'yaml-version': { type: 'string' },
  'merge-how': { type: 'string' },
  root: { type: 'string' },
  allow: { type: 'string', multiple: true },
  deny: { type: 'string', multiple: true },
  var: { type: 'string', multiple: true },
  mode: { type: 'string' },
  dialect: { type: 'string' },
  lookup: { type: 'string' },
  node: { type: 'string' },
  document: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const satisfies Options

const STACKS: readonly StackMode[] = ['scoped', 'per-part']
const YAML_VERSIONS: readonly YamlVersion[] = ['1.2', '1.1']
const DIALECTS: readonly DialectName[] = ['cloud-init', 'datum', 'heat', 'deckhand']

export type FlagValues = Record<string, string | boolean | string[] | undefined>

export interface ParsedCommand {
  values: FlagValues
  positionals: string[]
}

/** Parses one command's arguments; unknown flags and missing values are usage errors. */
export function parseCommand(command: string, args: readonly string[], own: Options): ParsedCommand {
  try {
    const { values, positionals } = parseArgs({
      args: [...args],
      options: { ...ENGINE_OPTIONS, ...own },
      allowPositionals: true,
      strict: true,
    })
    return { values: values as FlagValues, positionals }
  } catch (error) {
    const message =
      error instanceof Error ? error.message.replace(/\. To specify a positional argument.*$/s, '') : String(error)
    throw new UsageError(message, command)
  }
}

/** A flag that takes one of a fixed set of values. */
export function oneOf<T extends string>(
  command: string,
  flag: string,
  value: unknown,
  allowed: readonly T[],
  fallback: T,
): T {
  if (value === undefined) return fallback
  if (typeof value === 'string' && (allowed as readonly string[]).includes(value)) return value as T
  const quoted = allowed.map((a) => `'${a}'`)
  const choices = quoted.length === 2 ? quoted.join(' or ') : `one of ${quoted.join(', ')}`
  throw new UsageError(`--${flag} must be ${choices}, not '${String(value)}'`, command)
}

/** A flag that takes a whole number ≥ 0. */
export function count(command: string, flag: string, value: unknown): number | undefined {
  if (value === undefined) return undefined
  if (typeof value === 'string' && /^\d+$/.test(value)) return Number(value)
  throw new UsageError(`--${flag} must be a whole number, not '${String(value)}'`, command)
}

/** The render() options the engine flags ask for. Relative paths are relative to `cwd`. */
export function toRenderOptions(command: string, values: FlagValues, cwd: string): RenderOptions {
  if (values.strict && values['no-strict'])
    throw new UsageError('--strict and --no-strict contradict each other', command)
  const options: RenderOptions = {
    root: resolve(cwd, typeof values.root === 'string' ? values.root : '.'),
    stack: oneOf(command, 'stack', values.stack, STACKS, 'scoped'),
    strict: !values['no-strict'],
    yamlVersion: oneOf(command, 'yaml-version', values['yaml-version'], YAML_VERSIONS, '1.2'),
  }
  if (typeof values['merge-how'] === 'string') options.mergeHow = values['merge-how']
  if (values.dialect !== undefined) options.dialect = oneOf(command, 'dialect', values.dialect, DIALECTS, 'cloud-init')
  if (Array.isArray(values.allow)) options.allow = values.allow.map((dir) => resolve(cwd, dir))
  if (Array.isArray(values.deny)) options.deny = values.deny
  const vars: Record<string, string> = {}
  for (const pair of Array.isArray(values.var) ? values.var : []) {
    const at = pair.indexOf('=')
    if (at < 1) throw new UsageError(`--var takes name=value, not '${pair}'`, command)
    vars[pair.slice(0, at)] = pair.slice(at + 1)
  }
  if (typeof values.mode === 'string') vars.mode = values.mode
  if (Object.keys(vars).length > 0) options.vars = vars
  // The dialects' single-value imports, as the plugin's `?lookup=` and `?document=` queries.
  if (typeof values.lookup === 'string') options.datum = { lookup: values.lookup }
  // Datum: a store's Datum.yml rendered for one node (its RSOP).
  if (typeof values.node === 'string') options.datum = { ...options.datum, node: values.node }
  if (typeof values.document === 'string') options.deckhand = { document: values.document }
  return options
}
