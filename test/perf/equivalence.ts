// Compares what the fast and the precise YAML paths produce, key order and -0 included, and the
// fast path's measure of each tree with the value limits' own.
import { parseYamlStream, parseYamlStreamPrecise } from '../../packages/core/src/yaml/parse.ts'
import type { ParseYamlOptions, YamlDocument } from '../../packages/core/src/yaml/parse.ts'
import { checkValueLimits } from '../../packages/core/src/value-limits.ts'

/** The first difference between two values as a path and a reason, or undefined when identical. */
export function difference(a: unknown, b: unknown, path = '$'): string | undefined {
  if (typeof a !== typeof b) return `${path}: ${typeof a} vs ${typeof b}`
  if (typeof a !== 'object' || a === null || b === null) {
    return Object.is(a, b) ? undefined : `${path}: ${String(a)} vs ${String(b)}`
  }
  if (Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return `${path}: different prototypes`
  if (a instanceof Uint8Array) {
    const other = b as Uint8Array
    return a.length === other.length && a.every((byte, i) => byte === other[i]) ? undefined : `${path}: different bytes`
  }
  if (Array.isArray(a)) {
    const other = b as unknown[]
    if (a.length !== other.length) return `${path}: length ${a.length} vs ${other.length}`
    for (let i = 0; i < a.length; i++) {
      const d = difference(a[i], other[i], `${path}[${i}]`)
      if (d) return d
    }
    return undefined
  }
  const keysA = Object.keys(a)
  const keysB = Object.keys(b as object)
  if (keysA.join('\u0000') !== keysB.join('\u0000')) return `${path}: keys ${JSON.stringify(keysA)} vs ${JSON.stringify(keysB)}`
  for (const key of keysA) {
    const d = difference((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key], `${path}.${key}`)
    if (d) return d
  }
  return undefined
}

function comparable(docs: YamlDocument[]): unknown[] {
  return docs.map((doc) => ({ value: doc.value, empty: doc.empty, error: doc.error ?? null, warnings: doc.warnings }))
}

/**
 * How a document's `treeSize` (measured as the fast path reads it) differs from what the value
 * limits measure walking the value: admitted at exactly that size, refused one byte below.
 */
function treeSizeDisagrees(docs: YamlDocument[], options: ParseYamlOptions): string | undefined {
  for (const [index, doc] of docs.entries()) {
    if (doc.treeSize === undefined) continue
    const maxDepth = options.maxDepth ?? 100
    if (checkValueLimits(doc.value, { maxDepth, maxValueSize: doc.treeSize }) !== undefined) return `document ${index}: treeSize ${doc.treeSize} is too small`
    // The walk checks the size as it adds each member: an empty root (size 2) is never refused.
    if (doc.treeSize > 2 && checkValueLimits(doc.value, { maxDepth, maxValueSize: doc.treeSize - 1 })?.code !== 'MY_VALUE_TOO_LARGE') return `document ${index}: treeSize ${doc.treeSize} is too large`
  }
  return undefined
}

/** Where parseYamlStream (fast path first) and the precise path disagree on `text`, if anywhere. */
export function pathsDisagree(text: string, options: ParseYamlOptions): string | undefined {
  const docs = parseYamlStream(text, options)
  return difference(comparable(docs), comparable(parseYamlStreamPrecise(text, options))) ?? treeSizeDisagrees(docs, options)
}

export const PARSE_OPTIONS: ParseYamlOptions[] = [
  { version: '1.2', allowDuplicateKeys: false, maxAliasCount: 100 },
  { version: '1.2', allowDuplicateKeys: true, maxAliasCount: 100 },
  { version: '1.1', allowDuplicateKeys: false, maxAliasCount: 100 },
  { version: '1.1', allowDuplicateKeys: true, maxAliasCount: 100 },
]
