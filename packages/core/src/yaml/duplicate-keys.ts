// `yaml`'s own duplicate-key check compares each new key with every earlier one: a mapping with
// 50 000 keys takes a minute. This is the same check (scalar keys with the same value, as `yaml`
// compares them) with a set per mapping, run on the composed document instead. The same walk notes the
// keys a JS object cannot hold as written (a null key becomes "", a collection its YAML text): the values
// dialect refuses them, as Helm does.
import type { Document, LineCounter, Node, YAMLParseError } from 'yaml'
import type { StringifiedKey } from './types.ts'
import { yamlModule } from './yaml-module.ts'

/**
 * A DUPLICATE_KEY error for each repeated key, located like `yaml`'s (at the key), naming the first; each null or
 * collection key goes to `stringified`, in text order.
 */
export function findDuplicateKeys(doc: Document, lines: LineCounter, stringified: StringifiedKey[]): YAMLParseError[] {
  const { isMap, isPair, isScalar, isSeq, YAMLParseError } = yamlModule()
  const errors: YAMLParseError[] = []
  const stack: unknown[] = [doc.contents]
  while (stack.length > 0) {
    const node = stack.pop()
    if (isSeq(node)) {
      for (const item of node.items) stack.push(item)
      continue
    }
    if (!isMap(node)) continue
    // Each key's first offset.
    const seen = new Map<unknown, number>()
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
      if (!isScalar(pair.key)) continue
      const key = pair.key.value
      // `yaml` compares with ===, under which NaN never equals itself.
      if (Number.isNaN(key)) continue
      const offset = pair.key.range?.[0] ?? 0
      const first = seen.get(key)
      if (first === undefined) {
        seen.set(key, offset)
        continue
      }
      const shown = typeof key === 'string' ? `'${key}'` : String(key)
      const message = `the key ${shown} appears again in this mapping (first at line ${lines.linePos(first).line})`
      const error = new YAMLParseError([offset, offset + 1], 'DUPLICATE_KEY', message)
      const { line, col } = lines.linePos(offset)
      error.linePos = [{ line, col }]
      errors.push(error)
    }
  }
  stringified.sort((a, b) => a.offset - b.offset)
  return errors.sort((a, b) => a.pos[0] - b.pos[0])
}
