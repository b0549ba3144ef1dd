// The parse stage's hand-off to a dialect: the entry's documents in reading order, inside the scopes
// gathering found (an `#include` list, an archive, a multipart message each open one).
import type { Problem } from './reporter.ts'
import type { SourceDocument } from './source-document.ts'
import type { TreeFacts } from './yaml/types.ts'

export type ParsedPart =
  /** A YAML document; `tree`: what reading it found, when it is a tree (see YamlDocument.tree). */
  | { kind: 'yaml'; doc: SourceDocument; headerless: boolean; empty: boolean; tree: TreeFacts | undefined }
  /** A `#cloud-config-jsonp` part: a JSON patch. */
  | { kind: 'jsonp'; doc: SourceDocument }
  /** A document that could not be parsed (invalid YAML, alias limit, nesting depth). */
  | { kind: 'invalid'; problem: Problem; headerless: boolean }
  /** `userData`: the scope stands for a part only cloud-init runs (a script), skipped (GatheredScope.userData). */
  | { kind: 'scope'; parts: ParsedPart[]; userData?: string }

export type DocumentPart = Exclude<ParsedPart, { kind: 'scope' }>

/** The parts in reading order, scopes flattened. */
export function* documentParts(parts: readonly ParsedPart[]): Generator<DocumentPart> {
  for (const part of parts) {
    if (part.kind === 'scope') yield* documentParts(part.parts)
    else yield part
  }
}
