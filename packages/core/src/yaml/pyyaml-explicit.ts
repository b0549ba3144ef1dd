// Scalars with an explicit `!!int`, `!!float`, `!!bool`, `!!null` or `!!binary` tag, constructed as
// PyYAML's SafeConstructor constructs them (construct_yaml_*): the tag applies to any text, not only
// to what the implicit resolver would have matched (`!!float 1` is 1.0, `!!int 1e3` raises), and
// `!!binary` decodes as base64.decodebytes does (padding required, other characters skipped).
import { PyYamlUnreadable } from './scalars.ts'

const TAG = 'tag:yaml.org,2002:'

/** Python's int(text, base) on text without underscores (a `0b`/`0o`/`0x` prefix of the base too). */
function pyInt(text: string, base: 2 | 8 | 10 | 16): number | undefined {
  const [prefix, digits] = (
    { 2: ['0[bB]', '[01]'], 8: ['0[oO]', '[0-7]'], 10: ['', '[0-9]'], 16: ['0[xX]', '[0-9a-fA-F]'] } as const
  )[base]
  const match = new RegExp(`^\\s*([-+]?)(?:${prefix || '(?!)'})?(${digits}+)\\s*$`).exec(text)
  if (match === null) return undefined
  const n = Number.parseInt(match[2]!, base)
  return match[1] === '-' ? -n : n
}

/** Base 60, summed from the last part as PyYAML does (the order matters for float rounding). */
function sexagesimal(parts: readonly (number | undefined)[]): number | undefined {
  let value = 0
  let base = 1
  for (let i = parts.length - 1; i >= 0; i--) {
    const part = parts[i]
    if (part === undefined) return undefined
    value += part * base
    base *= 60
  }
  return value
}

function invalidLiteral(kind: string, source: string, base?: number): PyYamlUnreadable {
  const what = kind === 'float' ? 'could not convert string to float' : `invalid literal for int() with base ${base}`
  return new PyYamlUnreadable(source, `ValueError: ${what}: '${source}'`)
}

/** construct_yaml_int on any text. */
export function constructExplicitInt(source: string): number | PyYamlUnreadable {
  let value = source.replaceAll('_', '')
  if (value === '') return new PyYamlUnreadable(source, 'IndexError: string index out of range')
  const sign = value[0] === '-' ? -1 : 1
  if (value[0] === '+' || value[0] === '-') value = value.slice(1)
  if (value === '0') return 0
  let n: number | undefined
  let base: 2 | 8 | 10 | 16 = 10
  if (value.startsWith('0b')) n = pyInt(value.slice(2), (base = 2))
  else if (value.startsWith('0x')) n = pyInt(value.slice(2), (base = 16))
  else if (value[0] === '0') n = pyInt(value, (base = 8))
  else if (value.includes(':')) n = sexagesimal(value.split(':').map((part) => pyInt(part, 10)))
  else n = pyInt(value, 10)
  if (n === undefined) return invalidLiteral('int', source.replaceAll('_', '').replace(/^[-+]/, ''), base)
  return n === 0 ? 0 : sign * n
}

/** Python's float(text) on lower-cased text without underscores, or undefined where it raises. */
function pyFloat(text: string): number | undefined {
  const trimmed = text.trim()
  if (/^[-+]?(?:inf|infinity)$/.test(trimmed)) return trimmed[0] === '-' ? -Infinity : Infinity
  if (/^[-+]?nan$/.test(trimmed)) return Number.NaN
  if (!/^[-+]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:e[-+]?[0-9]+)?$/.test(trimmed)) return undefined
  return Number.parseFloat(trimmed)
}

/** construct_yaml_float on any text. */
export function constructExplicitFloat(source: string): number | PyYamlUnreadable {
  let value = source.replaceAll('_', '').toLowerCase()
  if (value === '') return invalidLiteral('float', '')
  const sign = value[0] === '-' ? -1 : 1
  if (value[0] === '+' || value[0] === '-') value = value.slice(1)
  if (value === '.inf') return sign * Infinity
  if (value === '.nan') return Number.NaN
  let n: number | undefined
  if (value.includes(':')) n = sexagesimal(value.split(':').map(pyFloat))
  else n = pyFloat(value)
  return n === undefined ? invalidLiteral('float', value) : sign * n
}

const BOOL_VALUES: Readonly<Record<string, boolean>> = {
  yes: true,
  no: false,
  true: true,
  false: false,
  on: true,
  off: false,
}

/** construct_yaml_bool: a dictionary lookup of the lower-cased text. */
export function constructExplicitBool(source: string): boolean | PyYamlUnreadable {
  const key = source.toLowerCase()
  return Object.hasOwn(BOOL_VALUES, key) ? BOOL_VALUES[key]! : new PyYamlUnreadable(source, `KeyError: '${key}'`)
}

const BASE64 = /[A-Za-z0-9+/]/

/** base64.decodebytes (binascii.a2b_base64, not strict): other characters are skipped. */
export function constructExplicitBinary(source: string): Uint8Array | PyYamlUnreadable {
  if ([...source].some((c) => c.charCodeAt(0) > 0x7f)) {
    return new PyYamlUnreadable(source, 'ConstructorError: failed to convert base64 data into ascii')
  }
  let data = ''
  let quad = 0
  let pads = 0
  for (const c of source) {
    if (c === '=') {
      // A quad completed by padding ends the data; anything after it is ignored.
      if (quad >= 2 && quad + ++pads >= 4) {
        quad = 0
        break
      }
      continue
    }
    if (!BASE64.test(c)) continue
    pads = 0
    data += c
    quad = (quad + 1) % 4
  }
  if (quad === 1) {
    const reason = `number of data characters (${data.length}) cannot be 1 more than a multiple of 4`
    return new PyYamlUnreadable(source, `ConstructorError: failed to decode base64 data: ${reason}`)
  }
  if (quad !== 0)
    return new PyYamlUnreadable(source, 'ConstructorError: failed to decode base64 data: Incorrect padding')
  return Buffer.from(data, 'base64')
}

/** The explicit tags PyYAML constructs its own way, by full tag name. */
export const EXPLICIT_CONSTRUCTORS: Readonly<Record<string, (source: string) => unknown>> = {
  [`${TAG}int`]: constructExplicitInt,
  [`${TAG}float`]: constructExplicitFloat,
  [`${TAG}bool`]: constructExplicitBool,
  [`${TAG}null`]: () => null,
  [`${TAG}binary`]: constructExplicitBinary,
}
