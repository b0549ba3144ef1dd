// With no declared types, a parameter's type is inferred from its first value (schema.ts), but Heat
// takes it from the stack's templates, and `merge` / `deep_merge` depend on it: "a,b" merged with
// "c" is "a,bc" for a string and "a,b,c" for a comma_delimited_list, and a boolean refuses to merge.
// Where the values fit another type whose merge gives another value, the inferred result is a guess. A
// type whose merge raises is no such reading: files Heat merges without failing do not have it.
import { isMapping, setOwn } from '../../values.ts'
import { cloneOwned, HeatRaise } from './python.ts'
import type { Mapping } from './python.ts'
import { mergeParam } from './merge.ts'
import type { HeatParameterType } from './types.ts'

/** The strings `bool_from_string(strict=True)` takes, which a boolean parameter may hold. */
const BOOLEAN_TEXT = /^(?:t|true|on|y|yes|1|f|false|off|n|no|0)$/i

function parsesAsJsonContainer(text: string): boolean {
  if (!/^\s*[[{]/.test(text)) return false
  try {
    JSON.parse(text)
    return true
  } catch {
    return false
  }
}

/** The other types a template could declare for a parameter inferred as `type` from `earlier`. */
function otherTypes(type: HeatParameterType, earlier: unknown): HeatParameterType[] {
  if (type === 'comma_delimited_list') return ['json']
  if (type !== 'string') return []
  const others: HeatParameterType[] = ['comma_delimited_list']
  if (typeof earlier === 'string' && parsesAsJsonContainer(earlier)) others.push('json')
  if (typeof earlier === 'string' && BOOLEAN_TEXT.test(earlier)) others.push('boolean')
  return others
}

/** What Heat's merge of `value` into `section[key]` gives for `type`, as text, and whether it raised. */
function outcome(
  section: Mapping,
  key: string,
  value: unknown,
  type: HeatParameterType,
  deep: boolean,
): { text: string; raised: boolean } {
  // The merge reads and writes this one key only.
  const copy: Mapping = {}
  if (Object.hasOwn(section, key)) setOwn(copy, key, cloneOwned(section[key]))
  try {
    mergeParam(copy, key, cloneOwned(value), type, deep, [])
    const merged = copy[key]
    return { text: JSON.stringify(merged) ?? String(merged), raised: false }
  } catch (error) {
    if (!(error instanceof HeatRaise)) throw error
    const raised = /Heat raises (\w+)/.exec(error.message)?.[1] ?? 'an error'
    return { text: `an error (Heat raises ${raised})`, raised: true }
  }
}

/**
 * When the merge of a parameter whose type was inferred as `type` would give another value for
 * another type its values fit, every reading (`as string: "a,bc"; as comma_delimited_list: "a,b,c"`);
 * undefined when the values the types give agree.
 */
export function inferredTypeReadings(
  section: Mapping,
  key: string,
  value: unknown,
  type: HeatParameterType,
  deep: boolean,
): string | undefined {
  if (!isMapping(section)) return undefined
  const types = [type, ...otherTypes(type, section[key])]
  const results = types.map((t) => outcome(section, key, value, t, deep))
  const values = new Set(results.filter((result) => !result.raised).map((result) => result.text))
  if (values.size < 2) return undefined
  return types.map((t, i) => `as ${t}: ${results[i]!.text}`).join('; ')
}
