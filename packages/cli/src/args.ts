// Command-line parsing with node:util parseArgs: the engine options every command shares, each
// command's own flags, and the mapping to render() options over the config file's. Mistakes become
// UsageErrors (exit 2). It is kept whole: the flags and their mapping to options read as one table.
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { parseArgs } from 'node:util'
import type { ParseArgsConfig } from 'node:util'
import { parseDocument } from 'yaml'
import type { RenderOptions, StackMode, YamlVersion } from '@merged-yaml/core'
import {
  DIALECT_NAMES,
  DIALECT_SURFACES,
  resolveAllow,
  suggestName,
  withDialectOption,
} from '@merged-yaml/core/internal'
import type { DialectFlag } from '@merged-yaml/core/internal'
import { DEFAULT_MODES } from 'unplugin-merged-yaml/codegen'
import type { Options as PluginOptions, ResolvedPluginOptions } from 'unplugin-merged-yaml/config'

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
  // Repeated for the commands that render several modes (check, types, schema).
  mode: { type: 'string', multiple: true },
  schema: { type: 'string' },
  'no-validate': { type: 'boolean' },
  dialect: { type: 'string' },
  config: { type: 'string' },
  'no-config': { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const satisfies Options

/** Each dialect's flags (`--lookup`, `--document`, …), from the dialect registry. */
const DIALECT_FLAGS = DIALECT_SURFACES.flatMap(({ name, flags }) => flags.map((flag) => ({ dialect: name, ...flag })))

function flagOption(kind: DialectFlag['kind']): Options[string] {
  if (kind === 'switch') return { type: 'boolean' }
  return kind === 'list' || kind === 'pairs' ? { type: 'string', multiple: true } : { type: 'string' }
}

const ALL_OPTIONS: Options = {
  ...ENGINE_OPTIONS,
  ...Object.fromEntries(DIALECT_FLAGS.map(({ flag, kind }) => [flag, flagOption(kind)])),
}

/** Each command's own flags, besides the engine's. */
const COMMAND_FLAGS = {
  render: { format: { type: 'string' } },
  check: { format: { type: 'string' }, 'max-warnings': { type: 'string' } },
  explain: { format: { type: 'string' }, compare: { type: 'string' } },
  types: { 'as-const': { type: 'boolean' } },
  schema: { format: { type: 'string' } },
  sync: { 'list-inputs': { type: 'boolean' } },
} as const satisfies Record<string, Options>

type CommandWithFlags = keyof typeof COMMAND_FLAGS

const STACKS: readonly StackMode[] = ['scoped', 'per-part']
const YAML_VERSIONS: readonly YamlVersion[] = ['1.2', '1.1']

export type FlagValues = Record<string, string | boolean | string[] | undefined>

export interface ParsedCommand {
  values: FlagValues
  positionals: string[]
}

/**
 * Parses one command's arguments; unknown flags (with the one meant, or the command that takes it)
 * and missing values are usage errors.
 */
export function parseCommand(command: CommandWithFlags, args: readonly string[]): ParsedCommand {
  const options: Options = { ...ALL_OPTIONS, ...COMMAND_FLAGS[command] }
  try {
    const { values, positionals } = parseArgs({ args: [...args], options, allowPositionals: true, strict: true })
    return { values: values as FlagValues, positionals }
  } catch (error) {
    if (!(error instanceof Error)) throw error
    const unknown = /^Unknown option '(-{1,2})([^']+)'/.exec(error.message)
    if (unknown) {
      const name = unknown[2]!
      const meant = suggestName(name, Object.keys(options))
      const takers = Object.entries(COMMAND_FLAGS).filter(([, flags]) => Object.hasOwn(flags, name))
      const hint = meant
        ? `; did you mean '--${meant}'?`
        : takers.length > 0
          ? ` for ${command}: it is an option of ${takers.map(([taker]) => taker).join(', ')}`
          : ''
      throw new UsageError(`unknown option '${unknown[1]}${name}'${hint}`, command)
    }
    throw new UsageError(error.message.replace(/\. To specify a positional argument.*$/s, ''), command)
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

/**
 * The modes a command that covers several renders an entry in, as the plugin's declarations cover its
 * `modes` option: each `--mode`; else the one `--var mode=…` fixes; else the config file's `modes`, by
 * default development and production (the plugin's default `modes`). Each is set as `vars.mode`.
 */
export function modesOf(values: FlagValues, config?: ProjectOptions): string[] {
  if (Array.isArray(values.mode) && values.mode.length > 0) return [...new Set(values.mode)]
  const fixed = (Array.isArray(values.var) ? values.var : []).findLast((pair) => pair.startsWith('mode='))
  if (fixed !== undefined) return [fixed.slice('mode='.length)]
  return [...new Set(config?.modes ?? DEFAULT_MODES)]
}

/** The config file's options, split as the plugin splits them, and the file's folder (the default root). */
export interface ProjectOptions extends ResolvedPluginOptions {
  file: string
  folder: string
  /** The file's options as written (`merged-yaml sync` hands them to the plugin). */
  options: PluginOptions
}

/**
 * The render() options the engine flags ask for, over the config file's (`config`): a flag given wins,
 * key by key, as the bundler config's options win in the plugin. Relative paths of flags are relative
 * to `cwd`; the config file's, to its `root` (by default the file's folder), as in the plugin. As in the
 * plugin: includes may read inside the workspace root unless a root or `allow` is given, and
 * `${mode}` is `--mode` (once: a command that renders one value), else `--var mode=…`, else the
 * config file's `vars.mode`, else `NODE_ENV`, else `development`.
 */
export function toRenderOptions(
  command: string,
  values: FlagValues,
  cwd: string,
  env: Readonly<Record<string, string | undefined>> = process.env,
  config?: ProjectOptions,
): RenderOptions {
  if (values.strict && values['no-strict'])
    throw new UsageError('--strict and --no-strict contradict each other', command)
  const file = config?.engine ?? {}
  const root =
    typeof values.root === 'string' ? resolve(cwd, values.root) : (config?.root ?? config?.folder ?? resolve(cwd))
  const options: RenderOptions = {
    ...file,
    root,
    stack:
      values.stack === undefined && file.stack ? file.stack : oneOf(command, 'stack', values.stack, STACKS, 'scoped'),
    strict: values['no-strict'] ? false : values.strict ? true : (file.strict ?? true),
  }
  // Unset, each dialect reads its reference's version (docs/yaml-versions.md).
  if (values['yaml-version'] !== undefined)
    options.yamlVersion = oneOf(command, 'yaml-version', values['yaml-version'], YAML_VERSIONS, '1.2')
  if (typeof values['merge-how'] === 'string') options.mergeHow = values['merge-how']
  if (values.dialect !== undefined)
    options.dialect = oneOf(command, 'dialect', values.dialect, DIALECT_NAMES, DIALECT_NAMES[0]!)
  const allow = Array.isArray(values.allow)
    ? values.allow.map((dir) => resolve(cwd, dir))
    : file.allow?.map((dir) => resolve(root, dir))
  const rootGiven = values.root !== undefined || config?.root !== undefined
  options.allow = resolveAllow({ allow, root, rootGiven })
  if (Array.isArray(values.deny)) options.deny = values.deny
  const vars: Record<string, string> = { ...config?.vars }
  for (const pair of Array.isArray(values.var) ? values.var : []) {
    const at = pair.indexOf('=')
    if (at < 1) throw new UsageError(`--var takes name=value, not '${pair}'`, command)
    vars[pair.slice(0, at)] = pair.slice(at + 1)
  }
  const modes = Array.isArray(values.mode) ? values.mode : []
  if (modes.length > 1)
    throw new UsageError(
      `${command} renders one mode: give --mode once (check, types and schema take several)`,
      command,
    )
  if (modes.length === 1) vars.mode = modes[0]!
  if (typeof values.schema === 'string' && values['no-validate'])
    throw new UsageError('--schema and --no-validate contradict each other', command)
  // The schema option is relative to `root`; a flag is relative to the working directory.
  if (typeof values.schema === 'string') options.schema = resolve(cwd, values.schema)
  if (values['no-validate']) options.schema = false
  vars.mode ??= env.NODE_ENV || 'development'
  options.vars = vars
  // The dialects' own flags (as the plugin's import queries: `?lookup=`, `?document=`).
  let withFlags = options
  for (const flag of DIALECT_FLAGS) {
    const given = values[flag.flag]
    if (given === undefined || given === false) continue
    withFlags = withDialectOption(withFlags, flag.dialect, flag.option, dialectFlagValue(command, flag, given, cwd))
  }
  return withFlags
}

/** The option value a dialect's flag gives. */
function dialectFlagValue(
  command: string,
  flag: DialectFlag,
  given: string | boolean | string[],
  cwd: string,
): unknown {
  const path = (value: string): string => (flag.path ? resolve(cwd, value) : value)
  const texts = (Array.isArray(given) ? given : [String(given)]).map(path)
  switch (flag.kind) {
    case 'switch':
      return flag.switchValue
    case 'list':
      return texts
    case 'pairs':
      return Object.fromEntries(
        texts.map((pair) => {
          const at = pair.indexOf('=')
          if (at < 1) throw new UsageError(`--${flag.flag} takes name=value, not '${pair}'`, command)
          return [pair.slice(0, at), pair.slice(at + 1)]
        }),
      )
    case 'yaml-file':
      return readYamlFile(command, flag.flag, texts[0]!)
    default:
      return texts[0]
  }
}

function readYamlFile(command: string, flag: string, file: string): unknown {
  let text: string
  try {
    text = readFileSync(file, 'utf8')
  } catch (error) {
    throw new UsageError(`--${flag}: cannot read '${file}' (${(error as NodeJS.ErrnoException).code})`, command)
  }
  const doc = parseDocument(text)
  if (doc.errors.length > 0)
    throw new UsageError(`--${flag}: '${file}' is not valid YAML: ${doc.errors[0]!.message}`, command)
  return doc.toJS()
}
