// The few PowerShell semantics Datum's merge depends on: how a value becomes a string or a boolean,
// and what `-eq` means (the right operand is converted to the left operand's type; strings compare
// ignoring case). Values are the ones YAML produces: null, booleans, numbers, strings, lists, mappings.
import { isDatumMap } from './keys.ts'

/** `"$value"`: booleans are `True`/`False`, null is empty, a list joins its items with spaces. */
export function psString(value: unknown): string {
  if (value === null || value === undefined) return ''
  if (typeof value === 'boolean') return value ? 'True' : 'False'
  if (Array.isArray(value)) return value.map(psString).join(' ')
  if (isDatumMap(value)) return 'System.Collections.Hashtable'
  return String(value)
}

/** PowerShell truthiness: empty strings, 0, null and empty lists are false; a one-item list is its item. */
export function psTruthy(value: unknown): boolean {
  if (value === null || value === undefined) return false
  if (typeof value === 'boolean') return value
  if (typeof value === 'number') return value !== 0
  if (typeof value === 'string') return value.length > 0
  if (Array.isArray(value)) return value.length > 1 || (value.length === 1 && psTruthy(value[0]))
  return true
}

function toNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return value
  if (typeof value === 'boolean') return value ? 1 : 0
  if (typeof value === 'string') {
    const n = Number(value.trim())
    return Number.isNaN(n) ? undefined : n
  }
  return undefined
}

/** `$left -eq $right` for a left operand that is not a list. */
function scalarEquals(left: unknown, right: unknown): boolean {
  if (left === null || left === undefined) return right === null || right === undefined
  if (right === null || right === undefined) return false
  if (typeof left === 'string') return psString(right).toLowerCase() === left.toLowerCase()
  if (typeof left === 'number') return toNumber(right) === left
  if (typeof left === 'boolean') return psTruthy(right) === left
  return left === right
}

/** `$left -eq $right` used as a condition. */
export function psEquals(left: unknown, right: unknown): boolean {
  // On a list, -eq filters: the condition is the truthiness of the matching items.
  if (Array.isArray(left)) return psTruthy(left.filter((item) => scalarEquals(item, right)))
  return scalarEquals(left, right)
}

/** `$left -ne $right` used as a condition. */
export function psDiffers(left: unknown, right: unknown): boolean {
  if (Array.isArray(left)) return psTruthy(left.filter((item) => !scalarEquals(item, right)))
  return !scalarEquals(left, right)
}

/** `$value -match $pattern` for a scalar (PowerShell converts it to a string; matching ignores case). */
export function psMatches(value: unknown, pattern: { test(text: string): boolean }): boolean {
  if (Array.isArray(value) || isDatumMap(value) || value === null || value === undefined) return false
  return pattern.test(psString(value))
}

/** Escapes a string for use inside a regular expression (`[regex]::Escape`). */
export function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}
