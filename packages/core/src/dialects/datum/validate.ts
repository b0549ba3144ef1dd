// Strict-mode checks of one strategy value. Datum reads whatever it is given and silently falls back
// to MostSpecific (or ignores a field); these checks turn each such fallback into a located
// diagnostic: an error with `strict`, a warning (and Datum's reading) without.
import type { Reporter } from '../../reporter.ts'
import { suggestName } from '../../suggest.ts'
import { isDatumMap } from './keys.ts'
import { psTruthy } from './powershell.ts'
import { isPresetName, isValidKnockoutPrefix, PRESET_NAMES, readStrategy } from './strategy.ts'
import { locate, within } from './types.ts'
import type { Where } from './types.ts'

export const FIELD_VALUES: Record<string, readonly string[]> = {
  merge_hash: ['MostSpecific', 'First', 'hash', 'deep'],
  merge_basetype_array: ['MostSpecific', 'First', 'Unique', 'Sum', 'Add'],
  merge_hash_array: ['MostSpecific', 'First', 'UniqueKeyValTuples', 'DeepTuple', 'DeepItemMergeByTuples', 'Sum'],
}
export const FIELD_NAMES = ['merge_hash', 'merge_baseType_array', 'merge_hash_array', 'merge_options', 'strategy']
export const MERGE_OPTION_NAMES = ['knockout_prefix', 'tuple_keys']
const TUPLE_STRATEGIES = ['uniquekeyvaltuples', 'deeptuple', 'deepitemmergebytuples']

const ARRAY_VALUE_HINT: Record<string, string> = {
  unique: 'merge_baseType_array: Unique',
  sum: 'merge_baseType_array: Sum',
  add: 'merge_baseType_array: Add',
  uniquekeyvaltuples: 'merge_hash_array: UniqueKeyValTuples',
  deeptuple: 'merge_hash_array: DeepTuple',
}

const NO_STRATEGY_HINT = 'write a preset name (MostSpecific, hash, deep) or a mapping of merge_* fields'
function sameName(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase()
}

function checkPreset(name: string, where: Where, label: string, report: Reporter): void {
  if (isPresetName(name)) return
  const hint = ARRAY_VALUE_HINT[name.toLowerCase()]
  const problem = {
    code: 'MY_DATUM_UNKNOWN_PRESET' as const,
    message:
      `${label}: '${name}' is not a preset (${PRESET_NAMES.join(', ')}); Datum reads it as MostSpecific` +
      (hint ? `. For that array strategy write a mapping: {${hint}}` : ''),
    ...locate(where),
  }
  const suggestion = hint ? undefined : suggestName(name, PRESET_NAMES)
  report.lenient(suggestion ? { ...problem, suggestion } : problem)
}

function checkFieldValue(field: string, value: unknown, where: Where, label: string, report: Reporter): void {
  const allowed = FIELD_VALUES[field]!
  if (typeof value === 'string' && allowed.some((name) => sameName(name, value))) return
  const reading = readStrategy({ [field]: value })
  const meaning =
    field === 'merge_hash' ? reading.hash : field === 'merge_hash_array' ? reading.hashArray : reading.baseTypeArray
  const fallback = meaning === 'keep' ? 'keeps the most specific value' : `reads it as ${meaning}`
  const text = typeof value === 'string' ? `'${value}'` : JSON.stringify(value)
  const problem = {
    code: 'MY_DATUM_UNKNOWN_FIELD_VALUE' as const,
    message: `${label}: ${text} is not a ${field} value (${allowed.join(', ')}); Datum ${fallback}`,
    ...locate(where),
  }
  const suggestion = typeof value === 'string' ? suggestName(value, allowed) : undefined
  report.lenient(suggestion ? { ...problem, suggestion } : problem)
}

function checkMergeOptions(value: unknown, where: Where, label: string, report: Reporter): void {
  if (!isDatumMap(value)) {
    report.lenient({
      code: 'MY_DATUM_INVALID_FIELD_VALUE' as const,
      message: `${label}: merge_options must be a mapping (knockout_prefix, tuple_keys); Datum ignores it`,
      ...locate(where),
    })
    return
  }
  for (const key of Object.keys(value)) {
    const item = value[key]
    const at = within(where, key)
    if (sameName(key, 'knockout_prefix')) {
      if (typeof item !== 'string' || item === '') {
        report.lenient({
          code: 'MY_DATUM_INVALID_FIELD_VALUE' as const,
          message: `${label}: knockout_prefix must be a non-empty string such as '--'`,
          ...locate(at),
        })
      } else if (!isValidKnockoutPrefix(item)) {
        // Datum matches with the prefix as a regular expression in places and throws there.
        report.fail({
          code: 'MY_DATUM_INVALID_KNOCKOUT_PREFIX' as const,
          message: `${label}: knockout_prefix '${item}' is not a valid regular expression (Datum uses it as one)`,
          ...locate(at),
        })
      }
    } else if (sameName(key, 'tuple_keys')) {
      const keys = Array.isArray(item) ? item : [item]
      if (keys.length === 0 || !keys.every((k) => typeof k === 'string' && k !== '')) {
        report.lenient({
          code: 'MY_DATUM_INVALID_FIELD_VALUE' as const,
          message: `${label}: tuple_keys must be a list of key names`,
          ...locate(at),
        })
      }
    } else {
      const problem = {
        code: 'MY_DATUM_UNKNOWN_FIELD' as const,
        message: `${label}: unknown merge option '${key}' (${MERGE_OPTION_NAMES.join(', ')}); Datum ignores it`,
        ...locate(at, 'key'),
      }
      const suggestion = suggestName(key, MERGE_OPTION_NAMES)
      report.lenient(suggestion ? { ...problem, suggestion } : problem)
    }
  }
}

function checkMapping(mapping: Record<string, unknown>, where: Where, label: string, report: Reporter): void {
  for (const key of Object.keys(mapping)) {
    const value = mapping[key]
    const at = within(where, key)
    const field = key.toLowerCase()
    if (FIELD_VALUES[field]) checkFieldValue(field, value, at, label, report)
    else if (field === 'merge_options') checkMergeOptions(value, at, label, report)
    else if (field === 'strategy') {
      if (typeof value !== 'string' || !/^(?:MostSpecific|First)$/i.test(value)) {
        report.lenient({
          code: 'MY_DATUM_IGNORED_FIELD' as const,
          message:
            `${label}: '${key}: ${String(value)}' has no effect; Datum uses a mapping as written (here: ` +
            `merge_* fields only) and honours Strategy only as MostSpecific or First. Write the preset name instead ` +
            `of the mapping, or the merge_* fields`,
          ...locate(at),
        })
      }
    } else if (field === 'sort_merged_arrays' || field === 'maxdepth') {
      report.lenient({
        code: 'MY_DATUM_IGNORED_FIELD' as const,
        message: `${label}: '${key}' has no effect in Datum`,
        ...locate(at, 'key'),
      })
    } else {
      const detail =
        field === 'default'
          ? "'Default' is Datum's internal tag for the implicit default strategy"
          : `unknown field '${key}' (${FIELD_NAMES.join(', ')})`
      const problem = {
        code: 'MY_DATUM_UNKNOWN_FIELD' as const,
        message: `${label}: ${detail}; Datum ignores it`,
        ...locate(at, 'key'),
      }
      const suggestion = field === 'default' ? undefined : suggestName(key, FIELD_NAMES)
      report.lenient(suggestion ? { ...problem, suggestion } : problem)
    }
  }
  const arrayKey = Object.keys(mapping).find((key) => sameName(key, 'merge_hash_array'))
  const arrayValue = arrayKey === undefined ? undefined : mapping[arrayKey]
  if (
    arrayKey !== undefined &&
    typeof arrayValue === 'string' &&
    TUPLE_STRATEGIES.includes(arrayValue.toLowerCase()) &&
    !readStrategy(mapping).tupleKeys
  ) {
    report.lenient({
      code: 'MY_DATUM_MISSING_TUPLE_KEYS' as const,
      message:
        `${label}: ${arrayValue} needs merge_options.tuple_keys; without them Datum compares items on the ` +
        `keys of one of the most specific items`,
      ...locate(within(where, arrayKey)),
    })
  }
}

/** Checks one strategy value (a preset name or a mapping) of the lookup options. */
export function validateStrategy(value: unknown, where: Where, label: string, report: Reporter): void {
  if (typeof value === 'string' && value !== '') checkPreset(value, where, label, report)
  else if (isDatumMap(value)) checkMapping(value, where, label, report)
  else if (!psTruthy(value)) {
    report.lenient({
      code: 'MY_DATUM_EMPTY_STRATEGY' as const,
      message: `${label} has no strategy; ${NO_STRATEGY_HINT}`,
      ...locate(where),
    })
  } else {
    report.lenient({
      code: 'MY_DATUM_INVALID_STRATEGY' as const,
      message:
        `${label} must be a preset name or a mapping of merge_* fields; Datum reads ${JSON.stringify(value)} ` +
        `as a mapping without fields`,
      ...locate(where),
    })
  }
}
