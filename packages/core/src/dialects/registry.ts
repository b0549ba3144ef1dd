// The dialects, in detection order, the default last. Everything dialect-specific outside a dialect's
// folder — the name union, the dialects' options in RenderOptions, the CLI flags and help, the
// plugin's import-query selectors, the error-code table — is derived from this list.
import { ENGINE_CODES } from '../codes.ts'
import type { ErrorCode } from '../codes.ts'
import { cloudInitDialect } from './cloud-init/index.ts'
import { datumDialect } from './datum/index.ts'
import { deckhandDialect } from './deckhand/index.ts'
import { heatDialect } from './heat/index.ts'
import type { Dialect, DialectGatherModule, DialectMerge } from './types.ts'
import { valuesDialect } from './values/index.ts'

export const DIALECTS = [datumDialect, heatDialect, deckhandDialect, cloudInitDialect, valuesDialect] as const

/** The dialect of an entry none of whose parts carries a marker and whose options name none. */
export const DEFAULT_DIALECT = valuesDialect

type RegisteredDialect = (typeof DIALECTS)[number]

export type DialectName = RegisteredDialect['name']

/** The one table of diagnostic codes: the engine's, then each registered dialect's, with their lines. */
export const ERROR_CODES: { readonly [Code in ErrorCode]: string } = Object.freeze(
  Object.assign({}, ENGINE_CODES, ...DIALECTS.map((dialect) => dialect.codes)),
)

type RegisteredTables = { [D in RegisteredDialect as D['name']]: D['codes'] }

// The registered tables, for the type checker below the dialects: `ErrorCode` (codes.ts) reads them
// here, so that the modules the dialects import never import the dialects back.
declare global {
  interface MergedYamlDialectCodes extends RegisteredTables {}
}

/** The dialects' names, the default first (as messages and the CLI's help list them). */
export const DIALECT_NAMES: readonly DialectName[] = [
  DEFAULT_DIALECT.name,
  ...DIALECTS.filter((dialect) => dialect !== DEFAULT_DIALECT).map((dialect) => dialect.name),
]

/** The YAML 1.1 readers of the dialects' references, each with the systems it reads for (by dialect name). */
export const YAML11_READERS: readonly { reader: string; systems: readonly string[] }[] = (() => {
  const readers = new Map<string, string[]>()
  // By code unit, not localeCompare: its first call loads ICU's collator, ~10 ms of every process that
  // loads the engine (the names are ASCII, in the same order either way).
  const byName = [...(DIALECTS as readonly Dialect[])].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
  for (const { yaml11Reader: read } of byName) {
    if (read) readers.set(read.reader, [...(readers.get(read.reader) ?? []), read.system])
  }
  return [...readers].map(([reader, systems]) => ({ reader, systems }))
})()

type OptionsOf<D> = D extends Dialect<string, infer Options> ? Options : never

/** Each dialect's options under its name: `{ datum?: DatumOptions, heat?: HeatOptions, … }`. */
export type DialectOptions = {
  [D in RegisteredDialect as [OptionsOf<D>] extends [never] ? never : D['name']]?: OptionsOf<D>
}

export function findDialect(name: string): Dialect | undefined {
  return (DIALECTS as readonly Dialect[]).find((dialect) => dialect.name === name)
}

/** The dialects' merges loaded so far (the default dialect's is given, never loaded). */
const loadedMerges = new Map<string, DialectMerge>()

/**
 * A dialect's merge, for the merge and validate stages: the default dialect's, or one loaded before
 * (`loadMerge`, which `render()` awaits; the public synchronous API provides every merge up front).
 */
export function mergeOf(dialect: Dialect): DialectMerge {
  if (typeof dialect.merge !== 'function') return dialect.merge
  const merge = loadedMerges.get(dialect.name)
  // A bug of a caller: the engine's entry points load or provide a merge before any render needs it.
  if (!merge) throw new Error(`the ${dialect.name} dialect's merge is not loaded`)
  return merge
}

/** Loads a dialect's merge, once: a chunk of its own, imported on the first entry of that dialect. */
export async function loadMerge(dialect: Dialect): Promise<void> {
  if (typeof dialect.merge === 'function' && !loadedMerges.has(dialect.name))
    loadedMerges.set(dialect.name, await dialect.merge())
}

/** Gives merges imported statically (the public API's synchronous renders cannot await one). */
export function provideMerges(merges: { readonly [Name in DialectName]?: DialectMerge }): void {
  for (const [name, merge] of Object.entries(merges)) if (merge) loadedMerges.set(name, merge)
}

/** The dialects' gather hooks loaded so far. */
const loadedGathers = new Map<string, DialectGatherModule>()

/**
 * The dialects whose gather hook reads with these options (each dialect's own, `options[name]`, as
 * given): the gather stage runs theirs only.
 */
export function gatheringDialects(options: { readonly [name: string]: unknown }): Dialect[] {
  return (DIALECTS as readonly Dialect[]).filter((dialect) => dialect.gather?.reads(options[dialect.name]) === true)
}

/** A dialect's gather hook, loaded before (`loadGathers`, or given by `provideGathers`). */
export function gatherOf(dialect: Dialect): DialectGatherModule {
  const gather = loadedGathers.get(dialect.name)
  // A bug of a caller: the engine's entry points load the hooks an entry's options need before gathering it.
  if (!gather) throw new Error(`the ${dialect.name} dialect's gather hook is not loaded`)
  return gather
}

/**
 * Loads, once, the gather hooks these options ask to read (render()'s options, as given): each a chunk
 * of its own, imported on the first entry whose options need it.
 */
export async function loadGathers(options: unknown): Promise<void> {
  // Options that are no object are refused by the render, with its message.
  if (typeof options !== 'object' || options === null) return
  for (const dialect of gatheringDialects(options as { readonly [name: string]: unknown }))
    if (!loadedGathers.has(dialect.name)) loadedGathers.set(dialect.name, await dialect.gather!.load())
}

/** Gives gather hooks imported statically (the public API's synchronous renders cannot await one). */
export function provideGathers(gathers: { readonly [Name in DialectName]?: DialectGatherModule }): void {
  for (const [name, gather] of Object.entries(gathers)) if (gather) loadedGathers.set(name, gather)
}
