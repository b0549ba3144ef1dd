// The values a Datum.InvokeCommand expression can read, and what PowerShell does with them: member
// access (`$Node.Role`, `$File.Directory.BaseName`), indexing, and conversion to text inside a
// `"…"` string. Only reading is supported; anything else is refused as unsupported.
import { isDatumMap } from '../keys.ts'

/** The expression is valid PowerShell outside the supported subset: never evaluated. */
export class Unsupported extends Error {
  constructor(
    message: string,
    /** Offset in the expression text, when known. */
    readonly at?: number,
  ) {
    super(message)
  }
}

/** PowerShell itself would fail here (a terminating error of the handler). */
export class PowerShellError extends Error {}

/** A decrypted `PSCredential` (Datum.ProtectedData); a scalar for Datum's merge. */
export class PsCredential {
  constructor(
    readonly userName: string,
    readonly password: string,
  ) {}
}

/** A decrypted `SecureString`; a scalar for Datum's merge. */
export class PsSecureString {
  constructor(readonly text: string) {}
}

/** An object whose members are looked up by name: the Datum tree, a store folder, a file's FileInfo. */
export interface MemberSource {
  /** The .NET type PowerShell would show, for messages. */
  readonly typeName: string
  /** The member's value, null when there is none (PowerShell's non-strict member access). */
  member(name: string): unknown
}

export function isMemberSource(value: unknown): value is MemberSource {
  return typeof value === 'object' && value !== null && typeof (value as MemberSource).member === 'function'
}

/** A handler expression not evaluated yet, kept as the string PowerShell sees. */
export interface RawText {
  readonly raw: string
}

export function isRawText(value: unknown): value is RawText {
  return typeof value === 'object' && value !== null && typeof (value as RawText).raw === 'string'
}

/** The string a value is when PowerShell sees it as one (a pending handler expression is its text). */
export function stringOf(value: unknown): string | undefined {
  if (typeof value === 'string') return value
  return isRawText(value) ? value.raw : undefined
}

const same = (a: string, b: string): boolean => a.toLowerCase() === b.toLowerCase()

/** `$list.Name`: every item's member, lists flattened one level, nulls left out; one value is that value. */
function enumerateMember(list: readonly unknown[], name: string): unknown {
  const values: unknown[] = []
  for (const item of list) {
    const value = memberOf(item, name)
    if (value === null || value === undefined) continue
    if (Array.isArray(value)) values.push(...value)
    else values.push(value)
  }
  if (values.length === 0) return null
  return values.length === 1 ? values[0] : values
}

/** `$value.Name`, as PowerShell reads it without StrictMode (a missing member is null). */
export function memberOf(value: unknown, name: string): unknown {
  if (value === null || value === undefined) return null
  const text = stringOf(value)
  if (text !== undefined) return same(name, 'Length') ? text.length : null
  if (Array.isArray(value)) {
    if (same(name, 'Count') || same(name, 'Length')) return value.length
    return enumerateMember(value, name)
  }
  if (isDatumMap(value)) {
    const key = Object.keys(value).find((k) => same(k, name))
    if (key !== undefined) return value[key]
    if (same(name, 'Count')) return Object.keys(value).length
    if (same(name, 'Keys')) return Object.keys(value)
    if (same(name, 'Values')) return Object.values(value)
    return null
  }
  if (value instanceof PsCredential) {
    if (same(name, 'UserName')) return value.userName
    if (same(name, 'Password')) return new PsSecureString(value.password)
    return null
  }
  if (isMemberSource(value)) return value.member(name)
  return null
}

/** `$value[index]`. */
export function indexInto(value: unknown, index: unknown): unknown {
  if (value === null || value === undefined) throw new PowerShellError('Cannot index into a null array.')
  if (Array.isArray(value) && typeof index === 'number') {
    const i = index < 0 ? value.length + index : Math.trunc(index)
    return value[i] ?? null
  }
  if (isDatumMap(value) && index !== null && index !== undefined) return memberOf(value, textOf(index))
  const text = stringOf(value)
  if (text !== undefined && typeof index === 'number') {
    const i = index < 0 ? text.length + index : Math.trunc(index)
    return text[i] ?? null
  }
  throw new Unsupported(`indexing a ${typeName(value)} with ${typeName(index)}`)
}

/** A number as .NET writes it (`ToString()`: 15 significant digits, `E+XX` exponents). */
export function numberText(value: number): string {
  if (Number.isNaN(value)) return 'NaN'
  if (!Number.isFinite(value)) return value > 0 ? 'Infinity' : '-Infinity'
  if (Number.isInteger(value) && Math.abs(value) < 1e15) return String(value)
  const [mantissa, exponent] = value.toPrecision(15).split('e')
  const digits = mantissa!.includes('.') ? mantissa!.replace(/0+$/, '').replace(/\.$/, '') : mantissa!
  if (exponent === undefined) return digits
  const power = Number(exponent)
  if (power >= -5 && power < 15) return String(Number(`${digits}e${power}`))
  return `${digits}E${power < 0 ? '-' : '+'}${String(Math.abs(power)).padStart(2, '0')}`
}

export function typeName(value: unknown): string {
  if (value === null || value === undefined) return 'null'
  if (Array.isArray(value)) return 'list'
  if (isDatumMap(value)) return 'mapping'
  if (value instanceof PsCredential) return 'PSCredential'
  if (value instanceof PsSecureString) return 'SecureString'
  if (isMemberSource(value)) return value.typeName
  return typeof value
}

/** `"$value"`: how a value reads inside an expandable string. */
export function textOf(value: unknown): string {
  if (value === null || value === undefined) return ''
  const text = stringOf(value)
  if (text !== undefined) return text
  if (typeof value === 'boolean') return value ? 'True' : 'False'
  if (typeof value === 'number') return numberText(value)
  if (Array.isArray(value)) return value.map(textOf).join(' ')
  if (value instanceof PsCredential) return 'System.Management.Automation.PSCredential'
  if (value instanceof PsSecureString) return 'System.Security.SecureString'
  throw new Unsupported(
    `a ${typeName(value)} inside a string becomes its .NET type name (or a path on the build machine)`,
  )
}
