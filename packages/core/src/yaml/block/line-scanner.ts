// The line-level moves of the block reader (read.ts) and of the locator of what it read
// (positions.ts): both walk a block document line by line, past blank and comment lines, and
// must agree on where each line with content starts and what starts a list item.
import { DASH, HASH, LF, SPACE } from '../chars.ts'

export class LineScanner {
  /** Start of the current line, and its indentation (-1 at the end of the text). */
  at = 0
  indent = -1

  constructor(readonly text: string) {}

  /** The end of the line holding `i` (its line break, or the text's end). */
  lineEnd(i: number): number {
    const end = this.text.indexOf('\n', i)
    return end === -1 ? this.text.length : end
  }

  /** Moves to the next line with content: past blank lines and comment lines. */
  seekContent(): void {
    const { text } = this
    while (this.at < text.length) {
      let i = this.at
      while (text.charCodeAt(i) === SPACE) i++
      const c = text.charCodeAt(i)
      if (c === LF) this.at = i + 1
      else if (i === text.length) this.at = i
      else if (c === HASH) this.at = this.lineEnd(i) + 1
      else {
        this.indent = i - this.at
        return
      }
    }
    this.at = text.length
    this.indent = -1
  }

  /** A `-` starting a list item at `i`. */
  isItem(i: number): boolean {
    if (this.text.charCodeAt(i) !== DASH) return false
    const next = this.text.charCodeAt(i + 1)
    return next === SPACE || next === LF || i + 1 === this.text.length
  }
}
