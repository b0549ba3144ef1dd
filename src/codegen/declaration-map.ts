// Declaration maps: a source map (version 3) from the property names of a generated declaration to
// the layer lines that set their values. TypeScript's language service follows it from a
// declaration file to any file it can read, YAML included (docs/editor.md says where, in
// TypeScript's code). The printers give the mappings as they write the declaration's text
// (declaration-text.ts).
// Loaded on first use (plugin/map-writer.ts): a build whose declarations carry no provenance never loads it.
import { dirname, relative } from 'node:path'
import { DECLARATION_MAP_MARK } from './declaration.ts'
import type { Mapping } from './declaration-text.ts'

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'
const BASE64_CODES = Uint8Array.from(BASE64, (digit) => digit.charCodeAt(0))
const COMMA = 44
const SEMICOLON = 59
// A VLQ of a 32-bit number has at most 7 digits: a segment (4 of them, and a comma) at most 29 bytes.
const SEGMENT_BYTES = 29

/** The `mappings` field, its characters (all ASCII) written as bytes and made a string once. */
class MappingsText {
  private bytes = new Uint8Array(1 << 16)
  private length = 0

  private reserve(count: number): void {
    if (this.length + count <= this.bytes.length) return
    const grown = new Uint8Array(Math.max(2 * this.bytes.length, this.length + count))
    grown.set(this.bytes.subarray(0, this.length))
    this.bytes = grown
  }

  /** `count` line ends (`;`). */
  lineEnds(count: number): void {
    this.reserve(count)
    this.bytes.fill(SEMICOLON, this.length, (this.length += count))
  }

  /** A segment: four VLQ fields, after a comma unless it is its line's first. */
  segment(first: boolean, fields: readonly [number, number, number, number]): void {
    this.reserve(SEGMENT_BYTES)
    const { bytes } = this
    if (!first) bytes[this.length++] = COMMA
    for (const value of fields) {
      let rest = value < 0 ? (-value << 1) | 1 : value << 1
      do {
        let digit = rest & 31
        rest >>>= 5
        if (rest > 0) digit |= 32
        bytes[this.length++] = BASE64_CODES[digit]!
      } while (rest > 0)
    }
  }

  toString(): string {
    return Buffer.from(this.bytes.buffer, 0, this.length).toString('latin1')
  }
}

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
  const text = new MappingsText()
  const fields: [number, number, number, number] = [0, 0, 0, 0]
  let previousSource = 0
  let previousTarget = ''
  let previousLine = 0
  let previousColumn = 0
  let currentLine = 0
  let generatedColumn = 0
  let firstOnLine = true
  for (const { line, column, file: target, sourceLine, sourceColumn } of sorted) {
    if (currentLine < line) {
      text.lineEnds(line - currentLine)
      currentLine = line
      generatedColumn = 0
      firstOnLine = true
    }
    // Runs of mappings share a layer: the last one's index is kept.
    let source = target === previousTarget ? previousSource : index.get(target)
    if (source === undefined) {
      source = sources.push(relative(dir, target).replaceAll('\\', '/')) - 1
      index.set(target, source)
    }
    fields[0] = column - generatedColumn
    fields[1] = source - previousSource
    fields[2] = sourceLine - previousLine
    fields[3] = sourceColumn - previousColumn
    text.segment(firstOnLine, fields)
    firstOnLine = false
    generatedColumn = column
    previousSource = source
    previousTarget = target
    previousLine = sourceLine
    previousColumn = sourceColumn
  }
  const name = JSON.stringify(relative(dir, file).replaceAll('\\', '/'))
  // What JSON.stringify writes for { version, file, sourceRoot, sources, names, mappings }, without
  // a pass over the mappings, which need no escaping.
  // The mark first: the plugin tells its own maps by their first bytes.
  const head = `{"version":3,${DECLARATION_MAP_MARK},"file":${name},"sourceRoot":""`
  return `${head},"sources":${JSON.stringify(sources)},"names":[],"mappings":"${text.toString()}"}\n`
}

/** The comment that points TypeScript at a declaration's map (the last line of the declaration). */
export function sourceMappingComment(mapFile: string): string {
  return `//# sourceMappingURL=${mapFile.split(/[\\/]/).at(-1)!}\n`
}
