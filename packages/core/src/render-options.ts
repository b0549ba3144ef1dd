// RenderOptions: the options every dialect shares and each dialect's own (derived from the
// registry), resolved to their defaults and checked before anything is read.
import { weakMemo } from './memo.ts'
import { resolve } from 'node:path'
import { DIALECT_NAMES, DIALECTS } from './dialects/registry.ts'
import type { DialectName, DialectOptions } from './dialects/registry.ts'
import type { CloudInitOptions } from './dialects/cloud-init/index.ts'
import { parseMergeString } from './dialects/cloud-init/directive.ts'
import { validateSpecs } from './dialects/cloud-init/validate-specs.ts'
import type { DirectiveProblem, ParsedDirective } from './dialects/cloud-init/directive.ts'
import { invalidOption } from './diagnostics.ts'
import { DEFAULT_DENY, DEFAULT_LIMITS, DEFAULT_MERGE_HOW } from './options.ts'
import type { CommonOptions, ResolvedOptions } from './options.ts'
import { createDenyMatcher } from './pipeline/gather/deny.ts'
import { schemaOptionProblem } from './pipeline/gather/schema.ts'
import { resolveAllow } from './workspace-root.ts'
import { assertKnownOptions } from './option-names.ts'

/** Options of `render()`, the bundler plugin and the CLI. */
export interface RenderOptions extends CommonOptions, DialectOptions {
  /** Force a dialect instead of recognising it from directive keys. */
  dialect?: DialectName
}

/**
 * cloud-init's options: `'cloud-init'`, over the top-level aliases `mergeHow` and `stack` (a `stack`
 * other than the default, which the CLI always passes). Undefined when none is given.
 */
function cloudInitOptions(options: RenderOptions): CloudInitOptions | undefined {
  const own = options['cloud-init']
  const aliases: CloudInitOptions = {}
  if (options.mergeHow !== undefined) aliases.mergeHow = options.mergeHow
  if (options.stack !== undefined && options.stack !== 'scoped') aliases.stack = options.stack
  if (own === undefined && Object.keys(aliases).length === 0) return undefined
  const given = typeof own === 'object' && own !== null ? own : {}
  return { stack: options.stack, ...aliases, ...given }
}

export function resolveOptions(options: RenderOptions = {}): ResolvedOptions {
  assertKnownOptions(options)
  const root = resolve(options.root ?? process.cwd())
  const dialectOptions: Record<string, unknown> = {}
  for (const { name } of DIALECTS) {
    const own = (options as Record<string, unknown>)[name]
    if (own !== undefined) dialectOptions[name] = own
  }
  const cloudInit = cloudInitOptions(options)
  if (cloudInit) dialectOptions['cloud-init'] = cloudInit
  return {
    stack: cloudInit?.stack ?? 'scoped',
    strict: options.strict ?? true,
    yamlVersion: options.yamlVersion,
    mergeHow: cloudInit?.mergeHow ?? DEFAULT_MERGE_HOW,
    root,
    // Without `root` and `allow`: the workspace root around the working directory (Vite's default `server.fs.allow`).
    allow: resolveAllow({ allow: options.allow, root, rootGiven: options.root !== undefined }).map((dir) =>
      resolve(root, dir),
    ),
    deny: options.deny ?? [...DEFAULT_DENY],
    vars: { ...options.vars },
    dialect: options.dialect,
    limits: { ...DEFAULT_LIMITS, ...options.limits },
    schema: options.schema,
    dialectOptions,
  }
}

// Every render of a build checks the same `mergeHow` (parseMergeString memoizes its parse).
const mergeHowProblems = weakMemo<ParsedDirective, DirectiveProblem | null>(
  'options: the first problem of the mergeHow option',
  'parsed directives are frozen',
)

const firstProblem = (parsed: ParsedDirective): DirectiveProblem | null =>
  [...parsed.problems, ...validateSpecs(parsed.specs)][0] ?? null

function mergeHowProblem(mergeHow: string): DirectiveProblem | undefined {
  return mergeHowProblems.get(parseMergeString(mergeHow), firstProblem) ?? undefined
}

/** Refuses options no render could use; the dialects check their own when they run. */
export function validateOptions(options: ResolvedOptions): void {
  const fail = (message: string): never => invalidOption(message)
  const quoted = (value: unknown): string => JSON.stringify(value)
  if (options.stack !== 'scoped' && options.stack !== 'per-part')
    fail(`option 'stack' must be 'scoped' or 'per-part', not ${quoted(options.stack)}`)
  if (options.yamlVersion !== undefined && options.yamlVersion !== '1.1' && options.yamlVersion !== '1.2')
    fail(`option 'yamlVersion' must be '1.1' or '1.2', not ${quoted(options.yamlVersion)}`)
  if (typeof options.strict !== 'boolean') fail(`option 'strict' must be a boolean`)
  if (options.dialect !== undefined && !(DIALECT_NAMES as readonly string[]).includes(options.dialect))
    fail(`option 'dialect' must be one of ${DIALECT_NAMES.join(', ')}, not ${quoted(options.dialect)}`)
  const cloudInit = options.dialectOptions['cloud-init']
  if (cloudInit !== undefined) {
    // Its keys were checked with every other option's (option-names.ts).
    if (typeof cloudInit !== 'object' || cloudInit === null) fail(`option 'cloud-init' must be an object`)
  }
  const problem = mergeHowProblem(options.mergeHow)
  if (problem) fail(`option 'mergeHow' (${quoted(options.mergeHow)}): ${problem.message}`)
  if (!Array.isArray(options.deny) || options.deny.some((pattern) => typeof pattern !== 'string'))
    fail(`option 'deny' must be a list of glob patterns, not ${quoted(options.deny)}`)
  try {
    createDenyMatcher(options.deny)
  } catch (error) {
    fail(`option 'deny': ${(error as Error).message}`)
  }
  for (const [name, value] of Object.entries(options.vars)) {
    if (typeof value !== 'string') fail(`option 'vars.${name}' must be a string`)
  }
  const schemaProblem = schemaOptionProblem(options.schema)
  if (schemaProblem) fail(schemaProblem)
  // NaN or a string would turn every comparison false and disable the limit.
  for (const [name, value] of Object.entries(options.limits)) {
    if (!Object.hasOwn(DEFAULT_LIMITS, name))
      fail(`unknown limit 'limits.${name}' (known: ${Object.keys(DEFAULT_LIMITS).join(', ')})`)
    if (typeof value !== 'number' || !(value >= 0))
      fail(`option 'limits.${name}' must be a number ≥ 0, not ${quoted(value)}`)
  }
}
