// Compares what the fast YAML paths (block/, js-yaml) and the precise path produce, key order and
// -0 included, and the fast paths' measure of each tree with the value limits' own.
import { parseBlockYaml } from '../../packages/core/src/yaml/block/read.ts'
import { parseYamlStreamFast } from '../../packages/core/src/yaml/fast/read.ts'
import { parseYamlStream, parseYamlStreamPrecise } from '../../packages/core/src/yaml/parse.ts'
import type { ParseYamlOptions, YamlDocument } from '../../packages/core/src/yaml/parse.ts'
import type { PathSegment } from '../../packages/core/src/yaml/types.ts'
import { checkValueLimits } from '../../packages/core/src/pipeline/value-limits.ts'

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
  if (keysA.join('\u0000') !== keysB.join('\u0000'))
    return `${path}: keys ${JSON.stringify(keysA)} vs ${JSON.stringify(keysB)}`
  for (const key of keysA) {
    const d = difference((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key], `${path}.${key}`)
    if (d) return d
  }
  return undefined
}

function comparable(docs: YamlDocument[]): unknown[] {
  return docs.map((doc) => ({
    value: doc.value,
    empty: doc.empty,
    error: doc.error ?? null,
    warnings: doc.warnings,
    versionDifferences: doc.versionDifferences ?? null,
  }))
}

/** Plain JSON data: JSON text gives it back exactly (no NaN, ±Infinity, -0, bytes) and has no `__proto__` key. */
function isPlainJson(value: unknown): boolean {
  const text = JSON.stringify(value, (key, item: unknown) =>
    key === '__proto__' || item instanceof Uint8Array ? undefined : item,
  )
  return text !== undefined && difference(JSON.parse(text), value) === undefined
}

/**
 * How a document's tree facts (learnt as the fast path reads it) differ from what walking the
 * value finds: the value limits admit it at exactly its size and refuse it one byte below.
 */
function treeFactsDisagree(docs: YamlDocument[], options: ParseYamlOptions): string | undefined {
  for (const [index, doc] of docs.entries()) {
    if (doc.tree === undefined) continue
    const { size, plainJson } = doc.tree
    const maxDepth = options.maxDepth ?? 100
    if (checkValueLimits(doc.value, { maxDepth, maxValueSize: size }) !== undefined)
      return `document ${index}: tree size ${size} is too small`
    // The walk checks the size as it adds each member: an empty root (size 2) is never refused.
    if (size > 2 && checkValueLimits(doc.value, { maxDepth, maxValueSize: size - 1 })?.code !== 'MY_VALUE_TOO_LARGE')
      return `document ${index}: tree size ${size} is too large`
    if (plainJson !== isPlainJson(doc.value)) return `document ${index}: plainJson is ${plainJson}`
  }
  return undefined
}

/**
 * Where a fast path that reads `text` (block/, js-yaml, and parseYamlStream, which tries them in
 * turn) and the precise path disagree, if anywhere.
 */
export function pathsDisagree(text: string, options: ParseYamlOptions): string | undefined {
  // One precise parse for both comparisons: on the long documents it is most of the time.
  const preciseDocs = parseYamlStreamPrecise(text, options)
  const precise = comparable(preciseDocs)
  const locateWith = (source: string) => parseYamlStreamPrecise(source, options)
  const paths: [string, YamlDocument[] | undefined][] = [
    ['block path', parseBlockYaml(text, options, locateWith)],
    ['js-yaml path', parseYamlStreamFast(text, options, locateWith)],
    ['parseYamlStream', parseYamlStream(text, options)],
  ]
  for (const [name, docs] of paths) {
    if (docs === undefined) continue
    const d = difference(comparable(docs), precise) ?? treeFactsDisagree(docs, options)
    if (d) return `${name}: ${d}`
  }
  const block = paths[0]![1]
  return block && positionsDisagree(block[0]!, preciseDocs[0]!)
}

/**
 * The block path locates keys and values without `yaml` (block/positions.ts): the same positions
 * as `yaml`'s nodes for the paths of the value (the first 400: `yaml`'s locate scans a mapping's
 * pairs, and the long documents have thousands), each one below it and a missing key.
 */
function positionsDisagree(block: YamlDocument, precise: YamlDocument): string | undefined {
  let budget = 400
  const visit = (value: unknown, path: PathSegment[]): string | undefined => {
    if (budget-- <= 0) return undefined
    for (const target of ['key', 'value'] as const) {
      for (const asked of [path, [...path, 'missing key'], [...path, 0]]) {
        const got = block.locate(asked, target)
        const want = precise.locate(asked, target)
        if (got.line !== want.line || got.column !== want.column)
          return `block path locates ${JSON.stringify(asked)} (${target}) at ${got.line}:${got.column}, yaml at ${want.line}:${want.column}`
      }
    }
    const children: [PathSegment, unknown][] = Array.isArray(value)
      ? value.map((item, i) => [i, item])
      : value !== null && typeof value === 'object'
        ? Object.entries(value)
        : []
    for (const [segment, child] of children) {
      const d = visit(child, [...path, segment])
      if (d) return d
    }
    return undefined
  }
  return visit(block.value, [])
}

export const PARSE_OPTIONS: ParseYamlOptions[] = [
  { version: '1.2', allowDuplicateKeys: false, maxAliasCount: 100 },
  { version: '1.2', allowDuplicateKeys: true, maxAliasCount: 100 },
  { version: '1.1', allowDuplicateKeys: false, maxAliasCount: 100 },
  { version: '1.1', allowDuplicateKeys: true, maxAliasCount: 100 },
  // Unset yamlVersion: 1.2, noting where 1.1 reads otherwise.
  { version: '1.2', allowDuplicateKeys: true, maxAliasCount: 100, flagVersionDifferences: true },
]
