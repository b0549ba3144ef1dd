// The replacement of Python's `re.sub` is a template (3.11 `sre_parse.parse_template`): `\1`,
// `\g<1>`, `\g<name>` insert groups, `\n`, `\t`, `\\` … and octal `\0`, `\012` are characters, another
// backslash before a non-letter stays as it is, and a backslash before any other ASCII letter is an
// error. Deckhand substitutes `str(value)` through it, so a secret with a backslash can change.
import { PyReError } from './pyerrors.ts'
import type { PyPattern } from './pyregex-translate.ts'

export interface PyTemplate {
  /** Literal text, or a group number to insert. */
  parts: (string | number)[]
  /** Every group the template inserts. */
  groups: number[]
}

const ESCAPES: Record<string, string> = {
  a: '\x07',
  b: '\b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
  v: '\v',
  '\\': '\\',
}

const OCTAL = /[0-7]/
const DIGIT = /[0-9]/

/** Parses `replacement` for `pattern`; throws PyReError where Python raises. */
export function parseTemplate(replacement: string, pattern: Pick<PyPattern, 'groups' | 'names'>): PyTemplate {
  const chars = [...replacement]
  const parts: (string | number)[] = []
  const groups: number[] = []
  let text = ''
  let i = 0
  const fail = (message: string): never => {
    throw new PyReError(`${message} in the replacement ${JSON.stringify(replacement)}`)
  }
  const addGroup = (index: number): void => {
    if (index > pattern.groups) fail(`invalid group reference ${index}`)
    if (text) parts.push(text)
    text = ''
    parts.push(index)
    groups.push(index)
  }
  while (i < chars.length) {
    const ch = chars[i++]!
    if (ch !== '\\') {
      text += ch
      continue
    }
    if (i >= chars.length) fail('bad escape (end of pattern)')
    const c = chars[i++]!
    if (c === 'g') {
      if (chars[i] !== '<') fail('missing <')
      const end = chars.indexOf('>', i + 1)
      if (end < 0) fail('missing >, unterminated name')
      const name = chars.slice(i + 1, end).join('')
      i = end + 1
      if (name === '') fail('missing group name')
      if (/^[A-Za-z_][A-Za-z0-9_]*$/.test(name) || /^\p{ID_Start}\p{ID_Continue}*$/u.test(name)) {
        const index = pattern.names.get(name)
        if (index === undefined) fail(`unknown group name '${name}'`)
        addGroup(index!)
      } else {
        // Python's int(): optional spaces and sign, digits with single underscores between them.
        const match = /^\s*([+-]?)(\d+(?:_\d+)*)\s*$/.exec(name)
        if (!match || (match[1] === '-' && Number(match[2]!.replaceAll('_', '')) !== 0))
          fail(`bad character in group name '${name}'`)
        addGroup(Number(match![2]!.replaceAll('_', '')))
      }
    } else if (c === '0') {
      let digits = '0'
      while (digits.length < 3 && OCTAL.test(chars[i] ?? '')) digits += chars[i++]
      text += String.fromCharCode(parseInt(digits, 8) & 0xff)
    } else if (DIGIT.test(c)) {
      let digits = c
      let octal = false
      if (DIGIT.test(chars[i] ?? '')) {
        digits += chars[i++]
        if (OCTAL.test(c) && OCTAL.test(digits[1]!) && OCTAL.test(chars[i] ?? '')) {
          digits += chars[i++]
          octal = true
          const value = parseInt(digits, 8)
          if (value > 0o377) fail(`octal escape value \\${digits} outside of range 0-0o377`)
          text += String.fromCharCode(value)
        }
      }
      if (!octal) addGroup(Number(digits))
    } else if (c in ESCAPES) {
      text += ESCAPES[c]
    } else if (/[A-Za-z]/.test(c)) {
      fail(`bad escape \\${c}`)
    } else {
      text += `\\${c}`
    }
  }
  if (text) parts.push(text)
  return { parts, groups }
}

/** The template with the groups of one match filled in (a group that did not take part is empty). */
export function expandTemplate(template: PyTemplate, groups: readonly (string | undefined)[]): string {
  let out = ''
  for (const part of template.parts) out += typeof part === 'string' ? part : (groups[part] ?? '')
  return out
}
