// The declaration-map writer (codegen/declaration-map.ts), loaded on first use (#42): only a declaration
// with provenance has a map, so a build whose declarations carry none (a one-off build, by default)
// never loads it. The declaration writer loads it before such a declaration is declared
// (DeclarationWriter.prepare), and writes synchronously afterwards.
import type * as DeclarationMap from '../codegen/declaration-map.ts'
import type { Mapping } from '../codegen/declaration-text.ts'

type MapWriter = typeof DeclarationMap

let loaded: MapWriter | undefined
let loading: Promise<void> | undefined

/** Loads the map writer, once per process; undefined once it is loaded (nothing to wait for). */
export function loadMapWriter(): Promise<void> | undefined {
  if (loaded) return undefined
  return (loading ??= import('../codegen/declaration-map.ts').then((module) => {
    loaded = module
  }))
}

/**
 * The declaration `text` of `file` (absolute) and, when it has mappings, its map (`<file>.map`, which the
 * text's last line then names).
 */
export function withMap(file: string, text: string, mappings: readonly Mapping[]): { text: string; map?: string } {
  if (mappings.length === 0) return { text }
  // A bug of the plugin's: a declaration with provenance is declared after `loadMapWriter()`.
  if (!loaded) throw new Error('merged-yaml: the declaration-map writer is not loaded')
  return { text: text + loaded.sourceMappingComment(`${file}.map`), map: loaded.generateDeclarationMap(file, mappings) }
}
