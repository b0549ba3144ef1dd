// A merge strategy as Datum applies it. Datum tests its string fields with prefix regexes at the
// point of use; reading them once into modes keeps those tests in one place (docs/datum.md#presets).
import { compileEcma } from '../../linear-regex.ts'
import type { EcmaReading, LinearRegex } from '../../linear-regex.ts'
import { boundedMemo } from '../../memo.ts'
import { getIgnoringCase, isDatumMap } from './keys.ts'
import { escapeRegex, psString, psTruthy } from './powershell.ts'

/** `merge_hash`: MostSpecific/First keep the most specific mapping; anything else merges top keys; `deep` recurses. */
export type HashMode = 'mostSpecific' | 'hash' | 'deep'
/** `merge_baseType_array`; `keep` is a missing or unrecognised value: the most specific list wins. */
export type BaseTypeArrayMode = 'mostSpecific' | 'unique' | 'sum' | 'keep'
/** `merge_hash_array`; `keep` is a missing or unrecognised value (`Unique`, `Merge`, `Add`, …). */
export type HashArrayMode = 'mostSpecific' | 'uniqueKeyValTuples' | 'deepTuple' | 'sum' | 'keep'

export interface Strategy {
  hash: HashMode
  baseTypeArray: BaseTypeArrayMode
  hashArray: HashArrayMode
  /** Clear-DatumKnockout leaves hash arrays alone only for `^MostSpecific$|^First` (anchored, unlike the merge). */
  keepsHashArrayMarkers: boolean
  /** `merge_options.knockout_prefix` when truthy. */
  knockoutPrefix: string | undefined
  /** `merge_options.tuple_keys` when truthy. */
  tupleKeys: readonly string[] | undefined
  /** A `Strategy: MostSpecific|First` field: the lookup returns the first value found, without knockout clean-up. */
  firstFound: boolean
  /** Datum's `Default` tag: nested mappings under a `deep` merge inherit the parent's strategy. */
  inherits: boolean
}

export const PRESET_NAMES = ['MostSpecific', 'First', 'hash', 'MergeTopKeys', 'deep', 'MergeRecursively'] as const

const MOST_SPECIFIC = /^MostSpecific$|^First/i

function modeOf(value: unknown): string | undefined {
  return value === null || value === undefined ? undefined : psString(value)
}

function hashMode(value: unknown): HashMode {
  const text = modeOf(value)
  if (text === undefined) return 'hash'
  if (MOST_SPECIFIC.test(text)) return 'mostSpecific'
  return text.toLowerCase() === 'deep' ? 'deep' : 'hash'
}

function baseTypeArrayMode(value: unknown): BaseTypeArrayMode {
  const text = modeOf(value)
  if (text === undefined) return 'keep'
  if (MOST_SPECIFIC.test(text)) return 'mostSpecific'
  if (/^Unique/i.test(text)) return 'unique'
  if (/^Sum|^Add/i.test(text)) return 'sum'
  return 'keep'
}

function hashArrayMode(value: unknown): HashArrayMode {
  const text = modeOf(value)
  if (text === undefined) return 'keep'
  if (/^MostSpecific|^First/i.test(text)) return 'mostSpecific'
  if (/^UniqueKeyValTuples/i.test(text)) return 'uniqueKeyValTuples'
  if (/^DeepTuple|^DeepItemMergeByTuples/i.test(text)) return 'deepTuple'
  if (/^Sum/i.test(text)) return 'sum'
  return 'keep'
}

function tupleKeysOf(value: unknown): string[] | undefined {
  if (value === null || value === undefined) return undefined
  // `[string[]]$value`, then PowerShell truthiness of the array.
  const keys = (Array.isArray(value) ? value : [value]).map(psString)
  return psTruthy(keys) ? keys : undefined
}

/** Reads a strategy mapping exactly as written: missing fields are not filled in from a preset. */
export function readStrategyMapping(mapping: Record<string, unknown>): Strategy {
  const options = getIgnoringCase(mapping, 'merge_options')
  const field = (name: string): unknown => (isDatumMap(options) ? getIgnoringCase(options, name) : undefined)
  const prefix = field('knockout_prefix')
  const arrayField = getIgnoringCase(mapping, 'merge_hash_array')
  const strategyField = modeOf(getIgnoringCase(mapping, 'strategy'))
  return {
    hash: hashMode(getIgnoringCase(mapping, 'merge_hash')),
    baseTypeArray: baseTypeArrayMode(getIgnoringCase(mapping, 'merge_basetype_array')),
    hashArray: hashArrayMode(arrayField),
    keepsHashArrayMarkers: MOST_SPECIFIC.test(modeOf(arrayField) ?? ''),
    knockoutPrefix: psTruthy(prefix) ? psString(prefix) : undefined,
    tupleKeys: tupleKeysOf(field('tuple_keys')),
    firstFound: strategyField !== undefined && /^MostSpecific|^First/i.test(strategyField),
    inherits: psTruthy(getIgnoringCase(mapping, 'default')),
  }
}

/** `Get-MergeStrategyFromString`: the three presets, anchored and ignoring case; anything else is MostSpecific. */
export function presetStrategy(name: string): Strategy {
  const base = { keepsHashArrayMarkers: true, tupleKeys: undefined, firstFound: false, inherits: false }
  if (/^hash$|^MergeTopKeys$/i.test(name)) {
    return { ...base, hash: 'hash', baseTypeArray: 'mostSpecific', hashArray: 'mostSpecific', knockoutPrefix: '--' }
  }
  if (/^deep$|^MergeRecursively$/i.test(name)) {
    return {
      ...base,
      hash: 'deep',
      baseTypeArray: 'unique',
      hashArray: 'deepTuple',
      keepsHashArrayMarkers: false,
      knockoutPrefix: '--',
      tupleKeys: ['Name', 'Version'],
    }
  }
  return {
    ...base,
    hash: 'mostSpecific',
    baseTypeArray: 'mostSpecific',
    hashArray: 'mostSpecific',
    knockoutPrefix: undefined,
  }
}

/** Whether `name` is one of the preset names (a string that is not falls back to MostSpecific). */
export function isPresetName(name: string): boolean {
  return PRESET_NAMES.some((preset) => preset.toLowerCase() === name.toLowerCase())
}

/**
 * The strategy a lookup-options value stands for: a preset name, a mapping, or anything else, which
 * Datum reads like an empty mapping (its fields are all missing).
 */
export function readStrategy(value: unknown): Strategy {
  if (typeof value === 'string') return presetStrategy(value)
  return readStrategyMapping(isDatumMap(value) ? value : {})
}

/**
 * How Datum's regexes (.NET's, case-insensitive) are read: as JavaScript reads them, run in linear
 * time (linear-regex.ts): a regex from data never backtracks.
 */
export const DATUM_REGEX: EcmaReading = { unicode: false, ignoreCase: true, pythonDollar: false }

/** The patterns knockout markers are recognised with; Datum escapes the prefix in some places only. */
export interface KnockoutPatterns {
  /** `'^' + [regex]::Escape(prefix)`: hash keys and hash-array tuple values. */
  literal: LinearRegex
  /** `'^' + prefix`, the prefix used as a regex: base-type array items. */
  anchored: LinearRegex
  /** `prefix` as an unanchored regex: the final clean-up of hash keys. */
  anywhere: LinearRegex
}

const compiled = boundedMemo<string, KnockoutPatterns>(
  'datum: compiled knockout prefixes',
  'a prefix always compiles the same',
  256,
)

function compileKnockout(prefix: string): KnockoutPatterns {
  return {
    literal: compileEcma(`^${escapeRegex(prefix)}`, DATUM_REGEX),
    anchored: compileEcma(`^${prefix}`, DATUM_REGEX),
    anywhere: compileEcma(prefix, DATUM_REGEX),
  }
}

/** The text without the first match of `pattern` (JavaScript's `replace` with a non-global regex). */
export function removeFirstMatch(text: string, pattern: LinearRegex): string {
  const match = pattern.exec(text)
  return match ? text.slice(0, match.index) + text.slice(match.end) : text
}

/**
 * The knockout regexes of a prefix; throws when the prefix is not a valid regex, or one the
 * linear-time engine cannot run.
 */
export function knockoutPatterns(prefix: string): KnockoutPatterns {
  return compiled.get(prefix, compileKnockout)
}

/** Whether the prefix compiles as a regex (Datum uses it unescaped and throws when it does not). */
export function isValidKnockoutPrefix(prefix: string): boolean {
  try {
    knockoutPatterns(prefix)
    return true
  } catch {
    return false
  }
}
