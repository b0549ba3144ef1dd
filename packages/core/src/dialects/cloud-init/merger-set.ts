// The merger set a spec list builds, as cloud-init's `construct` does: for each type, the first
// merger in the list that handles it, with the options it reads; and a set in merge-string form.
import { weakMemo } from '../../memo.ts'
import type { MergerSpec } from './directive.ts'

type Has = (option: string) => boolean

function optionTest(options: MergerSpec['options']): Has {
  if (typeof options === 'string') return (option) => options.includes(option)
  return (option) => options.includes(option)
}

export interface DictMerger {
  replace: boolean
  recurseArray: boolean
  recurseStr: boolean
  allowDelete: boolean
}
export interface ListMerger {
  method: 'append' | 'prepend' | 'replace' | 'no_replace'
  recurseDict: boolean
  recurseStr: boolean
  recurseArray: boolean
}
export interface StrMerger {
  append: boolean
}

/** The constructed merger list: for each type, the first merger in the list that handles it. */
export interface MergerSet {
  dict?: DictMerger
  list?: ListMerger
  str?: StrMerger
}

// Parts that share a spec list (memoized directives, the stack in force) share its merger set.
const mergerSets = weakMemo<readonly MergerSpec[], MergerSet>(
  'cloud-init: the merger set of a spec list',
  'spec lists are frozen',
)

export function createMergerSet(specs: readonly MergerSpec[]): MergerSet {
  return mergerSets.get(specs, buildMergerSet)
}

function buildMergerSet(specs: readonly MergerSpec[]): MergerSet {
  const set: MergerSet = {}
  for (const spec of specs) {
    const has = optionTest(spec.options)
    if (spec.name === 'dict' && !set.dict) {
      set.dict = {
        replace: has('replace'),
        recurseArray: has('recurse_array') || has('recurse_list'),
        recurseStr: has('recurse_str'),
        allowDelete: has('allow_delete'),
      }
    } else if (spec.name === 'list' && !set.list) {
      set.list = {
        method: has('append')
          ? 'append'
          : has('prepend')
            ? 'prepend'
            : has('replace')
              ? 'replace'
              : has('no_replace')
                ? 'no_replace'
                : 'replace',
        recurseDict: has('recurse_dict'),
        recurseStr: has('recurse_str'),
        recurseArray: has('recurse_array') || has('recurse_list'),
      }
    } else if (spec.name === 'str' && !set.str) {
      set.str = { append: has('append') }
    }
  }
  return set
}

/** A merger spec in merge-string form: `list(append)`. */
export function formatSpec(spec: MergerSpec): string {
  return `${spec.name}(${typeof spec.options === 'string' ? spec.options : spec.options.map(String).join(',')})`
}

/** The merger set as a merge string, one merger per type (the first listed wins, as in cloud-init). */
export function describeMergers(specs: readonly MergerSpec[]): string {
  const seen = new Set<string>()
  return specs
    .filter((spec) => !seen.has(spec.name) && seen.add(spec.name))
    .map(formatSpec)
    .join('+')
}
