// Declaration maps: a source map (version 3) from the property names of a generated declaration to
// the layer lines that set their values. TypeScript's language service follows it from a
// declaration file to any file it can read, YAML included (docs/editor.md says where, in
// TypeScript's code). The printers leave a mark where a mapping starts (the declaration's text is
// built from the inside out, so positions are only known at the end); `resolveMarks` takes the
// marks out and turns them into mappings. A mark is `\0<n>\x01`: no printed text holds either
// character (keys and literals are JSON-escaped, comments are cleaned by `cleanCommentText`).
import { dirname, relative } from 'node:path'
import type { SourceLocation } from './value-sources.ts'

// oxlint-disable-next-line no-control-regex -- the marks are made of control characters
const MARK = /\0(\d+)\x01/g

/** The marks of one generated text, each the source position it stands for. */
export class DeclarationMarks {
  readonly targets: SourceLocation[] = []

  /** A mark standing for `target`, to put at the generated position that maps to it. */
  mark(target: SourceLocation): string {
    return `\0${this.targets.push(target) - 1}\x01`
  }
}

/** Text for a comment line: no control characters (the marks'), no end of comment. */
export function cleanCommentText(text: string): string {
  // oxlint-disable-next-line no-control-regex -- control characters are what is removed
  return text.replace(/[\0-\x08\x0b-\x1f]/g, ' ').replaceAll('*/', '*\\/')
}

/** One mapping: a generated position (0-based line and column) to a position in a source file. */
export interface Mapping {
  line: number
  column: number
  target: SourceLocation
}

/** Takes the marks out of `text`; the mappings they stood for, in the order of the text. */
export function resolveMarks(text: string, marks: DeclarationMarks): { text: string; mappings: Mapping[] } {
  const mappings: Mapping[] = []
  if (marks.targets.length === 0) return { text, mappings }
  let out = ''
  let last = 0
  let line = 0
  let lineStart = 0 // offset of the current line's start in `out`
  for (const match of text.matchAll(MARK)) {
    const chunk = text.slice(last, match.index)
    for (let i = chunk.indexOf('\n'); i !== -1; i = chunk.indexOf('\n', i + 1)) {
      line++
      lineStart = out.length + i + 1
    }
    out += chunk
    mappings.push({ line, column: out.length - lineStart, target: marks.targets[Number(match[1])]! })
    last = match.index + match[0].length
  }
  return { text: out + text.slice(last), mappings }
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
  const ordered = mappings.every((mapping, i) => i === 0 || before(mappings[i - 1]!, mapping) <= 0)
  const sorted = ordered ? mappings : [...mappings].sort(before)
  const lines: string[] = []
  let previous = { source: 0, line: 0, column: 0 }
  let segments: string[] = []
  let currentLine = 0
  let generatedColumn = 0
  for (const { line, column, target } of sorted) {
    while (currentLine < line) {
      lines.push(segments.join(','))
      segments = []
      currentLine++
      generatedColumn = 0
    }
    let source = index.get(target.file)
    if (source === undefined) {
      source = sources.push(relative(dir, target.file).replaceAll('\\', '/')) - 1
      index.set(target.file, source)
    }
    const sourceLine = target.line - 1
    const sourceColumn = target.column - 1
    segments.push(
      vlq(column - generatedColumn) +
        vlq(source - previous.source) +
        vlq(sourceLine - previous.line) +
        vlq(sourceColumn - previous.column),
    )
    generatedColumn = column
    previous = { source, line: sourceLine, column: sourceColumn }
  }
  lines.push(segments.join(','))
  const name = relative(dir, file).replaceAll('\\', '/')
  const map = { version: 3, file: name, sourceRoot: '', sources, names: [], mappings: lines.join(';') }
  return `${JSON.stringify(map)}\n`
}

/** The comment that points TypeScript at a declaration's map (the last line of the declaration). */
export function sourceMappingComment(mapFile: string): string {
  return `//# sourceMappingURL=${mapFile.split(/[\\/]/).at(-1)!}\n`
}
