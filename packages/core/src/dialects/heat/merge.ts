// heat/common/environment_util.py: merge_list, merge_map, parse_param and param_merge, operating in
// place on values we own, with every exception Heat raises turned into a HeatRaise.
import type { PathSegment } from '../../values.ts'
import { HeatRaise, isTruthy, joinStrings, pyAdd, TYPE_MISMATCH } from './python.ts'
import { pyTypeName } from '../../values.ts'
import { getOwn, isMapping, setOwn } from '../../values.ts'
import type { Mapping } from './python.ts'
import type { HeatParameterType } from './types.ts'

export const INVALID_PARAMETER = 'MY_HEAT_INVALID_PARAMETER'
export const INVALID_MERGE_STRATEGY = 'MY_HEAT_INVALID_MERGE_STRATEGY'

/** `merge_list`: falsy old gives new; a list extends old; a string is comma-joined to old. */
export function mergeList(old: unknown, value: unknown, path: readonly PathSegment[] = []): unknown {
  if (!isTruthy(old)) return value
  if (Array.isArray(value)) {
    if (!Array.isArray(old)) {
      throw new HeatRaise(
        TYPE_MISMATCH,
        `cannot extend the earlier ${pyTypeName(old)} with a list (Heat raises AttributeError: '${pyTypeName(old)}' ` +
          `object has no attribute 'extend')`,
        path,
      )
    }
    old.push(...value)
    return old
  }
  if (typeof old !== 'string' || typeof value !== 'string') {
    throw new HeatRaise(
      TYPE_MISMATCH,
      `cannot comma-join the earlier ${pyTypeName(old)} with a ${pyTypeName(value)} (Heat raises TypeError in ` +
        `','.join)`,
      path,
    )
  }
  return `${old},${value}`
}

function requireMapping(value: unknown, role: 'earlier value' | 'value', path: readonly PathSegment[]): Mapping {
  if (isMapping(value)) return value
  const detail =
    role === 'value'
      ? `'${pyTypeName(value)}' object has no attribute 'items'`
      : `'${pyTypeName(value)}' object does not support item assignment`
  throw new HeatRaise(
    TYPE_MISMATCH,
    `cannot merge a mapping ${role === 'value' ? 'from' : 'into'} a ${pyTypeName(value)} (Heat raises ` +
      `${role === 'value' ? 'AttributeError' : 'TypeError'}: ${detail})`,
    path,
  )
}

/**
 * `merge_map`: falsy old gives new; null values never change anything. Shallow: `old[k] = v`. Deep:
 * mappings recurse, lists go through `merge_list` (they concatenate), strings concatenate, anything
 * else replaces.
 */
export function mergeMap(old: unknown, value: unknown, deep: boolean, path: readonly PathSegment[] = []): unknown {
  if (!isTruthy(old)) return value
  const entries = Object.entries(requireMapping(value, 'value', path))
  for (const [key, item] of entries) {
    if (item === null) continue
    const target = requireMapping(old, 'earlier value', path)
    const at = [...path, key]
    if (!deep) {
      setOwn(target, key, item)
    } else if (isMapping(item)) {
      const previous = getOwn(target, key)
      setOwn(target, key, isTruthy(previous) ? mergeMap(previous, item, true, at) : item)
    } else if (Array.isArray(item)) {
      const previous = getOwn(target, key)
      setOwn(target, key, isTruthy(previous) ? mergeList(previous, item, at) : item)
    } else if (typeof item === 'string') {
      const previous = getOwn(target, key)
      setOwn(target, key, joinStrings(previous === undefined ? '' : previous, item, at))
    } else {
      setOwn(target, key, item)
    }
  }
  return old
}

/** Python's `json.loads`, which also accepts NaN and ±Infinity. */
function loadJson(text: string, path: readonly PathSegment[]): unknown {
  try {
    return JSON.parse(text) as unknown
  } catch {
    const special: Record<string, number> = { NaN: Number.NaN, Infinity: Infinity, '-Infinity': -Infinity }
    const trimmed = text.trim()
    if (trimmed in special) return special[trimmed]
    throw new HeatRaise(
      INVALID_PARAMETER,
      `json parameter value is not valid JSON (Heat raises ValueError: Invalid parameter in environment)`,
      path,
    )
  }
}

/**
 * `parse_param`: a json parameter is JSON round-tripped (a string is parsed as JSON); any other type
 * must be a string or a list.
 */
export function parseParam(value: unknown, type: HeatParameterType, path: readonly PathSegment[]): unknown {
  if (type === 'json') {
    // json.dumps + json.loads of plain YAML data is a copy, and our value is already our own copy.
    if (typeof value !== 'string') return value
    return value ? loadJson(value, path) : value
  }
  if (typeof value === 'string' || Array.isArray(value)) return value
  throw new HeatRaise(
    INVALID_PARAMETER,
    `a ${type} parameter can only be merged from a string or a list, not a ${pyTypeName(value)} (Heat raises ` +
      `ValueError: Invalid parameter in environment)`,
    path,
  )
}

/** `param_merge`: the merge of one parameter with `merge` / `deep_merge`, directed by its type. */
export function mergeParam(
  section: Mapping,
  key: string,
  raw: unknown,
  type: HeatParameterType,
  deep: boolean,
  path: readonly PathSegment[],
): void {
  const value = parseParam(raw, type, path)
  const has = Object.hasOwn(section, key)
  const previous = getOwn(section, key)
  switch (type) {
    case 'json':
      setOwn(section, key, mergeMap(has ? previous : {}, value, deep, path))
      return
    case 'comma_delimited_list':
      setOwn(section, key, mergeList(previous, value, path))
      return
    case 'string':
      setOwn(section, key, joinStrings(has ? previous : '', value, path))
      return
    case 'number':
      setOwn(section, key, pyAdd(has ? previous : 0, value, path))
      return
    default:
      throw new HeatRaise(
        INVALID_MERGE_STRATEGY,
        `a ${type} parameter cannot be merged (Heat raises InvalidMergeStrategyForParam)`,
        path,
      )
  }
}
