// `dest.pattern` is a Python `re` pattern applied with `re.sub`. JavaScript's RegExp agrees with it
// on the common subset only, so a pattern (or subject) outside that subset is refused rather than
// substituted differently: Deckhand's output must not silently change.

/** A pattern or subject where Python's `re` and JavaScript's RegExp could give different results. */
export class PatternMismatch extends Error {}

// Escapes both engines read the same way (outside and inside classes). Letters such as \A, \Z, \a,
// \U, \N, \k, \p, \c differ or are errors in one of them.
const SAME_ESCAPES = new Set(['d', 'D', 's', 'S', 'w', 'W', 'b', 'B', 'n', 't', 'r', 'f', 'v', 'x', 'u'])
// Escapes and tokens whose meaning depends on Unicode tables the two engines do not share.
const UNICODE_SENSITIVE = /\\[dDsSwWbB]|\.|\[/

/** Checks that `pattern` means the same in Python and JavaScript; throws PatternMismatch otherwise. */
function checkSyntax(pattern: string): void {
  for (let i = 0; i < pattern.length; i++) {
    const ch = pattern[i]!
    if (ch === '\\') {
      const next = pattern[i + 1]
      if (next === undefined) return // a trailing backslash is an error in both engines
      if (/[A-Za-z]/.test(next) && !SAME_ESCAPES.has(next)) throw new PatternMismatch(`the escape \\${next}`)
      if (next === '0' || (/[1-9]/.test(next) && /[0-9]/.test(pattern[i + 2] ?? '')))
        throw new PatternMismatch(`the octal or two-digit escape \\${next}${pattern[i + 2] ?? ''}`)
      i++
      continue
    }
    if (ch === '(' && pattern[i + 1] === '?') {
      const rest = pattern.slice(i + 2)
      if (!/^(?::|=|!|<=|<!)/.test(rest))
        throw new PatternMismatch(
          `the group syntax (?${rest.slice(0, 2)}… (Python's named groups and inline flags are written differently ` +
            `in JavaScript)`,
        )
    }
    if (ch === '[' && (pattern.startsWith('[]', i) || pattern.startsWith('[^]', i)))
      throw new PatternMismatch(`a character class starting with ']'`)
    if (ch === '{' && pattern[i + 1] === ',') throw new PatternMismatch(`the quantifier {,n}`)
  }
}

/** The compiled pattern, or a SyntaxError when it is not a valid regular expression at all. */
export function compilePattern(pattern: string): RegExp {
  checkSyntax(pattern)
  return new RegExp(pattern, 'g')
}

/**
 * `re.sub(pattern, replacement, subject)` for a plain replacement string (no backslashes: Python
 * would expand its template escapes). Throws PatternMismatch where the engines could disagree.
 */
export function pythonSub(regex: RegExp, replacement: string, subject: string): string {
  const source = regex.source
  // Astral characters are one code point in Python and two code units in JavaScript.
  if (/[\uD800-\uDFFF]/.test(subject))
    throw new PatternMismatch('a destination value with characters outside the Basic Multilingual Plane')
  // Python's \w, \d, \s and \b are Unicode-aware and JavaScript's (without the u flag) are not.
  // eslint-disable-next-line no-control-regex
  if (/[^\x00-\x7f]/.test(subject) && UNICODE_SENSITIVE.test(source))
    throw new PatternMismatch('a non-ASCII destination value with \\w, \\d, \\s, \\b, . or a character class')
  // JavaScript's . also stops at \r, \u2028 and \u2029; Python's only at \n.
  if (/[\r\u2028\u2029]/.test(subject) && source.includes('.'))
    throw new PatternMismatch('a destination value with a carriage return and a pattern with .')
  // Python's $ also matches before a final newline.
  if (subject.endsWith('\n') && source.includes('$'))
    throw new PatternMismatch('a destination value ending in a newline and a pattern with $')
  regex.lastIndex = 0
  // A function, so that JavaScript's $& and $1 in the replacement stay literal.
  return subject.replace(regex, () => replacement)
}
