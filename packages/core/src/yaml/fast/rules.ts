// What the fast path (read.ts) gives up on, told from the text before js-yaml reads it: scans and
// regular expressions, each with its reason, each run only when the text holds the characters it
// needs. A text any rule matches goes to the precise path (`yaml`). The state of a check (where the
// last comment scanned ended, where a rule's expression has matched: `matchAll` searches a copy of
// it) lives in the one call; the line scans they use are in scan.ts.
import { COLON, CR, DASH, HASH, LF, PLUS } from '../chars.ts'
import { UNPRINTABLE } from '../stream-checks.ts'
import type { ParseYamlOptions } from '../types.ts'
import { collectionKeyInFlowMapping, inQuotedOrComment, isBlank, isLineBreak, opensQuotedValue } from './scan.ts'

/**
 * Text the fast path hands to the precise path: `pattern` is tried only when the text contains one
 * of `needs` (a memchr-fast test), and with `at`, a match counts only where `at` accepts it.
 */
interface TextRule {
  needs: readonly string[]
  pattern: RegExp
  at?: (text: string, index: number, memo: CommentMemo) => boolean
}

/** A rule a regular expression cannot state without backtracking badly: a linear scan instead. */
interface ScanRule {
  needs: readonly string[]
  scan: (text: string) => boolean
}

/** A match at the start of the text or right after one of `chars`. */
function after(chars: string): TextRule['at'] {
  return (text, index) => index === 0 || chars.includes(text[index - 1]!)
}

/**
 * Where the last comment scanned ended, in one check of one text: every `|` of a comment full of them
 * scans to the same line end, and scanning again for each made a long line quadratic.
 */
interface CommentMemo {
  from: number
  end: number
}

/** The line break (or text end) that ends the comment starting at `from`. */
function commentEnd(text: string, from: number, memo: CommentMemo): number {
  if (from >= memo.from && from <= memo.end) return memo.end
  let j = from
  while (j < text.length && !isLineBreak(text.charCodeAt(j))) j++
  memo.from = from
  memo.end = j
  return j
}

/**
 * A comment line between a key and its plain value on a later line (`yaml` may take the value for a
 * multi-line key): a line with a `:` followed only by blanks and a comment, then blank and comment
 * lines — at least one a comment — then a line that starts with a plain scalar. One pass over the
 * lines (the regular expression this replaces backtracked cubically over runs of comment lines).
 */
function commentBeforePlainValue(text: string): boolean {
  let armed = false
  let sawComment = false
  let start = 0
  while (start <= text.length) {
    let end = text.indexOf('\n', start)
    if (end === -1) end = text.length
    const lineEnd = end > start && text.charCodeAt(end - 1) === CR ? end - 1 : end
    let i = start
    while (i < lineEnd && isBlank(text.charCodeAt(i))) i++
    const first = i < lineEnd ? text[i]! : ''
    if (armed) {
      if (first === '#') sawComment = true
      else if (first !== '') {
        // A mapping entry (`key: value`, `key:`) starts a nested mapping there, which both read alike.
        if (sawComment && !/[\s#\-"'[{|>&!*?]/.test(first) && !isPlainMappingEntry(text, i, lineEnd)) return true
        armed = false
      }
    }
    if (!armed && endsWithKeyColon(text, start, lineEnd)) {
      armed = true
      sawComment = false
    }
    start = end + 1
  }
  return false
}

/** A line (from its first non-blank) that is a plain key without `:` or `#` in it, then `:` and a blank or the end. */
function isPlainMappingEntry(text: string, start: number, end: number): boolean {
  for (let i = start; i < end; i++) {
    const c = text.charCodeAt(i)
    if (c === HASH) return false
    if (c === COLON) return i > start && (i + 1 === end || isBlank(text.charCodeAt(i + 1)))
  }
  return false
}

/** A `:` on the line followed only by blanks and then the line end or a `#`. */
function endsWithKeyColon(text: string, start: number, end: number): boolean {
  for (let i = text.indexOf(':', start); i !== -1 && i < end; i = text.indexOf(':', i + 1)) {
    let j = i + 1
    while (j < end && isBlank(text.charCodeAt(j))) j++
    if (j === end || text.charCodeAt(j) === HASH) return true
  }
  return false
}

/**
 * Whether the rest of the line from `j` is only chomping and indentation indicators, blanks and a
 * comment, as after a block scalar header: `> node_memory * 0.8` first on a line of a multi-line
 * plain scalar is text to both parsers.
 */
function onlyIndicatorsFollow(text: string, j: number): boolean {
  let c = text.charCodeAt(j)
  while (c === PLUS || c === DASH || (c >= 0x31 && c <= 0x39)) c = text.charCodeAt(++j)
  while (isBlank(c)) c = text.charCodeAt(++j)
  return j >= text.length || isLineBreak(c) || c === HASH
}

/**
 * A block scalar header (`|` or `>`) js-yaml reads differently from `yaml`: alone on its line, with
 * an indentation indicator (`|2`), or followed by an empty line.
 */
function unusualBlockHeader(text: string, index: number, memo: CommentMemo): boolean {
  let i = index - 1
  while (i >= 0 && isBlank(text.charCodeAt(i))) i--
  if (i < 0 || isLineBreak(text.charCodeAt(i))) return onlyIndicatorsFollow(text, index + 1)
  if (i === index - 1) return false // `a|b`: not a header
  let j = index + 1
  let c = text.charCodeAt(j)
  if (c === PLUS || c === DASH) c = text.charCodeAt(++j)
  if (c >= 0x31 && c <= 0x39) return true // 1-9
  while (isBlank(c)) c = text.charCodeAt(++j)
  if (c === HASH) j = commentEnd(text, j, memo)
  c = text.charCodeAt(j)
  if (c === CR) c = text.charCodeAt(++j)
  if (c !== LF) return false
  c = text.charCodeAt(++j)
  while (isBlank(c)) c = text.charCodeAt(++j)
  return isLineBreak(c)
}

const TEXT_RULES: readonly (TextRule | ScanRule)[] = [
  // Directives: `%YAML 1.1` switches `yaml` to another schema.
  { needs: ['%'], pattern: /^%/m },
  // Verbatim tags (`!<…>`) could name the fast path's own tag.
  { needs: ['!<'], pattern: /!</ },
  // `?` explicit keys and flow collections as keys: js-yaml stringifies collection keys its own way.
  { needs: ['?'], pattern: /\?(?:[ \t\r\n]|$)/g, at: after(' \t\r\n[{,') },
  { needs: [']', '}'], pattern: /[\]}][ \t]*:/g, at: (text, index) => !inQuotedOrComment(text, index) },
  // What js-yaml reads and `yaml` refuses or reads otherwise, found by fuzzing both
  // (test/perf/parse-equivalence.test.ts): a comment glued to a quoted scalar, a flow collection or
  // a comma (`[a,#c` is an error to `yaml`, YAML test suite case CVW2), or to the start of a flow
  // collection (`[#c`, issue #47; outside a quoted scalar, where it is text to both);
  // a comment line between a key and its plain value on a later line (`yaml` may take the value
  // for a multi-line key); a tab in indentation; a document marker run into text (`----`); a block
  // scalar header alone on its line, with an indentation indicator (`|2`) or followed by an empty
  // line; an escaped line break in a double-quoted scalar followed by an empty line.
  { needs: ['#'], pattern: /["'\]},]#/g, at: (text, index) => !opensQuotedValue(text, index) },
  { needs: ['[#', '{#'], pattern: /[[{]#/g, at: (text, index) => !inQuotedOrComment(text, index) },
  { needs: ['#'], scan: commentBeforePlainValue },
  { needs: ['\t'], pattern: /^ *\t/m },
  { needs: ['---', '...'], pattern: /^(?:---|\.\.\.)[^\s]/m },
  { needs: ['|', '>'], pattern: /[|>]/g, at: unusualBlockHeader },
  { needs: ['\\'], pattern: /\\\r?\n[ \t]*\r?\n/ },
  // Found by mutating layers (test/perf/block-path.test.ts): a CR not followed by LF (a line break
  // to js-yaml, text to `yaml`); content after a document marker on its line (`--- k: v`, a
  // mapping to js-yaml, an error to `yaml`; `... k: v`, another document to js-yaml, an error to
  // `yaml`); a collection as a key without a value in a flow
  // mapping (`{[a]}`: key "a" to js-yaml, "[a]" to `yaml`).
  { needs: ['\r'], pattern: /\r(?!\n)/ },
  { needs: ['---', '...'], pattern: /^(?:---|\.\.\.)[ \t]+[^\s#]/m },
  { needs: ['{'], scan: collectionKeyInFlowMapping },
  // An anchor (`&a`, which js-yaml's reading hands over: read.ts's listener): told from the text, a `&`
  // that starts a token (not `&&`), before js-yaml reads it all (the 12 MB anchored scalar of #38 was read twice).
  { needs: ['&'], pattern: /&[^\s[\]{},&]/g, at: after(' \t\r\n[{,') },
]

// An empty block sequence item (`-` alone): js-yaml may attach what follows it to the wrong
// sequence. Only looked for when the value has a null list item.
const EMPTY_ITEM: TextRule = { needs: ['-'], pattern: /-[ \t]*(?:#[^\n]*)?(?:\r?\n|$)/g, at: after(' \t\r\n') }

function matches(text: string, rule: TextRule | ScanRule, memo: CommentMemo = { from: -1, end: -1 }): boolean {
  if (!rule.needs.some((needle) => text.includes(needle))) return false
  if ('scan' in rule) return rule.scan(text)
  const { pattern, at } = rule
  if (at === undefined) return pattern.test(text)
  for (const match of text.matchAll(pattern)) if (at(text, match.index, memo)) return true
  return false
}

/** Whether the text is read as (or compared with) YAML 1.1 as PyYAML reads it. */
function readsPyYaml(options: ParseYamlOptions): boolean {
  return options.version === '1.1' || options.flagVersionDifferences === true
}

/** Whether js-yaml reads the text exactly as `yaml` does, as far as the text tells (the values tell the rest). */
export function textIsSafe(text: string, options: ParseYamlOptions): boolean {
  // js-yaml appends a line break to a last line without one, which keep-chomped (`|+`) scalars show.
  const last = text.charCodeAt(text.length - 1)
  if (isBlank(last)) return false
  // `<<` merges in YAML 1.1.
  if (readsPyYaml(options) && text.includes('<<')) return false
  // A block scalar the text's end cuts: PyYAML adds no final line break, YAML 1.2 (and js-yaml) one.
  if (readsPyYaml(options) && !isLineBreak(last) && (text.includes('|') || text.includes('>'))) return false
  // Characters YAML refuses: js-yaml lets lone surrogates (invalid UTF-8, as read) through.
  if (UNPRINTABLE.test(text)) return false
  const memo: CommentMemo = { from: -1, end: -1 }
  for (const rule of TEXT_RULES) if (matches(text, rule, memo)) return false
  return true
}

/** An empty block sequence item (`-` alone), after which js-yaml may attach what follows to the wrong list. */
export function hasEmptyItem(text: string): boolean {
  return matches(text, EMPTY_ITEM)
}
