// Near misses of directive keys: a top-level key that is almost one dialect's directive (`merge_hwo`,
// `Merge_How`, `merge-how`, `lookup_option`, `parameter_merge_strategy`, `layeringDefintion`) is data
// to every reference system, which then merges the entry some other way without a word. Strict mode
// refuses it with the did-you-mean; lenient mode reads it as data and warns.
import { DIALECTS } from '../dialects/registry.ts'
import type { Dialect } from '../dialects/types.ts'
import { documentParts } from '../parts.ts'
import type { ParsedPart } from '../parts.ts'
import { boundedMemo } from '../memo.ts'
import type { Reporter } from '../reporter.ts'
import { editDistance } from '../suggest.ts'
import { isMapping } from '../values.ts'

/** A key without case and separators: `Merge-How` and `merge_how` are the same. */
const bare = (key: string): string => key.toLowerCase().replace(/[-_\s]/g, '')

interface Directive {
  key: string
  lower: string
  dialect: Dialect
  /** Edits that still make a near miss: one per 8 characters, at least one. */
  edits: number
}

const DIRECTIVES: readonly Directive[] = (DIALECTS as readonly Dialect[]).flatMap((dialect) =>
  (dialect.directiveKeys ?? []).map((key) => ({
    key,
    lower: key.toLowerCase(),
    dialect,
    edits: Math.max(1, Math.floor(key.length / 8)),
  })),
)
const EXACT = new Set(DIRECTIVES.map(({ key }) => key))
const BARE = new Map(DIRECTIVES.map((directive) => [bare(directive.key), directive]))
// No key shorter than every directive less its edits can be a near miss (nor a much longer one).
const SHORTEST = Math.min(...DIRECTIVES.map(({ key, edits }) => Math.min(bare(key).length, key.length - edits)))
const LONGEST = 2 * Math.max(...DIRECTIVES.map(({ key }) => key.length))

/** The directive `key` nearly is; undefined for a directive or anything farther off. */
function nearMissOf(key: string): Directive | undefined {
  if (key.length < SHORTEST || key.length > LONGEST || EXACT.has(key)) return undefined
  // Lengths first: most keys are far from every directive, and the edit distance is not cheap.
  const found =
    BARE.get(bare(key)) ??
    DIRECTIVES.find(
      ({ lower, edits }) =>
        Math.abs(lower.length - key.length) <= edits && editDistance(key.toLowerCase(), lower) <= edits,
    )
  // A key a dialect reads as its directive in another spelling (Datum's keys ignore case) is one.
  if (found === undefined) return undefined
  const directive = (DIALECTS as readonly Dialect[]).some(
    (dialect) => dialect.detect({ [key]: null }, {}) !== undefined,
  )
  return directive ? undefined : found
}

// The answers for the keys met so far, for every render of the process: the layers an app's entries
// share have the same keys, and edit distances are not cheap.
const nearMisses = boundedMemo<string, Directive | null>(
  'near misses: the directive a top-level key resembles',
  'a key always resembles the same directive',
  4096,
)

/** `nearMissOf`, remembered. */
function knownNearMissOf(key: string): Directive | undefined {
  // A key longer than every directive is none, found at once; only keys of a bounded length are kept.
  if (key.length > LONGEST) return undefined
  return nearMisses.get(key, (k) => nearMissOf(k) ?? null) ?? undefined
}

/** Reports every top-level key of the entry's documents that is a near miss of a directive. */
export function reportNearMisses(parts: readonly ParsedPart[], report: Reporter): void {
  for (const part of documentParts(parts)) {
    if (part.kind !== 'yaml' || !isMapping(part.doc.value)) continue
    for (const key of Object.keys(part.doc.value)) {
      const miss = knownNearMissOf(key)
      if (!miss) continue
      const { key: directive, dialect } = miss
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
