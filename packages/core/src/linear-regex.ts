// Regular expressions taken from data (a Deckhand pattern, a Datum lookup_options key or knockout
// prefix, a JSON Schema `pattern`) run on RE2 (re2js, pure JavaScript), whose matching time is linear
// in the text: a backtracking engine gives `^(a+)+$` on 30 characters a minute. RE2 has no
// lookaround and no backreference; a pattern that needs one, or that RE2 would read otherwise, is a
// RegexUnsupported error for the caller to locate. Each reference's syntax is translated to RE2's by
// its reader (`translateEcma` here, Python's in the Deckhand dialect); Python's `$` (end, or before
// a final newline) is matched by consuming that newline in a hidden group, then giving it back.
import { createRequire } from 'node:module'
import type { RE2JS } from 're2js'

const require = createRequire(import.meta.url)
let re2js: typeof RE2JS | undefined

/** re2js, loaded on first use (an entry without a pattern from data never pays its ~40 ms). */
function engine(): typeof RE2JS {
  return (re2js ??= (require('re2js') as { RE2JS: typeof RE2JS }).RE2JS)
}

/** A pattern the linear-time engine cannot run as its reference reads it; the message says why. */
export class RegexUnsupported extends Error {}

/** One match: where it is, and each group's text (undefined for a group that took no part). */
export interface LinearMatch {
  index: number
  end: number
  groups: (string | undefined)[]
}

export interface LinearRegex {
  /** The first match at or after `from`. */
  exec(subject: string, from?: number): LinearMatch | undefined
  test(subject: string): boolean
}

export interface Re2Source {
  /** RE2 syntax. */
  source: string
  /** RE2 group numbers of the hidden groups that consume the newline Python's `$` stands before. */
  hidden: readonly number[]
  /** Why a subject cannot be matched as the reference would (RE2's `\b` is ASCII, …), if it cannot. */
  refuse?: (subject: string) => string | undefined
}

/** Compiles RE2 syntax; throws RegexUnsupported when RE2 refuses it. */
export function compileRe2({ source, hidden, refuse }: Re2Source): LinearRegex {
  let re2: RE2JS
  try {
    re2 = engine().compile(source)
  } catch (error) {
    const reason = (error as Error).message.replace(/^error parsing regexp: /, '')
    throw new RegexUnsupported(`a pattern the linear-time engine (RE2) cannot compile: ${reason}`)
  }
  const hiddenSet = new Set(hidden)
  const exec = (subject: string, from = 0): LinearMatch | undefined => {
    const refused = refuse?.(subject)
    if (refused !== undefined) throw new RegexUnsupported(refused)
    const matcher = re2.matcher(subject)
    if (!matcher.find(from)) return undefined
    let end = matcher.end()
    // A hidden group took the final newline: Python's `$` matched before it, and nothing came after.
    const tookNewline = hidden.some((group) => matcher.start(group) >= 0)
    if (tookNewline) end -= 1
    const groups: (string | undefined)[] = [subject.slice(matcher.start(), end)]
    for (let group = 1; group <= matcher.groupCount(); group++) {
      if (hiddenSet.has(group)) continue
      const start = matcher.start(group)
      if (start < 0) groups.push(undefined)
      else groups.push(subject.slice(start, Math.min(matcher.end(group), end)))
    }
    return { index: matcher.start(), end, groups }
  }
  return { exec, test: (subject) => exec(subject) !== undefined }
}

/**
 * Whether a `$` at `index` of a pattern is in final position: nothing after it on any path but group
 * ends (not repeated) and other alternatives. Only there can Python's `$` be matched by consuming the
 * final newline and giving it back.
 */
export function isFinalPosition(pattern: string, index: number): boolean {
  let i = index + 1
  while (i < pattern.length) {
    const ch = pattern[i]
    if (ch === ')') {
      i++
      if (i < pattern.length && '*+?{'.includes(pattern[i]!)) return false
    } else if (ch === '|') {
      i = closingParen(pattern, i + 1)
    } else return false
  }
  return true
}

/** The index of the `)` that closes the group `from` is in (or the pattern's end). */
function closingParen(pattern: string, from: number): number {
  let depth = 0
  for (let i = from; i < pattern.length; i++) {
    const ch = pattern[i]
    if (ch === '\\') i++
    else if (ch === '[') {
      i++
      if (pattern[i] === '^') i++
      if (pattern[i] === ']') i++
      while (i < pattern.length && pattern[i] !== ']') i += pattern[i] === '\\' ? 2 : 1
    } else if (ch === '(') depth++
    else if (ch === ')') {
      if (depth === 0) return i
      depth--
    }
  }
  return pattern.length
}

// ECMAScript's \s: WhiteSpace and LineTerminator.
const ECMA_SPACE = '\\t-\\r \\x{a0}\\x{1680}\\x{2000}-\\x{200a}\\x{2028}\\x{2029}\\x{202f}\\x{205f}\\x{3000}\\x{feff}'
const ECMA_DOT = '[^\\n\\r\\x{2028}\\x{2029}]'

/** Throws the SyntaxError `new RegExp` throws for an invalid pattern; the RegExp is never run. */
function checkSyntax(pattern: string, flags: string): RegExp {
  return new RegExp(pattern, flags)
}

export interface EcmaReading {
  /** The `u` flag (ajv's patterns); without it, Datum's lookup_options keys as JavaScript reads them. */
  unicode: boolean
  ignoreCase: boolean
  /** `$` as Python reads it (end, or before a final newline): Deckhand's DataSchemas, through ajv. */
  pythonDollar: boolean
}

/**
 * An ECMAScript pattern in RE2 syntax, meaning the same: `\s` and `.` spelt out, `\u` escapes as
 * `\x{…}`. A pattern JavaScript refuses is a SyntaxError (as `new RegExp` throws); one RE2 cannot
 * run the same way, RegexUnsupported.
 */
export function translateEcma(pattern: string, reading: EcmaReading): Re2Source {
  // Invalid syntax fails as JavaScript fails it (compiling is linear; only matching backtracks).
  checkSyntax(pattern, `${reading.unicode ? 'u' : ''}${reading.ignoreCase ? 'i' : ''}`)
  const unsupported = (what: string): never => {
    throw new RegexUnsupported(`${what}, which the linear-time engine (RE2) does not have`)
  }
  let out = reading.ignoreCase ? '(?i)' : ''
  let groups = 0
  const hidden: number[] = []
  let inClass = false
  for (let i = 0; i < pattern.length; i++) {
    const ch = pattern[i]!
    if (ch === '\\') {
      const next = pattern[i + 1] ?? ''
      i++
      if (next === 's') out += inClass ? ECMA_SPACE : `[${ECMA_SPACE}]`
      else if (next === 'S') out += inClass ? unsupported('\\S inside a character class') : `[^${ECMA_SPACE}]`
      else if (next === 'u') {
        const braced = /^\{([0-9a-fA-F]+)\}/.exec(pattern.slice(i + 1))
        const four = /^[0-9a-fA-F]{4}/.exec(pattern.slice(i + 1))
        if (reading.unicode && braced) {
          out += `\\x{${braced[1]}}`
          i += braced[0].length
        } else if (four) {
          out += `\\x{${four[0]}}`
          i += 4
        } else out += 'u'
      } else if (next === 'c' && /[A-Za-z]/.test(pattern[i + 1] ?? '')) {
        out += `\\x{${(pattern.charCodeAt(i + 1) % 32).toString(16)}}`
        i++
      } else if (next === '0' && !/\d/.test(pattern[i + 1] ?? '')) out += '\\x{0}'
      else if (/[1-9]/.test(next) || next === 'k') unsupported('a backreference')
      else if (next === 'b' || next === 'B') {
        // In a class, \b is a backspace.
        out += inClass ? '\\x{8}' : `\\${next}`
      } else if (/[dDwWtnrfvx]/.test(next) || /[^A-Za-z0-9]/.test(next)) out += `\\${next}`
      else if (next === 'p' || next === 'P') out += reading.unicode ? `\\${next}` : next
      else out += next
      continue
    }
    if (inClass) {
      if (ch === ']') inClass = false
      out += ch === '[' ? '\\[' : ch
      continue
    }
    if (ch === '[') {
      if (pattern.startsWith('[^]', i)) {
        out += '[\\x{0}-\\x{10ffff}]'
        i += 2
        continue
      }
      inClass = true
      out += ch
      if (pattern[i + 1] === '^') out += pattern[++i]
      if (pattern[i + 1] === ']') unsupported('an empty character class')
      continue
    }
    if (ch === '(') {
      if (/^\(\?(?:[=!]|<[=!])/.test(pattern.slice(i))) unsupported('a lookaround')
      if (pattern[i + 1] !== '?' || pattern[i + 2] === '<') groups++
    }
    if (ch === '.') out += ECMA_DOT
    else if (ch === '$' && reading.pythonDollar) {
      if (!isFinalPosition(pattern, i)) unsupported('a `$` with more pattern after it (read as Python reads it)')
      hidden.push(++groups)
      out += '(\\n)?\\z'
    } else if (ch === '$') out += '\\z'
    else out += ch
  }
  return { source: out, hidden }
}

/** An ECMAScript pattern compiled for linear-time matching (see translateEcma). */
export function compileEcma(pattern: string, reading: EcmaReading): LinearRegex {
  return compileRe2(translateEcma(pattern, reading))
}
