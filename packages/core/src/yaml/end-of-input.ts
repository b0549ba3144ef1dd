// PyYAML (which YAML 1.1 mode follows) ends a `|` or `>` block scalar that runs to the end of the
// text, without a final line break, without one: `a: |\n  x` is 'x'. js-yaml and `yaml` add the break
// ('x\n'). Where the text ends inside such a scalar, its header gets the strip indicator, which reads
// as PyYAML does there: the last line is content, so there is no trailing break or blank line to keep.

import type { YamlVersion } from './types.ts'

// Indentation, `- ` items, a `key: ` (or `? `), tags and anchors, then the indicator and an optional comment.
const HEADER =
  /^(\s*(?:[-?]\s+)*(?:[^#\s][^#]*?:\s+)?(?:[-?]\s+)*(?:[!&]\S*\s+)*)([|>])([1-9]?)([-+]?)([1-9]?)(\s+#.*)?$/

function indentOf(line: string): number {
  return line.length - line.trimStart().length
}

/** The text as the version reads it: in 1.1, a clip or keep block scalar ending it without a line break marked `-`. */
export function endOfInputAsRead(text: string, version: YamlVersion): string {
  return version === '1.1' ? stripBlockScalarAtEnd(text) : text
}

/** The text, with the header of a clip or keep block scalar that ends it without a line break marked `-`. */
export function stripBlockScalarAtEnd(text: string): string {
  if (text === '' || text.endsWith('\n') || text.endsWith('\r')) return text
  const lines = text.split('\n')
  const last = lines[lines.length - 1]!
  if (last.trim() === '') return text
  // Going up, a line indented less than every content line below it is the header (or not a block).
  let contentIndent = indentOf(last)
  for (let i = lines.length - 2; i >= 0; i--) {
    const line = lines[i]!.replace(/\r$/, '')
    if (line.trim() === '') continue
    const indent = indentOf(line)
    if (indent >= contentIndent) continue
    const header = /^\s*#/.test(line) ? null : HEADER.exec(line)
    if (!header) return text
    const [, before, style, digit1, chomp, digit2, comment = ''] = header
    if (chomp === '-' || (digit1 && digit2)) return text
    lines[i] = `${before}${style}${digit1}${digit2}-${comment}${lines[i]!.endsWith('\r') ? '\r' : ''}`
    return lines.join('\n')
  }
  return text
}
