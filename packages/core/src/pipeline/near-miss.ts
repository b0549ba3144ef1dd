// Near misses of directive keys: a top-level key that is almost one dialect's directive (`merge_hwo`,
// `Merge_How`, `merge-how`, `lookup_option`, `parameter_merge_strategy`, `layeringDefintion`) is data
// to every reference system, which then merges the entry some other way without a word. Strict mode
// refuses it with the did-you-mean; lenient mode reads it as data and warns.
import { DIALECTS } from '../dialects/registry.ts'
import type { Dialect } from '../dialects/types.ts'
import { documentParts } from '../parts.ts'
import type { ParsedPart } from '../parts.ts'
import type { Reporter } from '../reporter.ts'
import { editDistance } from '../suggest.ts'
import { isMapping } from '../values.ts'

const DIRECTIVES: readonly (readonly [string, Dialect])[] = (DIALECTS as readonly Dialect[]).flatMap((dialect) =>
  (dialect.directiveKeys ?? []).map((key) => [key, dialect] as const),
)
const EXACT = new Set(DIRECTIVES.map(([key]) => key))
const LENGTHS = DIRECTIVES.map(([key]) => key.length)

/** A key without case and separators: `Merge-How` and `merge_how` are the same. */
const bare = (key: string): string => key.toLowerCase().replace(/[-_\s]/g, '')

/** The directive `key` nearly is, with its dialect; undefined for a directive or anything farther off. */
function nearMissOf(key: string): readonly [string, Dialect] | undefined {
  if (EXACT.has(key) || !LENGTHS.some((length) => Math.abs(length - key.length) <= 3)) return undefined
  // A key a dialect reads as its directive in another spelling (Datum's keys ignore case) is one.
  if ((DIALECTS as readonly Dialect[]).some((dialect) => dialect.detect({ [key]: null }, {}) !== undefined))
    return undefined
  const lower = key.toLowerCase()
  for (const entry of DIRECTIVES) {
    const [directive] = entry
    if (bare(directive) === bare(key)) return entry
    if (editDistance(lower, directive.toLowerCase()) <= Math.max(1, Math.floor(directive.length / 8))) return entry
  }
  return undefined
}

/** Reports every top-level key of the entry's documents that is a near miss of a directive. */
export function reportNearMisses(parts: readonly ParsedPart[], report: Reporter): void {
  const seen = new Map<string, readonly [string, Dialect] | undefined>()
  for (const part of documentParts(parts)) {
    if (part.kind !== 'yaml' || !isMapping(part.doc.value)) continue
    for (const key of Object.keys(part.doc.value)) {
      if (!seen.has(key)) seen.set(key, nearMissOf(key))
      const miss = seen.get(key)
      if (!miss) continue
      const [directive, dialect] = miss
      const problem = {
        code: 'MY_DIRECTIVE_NEAR_MISS',
        message:
          `'${key}' is not a directive, and would be merged as data: did you mean '${directive}' ` +
          `(${dialect.name})?`,
        doc: part.doc,
        path: [key],
        target: 'key',
        suggestion: directive,
      } as const
      report.collect(() => report.lenient(problem))
    }
  }
}
