// Python's `str()` of a YAML value, as Deckhand writes a non-string source into a `dest.pattern`
// match (`six.text_type(value)`): True → 'True', None → 'None', 1.0 → '1.0', 1e16 → '1e+16',
// and mappings and lists as their Python repr (`{'a': [1, 'x']}`).
import { PatternMismatch } from './pyerrors.ts'
import { isMapping } from '../../values.ts'

/**
 * Whether an integral number was an int or a float in Python (YAML `1` or `1.0`): JavaScript has
 * one number type. Throws PatternMismatch when the answer is not known.
 */
export type NumberKind = (value: number) => 'int' | 'float'

/** `repr(float)`: the shortest round-trip digits, exponent form below 1e-4 and from 1e16. */
export function pyFloatRepr(x: number): string {
  if (Number.isNaN(x)) return 'nan'
  if (x === Infinity) return 'inf'
  if (x === -Infinity) return '-inf'
  if (x === 0) return Object.is(x, -0) ? '-0.0' : '0.0'
  const sign = x < 0 ? '-' : ''
  const [mantissa, exponent] = Math.abs(x).toExponential().split('e') as [string, string]
  const digits = mantissa.replace('.', '')
  const decpt = Number(exponent) + 1
  if (decpt <= -4 || decpt > 16) {
    const e = decpt - 1
    const rest = digits.length > 1 ? `.${digits.slice(1)}` : ''
    return `${sign}${digits[0]}${rest}e${e < 0 ? '-' : '+'}${String(Math.abs(e)).padStart(2, '0')}`
  }
  if (decpt <= 0) return `${sign}0.${'0'.repeat(-decpt)}${digits}`
  if (decpt >= digits.length) return `${sign}${digits}${'0'.repeat(decpt - digits.length)}.0`
  return `${sign}${digits.slice(0, decpt)}.${digits.slice(decpt)}`
}

function numberRepr(value: number, kind: NumberKind): string {
  if (!Number.isInteger(value)) return pyFloatRepr(value)
  if (kind(value) === 'float') return pyFloatRepr(value)
  if (!Number.isSafeInteger(value))
    throw new PatternMismatch(`the integer ${value}, larger than JavaScript numbers hold exactly`)
  return String(value)
}

// Python's str.isprintable(): not Cc, Cf, Cs, Co, Cn, Zl, Zp or Zs, except the space.
const NOT_PRINTABLE = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Zl}\p{Zp}\p{Zs}]/u

/** `repr(str)`: single quotes unless the text has ' and no ", with Python's escapes. */
export function pyStrRepr(text: string): string {
  const quote = text.includes("'") && !text.includes('"') ? '"' : "'"
  let out = quote
  for (const ch of text) {
    const cp = ch.codePointAt(0)!
    if (ch === quote || ch === '\\') out += `\\${ch}`
    else if (ch === '\t') out += '\\t'
    else if (ch === '\n') out += '\\n'
    else if (ch === '\r') out += '\\r'
    else if (cp < 0x20 || cp === 0x7f) out += `\\x${cp.toString(16).padStart(2, '0')}`
    else if (cp < 0x7f || !NOT_PRINTABLE.test(ch)) out += ch
    else if (cp <= 0xff) out += `\\x${cp.toString(16).padStart(2, '0')}`
    else if (cp <= 0xffff) out += `\\u${cp.toString(16).padStart(4, '0')}`
    else out += `\\U${cp.toString(16).padStart(8, '0')}`
  }
  return out + quote
}

// Keys a YAML schema may read as something other than a string (PyYAML would then print them unquoted).
const NON_STRING_KEY = /^(?:[-+]?[\d.]|~$|null$|Null$|NULL$|true$|True$|TRUE$|false$|False$|FALSE$|yes$|no$|on$|off$)/i

function repr(value: unknown, kind: NumberKind): string {
  if (typeof value === 'string') return pyStrRepr(value)
  if (Array.isArray(value)) return `[${value.map((item) => repr(item, kind)).join(', ')}]`
  if (isMapping(value)) {
    const keys = Object.keys(value)
    // JavaScript puts integer-like keys first; Python keeps the order of the file.
    if (keys.length > 1 && keys.some((key) => /^(?:0|[1-9]\d*)$/.test(key)))
      throw new PatternMismatch('a mapping with integer-like keys, whose order JavaScript does not keep')
    const bad = keys.find((key) => NON_STRING_KEY.test(key))
    if (bad !== undefined)
      throw new PatternMismatch(`a mapping key '${bad}' that YAML may have read as a number, boolean or null`)
    return `{${keys.map((key) => `${pyStrRepr(key)}: ${repr(value[key], kind)}`).join(', ')}}`
  }
  return pyStr(value, kind)
}

/** `str(value)`. Throws PatternMismatch where JavaScript's value does not tell what Python would print. */
export function pyStr(value: unknown, kind: NumberKind): string {
  if (typeof value === 'string') return value
  if (value === null || value === undefined) return 'None'
  if (value === true) return 'True'
  if (value === false) return 'False'
  if (typeof value === 'number') return numberRepr(value, kind)
  if (Array.isArray(value)) return repr(value, kind)
  if (isMapping(value) && [Object.prototype, null].includes(Object.getPrototypeOf(value))) return repr(value, kind)
  throw new PatternMismatch(`a ${typeof value} value`)
}
