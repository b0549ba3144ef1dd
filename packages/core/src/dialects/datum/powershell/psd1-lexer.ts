// The tokens of a PowerShell data file (`.psd1`): the part of PowerShell's tokenizer the restricted
// data language needs (Import-PowerShellDataFile). Anything the language does not allow is still
// recognised far enough to name it in a located error: a variable, a command, a cast, an operator.
// One tokenizer, kept whole.
import { BACKTICK_ESCAPES, DOUBLE_QUOTES, quoteAt, SINGLE_QUOTES } from './chars.ts'

/** A token and the offset of its first character. */
export type Psd1Token =
  | { kind: 'open-hash' | 'open-array' | 'open-paren' | 'close-brace' | 'close-paren'; at: number }
  | { kind: 'equals' | 'semicolon' | 'comma' | 'newline' | 'end'; at: number }
  | { kind: 'string'; at: number; value: string }
  | { kind: 'number'; at: number; value: number; text: string }
  | { kind: 'variable'; at: number; name: string }
  | { kind: 'word'; at: number; text: string }
  | { kind: 'other'; at: number; text: string }

/** A lexing problem at `at`, with one of the yaml room's codes for data files. */
export class Psd1Error extends Error {
  constructor(
    readonly code: 'MY_PSD1_SYNTAX' | 'MY_PSD1_NOT_DATA' | 'MY_PSD1_DUPLICATE_KEY' | 'MY_PSD1_TOO_DEEP',
    message: string,
    readonly at: number,
  ) {
    super(message)
  }
}

// PowerShell accepts typographic quotes (chars.ts) and dashes wherever the ASCII ones go.
const DASHES = '-\u2013\u2014\u2015'
const BLANK = /[ \t\f\v\u00a0\u1680\u2000-\u200a\u202f\u205f\u3000\ufeff]/
// Where a bare word (a hashtable key, or a command) ends.
const WORD_END = /[\s{}()@;,=#'"\u2018-\u201e`$[\]|&<>]/

const MULTIPLIERS: Readonly<Record<string, number>> = {
  kb: 2 ** 10,
  mb: 2 ** 20,
  gb: 2 ** 30,
  tb: 2 ** 40,
  pb: 2 ** 50,
}

// Decimal or hexadecimal, an optional type suffix (`l` long, `d` decimal) and multiplier.
const NUMBER = /^(?:0x([0-9a-f]+)|((?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?))(l|d)?(kb|mb|gb|tb|pb)?/i

function isNewline(char: string | undefined): boolean {
  return char === '\n' || char === '\r'
}

/** The value of a hexadecimal literal: up to 8 digits is an Int32 (two's complement), up to 16 an Int64. */
function hexValue(digits: string, at: number): number {
  const value = BigInt(`0x${digits}`)
  if (digits.length <= 8) return Number(BigInt.asIntN(32, value))
  if (digits.length <= 16) return Number(BigInt.asIntN(64, value))
  throw new Psd1Error('MY_PSD1_SYNTAX', `the hexadecimal number 0x${digits} is too large`, at)
}

export class Psd1Lexer {
  private offset = 0

  constructor(private readonly text: string) {}

  /** The offset of the next token (after blanks and comments). */
  get position(): number {
    return this.offset
  }

  private fail(code: Psd1Error['code'], message: string, at = this.offset): never {
    throw new Psd1Error(code, message, at)
  }

  /** Skips blanks, comments and line continuations; newlines stay (they separate statements). */
  private skipBlanks(): void {
    const { text } = this
    while (this.offset < text.length) {
      const char = text[this.offset]!
      if (BLANK.test(char)) this.offset++
      else if (char === '`' && isNewline(text[this.offset + 1])) {
        this.offset += text.startsWith('\r\n', this.offset + 1) ? 3 : 2
      } else if (char === '#') {
        while (this.offset < text.length && !isNewline(text[this.offset])) this.offset++
      } else if (char === '<' && text[this.offset + 1] === '#') {
        const end = text.indexOf('#>', this.offset + 2)
        if (end < 0) this.fail('MY_PSD1_SYNTAX', 'this block comment (<# … #>) is not closed')
        this.offset = end + 2
      } else break
    }
  }

  next(): Psd1Token {
    this.skipBlanks()
    const { text } = this
    const at = this.offset
    if (at >= text.length) return { kind: 'end', at }
    const char = text[at]!
    if (isNewline(char)) {
      this.offset += text.startsWith('\r\n', at) ? 2 : 1
      return { kind: 'newline', at }
    }
    if (char === '}' || char === '(' || char === ')') {
      this.offset++
      return { kind: char === '}' ? 'close-brace' : char === '(' ? 'open-paren' : 'close-paren', at }
    }
    if (char === '=') return this.single('equals', at)
    if (char === ';') return this.single('semicolon', at)
    if (char === ',') return this.single('comma', at)
    if (char === '@') return this.at(at)
    if (SINGLE_QUOTES.includes(char)) return this.singleQuoted(at, at + 1)
    if (DOUBLE_QUOTES.includes(char)) return this.doubleQuoted(at, at + 1, false)
    if (char === '$') return this.variable(at)
    const number = this.number(at)
    if (number) return number
    if ((isDash(char) || char === '+') && /[\d.]/.test(text[at + 1] ?? '')) {
      const signed = this.number(at + 1)
      if (signed?.kind === 'number') {
        return { ...signed, at, value: char === '+' ? signed.value : -signed.value, text: `${char}${signed.text}` }
      }
      this.offset = at
    }
    if (char === '[') {
      const end = text.indexOf(']', at)
      this.offset = end < 0 ? text.length : end + 1
      return { kind: 'other', at, text: text.slice(at, this.offset) }
    }
    if (char === '{' || char === '|' || char === '&' || char === '<' || char === '>')
      return { kind: 'other', at, text: this.wordAt(at + 1, char) }
    return { kind: 'word', at, text: this.wordAt(at, '') }
  }

  private single(kind: 'equals' | 'semicolon' | 'comma', at: number): Psd1Token {
    this.offset++
    return { kind, at }
  }

  private wordAt(start: number, prefix: string): string {
    let end = start
    while (end < this.text.length && !WORD_END.test(this.text[end]!)) end++
    this.offset = Math.max(end, start)
    return prefix + this.text.slice(start, end)
  }

  /** `@{`, `@(`, or a here-string `@'…'@` / `@"…"@`. */
  private at(at: number): Psd1Token {
    const next = this.text[at + 1]
    if (next === '{') {
      this.offset += 2
      return { kind: 'open-hash', at }
    }
    if (next === '(') {
      this.offset += 2
      return { kind: 'open-array', at }
    }
    if (next !== undefined && (SINGLE_QUOTES.includes(next) || DOUBLE_QUOTES.includes(next))) {
      return this.hereString(at, DOUBLE_QUOTES.includes(next))
    }
    this.fail('MY_PSD1_NOT_DATA', "'@' starts a hashtable '@{', an array '@(' or a here-string here", at)
  }

  private singleQuoted(at: number, from: number): Psd1Token {
    const { text } = this
    let value = ''
    let i = from
    for (;;) {
      if (i >= text.length) this.fail('MY_PSD1_SYNTAX', 'this string is not closed', at)
      const quote = quoteAt(text, i, SINGLE_QUOTES)
      if (quote === 'closing') {
        this.offset = i + 1
        return { kind: 'string', at, value }
      }
      value += text[i]
      i += quote === 'doubled' ? 2 : 1
    }
  }

  /** A `"…"` string: backtick escapes; `$` followed by a name, `{` or `(` would be evaluated, which data may not. */
  private doubleQuoted(at: number, from: number, here: boolean, end?: number): Psd1Token {
    const { text } = this
    let value = ''
    let i = from
    for (;;) {
      if (end !== undefined ? i >= end : i >= text.length) {
        if (end !== undefined) break
        this.fail('MY_PSD1_SYNTAX', 'this string is not closed', at)
      }
      const char = text[i]!
      const quote = here ? undefined : quoteAt(text, i, DOUBLE_QUOTES)
      if (quote === 'closing') {
        this.offset = i + 1
        return { kind: 'string', at, value }
      }
      if (quote === 'doubled') {
        value += char
        i += 2
        continue
      }
      if (char === '`' && i + 1 < text.length) {
        const escaped = text[i + 1]!
        value += BACKTICK_ESCAPES[escaped] ?? escaped
        i += 2
        continue
      }
      if (char === '$' && /[\w{(:?^$]/.test(text[i + 1] ?? '')) {
        this.fail(
          'MY_PSD1_NOT_DATA',
          'a variable or subexpression inside a "…" string is evaluated, which a data file may not do (use \'…\')',
          i,
        )
      }
      value += char
      i++
    }
    return { kind: 'string', at, value }
  }

  /** `@'` or `@"`, a line break, the lines, and `'@` / `"@` at the start of a line. */
  private hereString(at: number, expandable: boolean): Psd1Token {
    const { text } = this
    let start = at + 2
    while (start < text.length && BLANK.test(text[start]!)) start++
    if (!isNewline(text[start]))
      this.fail('MY_PSD1_SYNTAX', 'a here-string starts with a line break after @\' or @"', at)
    start += text.startsWith('\r\n', start) ? 2 : 1
    const closer = expandable ? DOUBLE_QUOTES : SINGLE_QUOTES
    let line = start
    for (;;) {
      if (line > text.length)
        this.fail('MY_PSD1_SYNTAX', 'this here-string is not closed (\'@ or "@ at the start of a line)', at)
      if (closer.includes(text[line] ?? '\0') && text[line + 1] === '@') break
      const lf = text.indexOf('\n', line)
      const cr = text.indexOf('\r', line)
      const next = [lf, cr].filter((i) => i >= 0)
      if (next.length === 0) line = text.length + 1
      else line = Math.min(...next) + (text.startsWith('\r\n', Math.min(...next)) ? 2 : 1)
    }
    // The line break before the closer is not part of the value.
    let end = line
    if (text[end - 1] === '\n') end--
    if (text[end - 1] === '\r') end--
    end = Math.max(end, start)
    const token = expandable
      ? this.doubleQuoted(at, start, true, end)
      : ({ kind: 'string', at, value: text.slice(start, end) } as const)
    this.offset = line + 2
    return token
  }

  private variable(at: number): Psd1Token {
    const braced = this.text[at + 1] === '{'
    const match = braced
      ? /^\$\{([^}]*)\}/.exec(this.text.slice(at))
      : /^\$(?:[\w?:]+|[$^?_]|\(|)/.exec(this.text.slice(at))
    const taken = match?.[0] ?? '$'
    this.offset = at + taken.length
    const name = braced ? (match?.[1] ?? '') : taken.slice(1)
    return { kind: 'variable', at, name }
  }

  private number(at: number): Psd1Token | undefined {
    const { text } = this
    const match = NUMBER.exec(text.slice(at))
    if (!match) return undefined
    const end = at + match[0].length
    // `12abc` is a bare word (a command), not a number.
    if (end < text.length && !WORD_END.test(text[end]!) && !DASHES.includes(text[end]!)) return undefined
    const [whole, hex, decimal, , multiplier] = match
    let value = hex !== undefined ? hexValue(hex, at) : Number(decimal)
    if (multiplier) value *= MULTIPLIERS[multiplier.toLowerCase()]!
    if (!Number.isFinite(value)) this.fail('MY_PSD1_SYNTAX', `the number ${whole} is too large`, at)
    this.offset = end
    return { kind: 'number', at, value, text: whole }
  }
}

/** Whether a character is one of PowerShell's dashes (a sign before a number). */
export function isDash(char: string | undefined): boolean {
  return char !== undefined && DASHES.includes(char)
}
