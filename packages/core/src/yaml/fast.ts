// The fast path: js-yaml reads plain data about ten times faster than `yaml` builds its AST. Its
// schema resolves plain scalars with scalars.ts, exactly as the precise path does; whatever it
// cannot read to the same value (anchors and aliases, explicit tags, duplicate, null or collection keys,
// directives, merge keys, warnings, any error) makes it give up, and precise.ts decides instead.
// The rules of what it gives up on are scans over the text, kept next to the reader (~390 lines).
import type { LoadOptions, Schema, State } from 'js-yaml'
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
  PLUS,
  QUESTION,
  SINGLE,
  SPACE,
  TAB,
} from './chars.ts'
import { DEFAULT_MAX_DEPTH } from './cst-limits.ts'
import { jsYamlModule } from './js-yaml-module.ts'
import { leafSize } from '../values.ts'
import { PyYamlUnreadable, resolvePlain11, resolvePlain12 } from './scalars.ts'
import type { ParseYamlOptions, TreeFacts, YamlDocument } from './types.ts'
import { mayDiffer, plainScalar11 } from './version-differences.ts'

// A tag no document names: the listener sends every node with an explicit tag to the precise path.
const PLAIN_TAG = 'tag:merged-yaml.invalid,2026:plain'

function schemaResolving(resolvePlain: (source: string) => unknown): Schema {
  const { FAILSAFE_SCHEMA, Type } = jsYamlModule()
  const plain = new Type(PLAIN_TAG, { kind: 'scalar', resolve: () => true, construct: resolvePlain })
  return FAILSAFE_SCHEMA.extend({ implicit: [plain] })
}

// Set when a scalar needs the precise path: one PyYAML cannot read (1.1), or one YAML 1.1 reads
// otherwise (1.2 with flagVersionDifferences), whose position js-yaml does not give. Reset per parse.
let needsPrecise = false

// Made on the first parse that reaches js-yaml (it is loaded then).
const createSchemas = () => ({
  '1.1': schemaResolving((source) => {
    const value = resolvePlain11(source)
    if (value instanceof PyYamlUnreadable) needsPrecise = true
    return value
  }),
  '1.2': schemaResolving(resolvePlain12),
  '1.2 flagged': schemaResolving((source) => {
    const value = resolvePlain12(source)
    if (mayDiffer(source) && plainScalar11(source, value) !== undefined) needsPrecise = true
    return value
  }),
})
let schemas: ReturnType<typeof createSchemas> | undefined

/** What the listener sees of js-yaml's state (the typings leave these fields out). */
interface NodeState extends State {
  tag: string | null
  anchor: string | null
}

/**
 * Text the fast path hands to the precise path: `pattern` is tried only when the text contains one
 * of `needs` (a memchr-fast test), and with `at`, a match counts only where `at` accepts it.
 */
interface TextRule {
  needs: readonly string[]
  pattern: RegExp
  at?: (text: string, index: number) => boolean
}

/** A rule a regular expression cannot state without backtracking badly: a linear scan instead. */
interface ScanRule {
  needs: readonly string[]
  scan: (text: string) => boolean
}

const isBlank = (c: number): boolean => c === SPACE || c === TAB
const isLineBreak = (c: number): boolean => c === LF || c === CR

/** A match at the start of the text or right after one of `chars`. */
function after(chars: string): TextRule['at'] {
  return (text, index) => index === 0 || chars.includes(text[index - 1]!)
}

// Where the last comment scanned ended: every `|` of a comment full of them scans to the same line
// end, and scanning again for each made a long line quadratic.
let scanned: { text: string; from: number; end: number } | undefined

/** The line break (or text end) that ends the comment starting at `from`. */
function commentEnd(text: string, from: number): number {
  if (scanned?.text === text && from >= scanned.from && from <= scanned.end) return scanned.end
  let j = from
  while (j < text.length && !isLineBreak(text.charCodeAt(j))) j++
  scanned = { text, from, end: j }
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
function opensQuotedValue(text: string, i: number): boolean {
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
function inQuotedOrComment(text: string, index: number): boolean {
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
function collectionKeyInFlowMapping(text: string): boolean {
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
function unusualBlockHeader(text: string, index: number): boolean {
  let i = index - 1
  while (i >= 0 && isBlank(text.charCodeAt(i))) i--
  if (i < 0 || isLineBreak(text.charCodeAt(i))) return onlyIndicatorsFollow(text, index + 1)
  if (i === index - 1) return false // `a|b`: not a header
  let j = index + 1
  let c = text.charCodeAt(j)
  if (c === PLUS || c === DASH) c = text.charCodeAt(++j)
  if (c >= 0x31 && c <= 0x39) return true // 1-9
  while (isBlank(c)) c = text.charCodeAt(++j)
  if (c === HASH) j = commentEnd(text, j)
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
  // (test/perf/parse-equivalence.test.ts): a comment glued to a quoted scalar or a flow collection;
  // a comment line between a key and its plain value on a later line (`yaml` may take the value
  // for a multi-line key); a tab in indentation; a document marker run into text (`----`); a block
  // scalar header alone on its line, with an indentation indicator (`|2`) or followed by an empty
  // line; an escaped line break in a double-quoted scalar followed by an empty line.
  { needs: ['#'], pattern: /["'\]}]#/g, at: (text, index) => !opensQuotedValue(text, index) },
  { needs: ['#'], scan: commentBeforePlainValue },
  { needs: ['\t'], pattern: /^ *\t/m },
  { needs: ['---', '...'], pattern: /^(?:---|\.\.\.)[^\s]/m },
  { needs: ['|', '>'], pattern: /[|>]/g, at: unusualBlockHeader },
  { needs: ['\\'], pattern: /\\\r?\n[ \t]*\r?\n/ },
  // Found by mutating layers (test/perf/block-path.test.ts): a CR not followed by LF (a line break
  // to js-yaml, text to `yaml`); content after a document marker on its line (`--- k: v`, a
  // mapping to js-yaml, an error to `yaml`); a collection as a key without a value in a flow
  // mapping (`{[a]}`: key "a" to js-yaml, "[a]" to `yaml`).
  { needs: ['\r'], pattern: /\r(?!\n)/ },
  { needs: ['---'], pattern: /^---[ \t]+[^\s#]/m },
  { needs: ['{'], scan: collectionKeyInFlowMapping },
]

// An empty block sequence item (`-` alone): js-yaml may attach what follows it to the wrong
// sequence. Only looked for when the value has a null list item.
const EMPTY_ITEM: TextRule = { needs: ['-'], pattern: /-[ \t]*(?:#[^\n]*)?(?:\r?\n|$)/g, at: after(' \t\r\n') }

function matches(text: string, rule: TextRule | ScanRule): boolean {
  if (!rule.needs.some((needle) => text.includes(needle))) return false
  if ('scan' in rule) return rule.scan(text)
  const { pattern, at } = rule
  if (at === undefined) return pattern.test(text)
  pattern.lastIndex = 0
  for (let m = pattern.exec(text); m !== null; m = pattern.exec(text)) if (at(text, m.index)) return true
  return false
}

/** Whether the text is read as (or compared with) YAML 1.1 as PyYAML reads it. */
function readsPyYaml(options: ParseYamlOptions): boolean {
  return options.version === '1.1' || options.flagVersionDifferences === true
}

function textIsSafe(text: string, options: ParseYamlOptions): boolean {
  // js-yaml appends a line break to a last line without one, which keep-chomped (`|+`) scalars show.
  const last = text.charCodeAt(text.length - 1)
  if (isBlank(last)) return false
  // `<<` merges in YAML 1.1.
  if (readsPyYaml(options) && text.includes('<<')) return false
  // A block scalar the text's end cuts: PyYAML adds no final line break, YAML 1.2 (and js-yaml) one.
  if (readsPyYaml(options) && !isLineBreak(last) && (text.includes('|') || text.includes('>'))) return false
  try {
    for (const rule of TEXT_RULES) if (matches(text, rule)) return false
    return true
  } finally {
    scanned = undefined
  }
}

// `yaml` refuses implicit keys this long; js-yaml accepts them.
const MAX_KEY_LENGTH = 1024

interface Inspection extends TreeFacts {
  /** A list holds a null. */
  nullItem: boolean
}

/** A number JSON text cannot write (NaN, ±Infinity, -0). */
export function outsideJson(value: number): boolean {
  return value - value !== 0 || (value === 0 && 1 / value < 0)
}

/**
 * Undefined when a mapping has a key only a null key, a collection key or an over-long key
 * produces. Learns the tree's facts on the way (js-yaml's trees share no node) and freezes its
 * containers (parsed documents are shared and never changed; freezing here spares the render
 * cache a walk of its own).
 */
function inspect(root: object): Inspection | undefined {
  let nullItem = false
  let size = 0
  let plainJson = true
  const stack: object[] = [root]
  while (stack.length > 0) {
    const value = stack.pop()!
    size += 2
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) {
        const item: unknown = value[i]
        if (typeof item === 'object' && item !== null) stack.push(item)
        else {
          if (item === null) nullItem = true
          else if (typeof item === 'number' && outsideJson(item)) plainJson = false
          size += leafSize(item)
        }
      }
      Object.freeze(value)
      continue
    }
    const record = value as Record<string, unknown>
    if (Object.hasOwn(record, 'null') || Object.hasOwn(record, '[object Object]')) return undefined
    for (const key in record) {
      if (key.length > MAX_KEY_LENGTH) return undefined
      if (key === '__proto__') plainJson = false
      const item = record[key]
      size += key.length + 3
      if (typeof item === 'object' && item !== null) stack.push(item)
      else {
        if (typeof item === 'number' && outsideJson(item)) plainJson = false
        size += leafSize(item)
      }
    }
    Object.freeze(record)
  }
  return { nullItem, size, plainJson }
}

/**
 * Reads a YAML stream with js-yaml, or returns undefined when the result might differ from the
 * precise path's. The documents locate paths by parsing the text with `yaml` on the first call.
 */
export function parseYamlStreamFast(
  text: string,
  options: ParseYamlOptions,
  locateWith: (text: string) => YamlDocument[],
): YamlDocument[] | undefined {
  if (!textIsSafe(text, options)) return undefined
  let unsafe = false
  const flagged = options.version === '1.2' && options.flagVersionDifferences === true
  const load: LoadOptions & { maxDepth: number } = {
    schema: (schemas ??= createSchemas())[flagged ? '1.2 flagged' : options.version],
    // js-yaml counts every node where the precise path counts collections: it refuses at least
    // everything the precise path refuses (and hands that over), plus documents at the limit.
    maxDepth: options.maxDepth ?? DEFAULT_MAX_DEPTH,
    onWarning: () => {
      unsafe = true
    },
  }
  // Anchors need `&` and tags `!`: most files have neither, and skip the per-node listener.
  if (text.includes('&') || text.includes('!')) {
    load.listener = (event, state) => {
      if (event !== 'close') return
      const node = state as NodeState
      if (node.anchor !== null || (node.tag !== null && node.tag !== PLAIN_TAG)) unsafe = true
    }
  }
  let values: unknown[]
  needsPrecise = false
  try {
    values = jsYamlModule().loadAll(text, null, load)
  } catch {
    return undefined
  }
  // An empty document (null) may be `~` or nothing at all; only the precise path tells them apart.
  // A scalar at the root may be a block scalar whose content js-yaml ends at column 0.
  if (unsafe || needsPrecise || values.length === 0) return undefined
  let nullItem = false
  const trees: TreeFacts[] = []
  for (const value of values) {
    if (typeof value !== 'object' || value === null) return undefined
    const inspection = inspect(value)
    if (inspection === undefined) return undefined
    nullItem ||= inspection.nullItem
    trees.push({ size: inspection.size, plainJson: inspection.plainJson })
  }
  if (nullItem && matches(text, EMPTY_ITEM)) return undefined
  const docs = documentsOf(text, values, trees, locateWith)
  // Any difference would have sent the text to the precise path.
  if (flagged) for (const doc of docs) doc.versionDifferences = []
  return docs
}

/** Documents read from `text` without positions: `locate` parses it with `locateWith` on first use. */
export function documentsOf(
  text: string,
  values: unknown[],
  trees: TreeFacts[],
  locateWith: (text: string) => YamlDocument[],
): YamlDocument[] {
  let located: YamlDocument[] | undefined
  return values.map((value, index) => ({
    value,
    empty: false,
    warnings: [],
    tree: trees[index]!,
    locate(path, target) {
      located ??= locateWith(text)
      return located[index]?.locate(path, target) ?? { line: 1, column: 1 }
    },
  }))
}
