// PowerShell data files (`.psd1`), read as Import-PowerShellDataFile reads them: one hashtable
// literal in PowerShell's restricted data language (`@{}`, `@()`, comma lists, quoted strings and
// here-strings, numbers, `$true` / `$false` / `$null`, comments). Nothing is evaluated: a variable, a
// command, a cast, an operator or a `$(…)` in a string is refused with a located error, as PowerShell
// refuses it ("dynamic expressions are not allowed"). Values keep the source order of keys. One parser
// of one grammar with its positions, kept whole.
import type { Position } from '../../../diagnostics.ts'
import type { PathSegment } from '../../../values.ts'
import { DEFAULT_MAX_DEPTH } from '../../../yaml/cst-limits.ts'
import { createTextPositions } from '../../../yaml/text-positions.ts'
import type { YamlProblem } from '../../../yaml/types.ts'
import { createTreeLocator } from './located-tree.ts'
import type { LocatedNode } from './located-tree.ts'
import { Psd1Error, Psd1Lexer } from './psd1-lexer.ts'
import type { Psd1Token } from './psd1-lexer.ts'

/** A data file's value, or the problem that makes it unusable, and where each value was written. */
export interface Psd1Document {
  /** The file's hashtable, as a plain object (null when `error` is set). */
  value: unknown
  error?: YamlProblem
  /** Where the node at `path` starts (its key with 'key'), else the nearest ancestor. */
  locate(path: readonly PathSegment[], target?: 'key' | 'value'): Position
}

interface Parsed {
  value: unknown
  node: LocatedNode
  /** A comma list or `@()`: enumerated when it is an item of `@()`. */
  list?: boolean
}

const VARIABLES: Readonly<Record<string, boolean | null>> = { true: true, false: false, null: null }

const PUNCTUATION: Readonly<Record<string, string>> = {
  'open-hash': '@{',
  'open-array': '@(',
  'open-paren': '(',
  'close-brace': '}',
  'close-paren': ')',
  equals: '=',
  semicolon: ';',
  comma: ',',
}

function describe(token: Psd1Token): string {
  switch (token.kind) {
    case 'end':
      return 'the end of the file'
    case 'newline':
      return 'a line break'
    case 'word':
    case 'other':
      return `'${token.text}'`
    case 'string':
      return 'a string'
    case 'number':
      return `the number ${token.text}`
    case 'variable':
      return `$${token.name}`
    default:
      return `'${PUNCTUATION[token.kind]}'`
  }
}

class Psd1Parser {
  private readonly lexer: Psd1Lexer
  private token: Psd1Token
  private depth = 0

  constructor(
    text: string,
    private readonly maxDepth: number,
  ) {
    this.lexer = new Psd1Lexer(text)
    this.token = this.lexer.next()
  }

  /** The next token's kind (a method, so that checks after advance() are not narrowed away). */
  private peek(): Psd1Token['kind'] {
    return this.token.kind
  }

  private advance(): Psd1Token {
    const token = this.token
    this.token = this.lexer.next()
    return token
  }

  private fail(code: Psd1Error['code'], message: string, at = this.token.at): never {
    throw new Psd1Error(code, message, at)
  }

  /** An unexpected token: outside the data language when it is a word or an operator, else a syntax error. */
  private unexpected(expected: string): never {
    const token = this.token
    if (token.kind === 'word' || token.kind === 'other') {
      const what =
        token.kind === 'word'
          ? `'${token.text}' would run as a command (quote it to make it a string)`
          : token.text.startsWith('[')
            ? `'${token.text}' is a type cast`
            : token.text.startsWith('{')
              ? 'a script block is code'
              : `'${token.text}' is an operator`
      this.fail('MY_PSD1_NOT_DATA', `${what}, which a data file may not hold (expected ${expected})`)
    }
    this.fail('MY_PSD1_SYNTAX', `expected ${expected}, found ${describe(token)}`)
  }

  private skip(...kinds: Psd1Token['kind'][]): void {
    while (kinds.includes(this.peek())) this.advance()
  }

  private enter(at: number): void {
    if (++this.depth > this.maxDepth)
      this.fail(
        'MY_PSD1_TOO_DEEP',
        `hashtables and arrays nest deeper than ${this.maxDepth} levels (limits.maxDepth)`,
        at,
      )
  }

  file(): Parsed {
    this.skip('newline', 'semicolon')
    if (this.peek() !== 'open-hash') this.unexpected("a data file's one hashtable, @{ … }")
    const parsed = this.hashtable()
    this.skip('newline', 'semicolon')
    if (this.peek() !== 'end') this.unexpected('nothing after the hashtable: a data file holds one hashtable')
    return parsed
  }

  private hashtable(): Parsed {
    const open = this.advance()
    this.enter(open.at)
    const value: Record<string, unknown> = {}
    const keys = new Map<string, { keyAt: number; node: LocatedNode }>()
    const folded = new Map<string, string>()
    for (;;) {
      this.skip('newline', 'semicolon')
      if (this.peek() === 'close-brace') break
      const keyToken = this.advance()
      let key: string
      if (keyToken.kind === 'word') key = keyToken.text
      else if (keyToken.kind === 'string') key = keyToken.value
      else if (keyToken.kind === 'number') key = String(keyToken.value)
      else {
        this.token = keyToken
        this.unexpected("a key, or '}'")
      }
      const first = folded.get(key.toLowerCase())
      if (first !== undefined) {
        this.fail(
          'MY_PSD1_DUPLICATE_KEY',
          `the key '${key}' is already in this hashtable${first === key ? '' : ` (as '${first}': keys ignore case)`}`,
          keyToken.at,
        )
      }
      folded.set(key.toLowerCase(), key)
      if (this.peek() !== 'equals') this.unexpected(`'=' after the key '${key}'`)
      this.advance()
      this.skip('newline')
      const parsed = this.statement()
      Object.defineProperty(value, key, { value: parsed.value, enumerable: true, writable: true, configurable: true })
      keys.set(key, { keyAt: keyToken.at, node: parsed.node })
      const after = this.peek()
      if (after !== 'newline' && after !== 'semicolon' && after !== 'close-brace')
        this.unexpected("';', a line break or '}' after this value")
    }
    this.advance()
    this.depth--
    return { value, node: { at: open.at, keys } }
  }

  /** A value, or a comma list of values (an array); `,x` is a one-item array. */
  private statement(): Parsed {
    const start = this.token.at
    const unary = this.peek() === 'comma'
    if (unary) this.advance()
    const first = this.primary()
    if (!unary && this.peek() !== 'comma') return first
    const items: Parsed[] = [first]
    while (this.peek() === 'comma') {
      this.advance()
      this.skip('newline')
      items.push(this.primary())
    }
    return { value: items.map((item) => item.value), node: { at: start, items: items.map((i) => i.node) }, list: true }
  }

  private primary(): Parsed {
    const token = this.token
    switch (token.kind) {
      case 'open-hash':
        return this.hashtable()
      case 'open-array':
        return this.arrayExpression()
      case 'open-paren': {
        this.advance()
        this.enter(token.at)
        this.skip('newline')
        const inner = this.statement()
        this.skip('newline')
        if (this.peek() !== 'close-paren') this.unexpected("')'")
        this.advance()
        this.depth--
        return { value: inner.value, node: inner.node }
      }
      case 'string':
      case 'number':
        this.advance()
        return { value: token.value, node: { at: token.at } }
      case 'variable': {
        const name = token.name.toLowerCase()
        if (!Object.hasOwn(VARIABLES, name)) {
          this.fail(
            'MY_PSD1_NOT_DATA',
            `$${token.name} is a variable: a data file may use only $true, $false and $null`,
            token.at,
          )
        }
        this.advance()
        return { value: VARIABLES[name], node: { at: token.at } }
      }
      default:
        return this.unexpected('a value')
    }
  }

  /** `@( … )`: every statement's value, comma lists and nested arrays enumerated one level. */
  private arrayExpression(): Parsed {
    const open = this.advance()
    this.enter(open.at)
    const value: unknown[] = []
    const items: LocatedNode[] = []
    for (;;) {
      this.skip('newline', 'semicolon')
      if (this.peek() === 'close-paren') break
      const parsed = this.statement()
      if (parsed.list && Array.isArray(parsed.value)) {
        value.push(...parsed.value)
        items.push(...(parsed.node.items ?? []))
      } else {
        value.push(parsed.value)
        items.push(parsed.node)
      }
      const after = this.peek()
      if (after !== 'newline' && after !== 'semicolon' && after !== 'close-paren')
        this.unexpected("';', a line break or ')' after this value")
    }
    this.advance()
    this.depth--
    return { value, node: { at: open.at, items }, list: true }
  }
}

/** Reads a `.psd1` file's text. Never throws for bad input: the problem is in `error`, located. */
export function parsePsd1(text: string, options: { maxDepth?: number } = {}): Psd1Document {
  const at = createTextPositions(text)
  try {
    const parsed = new Psd1Parser(text, options.maxDepth ?? DEFAULT_MAX_DEPTH).file()
    return { value: parsed.value, locate: createTreeLocator(parsed.node, at) }
  } catch (error) {
    if (!(error instanceof Psd1Error)) throw error
    const position = at(error.at)
    return { value: null, error: { code: error.code, message: error.message, position }, locate: () => position }
  }
}
