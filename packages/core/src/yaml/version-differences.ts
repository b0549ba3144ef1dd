// Where YAML 1.1 as the dialects' references read it (PyYAML) and YAML 1.2 read the same text
// differently. With the `yamlVersion` option unset the readers parse as 1.2 and note each such place,
// so that the render can refuse the guess (strict), warn (lenient) or read the entry as its dialect's
// reference does. The classes are not listed by hand: a plain scalar differs exactly when
// resolvePlain11 and resolvePlain12 disagree (test/engine/yaml-versions.test.ts derives the
// classes from both resolvers and checks resolvePlain11 against PyYAML itself).
import type { Position } from '../diagnostics.ts'
import { PyYamlUnreadable, resolvePlain11, resolvePlain12 } from './scalars.ts'

export type VersionDifferenceKind =
  /** A plain scalar value (`0644`, `yes`, `1_000`, `1e3`, `1:20`, `=`). */
  | 'scalar'
  /** A plain mapping key (`on:`, `0644:`). */
  | 'key'
  /** `<<`: merges a mapping in 1.1, an ordinary key in 1.2. */
  | 'merge-key'
  /** A block scalar cut by the end of the text: 1.2 ends it with a line break, PyYAML does not. */
  | 'block-end'
  /** A scalar with an explicit `!!int`, `!!float`, `!!bool` or `!!null` tag. */
  | 'tag'

/** What YAML 1.1 (PyYAML) makes of the text: a value, or the exception it raises. */
export type Yaml11Reading = { value: unknown } | { raises: string }

export interface VersionDifference {
  kind: VersionDifferenceKind
  /** The text as written (a block scalar's value as 1.2 reads it). */
  source: string
  yaml11: Yaml11Reading
  yaml12: unknown
  /** Where the scalar or key starts (a block scalar: its `|` or `>`). */
  position: Position
}

/** `[1-9][0-9]*` or `0`, then optionally `.` and digits: a decimal both versions read alike. */
function plainDecimal(s: string): boolean {
  // A leading 0 only alone or before the dot: `0644` and `08` differ.
  if (s.charCodeAt(0) === 0x30 && s.length > 1 && s.charCodeAt(1) !== 0x2e) return false
  let dot = false
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i)
    if (c === 0x2e && !dot) dot = true
    else if (c < 0x30 || c > 0x39) return false
  }
  return true
}

/**
 * Whether a plain scalar can read differently, cheaply: every such scalar starts with a digit, `+`,
 * `-`, `.` (numbers), `y Y n N o O` (yes, no, on, off: three letters at most), `<` (merge key) or `=`
 * (PyYAML's `value` tag), and plain decimals (`8080`, `0.5`) read alike. The readers test only what
 * this lets through, so the check costs nothing on other scalars (test/engine/yaml-versions.test.ts
 * checks it lets every difference through).
 */
export function mayDiffer(s: string): boolean {
  const c = s.charCodeAt(0)
  if (c >= 0x30 && c <= 0x39) return !plainDecimal(s) // 0-9
  switch (c) {
    case 0x2b: // +
    case 0x2d: // -
    case 0x2e: // .
      return true
    case 0x79: // y
    case 0x59: // Y
    case 0x6e: // n
    case 0x4e: // N
    case 0x6f: // o
    case 0x4f: // O
      return s.length <= 3
    case 0x3c: // <
    case 0x3d: // =
      return s.length <= 2
    default:
      return false
  }
}

/** Equal values: NaN equals itself; -0 equals 0 (Python has no -0 int, JSON no -0). */
export function sameValue(a: unknown, b: unknown): boolean {
  return a === b || (Number.isNaN(a) && Number.isNaN(b))
}

/** What 1.1 reads for a plain scalar, when it differs from `yaml12` (1.2's value). */
export function plainScalar11(source: string, yaml12: unknown): Yaml11Reading | undefined {
  const value = resolvePlain11(source)
  if (value instanceof PyYamlUnreadable) return { raises: value.reason }
  return sameValue(value, yaml12) ? undefined : { value }
}

/**
 * The difference of a plain scalar of `source` whose 1.2 value is `yaml12`, as a key or a value,
 * or undefined. The caller has checked mayDiffer.
 */
export function plainDifference(
  source: string,
  yaml12: unknown,
  key: boolean,
  position: Position,
): VersionDifference | undefined {
  if (key && source === '<<') return { kind: 'merge-key', source, yaml11: { value: '<<' }, yaml12, position }
  const yaml11 = plainScalar11(source, yaml12)
  if (yaml11 === undefined) return undefined
  // A key becomes a property name: readings that name the same property are the same key.
  if (key && 'value' in yaml11 && String(yaml11.value) === String(yaml12)) return undefined
  return { kind: key ? 'key' : 'scalar', source, yaml11, yaml12, position }
}

/** A value as a message shows it. */
function shown(value: unknown): string {
  if (typeof value === 'string') return `the string ${JSON.stringify(value)}`
  if (typeof value === 'number') return `the number ${Number.isNaN(value) ? 'NaN' : String(value)}`
  if (typeof value === 'boolean') return `the boolean ${String(value)}`
  if (value === null) return 'null'
  if (value instanceof Uint8Array) return `${value.length} bytes`
  if (typeof value === 'object') {
    const text = JSON.stringify(value)
    return text.length > 60 ? `${text.slice(0, 57)}...` : text
  }
  return String(value)
}

/** A single-quoted YAML scalar (both versions read quoted scalars alike). */
function quoted(text: string): string {
  return `'${text.replaceAll("'", "''")}'`
}

/** A number written so that both versions read it as `value`, if there is such a plain spelling. */
function numberText(value: number): string | undefined {
  if (Number.isNaN(value)) return '.nan'
  if (!Number.isFinite(value)) return value > 0 ? '.inf' : '-.inf'
  const candidates = [String(value)]
  // 1.1 wants a dot and a signed exponent (`1.0e+21`), 1.2 takes that too.
  const [mantissa, exponent] = value.toExponential().split('e') as [string, string]
  candidates.push(`${mantissa.includes('.') ? mantissa : `${mantissa}.0`}e${exponent}`)
  return candidates.find((text) => sameValue(resolvePlain11(text), value) && sameValue(resolvePlain12(text), value))
}

/** How to write `value` so that both versions read it so, if there is a way. */
function unambiguous(value: unknown): string | undefined {
  if (value === null) return 'null'
  if (typeof value === 'boolean') return String(value)
  if (typeof value === 'number') return numberText(value)
  if (typeof value === 'string') return quoted(value)
  return undefined
}

const SET_VERSION = "or set the yamlVersion option ('1.1' or '1.2')"

/**
 * The one-line message of a difference: both readings and the fix. `readers` names the YAML 1.1 readers
 * of the dialects' references (`PyYAML: cloud-init, Deckhand, Heat`: the registry's `yaml11Reader`s).
 */
export function describeDifference(difference: VersionDifference, readers: string): string {
  const READERS = `YAML 1.1 (${readers})`
  const { kind, source, yaml11, yaml12 } = difference
  if (kind === 'merge-key') {
    return (
      `'<<' merges the mapping it names into this one in ${READERS} but is an ordinary key in YAML 1.2; ` +
      `quote it ('<<') for a key, ${SET_VERSION}`
    )
  }
  if (kind === 'block-end') {
    return (
      `this block scalar ends the text without a line break: ${READERS} reads it without a final line break, ` +
      `YAML 1.2 with one (${JSON.stringify(yaml12)}); end the text with a line break (both then keep one), ` +
      `use '|-' or '>-' (neither keeps one), ${SET_VERSION}`
    )
  }
  const what = kind === 'key' ? `the key '${source}'` : kind === 'tag' ? source : `'${source}'`
  const fixes: string[] = []
  const reading11 = 'raises' in yaml11 ? `an error (${yaml11.raises})` : shown(yaml11.value)
  if ('value' in yaml11) {
    const text = unambiguous(yaml11.value)
    if (text !== undefined && text !== source) fixes.push(text)
  }
  const text12 = unambiguous(yaml12)
  if (text12 !== undefined && text12 !== source && !fixes.includes(text12)) fixes.push(text12)
  const text = quoted(source)
  if (kind !== 'tag' && !fixes.includes(text)) fixes.push(`${text} for the text`)
  const write = fixes.length > 0 ? `write ${fixes.join(' or ')}, ` : ''
  return `${what} is ${reading11} in ${READERS} but ${shown(yaml12)} in YAML 1.2; ${write}${SET_VERSION}`
}
