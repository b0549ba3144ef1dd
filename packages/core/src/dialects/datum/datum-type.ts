import { isDatumMap } from './keys.ts'

/** Datum's four kinds of value (`Get-DatumType`); the merge dispatches on the more specific one. */
export type DatumType = 'hashtable' | 'hash_array' | 'baseType_array' | 'baseType'

/**
 * A list is a hash_array when PowerShell's `-as [hashtable[]]` cast is truthy: every item is a
 * mapping or null, and the list has two items or one non-null mapping. The empty list is a
 * baseType_array.
 */
export function datumTypeOf(value: unknown): DatumType {
  if (isDatumMap(value)) return 'hashtable'
  if (!Array.isArray(value)) return 'baseType'
  const castable = value.every((item) => item === null || isDatumMap(item))
  if (castable && (value.length >= 2 || (value.length === 1 && value[0] !== null))) return 'hash_array'
  return 'baseType_array'
}

/** Whether `value -as [hashtable[]]` is truthy: a mapping or a list of mappings. */
export function isHashLike(value: unknown): boolean {
  const type = datumTypeOf(value)
  return type === 'hashtable' || type === 'hash_array'
}
