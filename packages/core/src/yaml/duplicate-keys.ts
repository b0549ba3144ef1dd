// `yaml`'s own duplicate-key check compares each new key with every earlier one: a mapping with
// 50 000 keys takes a minute. This is the same check (scalar keys with the same value, as `yaml`
// compares them) with a set per mapping, run on the composed document instead. It also sees what
// `yaml`'s check misses: an alias as a key is the node it names (`? &k x` then `*k : 0` is `x`
// twice; an alias of a list or mapping repeats that very node), and, in YAML 1.1, a second `<<`
// merge key. The same walk notes the keys a JS object cannot hold as written (a null key becomes "", a
// collection its YAML text): the values dialect refuses them, as Helm does.
import type { Alias, Document, LineCounter, Node, Pair, YAMLMap, YAMLParseError } from 'yaml'
import { aliasTargets } from './aliases.ts'
import type { StringifiedKey } from './types.ts'
import { yamlModule } from './yaml-module.ts'

/** A `<<` key that merges (YAML 1.1): `yaml` resolves each to its own symbol. */
function isMergeKey(key: unknown): boolean {
  const { isScalar } = yamlModule()
  return isScalar(key) && typeof key.value === 'symbol' && key.value.description === '<<'
}

/**
 * A DUPLICATE_KEY error for each repeated key, located like `yaml`'s (at the key), naming the first.
 * Repeated `<<` merge keys are also combined into the first, as PyYAML merges them (a later one's
 * keys win over an earlier one's; `yaml` would keep the first's), for lenient mode's value. Each null or
 * collection key goes to `stringified`, in text order.
 */
export function findDuplicateKeys(doc: Document, lines: LineCounter, stringified: StringifiedKey[]): YAMLParseError[] {
  const { isAlias, isCollection, isMap, isPair, isScalar, isSeq, YAMLParseError } = yamlModule()
  const errors: YAMLParseError[] = []
  let targets: Map<Alias, Node | undefined> | undefined
  const report = (offset: number, shown: string, first: number) => {
    const message = `the key ${shown} appears again in this mapping (first at line ${lines.linePos(first).line})`
    const error = new YAMLParseError([offset, offset + 1], 'DUPLICATE_KEY', message)
    const { line, col } = lines.linePos(offset)
    error.linePos = [{ line, col }]
    errors.push(error)
  }
  const stack: unknown[] = [doc.contents]
  while (stack.length > 0) {
    const node = stack.pop()
    if (isSeq(node)) {
      for (const item of node.items) stack.push(item)
      continue
    }
    if (!isMap(node)) continue
    // Each key's first offset: a scalar key by its value, a list or mapping key by its node.
    const seen = new Map<unknown, number>()
    const merges: Pair[] = []
    let firstMerge = 0
    for (const pair of node.items) {
      if (!isPair(pair)) continue
      stack.push(pair.key, pair.value)
      const kind =
        pair.key === null || (isScalar(pair.key) && pair.key.value === null)
          ? 'null'
          : isMap(pair.key) || isSeq(pair.key)
            ? 'collection'
            : undefined
      if (kind !== undefined) {
        const start = (pair.key as Node | null)?.range?.[0] ?? (pair.value as Node | null)?.range?.[0] ?? 0
        const { line, col } = lines.linePos(start)
        stringified.push({ kind, position: { line, column: col }, offset: start })
      }
      const offset = (pair.key as Node | null)?.range?.[0] ?? 0
      let key: unknown = pair.key
      if (isAlias(key)) {
        targets ??= aliasTargets(doc)
        key = targets.get(key)
      }
      if (isMergeKey(key)) {
        if (merges.length > 0) report(offset, "'<<' (a merge key)", firstMerge)
        else firstMerge = offset
        merges.push(pair)
        continue
      }
      let value: unknown
      if (isScalar(key)) value = key.value
      else if (isCollection(key)) value = key
      else continue
      // `yaml` compares with ===, under which NaN never equals itself.
      if (Number.isNaN(value)) continue
      const first = seen.get(value)
      if (first === undefined) {
        seen.set(value, offset)
        continue
      }
      const alias = isAlias(pair.key) ? `*${pair.key.source}` : undefined
      let shown: string
      if (isCollection(value)) {
        shown = `${alias} (the same ${isMap(value) ? 'mapping' : 'list'})`
        // A list or mapping key becomes a string (`yaml`'s toJS), an alias the alias's text: as the
        // node itself it becomes the first one's string, and its last value is kept as for the others.
        pair.key = value
      } else {
        shown = `${typeof value === 'string' ? `'${value}'` : String(value)}${alias ? ` (the alias ${alias})` : ''}`
      }
      report(offset, shown, first)
    }
    if (merges.length > 1) {
      targets ??= aliasTargets(doc)
      combineMerges(doc, node, merges, targets)
    }
  }
  stringified.sort((a, b) => a.offset - b.offset)
  return errors.sort((a, b) => a.pos[0] - b.pos[0])
}

/**
 * Makes `merges` (the `<<` pairs of `map`, in order) one: PyYAML merges each in turn, a later one's
 * keys winning; `yaml` merges a list's items with an earlier one's keys winning. So the first pair's
 * value becomes the list of every pair's mappings, the last pair's first (a pair's own list in order).
 */
function combineMerges(doc: Document, map: YAMLMap, merges: Pair[], targets: Map<Alias, Node | undefined>): void {
  const { isAlias, isSeq, YAMLSeq } = yamlModule()
  const combined = new YAMLSeq(doc.schema)
  for (const pair of [...merges].reverse()) {
    const value = isAlias(pair.value) ? targets.get(pair.value) : pair.value
    if (isSeq(value)) combined.items.push(...value.items)
    else combined.items.push(pair.value)
  }
  merges[0]!.value = combined
  const later = new Set(merges.slice(1))
  map.items = map.items.filter((pair) => !later.has(pair))
}
