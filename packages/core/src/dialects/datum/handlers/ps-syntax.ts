// The PowerShell a Datum.InvokeCommand expression may use here, parsed: variables, member access
// (`.Name`, `.'name'`), indexing, literals, `(…)`, `$(…)`, `@(…)`, comma lists, `"…"` strings with
// `$name` / `$(…)` expansions, and the one command `Get-DatumSourceFile [-Path] <value>`. Anything
// else (operators, method calls, other commands, assignments, loops) is Unsupported, located by its
// offset in the expression: these expressions are read, never run. One recursive-descent parser of one
// small grammar, kept whole.
import { DOUBLE_QUOTES, quoteAt, SINGLE_QUOTES } from '../powershell/chars.ts'
import { Unsupported } from './ps-values.ts'

export type PsExpression =
  | { kind: 'variable'; name: string; at: number }
  | { kind: 'literal'; value: string | number; at: number }
  /** A `"…"` string: its text, expanded when evaluated; `offset` is where the text starts. */
  | { kind: 'expandable'; text: string; at: number; offset: number }
  | { kind: 'member'; target: PsExpression; name: string; at: number }
  | { kind: 'index'; target: PsExpression; index: PsExpression; at: number }
  /** `( … )` keeps a value as it is; `$( … )` and `@( … )` collect what their statements output. */
  | { kind: 'group'; statements: PsStatement[]; collect: 'value' | 'output' | 'array'; at: number }
  | { kind: 'list'; items: PsExpression[]; at: number }

export type PsStatement =
  | { kind: 'expression'; expression: PsExpression }
  | { kind: 'source-file'; path: PsExpression | undefined; at: number }

const NAME = /[\w?]/
const WORD_END = /[\s{}()@;,=#'"`$[\]|&<>.]/

/** A parser over one expression text, starting at `offset`. */
export class PsParser {
  constructor(
    private readonly text: string,
    private offset = 0,
    /** Offset of `text` in the handler's content, for messages. */
    private readonly base = 0,
  ) {}

  get position(): number {
    return this.offset
  }

  private unsupported(message: string, at = this.offset): never {
    throw new Unsupported(message, this.base + at)
  }

  /** The character `ahead` of the offset; NUL past the end (it matches nothing). */
  private char(ahead = 0): string {
    return this.text[this.offset + ahead] ?? '\0'
  }

  /** Skips blanks (and line continuations), and newlines too when `newlines`. */
  private blanks(newlines: boolean): void {
    for (;;) {
      const char = this.char()
      if (char === ' ' || char === '\t' || char === '\f' || char === '\v' || char === '\u00a0') this.offset++
      else if (newlines && (char === '\n' || char === '\r')) this.offset++
      else if (char === '`' && (this.char(1) === '\n' || this.char(1) === '\r')) this.offset += 2
      else if (char === '#') this.unsupported('a comment inside an expression')
      else return
    }
  }

  /** `{ statements }` with nothing after it but blanks: an InvokeCommand script block. */
  scriptBlock(): PsStatement[] {
    this.blanks(true)
    if (this.char() !== '{') this.unsupported("expected '{'")
    this.offset++
    const statements = this.statements('}')
    this.offset++
    this.blanks(true)
    if (this.offset < this.text.length) this.unsupported('only one script block may follow [x=')
    return statements
  }

  /** Statements separated by `;` or newlines, up to `close` (not consumed). */
  statements(close: string): PsStatement[] {
    const statements: PsStatement[] = []
    for (;;) {
      this.blanks(true)
      while (this.char() === ';') {
        this.offset++
        this.blanks(true)
      }
      if (this.char() === close) return statements
      if (this.offset >= this.text.length) this.unsupported(`expected '${close}'`)
      statements.push(this.statement())
      this.blanks(false)
      const next = this.char()
      if (next !== ';' && next !== '\n' && next !== '\r' && next !== close) this.unexpected()
    }
  }

  private unexpected(): never {
    const char = this.char()
    if (char === '|') this.unsupported('a pipeline')
    if (char === '=') this.unsupported('an assignment')
    if (char === '-' || char === '+' || char === '*' || char === '/' || char === '%')
      this.unsupported(`the operator '${char}${/\w/.test(this.char(1)) ? this.word(this.offset + 1) : ''}'`)
    this.unsupported(`${this.offset >= this.text.length ? 'the end' : `'${char}'`} where the expression should end`)
  }

  private word(from: number): string {
    let end = from
    while (end < this.text.length && !WORD_END.test(this.text[end]!)) end++
    return this.text.slice(from, end)
  }

  private statement(): PsStatement {
    const at = this.offset
    const char = this.char()
    if (/[A-Za-z]/.test(char)) {
      const name = this.word(at)
      if (name.toLowerCase() !== 'get-datumsourcefile')
        this.unsupported(`the command '${name}' (only Get-DatumSourceFile is evaluated)`, at)
      this.offset = at + name.length
      this.blanks(false)
      let path: PsExpression | undefined
      if (this.char() === '-') {
        const parameter = this.word(this.offset + 1)
        if (!/^path$/i.test(parameter)) this.unsupported(`the parameter -${parameter} of Get-DatumSourceFile`)
        this.offset += parameter.length + 1
        this.blanks(false)
      }
      if (!/[;\n\r})]/.test(this.char()) && this.offset < this.text.length) path = this.expression()
      return { kind: 'source-file', path, at }
    }
    return { kind: 'expression', expression: this.expression() }
  }

  /** A value, or a comma list of values. */
  expression(): PsExpression {
    const at = this.offset
    const first = this.postfix()
    this.blanks(false)
    if (this.char() !== ',') return first
    const items = [first]
    while (this.char() === ',') {
      this.offset++
      this.blanks(true)
      items.push(this.postfix())
      this.blanks(false)
    }
    return { kind: 'list', items, at }
  }

  private postfix(): PsExpression {
    let target = this.primary()
    for (;;) {
      const at = this.offset
      const char = this.char()
      if (char === '.' && this.char(1) !== '.') {
        this.offset++
        const next = this.char()
        let name: string
        if (SINGLE_QUOTES.includes(next) || DOUBLE_QUOTES.includes(next)) {
          const quoted = this.primary()
          if (quoted.kind !== 'literal') this.unsupported('a member name computed from a "…" string', at)
          name = String(quoted.value)
        } else {
          name = this.word(this.offset)
          if (!name) this.unsupported('a computed member name', at)
          this.offset += name.length
        }
        if (this.char() === '(') this.unsupported(`the method call .${name}()`, at)
        target = { kind: 'member', target, name, at }
      } else if (char === '[') {
        this.offset++
        this.blanks(true)
        const index = this.expression()
        this.blanks(true)
        if (this.char() !== ']') this.unsupported("expected ']'")
        this.offset++
        target = { kind: 'index', target, index, at }
      } else if (char === ':' && this.char(1) === ':') {
        this.unsupported('a static member (::)', at)
      } else {
        return target
      }
    }
  }

  private primary(): PsExpression {
    const at = this.offset
    const char = this.char()
    if (char === '$') return this.variable()
    if (SINGLE_QUOTES.includes(char)) return { kind: 'literal', value: this.singleQuoted(), at }
    if (DOUBLE_QUOTES.includes(char)) {
      const offset = this.base + at + 1
      return { kind: 'expandable', text: this.doubleQuoted(), at, offset }
    }
    if (char === '(' || (char === '@' && this.char(1) === '(')) {
      this.offset += char === '@' ? 2 : 1
      const statements = this.statements(')')
      this.offset++
      return { kind: 'group', statements, collect: char === '@' ? 'array' : 'value', at }
    }
    // A number; `-1` in an index is the negative constant PowerShell reads there.
    const number = /^-?(?:0x[0-9a-f]+|(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?)(?![\w.])/i.exec(this.text.slice(at))
    if (number) {
      this.offset += number[0].length
      const negative = number[0].startsWith('-')
      const magnitude = Number(negative ? number[0].slice(1) : number[0])
      return { kind: 'literal', value: negative ? -magnitude : magnitude, at }
    }
    if (char === '{') this.unsupported('a script block inside the expression')
    if (char === '[') this.unsupported(`the type '${this.text.slice(at, this.text.indexOf(']', at) + 1)}'`)
    if (char === '@') this.unsupported("'@' (a hashtable, splatting or a here-string)")
    if (/[A-Za-z]/.test(char)) this.unsupported(`'${this.word(at)}' (commands are statements; quote a string)`)
    return this.unexpected()
  }

  private variable(): PsExpression {
    const at = this.offset
    if (this.char(1) === '(') {
      this.offset += 2
      const statements = this.statements(')')
      this.offset++
      return { kind: 'group', statements, collect: 'output', at }
    }
    if (this.char(1) === '{') {
      const end = this.text.indexOf('}', at)
      if (end < 0) this.unsupported("expected '}'")
      this.offset = end + 1
      return { kind: 'variable', name: this.text.slice(at + 2, end), at }
    }
    let end = at + 1
    while (end < this.text.length && (NAME.test(this.text[end]!) || this.text[end] === ':')) end++
    if (end === at + 1 && /[$^?_]/.test(this.char(1))) end++
    this.offset = end
    return { kind: 'variable', name: this.text.slice(at + 1, end), at }
  }

  /**
   * A quoted string from the offset to its closing quote (any of `quotes`; a doubled one stands for
   * one); `special` may take a run of the text as it is (a backtick escape, a subexpression).
   */
  private quoted(quotes: string, special?: (i: number) => number | undefined): string {
    let value = ''
    let i = this.offset + 1
    for (;;) {
      if (i >= this.text.length) this.unsupported('this string is not closed')
      const next = special?.(i)
      const quote = next === undefined ? quoteAt(this.text, i, quotes) : undefined
      if (quote === 'closing') {
        this.offset = i + 1
        return value
      }
      const end = next ?? i + (quote === 'doubled' ? 2 : 1)
      value += quote === 'doubled' ? this.text[i] : this.text.slice(i, end)
      i = end
    }
  }

  private singleQuoted(): string {
    return this.quoted(SINGLE_QUOTES)
  }

  /** The raw text of a `"…"` string (doubled quotes made single; expansion happens when evaluated). */
  private doubleQuoted(): string {
    return this.quoted(DOUBLE_QUOTES, (i) => {
      if (this.text[i] === '`' && i + 1 < this.text.length) return i + 2
      if (this.text[i] !== '$' || this.text[i + 1] !== '(') return undefined
      // A subexpression may hold quotes of its own: skip it whole.
      const inner = new PsParser(this.text, i + 2, this.base)
      inner.statements(')')
      return inner.position + 1
    })
  }
}
