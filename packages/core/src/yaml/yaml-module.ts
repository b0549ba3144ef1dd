// `yaml`, loaded on first use. The fast path reads most files without it, and loading it costs
// ~80 ms of every build's start (a third of the engine's load time); only the precise path, located
// diagnostics and provenance need it. The engine runs on Node, where `yaml` resolves as CommonJS.
import { createRequire } from 'node:module'
import type * as Yaml from 'yaml'

let loaded: typeof Yaml | undefined

export function yamlModule(): typeof Yaml {
  loaded ??= createRequire(import.meta.url)('yaml') as typeof Yaml
  return loaded
}
