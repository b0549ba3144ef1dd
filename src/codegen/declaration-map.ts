// Declaration maps: a source map (version 3) from the property names of a generated declaration to
// the layer lines that set their values. TypeScript's language service follows it from a
// declaration file to any file it can read, YAML included (docs/editor.md says where, in
// TypeScript's code). The printers leave a mark where a mapping starts (the declaration's text is
// built from the inside out, so positions are only known at the end); `resolveMarks` takes the
// marks out and turns them into mappings. A mark is `\0<n>\x01`: no printed text holds either
// character (keys and literals are JSON-escaped, comments are cleaned by `cleanCommentText`).
import { dirname, relative } from 'node:path'
import type { SourceLocation } from './value-sources.ts'

const MARK_START = '\0'
const MARK_END = 1 // \x01
const DIGIT_0 = 48

/** The marks of one generated text, each the source position it stands for. */
export class DeclarationMarks {
  readonly targets: SourceLocation[] = []
  /** Columns to add to each target's (a key's end is its start and its length). */
  readonly shifts: number[] = []

  /** A mark standing for `target` (`shift` columns on), to put at the generated position that maps to it. */
  mark(target: SourceLocation, shift = 0): string {
    this.shifts.push(shift)
    return `\0${this.targets.push(target) - 1}\x01`
  }
}

// oxlint-disable-next-line no-control-regex -- control characters are what is removed
const UNSAFE_IN_COMMENT = /[\0-\x08\x0b-\x1f]|\*\//

/** Text for a comment line: no control characters (the marks'), no end of comment. */
export function cleanCommentText(text: string): string {
  // Most text is safe: tested once, it is returned as it is.
  if (!UNSAFE_IN_COMMENT.test(text)) return text
  // oxlint-disable-next-line no-control-regex -- control characters are what is removed
  return text.replace(/[\0-\x08\x0b-\x1f]/g, ' ').replaceAll('*/', '*\\/')
}

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

/** Takes the marks out of `text`; the mappings they stood for, in the order of the text. */
export function resolveMarks(text: string, marks: DeclarationMarks): { text: string; mappings: Mapping[] } {
  const mappings: Mapping[] = []
  if (marks.targets.length === 0) return { text, mappings }
  const kept: string[] = []
  let from = 0 // the start of the text not yet kept
  let line = 0
  let lineStart = 0 // where the current line starts in `text`
  let removed = 0 // the marks' characters taken out of the current line so far
  let nextNewline = text.indexOf('\n')
  for (let at = text.indexOf(MARK_START); at !== -1; at = text.indexOf(MARK_START, from)) {
    while (nextNewline !== -1 && nextNewline < at) {
      line++
      lineStart = nextNewline + 1
      removed = 0
      nextNewline = text.indexOf('\n', lineStart)
    }
    kept.push(text.slice(from, at))
    let index = 0
    let end = at + 1
    for (let code = text.charCodeAt(end); code !== MARK_END; code = text.charCodeAt(++end))
      index = index * 10 + code - DIGIT_0
    const target = marks.targets[index]!
    mappings.push({
      line,
      column: at - lineStart - removed,
      file: target.file,
      sourceLine: target.line - 1,
      sourceColumn: target.column - 1 + marks.shifts[index]!,
    })
    from = end + 1
    removed += from - at
  }
  kept.push(text.slice(from))
  return { text: kept.join(''), mappings }
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
  // `resolveMarks` gives them in the order of the text already.
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
