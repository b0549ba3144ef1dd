// Where each printed property's value came from (`PropertySources`): the engine's `sources` record
// (render option `sources`, its `ValueSources`) asked with the paths of the properties a declaration
// prints, in which an array's items are one `ANY_ITEM` (the items share one type): that step is the
// first item that has the rest of the path.
import type { ValueSource, ValueSources } from '@merged-yaml/core'
import { isPlainObject } from './module.ts'

export type { SourceLocation, ValueSource } from '@merged-yaml/core'

/** A step of a printed property's path: a key, a tuple index, or any item of an array. */
export type PathStep = string | number | typeof ANY_ITEM

export const ANY_ITEM: unique symbol = Symbol('any item')

/** Where the properties an entry's declaration prints came from (the declaration's `sources`). */
export interface PropertySources {
  /** The source of the value at `path` of the current mode's value, if the record has one. */
  at(path: readonly PathStep[]): ValueSource | undefined
}

/** Whether `value` has something at `path` (keys and indices). */
function reaches(value: unknown, path: readonly (string | number)[]): boolean {
  let node = value
  for (const step of path) {
    if (typeof step === 'number') {
      if (!Array.isArray(node) || step >= node.length) return false
    } else if (!isPlainObject(node) || !Object.hasOwn(node, step)) return false
    node = (node as Record<string | number, unknown>)[step]
  }
  return true
}

/** The concrete path (indices) of `path` in `value`: each `ANY_ITEM` is the first item having the rest. */
function concretePath(value: unknown, path: readonly PathStep[]): readonly (string | number)[] | undefined {
  // Most printed properties are outside arrays' items: the path is its own concrete path.
  if (!path.includes(ANY_ITEM)) {
    const plain = path as readonly (string | number)[]
    return reaches(value, plain) ? plain : undefined
  }
  const out: (string | number)[] = []
  const found = (node: unknown, from: number): boolean => {
    if (from === path.length) return true
    const step = path[from]!
    if (step === ANY_ITEM) {
      if (!Array.isArray(node)) return false
      for (let i = 0; i < node.length; i++) {
        out.push(i)
        if (found(node[i], from + 1)) return true
        out.length = from
      }
      return false
    }
    if (typeof step === 'number') {
      if (!Array.isArray(node) || step >= node.length) return false
    } else if (!isPlainObject(node) || !Object.hasOwn(node, step)) return false
    out.push(step)
    return found((node as Record<string | number, unknown>)[step], from + 1)
  }
  return found(value, 0) ? out : undefined
}

/** The sources of the printed properties of `value` (the current mode's) from its render's `sources`. */
export function createPropertySources(sources: ValueSources, value: unknown): PropertySources {
  return {
    at(path) {
      const concrete = concretePath(value, path)
      return concrete && concrete.length > 0 ? sources.at(concrete) : undefined
    },
  }
}
