// How a plain (unquoted) scalar resolves to a value, for both YAML versions we read. The `yaml`
// package applies these through its schema (precise path, precise.ts); the js-yaml fast path
// (fast/) calls `resolvePlain*` directly. test/perf/parse-equivalence.test.ts checks both agree.

/** YAML 1.2 core schema, exactly as `yaml` 2.x implements it (schema/core/*.js), in its order. */
const CORE_NULL = /^(?:~|[Nn]ull|NULL)?$/
const CORE_BOOL = /^(?:[Tt]rue|TRUE|[Ff]alse|FALSE)$/
const CORE_INT_OCT = /^0o[0-7]+$/
const CORE_INT = /^[-+]?[0-9]+$/
const CORE_INT_HEX = /^0x[0-9a-fA-F]+$/
const CORE_FLOAT_NAN = /^(?:[-+]?\.(?:inf|Inf|INF)|\.nan|\.NaN|\.NAN)$/
const CORE_FLOAT_EXP = /^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)[eE][-+]?[0-9]+$/
const CORE_FLOAT = /^[-+]?(?:\.[0-9]+|[0-9]+\.[0-9]*)$/

function isNumberStart(c: number): boolean {
  // 0-9 + - .
  return (c >= 0x30 && c <= 0x39) || c === 0x2b || c === 0x2d || c === 0x2e
}

function resolveSpecial(s: string): string | number {
  return s.slice(-3).toLowerCase() === 'nan'
    ? Number.NaN
    : s[0] === '-'
      ? Number.NEGATIVE_INFINITY
      : Number.POSITIVE_INFINITY
}

/** The value of a non-empty plain scalar under the YAML 1.2 core schema. */
export function resolvePlain12(s: string): unknown {
  const c = s.charCodeAt(0)
  if (isNumberStart(c)) {
    if (CORE_INT_OCT.test(s)) return Number.parseInt(s.slice(2), 8)
    if (CORE_INT.test(s)) return Number.parseInt(s, 10)
    if (CORE_INT_HEX.test(s)) return Number.parseInt(s.slice(2), 16)
    if (CORE_FLOAT_NAN.test(s)) return resolveSpecial(s)
    if (CORE_FLOAT_EXP.test(s) || CORE_FLOAT.test(s)) return Number.parseFloat(s)
    return s
  }
  if (s.length <= 5) {
    if (CORE_NULL.test(s)) return null
    if (CORE_BOOL.test(s)) return c === 0x74 || c === 0x54 // t T
  }
  return s
}

// PyYAML's YAML 1.1 resolver (resolver.py) and constructors (SafeConstructor.construct_yaml_*):
// `y`/`n` stay strings, `1e5` and `08` are strings, `0777` is octal, `1:20` is sexagesimal.
// Timestamps stay strings: a JS module has no date type we could emit faithfully.
export const PY_TRUE = /^(?:yes|Yes|YES|true|True|TRUE|on|On|ON)$/
export const PY_FALSE = /^(?:no|No|NO|false|False|FALSE|off|Off|OFF)$/
export const PY_NULL = /^(?:~|null|Null|NULL|)$/
export const PY_INT =
  /^(?:[-+]?0b[0-1_]+|[-+]?0[0-7_]+|[-+]?(?:0|[1-9][0-9_]*)|[-+]?0x[0-9a-fA-F_]+|[-+]?[1-9][0-9_]*(?::[0-5]?[0-9])+)$/
export const PY_FLOAT =
  /^(?:[-+]?(?:[0-9][0-9_]*)\.[0-9_]*(?:[eE][-+][0-9]+)?|\.[0-9][0-9_]*(?:[eE][-+][0-9]+)?|[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+\.[0-9_]*|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$/

/** Base 60, summed from the last part as PyYAML does (the order matters for float rounding). */
function sexagesimal(digits: string, parse: (part: string) => number): number {
  const parts = digits.split(':')
  let value = 0
  let base = 1
  for (let i = parts.length - 1; i >= 0; i--) {
    value += parse(parts[i]!) * base
    base *= 60
  }
  return value
}

/**
 * A plain scalar PyYAML resolves but cannot construct: it raises, and the document does not load.
 * `=` resolves to the `value` tag and `<<` (as a value) to the `merge` tag, which SafeLoader has no
 * constructor for; `0x_` and `0b_` are ints without digits.
 */
export class PyYamlUnreadable {
  constructor(
    readonly source: string,
    /** PyYAML's exception, `Class: message`. */
    readonly reason: string,
  ) {}
}

const UNREADABLE_TAGS: Readonly<Record<string, string>> = { '=': 'value', '<<': 'merge' }

/** `construct_yaml_int` for a scalar PY_INT matched (Python ints have no -0). */
export function constructPyInt(source: string): number | PyYamlUnreadable {
  let value = source.replaceAll('_', '')
  const sign = value[0] === '-' ? -1 : 1
  if (value[0] === '+' || value[0] === '-') value = value.slice(1)
  let n: number
  if (value === '0') return 0
  if (value.startsWith('0b')) n = Number.parseInt(value.slice(2), 2)
  else if (value.startsWith('0x')) n = Number.parseInt(value.slice(2), 16)
  else if (value[0] === '0') n = Number.parseInt(value, 8)
  else if (value.includes(':')) n = sexagesimal(value, (part) => Number.parseInt(part, 10))
  else n = Number.parseInt(value, 10)
  if (Number.isNaN(n)) {
    const base = value[1] === 'b' ? 2 : 16
    return new PyYamlUnreadable(source, `ValueError: invalid literal for int() with base ${base}: ''`)
  }
  return n === 0 ? 0 : sign * n
}

/** `construct_yaml_float` for a scalar PY_FLOAT matched. */
export function constructPyFloat(source: string): number {
  let value = source.replaceAll('_', '').toLowerCase()
  const sign = value[0] === '-' ? -1 : 1
  if (value[0] === '+' || value[0] === '-') value = value.slice(1)
  if (value === '.inf') return sign * Number.POSITIVE_INFINITY
  if (value === '.nan') return Number.NaN
  if (value.includes(':')) return sign * sexagesimal(value, (part) => Number.parseFloat(part))
  return sign * Number.parseFloat(value)
}

/**
 * The value of a non-empty plain scalar under PyYAML's YAML 1.1 resolver, or PyYamlUnreadable. As a
 * key, `<<` is a merge key, which the readers handle before asking this.
 */
export function resolvePlain11(s: string): unknown {
  const c = s.charCodeAt(0)
  if (isNumberStart(c)) {
    if (PY_FLOAT.test(s)) return constructPyFloat(s)
    if (PY_INT.test(s)) return constructPyInt(s)
    return s
  }
  if (s.length <= 5) {
    if (PY_TRUE.test(s)) return true
    if (PY_FALSE.test(s)) return false
    if (PY_NULL.test(s)) return null
    const tag = UNREADABLE_TAGS[s]
    if (tag !== undefined && Object.hasOwn(UNREADABLE_TAGS, s)) {
      return new PyYamlUnreadable(
        s,
        `ConstructorError: could not determine a constructor for the tag 'tag:yaml.org,2002:${tag}'`,
      )
    }
  }
  return s
}
