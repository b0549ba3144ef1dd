// A declaration's text and its mappings (see declaration-map.ts), built in the order of the text: a
// printer writes a property's name and maps the position it is at, so positions are known as the
// text grows, without a pass over it. A printer that builds its text from the inside out (the
// schema's: unions, intersections and parentheses are decided on the printed members) leaves marks
// in it instead, `\0<n>\x01`, which `writeMarked` takes out: no printed text holds either character
// (keys and literals are JSON-escaped, comments are cleaned by `cleanCommentText`).
import type { SourceLocation } from './property-sources.ts'

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

const MARK_START = '\0'
const MARK_END = 1 // \x01
const DIGIT_0 = 48

/** The marks of a text printed from the inside out, each the source position it stands for. */
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

// Where a line starts for `/^/gm`, which indents an ambient block's statements: after any line terminator.
const LINE_TERMINATOR = /[\n\r\u2028\u2029]/
const AFTER_LINE_TERMINATOR = /(?<=[\n\r\u2028\u2029])/g

/** A declaration's text and the mappings of its positions, in the order of the text. */
export class DeclarationText {
  private readonly parts: string[] = []
  readonly mappings: Mapping[] = []
  /** Written after each line terminator (an ambient block's statements are indented). */
  linePrefix = ''
  // The line and column at the end of `parts[0, counted)`: parts are counted only when a position is mapped.
  private counted = 0
  private line = 0
  private column = 0

  // The text written since the last part: appended to (V8 joins the pieces once, when the text is read),
  // which costs less than a part per write — a declaration is written in millions of small pieces.
  private pending = ''

  write(text: string): void {
    this.pending +=
      this.linePrefix && LINE_TERMINATOR.test(text) ? text.replace(AFTER_LINE_TERMINATOR, this.linePrefix) : text
  }

  /** Ends the pending text as a part. */
  private flush(): void {
    if (this.pending === '') return
    this.parts.push(this.pending)
    this.pending = ''
  }

  /** Maps the position at the end of the text to `target`, `shift` columns on. */
  map(target: SourceLocation, shift = 0): void {
    this.flush()
    const { parts } = this
    for (; this.counted < parts.length; this.counted++) {
      const part = parts[this.counted]!
      let lastNewline = part.indexOf('\n')
      if (lastNewline === -1) {
        this.column += part.length
        continue
      }
      for (let next = lastNewline; next !== -1; next = part.indexOf('\n', next + 1)) {
        this.line++
        lastNewline = next
      }
      this.column = part.length - lastNewline - 1
    }
    const { line, column } = this
    const { file } = target
    this.mappings.push({ line, column, file, sourceLine: target.line - 1, sourceColumn: target.column - 1 + shift })
  }

  /** Writes `text`, taking out the marks of `marks` it holds and mapping where they were. */
  writeMarked(text: string, marks: DeclarationMarks): void {
    let from = 0
    for (let at = text.indexOf(MARK_START); at !== -1; at = text.indexOf(MARK_START, from)) {
      this.write(text.slice(from, at))
      let index = 0
      let end = at + 1
      for (let code = text.charCodeAt(end); code !== MARK_END; code = text.charCodeAt(++end))
        index = index * 10 + code - DIGIT_0
      this.map(marks.targets[index]!, marks.shifts[index])
      from = end + 1
    }
    this.write(from === 0 ? text : text.slice(from))
  }

  toString(): string {
    this.flush()
    return this.parts.join('')
  }
}
