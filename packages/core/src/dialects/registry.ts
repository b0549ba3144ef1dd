// The dialects, in detection order, the default last. Everything dialect-specific outside a dialect's
// folder — the name union, the dialects' options in RenderOptions, the CLI flags and help, the
// plugin's import-query selectors, the error-code table — is derived from this list.
import { cloudInitDialect } from './cloud-init/index.ts'
import { datumDialect } from './datum/index.ts'
import { deckhandDialect } from './deckhand/index.ts'
import { heatDialect } from './heat/index.ts'
import type { Dialect } from './types.ts'
import { valuesDialect } from './values/index.ts'

export const DIALECTS = [datumDialect, heatDialect, deckhandDialect, cloudInitDialect, valuesDialect] as const

/** The dialect of an entry none of whose parts carries a marker and whose options name none. */
export const DEFAULT_DIALECT = valuesDialect

type RegisteredDialect = (typeof DIALECTS)[number]

export type DialectName = RegisteredDialect['name']

/** The dialects' names, the default first (as messages and the CLI's help list them). */
export const DIALECT_NAMES: readonly DialectName[] = [
  DEFAULT_DIALECT.name,
  ...DIALECTS.filter((dialect) => dialect !== DEFAULT_DIALECT).map((dialect) => dialect.name),
]

type OptionsOf<D> = D extends Dialect<string, infer Options> ? Options : never

/** Each dialect's options under its name: `{ datum?: DatumOptions, heat?: HeatOptions, … }`. */
export type DialectOptions = {
  [D in RegisteredDialect as [OptionsOf<D>] extends [never] ? never : D['name']]?: OptionsOf<D>
}

export function findDialect(name: string): Dialect | undefined {
  return (DIALECTS as readonly Dialect[]).find((dialect) => dialect.name === name)
}
