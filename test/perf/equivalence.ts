// Compares what the fast and the precise YAML paths produce, key order and -0 included.
import { parseYamlStream, parseYamlStreamPrecise } from '../../packages/core/src/yaml/parse.ts'
import type { ParseYamlOptions, YamlDocument } from '../../packages/core/src/yaml/parse.ts'

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

/** Where parseYamlStream (fast path first) and the precise path disagree on `text`, if anywhere. */
export function pathsDisagree(text: string, options: ParseYamlOptions): string | undefined {
  return difference(comparable(parseYamlStream(text, options)), comparable(parseYamlStreamPrecise(text, options)))
}

export const PARSE_OPTIONS: ParseYamlOptions[] = [
  { version: '1.2', allowDuplicateKeys: false, maxAliasCount: 100 },
  { version: '1.2', allowDuplicateKeys: true, maxAliasCount: 100 },
  { version: '1.1', allowDuplicateKeys: false, maxAliasCount: 100 },
  { version: '1.1', allowDuplicateKeys: true, maxAliasCount: 100 },
]
