// Declaration maps: a source map (version 3) from the property names of a generated declaration to
// the layer lines that set their values. TypeScript's language service follows it from a
// declaration file to any file it can read, YAML included (docs/editor.md says where, in
// TypeScript's code). The printers give the mappings as they write the declaration's text
// (declaration-text.ts).
import { dirname, relative } from 'node:path'

/**
 * One mapping: a generated position (0-based line and column) to a position in a source file
 * (`file` absolute, 0-based `sourceLine` and `sourceColumn`, as a source map counts).
 */
export interface Mapping {
  line: number
  column: number
  file: string
  sourceLine: number
  sourceColumn: number
}

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'

function vlq(value: number): string {
  let rest = value < 0 ? (-value << 1) | 1 : value << 1
  let out = ''
  do {
    let digit = rest & 31
    rest >>>= 5
    if (rest > 0) digit |= 32
    out += BASE64[digit]
  } while (rest > 0)
  return out
}

// Most deltas are small: their digits are computed once.
const SMALL_VLQ = 1024
const smallVlqs = Array.from({ length: 2 * SMALL_VLQ }, (_, i) => vlq(i - SMALL_VLQ))
const vlqOf = (value: number): string =>
  value >= -SMALL_VLQ && value < SMALL_VLQ ? smallVlqs[value + SMALL_VLQ]! : vlq(value)

/**
 * The source map of the declaration `file` (absolute) with `mappings`, written next to it as
 * `<file>.map`. Sources are relative to its folder, without their content: TypeScript drops a map
 * that carries content and reads the sources themselves.
 */
export function generateDeclarationMap(file: string, mappings: readonly Mapping[]): string {
  const dir = dirname(file)
  const sources: string[] = []
  const index = new Map<string, number>()
  const before = (a: Mapping, b: Mapping) => a.line - b.line || a.column - b.column
  // A declaration's text gives them in its order already.
  let ordered = true
  for (let i = 1; i < mappings.length && ordered; i++) ordered = before(mappings[i - 1]!, mappings[i]!) <= 0
  const sorted = ordered ? mappings : [...mappings].sort(before)
  let text = ''
  let previousSource = 0
  let previousLine = 0
  let previousColumn = 0
  let currentLine = 0
  let generatedColumn = 0
  let firstOnLine = true
  for (const { line, column, file: target, sourceLine, sourceColumn } of sorted) {
    if (currentLine < line) {
      text += ';'.repeat(line - currentLine)
      currentLine = line
      generatedColumn = 0
      firstOnLine = true
    }
    if (!firstOnLine) text += ','
    firstOnLine = false
    let source = index.get(target)
    if (source === undefined) {
      source = sources.push(relative(dir, target).replaceAll('\\', '/')) - 1
      index.set(target, source)
    }
    text +=
      vlqOf(column - generatedColumn) +
      vlqOf(source - previousSource) +
      vlqOf(sourceLine - previousLine) +
      vlqOf(sourceColumn - previousColumn)
    generatedColumn = column
    previousSource = source
    previousLine = sourceLine
    previousColumn = sourceColumn
  }
  const name = relative(dir, file).replaceAll('\\', '/')
  const map = { version: 3, file: name, sourceRoot: '', sources, names: [], mappings: text }
  return `${JSON.stringify(map)}\n`
}

/** The comment that points TypeScript at a declaration's map (the last line of the declaration). */
export function sourceMappingComment(mapFile: string): string {
  return `//# sourceMappingURL=${mapFile.split(/[\\/]/).at(-1)!}\n`
}
