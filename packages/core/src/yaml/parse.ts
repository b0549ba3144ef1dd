// The only module the engine asks for YAML: plain values fast (block.ts for block collections of
// one-line scalars, else js-yaml in fast.ts), with positions for diagnostics from the precise path
// (precise.ts, `yaml`), which also decides every document the fast paths are unsure about and
// produces the located errors and warnings.
import { parseBlockYaml } from './block.ts'
import { parseYamlStreamFast } from './fast.ts'
import { parseYamlStreamPrecise } from './precise.ts'
import type { ParseYamlOptions, YamlDocument } from './types.ts'

export type { ParseYamlOptions, PathSegment, TreeFacts, YamlDocument, YamlProblem, YamlVersion } from './types.ts'
export { parseYamlStreamPrecise } from './precise.ts'

/**
 * Parses a YAML stream into its documents. Never throws for bad input: a document that cannot be
 * used carries `error`. Values are those of the precise path; `locate` parses it on first use.
 */
export function parseYamlStream(text: string, options: ParseYamlOptions): YamlDocument[] {
  const locateWith = (source: string) => parseYamlStreamPrecise(source, options)
  return (
    parseBlockYaml(text, options, locateWith) ??
    parseYamlStreamFast(text, options, locateWith) ??
    parseYamlStreamPrecise(text, options)
  )
}
