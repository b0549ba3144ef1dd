// What the CLI and the plugin derive from the dialect registry: the flags and import-query
// selectors that set a dialect's options, without the dialects' code.
import { DIALECTS } from './registry.ts'
import type { DialectName } from './registry.ts'
import type { DialectFlag } from './types.ts'

export interface DialectSurface {
  name: DialectName
  /** `merged-yaml` flags, each setting `options[name][flag.option]`. */
  flags: readonly DialectFlag[]
  /** Import-query parameters, each setting the option of the same name. */
  query: readonly string[]
}

export const DIALECT_SURFACES: readonly DialectSurface[] = DIALECTS.map(({ name, flags, query }) => ({
  name,
  flags,
  query,
}))

/** `options` with `options[dialect][option]` set to `value` (the other options of the dialect kept). */
export function withDialectOption<Options extends object>(
  options: Options,
  dialect: DialectName,
  option: string,
  value: unknown,
): Options {
  const own = (options as Record<string, unknown>)[dialect]
  return { ...options, [dialect]: { ...(typeof own === 'object' && own !== null ? own : {}), [option]: value } }
}
