// Python's `re` pattern syntax (3.11, str patterns, no flags) translated token by token into RE2's,
// run in linear time (linear-regex.ts), matching what Python's would: `.` stops only at \n, `$` also
// matches before a final \n (in final position), `\w`, `\d`, `\s` are Unicode-aware, `\b` on ASCII
// text. Syntax Python rejects is a PyReError (Deckhand fails there too); syntax whose meaning RE2
// cannot reproduce (lookarounds, inline flags, atomic groups, backreferences, …) is a PatternMismatch,
// refused rather than read differently or run on a backtracking engine.
// One translator, kept whole: Python's pattern grammar, token by token, with its refusals.
import { compileRe2, isFinalPosition, RegexUnsupported } from '../../linear-regex.ts'
import type { LinearRegex } from '../../linear-regex.ts'
import { PatternMismatch, PyReError } from './pyerrors.ts'

export interface PyPattern {
  source: string
  regex: LinearRegex
  /** Number of capturing groups. */
  groups: number
  /** Group name → number. */
  names: Map<string, number>
  /** Groups inside a repeat, whose captured text Python and JavaScript report differently. */
  repeated: Set<number>
}

// Python's \w is str.isalnum() or '_'; \d is Unicode category Nd; \s is str.isspace().
const WORD = '\\p{L}\\p{N}_'
const DIGIT = '\\p{Nd}'
const SPACE =
  ' \\t\\n\\r\\f\\v\\x1c-\\x1f\\x85\\xa0\\x{1680}\\x{2000}-\\x{200a}\\x{2028}\\x{2029}\\x{202f}\\x{205f}\\x{3000}'
const CATEGORY: Record<string, string> = {
  d: DIGIT,
  D: '\\P{Nd}',
  w: `[${WORD}]`,
  W: `[^${WORD}]`,
  s: `[${SPACE}]`,
  S: `[^${SPACE}]`,
}
const IN_CLASS: Record<string, string> = { d: DIGIT, D: '\\P{Nd}', w: WORD, s: SPACE }
const SIMPLE_ESCAPES: Record<string, number> = { a: 7, b: 8, f: 12, n: 10, r: 13, t: 9, v: 11, '\\': 92 }
const HEX_LENGTH: Record<string, number> = { x: 2, u: 4, U: 8 }

function codePoint(cp: number): string {
  return `\\x{${cp.toString(16)}}`
}

/** One translated item and what the lookbehind width check needs. */
interface Item {
  js: string
  /** Fixed width in characters, or undefined when variable. */
  width: number | undefined
  /** An anchor (^, $, \b, …): Python refuses to repeat it. */
  anchor?: boolean
  /** A repeat: Python refuses to repeat it again. */
  repeat?: boolean
  /** Capturing groups opened inside, for the repeated set. */
  groupsInside: number[]
}

export class Translator {
  private i = 0
  private groups = 0
  private readonly names = new Map<string, number>()
  private readonly open = new Set<number>()
  private readonly repeated = new Set<number>()
  /** RE2 group numbers of the hidden groups Python's `$` consumes a final newline with. */
  private readonly hidden: number[] = []
  private asciiBoundary = false
  private emptyRefused = false

  constructor(private readonly pattern: string) {}

  private error(message: string): never {
    throw new PyReError(`${message} at position ${this.i}`)
  }

  private get peek(): string | undefined {
    return this.pattern[this.i]
  }

  private char(): string {
    const cp = this.pattern.codePointAt(this.i)!
    const ch = String.fromCodePoint(cp)
    this.i += ch.length
    return ch
  }

  translate(): PyPattern {
    const body = this.alternation()
    if (this.i < this.pattern.length) {
      // Only an unbalanced ')' stops the top level.
      this.error('unbalanced parenthesis')
    }
    let regex: LinearRegex
    try {
      const { asciiBoundary, emptyRefused } = this
      const refuse = (subject: string): string | undefined =>
        // eslint-disable-next-line no-control-regex -- the ASCII range is the point
        asciiBoundary && /[^\x00-\x7f]/.test(subject)
          ? '\\b or \\B on a non-ASCII text (RE2 reads word boundaries in ASCII only)'
          : emptyRefused && subject === ''
            ? '\\B on an empty text (RE2 reads it otherwise)'
            : undefined
      regex = compileRe2({ source: body.js, hidden: this.hidden, refuse })
    } catch (error) {
      if (!(error instanceof RegexUnsupported)) throw error
      throw new PatternMismatch(error.message)
    }
    return { source: this.pattern, regex, groups: this.groups, names: this.names, repeated: this.repeated }
  }

  private alternation(): Item {
    const branches = [this.sequence()]
    while (this.peek === '|') {
      this.i++
      branches.push(this.sequence())
    }
    const widths = new Set(branches.map((b) => b.width))
    return {
      js: branches.map((b) => b.js).join('|'),
      width: widths.size === 1 ? branches[0]!.width : undefined,
      groupsInside: branches.flatMap((b) => b.groupsInside),
    }
  }

  private sequence(): Item {
    const items: Item[] = []
    while (this.i < this.pattern.length && this.peek !== '|' && this.peek !== ')') {
      const ch = this.peek!
      if ('*+?{'.includes(ch) && this.quantifierHere()) {
        const last = items.pop()
        if (!last) this.error('nothing to repeat')
        items.push(this.repeat(last))
        continue
      }
      const atom = this.atom()
      if (atom) items.push(atom)
    }
    let width: number | undefined = 0
    for (const item of items) width = width === undefined || item.width === undefined ? undefined : width + item.width
    return {
      js: items.map((item) => item.js).join(''),
      width,
      groupsInside: items.flatMap((item) => item.groupsInside),
    }
  }

  /** Whether a quantifier starts here (`{` only as `{m}`, `{m,}`, `{,n}`, `{m,n}` or `{,}`; else a literal). */
  private quantifierHere(): boolean {
    return this.peek !== '{' || /^\{(?:\d+|\d*,\d*)\}/.test(this.pattern.slice(this.i))
  }

  private repeat(item: Item): Item {
    if (item.anchor) this.error('nothing to repeat')
    if (item.repeat) this.error('multiple repeat')
    const ch = this.char()
    let min: number
    let max: number | undefined
    let js: string
    if (ch === '{') {
      const match = /^(\d*)(,?)(\d*)\}/.exec(this.pattern.slice(this.i))!
      this.i += match[0].length
      min = match[1] ? Number(match[1]) : 0
      max = match[2] ? (match[3] ? Number(match[3]) : undefined) : min
      if (max !== undefined && max < min) this.error('min repeat greater than max repeat')
      js = `{${min}${match[2] ? `,${max ?? ''}` : ''}}`
    } else {
      min = ch === '+' ? 1 : 0
      max = ch === '?' ? 1 : undefined
      js = ch
    }
    if (this.peek === '+') throw new PatternMismatch('a possessive quantifier (JavaScript has none)')
    if (this.peek === '?') {
      this.i++
      js += '?'
    }
    // With at most one iteration the two agree; with more, JavaScript resets the groups each time.
    if (max === undefined || max > 1) for (const group of item.groupsInside) this.repeated.add(group)
    const width = item.width !== undefined && min === max ? item.width * min : undefined
    return { js: `(?:${item.js})${js}`, width, repeat: true, groupsInside: item.groupsInside }
  }

  /** The next item, or undefined for a comment `(?#…)`, which Python drops. */
  private atom(): Item | undefined {
    const ch = this.char()
    switch (ch) {
      case '.':
        return { js: '[^\\n]', width: 1, groupsInside: [] }
      case '^':
        return { js: '^', width: 0, anchor: true, groupsInside: [] }
      case '$':
        return this.dollar()
      case '(':
        return this.group()
      case '[':
        return this.characterClass()
      case '\\':
        return this.escape()
      case ')':
        return this.error('unbalanced parenthesis')
      default:
        return { js: literal(ch), width: 1, groupsInside: [] }
    }
  }

  /** `$`: the end, or before a final newline, which a hidden group consumes (in final position only). */
  private dollar(): Item {
    if (!isFinalPosition(this.pattern, this.i - 1))
      throw new PatternMismatch('a `$` with more pattern after it (the linear-time engine has no lookahead)')
    this.hidden.push(this.groups + this.hidden.length + 1)
    return { js: '(\\n)?\\z', width: 0, anchor: true, groupsInside: [] }
  }

  private group(): Item | undefined {
    let kind: 'capture' | 'plain' = 'plain'
    let prefix = '(?:'
    let name: string | undefined
    if (this.peek === '?') {
      this.i++
      const rest = this.pattern.slice(this.i)
      if (rest.startsWith(':')) {
        this.i++
      } else if (rest.startsWith('P<')) {
        const match = /^P<([^>]*)>/.exec(rest)
        if (!match) this.error('missing >, unterminated name')
        name = match[1]!
        if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) {
          if (!/^\p{ID_Start}\p{ID_Continue}*$/u.test(name)) this.error(`bad character in group name '${name}'`)
          throw new PatternMismatch(`the non-ASCII group name '${name}'`)
        }
        if (this.names.has(name)) this.error(`redefinition of group name '${name}'`)
        this.i += match[0].length
        kind = 'capture'
        prefix = `(?P<${name}>`
      } else if (rest.startsWith('P=')) {
        throw new PatternMismatch('a backreference (JavaScript matches an unset group as empty, Python fails)')
      } else if (rest.startsWith('=') || rest.startsWith('!') || rest.startsWith('<=') || rest.startsWith('<!')) {
        // Read through first: Python's own errors inside (a look-behind of variable width) come first.
        this.i += rest.startsWith('<') ? 2 : 1
        const body = this.alternation()
        if ((this.peek as string | undefined) !== ')') this.error('missing ), unterminated subpattern')
        if (rest.startsWith('<') && body.width === undefined) this.error('look-behind requires fixed-width pattern')
        throw new PatternMismatch('a lookaround (the linear-time engine, RE2, has none)')
      } else if (rest.startsWith('#')) {
        const end = this.pattern.indexOf(')', this.i)
        if (end < 0) this.error('missing ), unterminated comment')
        this.i = end + 1
        return undefined
      } else if (rest.startsWith('>')) {
        throw new PatternMismatch('an atomic group (?>…) (JavaScript has none)')
      } else if (rest.startsWith('(')) {
        throw new PatternMismatch('a conditional group (?(…)…) (JavaScript has none)')
      } else if (/^[aiLmsux-]/.test(rest)) {
        const flags = rest.split(/[:)]/)[0]
        throw new PatternMismatch(`the inline flags (?${flags}…) (their meaning differs in JavaScript)`)
      } else {
        this.error(`unknown extension ?${rest[0] ?? ''}`)
      }
    } else {
      kind = 'capture'
      prefix = '('
    }
    let number: number | undefined
    if (kind === 'capture') {
      number = ++this.groups
      if (name !== undefined) this.names.set(name, number)
      this.open.add(number)
    }
    const body = this.alternation()
    if (this.peek !== ')') this.error('missing ), unterminated subpattern')
    this.i++
    if (number !== undefined) this.open.delete(number)
    return {
      js: `${prefix}${body.js})`,
      width: body.width,
      groupsInside: number === undefined ? body.groupsInside : [number, ...body.groupsInside],
    }
  }

  /** `\x41`, `\u0041`, `\U00000041`, `\N{…}`, octal: the code point, or undefined for other escapes. */
  private numericEscape(letter: string, inClass: boolean): number | undefined {
    const hex = HEX_LENGTH[letter]
    if (hex !== undefined) {
      const digits = this.pattern.slice(this.i, this.i + hex)
      if (digits.length < hex || !/^[0-9a-fA-F]+$/.test(digits)) this.error(`incomplete escape \\${letter}${digits}`)
      this.i += hex
      const cp = parseInt(digits, 16)
      if (cp > 0x10ffff) this.error(`bad escape \\${letter}${digits}`)
      return cp
    }
    if (letter === 'N') throw new PatternMismatch('a named character escape \\N{…}')
    if (letter === '0' || (inClass && /[1-7]/.test(letter))) {
      let digits = letter
      while (digits.length < 3 && /[0-7]/.test(this.peek ?? '')) digits += this.char()
      const cp = parseInt(digits, 8)
      if (cp > 0o377) this.error(`octal escape value \\${digits} outside of range 0-0o377`)
      return cp
    }
    return undefined
  }

  private escape(): Item {
    if (this.i >= this.pattern.length) this.error('bad escape (end of pattern)')
    const letter = this.char()
    const cp = this.numericEscape(letter, false)
    if (cp !== undefined) return { js: codePoint(cp), width: 1, groupsInside: [] }
    if (letter in CATEGORY) return { js: CATEGORY[letter]!, width: 1, groupsInside: [] }
    switch (letter) {
      case 'A':
        return { js: '^', width: 0, anchor: true, groupsInside: [] }
      case 'Z':
        return { js: '\\z', width: 0, anchor: true, groupsInside: [] }
      case 'b':
      case 'B':
        // RE2's word boundaries are ASCII: the same as Python's on an ASCII text, refused on another.
        this.asciiBoundary = true
        // Python's \B never matches in an empty text; RE2's does.
        if (letter === 'B') this.emptyRefused = true
        return { js: `\\${letter}`, width: 0, anchor: true, groupsInside: [] }
    }
    if (/[1-9]/.test(letter)) {
      // Three octal digits make an octal escape; otherwise one or two digits are a group reference.
      const next = this.pattern.slice(this.i, this.i + 2)
      if (/^[0-7]{2}$/.test(next) && /[0-7]/.test(letter)) {
        this.i += 2
        const value = parseInt(letter + next, 8)
        if (value > 0o377) this.error(`octal escape value \\${letter}${next} outside of range 0-0o377`)
        return { js: codePoint(value), width: 1, groupsInside: [] }
      }
      let digits = letter
      if (/[0-9]/.test(this.peek ?? '')) digits += this.char()
      const group = Number(digits)
      if (group > this.groups) this.error(`invalid group reference ${group}`)
      if (this.open.has(group)) this.error('cannot refer to an open group')
      throw new PatternMismatch('a backreference (JavaScript matches an unset group as empty, Python fails)')
    }
    if (letter in SIMPLE_ESCAPES) return { js: codePoint(SIMPLE_ESCAPES[letter]!), width: 1, groupsInside: [] }
    if (/[A-Za-z0-9]/.test(letter)) this.error(`bad escape \\${letter}`)
    return { js: literal(letter), width: 1, groupsInside: [] }
  }

  /** One member of a class: a code point, or a category (`\d`, `\w`, `\s`) as class text. */
  private classMember(): { cp: number } | { category: string } {
    const ch = this.char()
    if (ch !== '\\') return { cp: ch.codePointAt(0)! }
    if (this.i >= this.pattern.length) this.error('bad escape (end of pattern)')
    const letter = this.char()
    const cp = this.numericEscape(letter, true)
    if (cp !== undefined) return { cp }
    if (letter in IN_CLASS) return { category: IN_CLASS[letter]! }
    if (letter === 'W' || letter === 'S')
      throw new PatternMismatch(`\\${letter} inside a character class (JavaScript cannot negate it there)`)
    if (letter in SIMPLE_ESCAPES) return { cp: SIMPLE_ESCAPES[letter]! }
    if (/[A-Za-z0-9]/.test(letter)) this.error(`bad escape \\${letter}`)
    return { cp: letter.codePointAt(0)! }
  }

  private characterClass(): Item {
    let negate = false
    if (this.peek === '^') {
      negate = true
      this.i++
    }
    const parts: string[] = []
    let first = true
    for (;;) {
      if (this.i >= this.pattern.length) this.error('unterminated character set')
      if (this.peek === ']' && !first) {
        this.i++
        break
      }
      first = false
      const start = this.classMember()
      if (this.peek === '-' && this.pattern[this.i + 1] !== ']' && this.i + 1 < this.pattern.length) {
        this.i++
        const end = this.classMember()
        if (!('cp' in start) || !('cp' in end)) this.error('bad character range')
        if (end.cp < start.cp) this.error('bad character range')
        parts.push(`${codePoint(start.cp)}-${codePoint(end.cp)}`)
      } else {
        parts.push('cp' in start ? codePoint(start.cp) : start.category)
      }
    }
    return { js: `[${negate ? '^' : ''}${parts.join('')}]`, width: 1, groupsInside: [] }
  }
}

function literal(ch: string): string {
  return /[\\^$.*+?()[\]{}|/]/.test(ch) ? `\\${ch}` : ch
}
