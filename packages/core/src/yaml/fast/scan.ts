// Where quoted scalars, comments, flow collections and block scalars are, as far as a scan of the
// text's lines tells without parsing it: what the fast path's rules (rules.ts) ask. Each answers
// yes where in doubt, which hands the text to the precise path.
import {
  BACKSLASH,
  BRACE,
  BRACE_END,
  BRACKET,
  BRACKET_END,
  COLON,
  COMMA,
  CR,
  DASH,
  DOUBLE,
  GREATER,
  HASH,
  LF,
  PIPE,
  QUESTION,
  SINGLE,
  SPACE,
  TAB,
} from '../chars.ts'

export const isBlank = (c: number): boolean => c === SPACE || c === TAB
export const isLineBreak = (c: number): boolean => c === LF || c === CR

/** Whether a quote at `i` can open a quoted scalar: first on its line, or after an indicator. */
function opensQuoted(text: string, i: number): boolean {
  let j = i - 1
  while (j >= 0 && isBlank(text.charCodeAt(j))) j--
  if (j < 0 || isLineBreak(text.charCodeAt(j))) return true
  // `:`, `-`, `?` may also sit inside a plain scalar (`a: b - 'c`): a wrong guess is caught below.
  return QUOTE_OPENERS.has(text.charCodeAt(j))
}

/**
 * Whether a quote at `i` surely opens a quoted scalar (so a `#` right after it is inside it, as in
 * `$ref: '#/definitions/x'`): first on its line, after `[`, `{` or `,`, or after `:`, `-` or `?`
 * followed by a blank. Anything else may close one: the text then goes to the precise path.
 */
export function opensQuotedValue(text: string, i: number): boolean {
  const c = text.charCodeAt(i)
  if (c !== DOUBLE && c !== SINGLE) return false
  let j = i - 1
  while (j >= 0 && isBlank(text.charCodeAt(j))) j--
  if (j < 0 || isLineBreak(text.charCodeAt(j))) return true
  const before = text.charCodeAt(j)
  if (before === BRACKET || before === BRACE || before === COMMA) return true
  return j < i - 1 && (before === COLON || before === DASH || before === QUESTION)
}

// A block line whose value is a plain scalar: indentation, `- ` items, a plain key and `: `, then a
// value that starts as a plain scalar and has no `: ` or ` #` (which would end it or be an error).
const PLAIN_VALUE_LINE =
  /^( *)((?:- +)*)(?:[^\s#'"[{|>&!*?%@`,\]}-][^#]*?: +)?[^\s#'"[{|>&!*?%@`,\]}-](?:(?!: | #|:$).)*\r?$/

/**
 * The end of the plain scalar's continuation lines after the line ending at `end` (a LF), when that
 * line's value is a plain scalar: lines indented more than its key (or item), and blank lines.
 */
function plainContinuationEnd(text: string, start: number, end: number): number {
  const line = PLAIN_VALUE_LINE.exec(text.slice(start, end))
  if (!line) return end
  // Continuation lines are indented more than the key (or the item's text): more than needed, never less.
  const column = line[1]!.length + line[2]!.length
  let next = end
  for (;;) {
    const from = next + 1
    if (from >= text.length) return next
    let j = from
    while (j < text.length && text.charCodeAt(j) === SPACE) j++
    const lineEnd = text.indexOf('\n', from)
    const blank = j >= text.length || isLineBreak(text.charCodeAt(j))
    if (!blank && (j - from <= column || text.charCodeAt(j) === HASH)) return next
    if (lineEnd === -1) return text.length - 1
    next = lineEnd
  }
}

/** Whether a value starts at `i` in block context: first on its line, or after `:`, `-` or `?` and a blank. */
function startsValue(text: string, i: number): boolean {
  let j = i - 1
  while (j >= 0 && isBlank(text.charCodeAt(j))) j--
  if (j < 0 || isLineBreak(text.charCodeAt(j))) return true
  const before = text.charCodeAt(j)
  return j < i - 1 && (before === COLON || before === DASH || before === QUESTION)
}

/**
 * Whether `index` is inside a comment or inside a quoted scalar that opens and closes on its line
 * (`summary: '{{$labels.x}}: …'`), scanning its line from the start. A quote that does not close on
 * the line answers no: the text then goes to the precise path.
 */
export function inQuotedOrComment(text: string, index: number): boolean {
  let i = index
  while (i > 0 && !isLineBreak(text.charCodeAt(i - 1))) i--
  for (; i < index; i++) {
    const c = text.charCodeAt(i)
    if (c === HASH && (i === 0 || isBlank(text.charCodeAt(i - 1)) || isLineBreak(text.charCodeAt(i - 1)))) return true
    if (!opensQuotedValue(text, i)) continue
    let j = i + 1
    for (; j < text.length && !isLineBreak(text.charCodeAt(j)); j++) {
      const d = text.charCodeAt(j)
      if (c === DOUBLE && d === BACKSLASH) j++
      else if (d === c) {
        if (c === SINGLE && text.charCodeAt(j + 1) === SINGLE) j++
        else break
      }
    }
    if (j >= text.length || isLineBreak(text.charCodeAt(j))) return false
    if (j > index) return true
    i = j
  }
  return false
}

const QUOTE_OPENERS = new Set([...'[{,:-?'].map((ch) => ch.charCodeAt(0)))
const FLOW_BRACKET = /[[\]{}]/

/**
 * A flow collection starting an entry of a flow mapping (`{[a]}`, `{b: 1, {c: d}}`): a collection
 * key, which js-yaml names by its items and `yaml` by its text. One pass, tracking the flow
 * collections open at each point (outside quoted scalars and comments). Every doubt answers yes,
 * which hands the text to the precise path: a bracket in a block plain scalar, and a bracket inside
 * what looked like a quoted scalar (a quote in a plain scalar, `rock 'n roll`, is not one, and
 * skipping to the next quote could hide a collection key).
 */
export function collectionKeyInFlowMapping(text: string): boolean {
  const open: number[] = []
  let entryStart = false
  let lineStart = 0
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (c === LF) {
      // In block context, the body of a block scalar this line opens, and the continuation lines of a
      // plain scalar it starts, are text: skip them.
      if (open.length === 0) {
        const end = blockScalarEnd(text, lineStart, i)
        i = end === i ? plainContinuationEnd(text, lineStart, i) : end
      }
      lineStart = i + 1
      continue
    }
    if ((c === DOUBLE || c === SINGLE) && opensQuoted(text, i)) {
      // A quoted scalar: skip to its closing quote (`\"` and `''` stay inside).
      const start = i
      for (i++; i < text.length; i++) {
        const d = text.charCodeAt(i)
        if (c === DOUBLE && d === BACKSLASH) i++
        else if (d === c) {
          if (c === SINGLE && text.charCodeAt(i + 1) === SINGLE) i++
          else break
        }
      }
      const inner = text.slice(start + 1, i)
      const multiLine = /[\r\n]/.test(inner)
      if (multiLine) lineStart = text.lastIndexOf('\n', i) + 1
      // Brackets in a quoted scalar that surely opened in block context are text.
      const sure = open.length === 0 && opensQuotedValue(text, start)
      if (!sure && FLOW_BRACKET.test(inner)) return true
      entryStart = false
      continue
    }
    if (c === HASH && (i === 0 || isBlank(text.charCodeAt(i - 1)) || isLineBreak(text.charCodeAt(i - 1)))) {
      while (i < text.length && !isLineBreak(text.charCodeAt(i))) i++
      i-- // the line break is handled next
      continue
    }
    if (c === BRACKET || c === BRACE) {
      // In block context a bracket opens a flow collection only where a value starts; elsewhere it
      // is text of a plain scalar (`description: member {{ $labels.instance }}`).
      if (open.length === 0 && !startsValue(text, i)) continue
      if (entryStart && open[open.length - 1] === BRACE) return true
      open.push(c)
      entryStart = true
      continue
    }
    if (c === BRACKET_END || c === BRACE_END) open.pop()
    if (c === COMMA) entryStart = true
    else if (!isBlank(c) && !isLineBreak(c)) entryStart = false
  }
  return false
}

// A block scalar header at the end of a line, in value position (after `key: `, `- `, `? `, a tag or
// an anchor), with its indicators and an optional comment.
const BLOCK_HEADER =
  /^( *)(?:[-?] +)*(?:[^\s#'"[{][^#]*?: +)?(?:[-?] +)*(?:[!&]\S* +)*[|>][1-9]?[-+]?[1-9]?(?: +#.*)?\r?$/

/**
 * Where the line ending at `end` (a LF) and the block scalar body it opens end: the last LF of the
 * lines indented more than it (or blank) after it, when the line is a block scalar header; else `end`.
 */
function blockScalarEnd(text: string, start: number, end: number): number {
  const last = text.charCodeAt(end - 1 - (text.charCodeAt(end - 1) === CR ? 1 : 0))
  if (last !== PIPE && last !== GREATER && !text.slice(start, end).includes('#')) return end
  const header = BLOCK_HEADER.exec(text.slice(start, end))
  if (!header) return end
  const indent = header[1]!.length
  let next = end
  for (;;) {
    const from = next + 1
    if (from >= text.length) return next
    let j = from
    while (j < text.length && text.charCodeAt(j) === SPACE) j++
    const blank = j >= text.length || isLineBreak(text.charCodeAt(j))
    if (!blank && j - from <= indent) return next
    const lf = text.indexOf('\n', from)
    if (lf === -1) return text.length
    next = lf
  }
}
