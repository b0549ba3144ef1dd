// What the two quick readers (block/, fast/) hand back: documents read without positions, with the
// facts learnt reading their trees, located by the precise path on first use.
import type { TreeFacts, YamlDocument } from './types.ts'

/** A number JSON text cannot write (NaN, ±Infinity, -0): such a tree is not plain JSON. */
export function outsideJson(value: number): boolean {
  return value - value !== 0 || (value === 0 && 1 / value < 0)
}

/** Documents read from `text` without positions: `locate` parses it with `locateWith` on first use. */
export function documentsOf(
  text: string,
  values: unknown[],
  trees: TreeFacts[],
  locateWith: (text: string) => YamlDocument[],
): YamlDocument[] {
  let located: YamlDocument[] | undefined
  return values.map((value, index) => ({
    value,
    empty: false,
    warnings: [],
    tree: trees[index]!,
    locate(path, target) {
      located ??= locateWith(text)
      return located[index]?.locate(path, target) ?? { line: 1, column: 1 }
    },
  }))
}
