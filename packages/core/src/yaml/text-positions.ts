// Offsets in a text as 1-based lines and columns, as diagnostics and `locate` report them: the
// starts of the lines (after LF, CR LF or a lone CR) once, then a binary search per offset.
import type { Position } from '../diagnostics.ts'

/** The offset each line of `text` starts at, the first line's (0) first. */
export function createLineStarts(text: string): number[] {
  const starts = [0]
  for (let i = 0; i < text.length; i++) {
    const char = text.charCodeAt(i)
    if (char === 10 || (char === 13 && text.charCodeAt(i + 1) !== 10)) starts.push(i + 1)
  }
  return starts
}

/** The position of each offset of `text`. */
export function createTextPositions(text: string): (offset: number) => Position {
  const starts = createLineStarts(text)
  return (offset) => {
    let low = 0
    let high = starts.length - 1
    while (low < high) {
      const middle = (low + high + 1) >> 1
      if (starts[middle]! <= offset) low = middle
      else high = middle - 1
    }
    return { line: low + 1, column: offset - starts[low]! + 1 }
  }
}
