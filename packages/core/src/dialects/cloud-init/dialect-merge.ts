// cloud-init's merge, loaded with the first cloud-init entry (its registry entry, index.ts, imports it).
import { documentParts } from '../../parts.ts'
import type { ParsedPart } from '../../parts.ts'
import type { DialectMerge, ValueBound } from '../types.ts'
import type { CloudInitOptions } from './index.ts'
import { mergeCloudInit } from './merge.ts'

/**
 * What cloud-init's merge of these parts is known to be without walking it, when every part is a
 * tree. Its mergers move, concatenate and drop what the documents hold, never repeat it (a document
 * included twice counts twice here) and make no number: the one expansion is list(append) given a
 * string, one item per character (3× the string's size at most). So the merge is at most 3× the
 * documents' summed sizes, no deeper than the deepest (each within the depth limit as it was read),
 * without cycles, and plain JSON when they all are. A JSON patch can copy subtrees: with one,
 * nothing is known.
 */
function mergedTreeBound(parts: readonly ParsedPart[]): ValueBound | undefined {
  let sum = 0
  let plainJson = true
  for (const part of documentParts(parts)) {
    if (part.kind === 'jsonp') return undefined
    if (part.kind === 'invalid' || part.empty) continue
    if (part.tree === undefined) return undefined
    sum += part.tree.size
    plainJson &&= part.tree.plainJson
  }
  return { maxSize: 3 * sum, plainJson }
}

export const cloudInitMerge: DialectMerge<CloudInitOptions, undefined> = {
  render(parts, { options, report, provenance }) {
    const value = mergeCloudInit(parts, { stack: options.stack, mergeHow: options.mergeHow }, report, provenance)
    const bound = mergedTreeBound(parts)
    return bound === undefined ? { value } : { value, bound }
  },
}
