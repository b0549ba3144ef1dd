// The only module the engine asks for YAML. Three readers, tried in this order; each gives up on
// what it cannot read to exactly the value the last one gives (test/perf/parse-equivalence checks):
//
// | reader                | takes                                                                     |
// | --------------------- | ------------------------------------------------------------------------- |
// | block/ (our own)      | one document of block mappings and lists of one-line plain, quoted and    |
// |                       | literal scalars; `[]` and `{}`; no anchors, tags, tabs, CR or odd keys    |
// | fast/ (js-yaml)       | what else js-yaml reads the same: flow collections, folded and multi-line |
// |                       | scalars, several documents — with scalars.ts resolving plain scalars      |
// | precise.ts (`yaml`)   | the rest: anchors and aliases, tags (`!!binary`), `<<` merge keys,        |
// |                       | duplicate, null or collection keys, directives, anything with a warning   |
// |                       | or an error, and the texts js-yaml reads otherwise (fast/rules.ts)        |
//
// Positions (`locate`, for diagnostics and provenance) come from block/positions.ts for what the block
// reader read, else from precise.ts, parsed on first use. Each parse keeps its state in its own call
// (the block reader's instance, the fast path's locals); only the loaded libraries outlive it.
// A reader that types YAML's scalars its own way (Datum's, as PowerShell does) asks node-tree.ts here.
import { parseBlockYaml } from './block/read.ts'
import { parseYamlStreamFast } from './fast/read.ts'
import { parseYamlStreamPrecise } from './precise.ts'
import type { ParseYamlOptions, YamlDocument } from './types.ts'

export type { ParseYamlOptions, PathSegment, TreeFacts, YamlDocument, YamlProblem, YamlVersion } from './types.ts'
export { parseYamlStreamPrecise } from './precise.ts'
export { readYamlNodes } from './node-tree.ts'
export { findMergeTagNearMisses } from './merge-tags.ts'
export type { YamlNode, YamlNodeTree, YamlNodeTreeOptions, YamlScalarNode } from './node-tree.ts'
export type { VersionDifference, VersionDifferenceKind, Yaml11Reading } from './version-differences.ts'

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
