// cloud-init's dict, list and str mergers (cloudinit/mergers/m_*.py), dispatching on the type of the
// OLD value (specs/cloud-init.md §2). Inputs are never mutated; containers are copied shallowly.
import type { PathSegment } from '../yaml/parse.ts'
import type { MergerSpec } from './directive.ts'

/** A runtime failure cloud-init raises (TypeError/KeyError) or a quirk strict mode refuses. */
export interface MergeConflict {
  code: 'MY_MERGE_TYPE_CONFLICT'
  message: string
  path: PathSegment[]
  /** cloud-init raises here (the part is skipped); otherwise it is a quirk cloud-init applies. */
  raises: boolean
}

/** Called for every conflict; return normally to apply cloud-init's behaviour, or throw. */
export type ConflictHandler = (conflict: MergeConflict) => void

/** Thrown to abandon a part, as cloud-init does when a merger raises. */
export class PartSkipped extends Error {
  constructor(readonly conflict: MergeConflict) {
    super(conflict.message)
  }
}

type Has = (option: string) => boolean

function optionTest(options: MergerSpec['options']): Has {
  if (typeof options === 'string') return (option) => options.includes(option)
  return (option) => options.includes(option)
}

interface DictMerger {
  replace: boolean
  recurseArray: boolean
  recurseStr: boolean
  allowDelete: boolean
}
interface ListMerger {
  method: 'append' | 'prepend' | 'replace' | 'no_replace'
  recurseDict: boolean
  recurseStr: boolean
  recurseArray: boolean
}
interface StrMerger {
  append: boolean
}

/** The constructed merger list: for each type, the first merger in the list that handles it. */
export interface MergerSet {
  dict?: DictMerger
  list?: ListMerger
  str?: StrMerger
}

export function createMergerSet(specs: readonly MergerSpec[]): MergerSet {
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
        method: has('append') ? 'append' : has('prepend') ? 'prepend' : has('replace') ? 'replace' : has('no_replace') ? 'no_replace' : 'replace',
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

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** Assigns an own property, `__proto__` included, without ever touching a prototype. */
export function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') Object.defineProperty(target, key, { value, writable: true, enumerable: true, configurable: true })
  else target[key] = value
}

export function copyObject(source: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const key of Object.keys(source)) setOwn(out, key, source[key])
  return out
}

/** Python's `list(value)` for the values YAML can produce: a list, a string's characters, a dict's keys. */
function iterate(value: unknown): unknown[] {
  if (Array.isArray(value)) return value
  if (typeof value === 'string') return Array.from(value)
  if (isPlainObject(value)) return Object.keys(value)
  return []
}

function typeName(value: unknown): string {
  if (value === null || value === undefined) return 'null'
  if (Array.isArray(value)) return 'a list'
  if (typeof value === 'object') return 'a mapping'
  return `a ${typeof value}`
}

/** Merges `incoming` into `current` with one merger set; one instance per part merge. */
export class MergeRun {
  private readonly path: PathSegment[] = []

  constructor(
    private readonly set: MergerSet,
    private readonly onConflict: ConflictHandler,
  ) {}

  merge(current: unknown, incoming: unknown): unknown {
    return this.dispatch(current, incoming)
  }

  private conflict(message: string, raises: boolean): void {
    const conflict: MergeConflict = { code: 'MY_MERGE_TYPE_CONFLICT', message, path: [...this.path], raises }
    this.onConflict(conflict)
    if (raises) throw new PartSkipped(conflict)
  }

  private dispatch(old: unknown, next: unknown): unknown {
    if (Array.isArray(old)) return this.set.list ? this.mergeList(old, next, this.set.list) : old
    if (isPlainObject(old)) return this.set.dict ? this.mergeDict(old, next, this.set.dict) : old
    if (typeof old === 'string') return this.set.str ? this.mergeStr(old, next, this.set.str) : old
    // int, float, bool, null: no merger handles them, the old value stays.
    return old
  }

  private mergeDict(old: Record<string, unknown>, next: unknown, m: DictMerger): unknown {
    if (!isPlainObject(next)) return old
    const out = copyObject(old)
    for (const key of Object.keys(next)) {
      const value = next[key]
      if (!Object.hasOwn(out, key)) {
        setOwn(out, key, value)
        continue
      }
      if (value === null && m.allowDelete) {
        delete out[key]
        continue
      }
      if (m.replace) {
        setOwn(out, key, value)
        continue
      }
      const recurse = (Array.isArray(value) && m.recurseArray) || (typeof value === 'string' && m.recurseStr) || isPlainObject(value)
      if (!recurse) continue
      this.path.push(key)
      setOwn(out, key, this.dispatch(out[key], value))
      this.path.pop()
    }
    return out
  }

  private mergeList(old: unknown[], next: unknown, m: ListMerger): unknown {
    if (m.method === 'replace' && !Array.isArray(next)) return next
    if ((m.method === 'append' || m.method === 'prepend') && !Array.isArray(next)) {
      const what = typeof next === 'string' ? 'its characters' : 'its keys'
      this.conflict(`list(${m.method}) got ${typeName(next)} for a list: cloud-init ${m.method}s ${what} one by one`, false)
    }
    if (m.method === 'prepend') return [...iterate(next), ...old]
    if (m.method === 'append') return [...old, ...iterate(next)]
    if (m.method === 'no_replace') {
      if (isPlainObject(next) && old.length > 0 && Object.keys(next).length > 0) {
        this.conflict('list(no_replace) got a mapping for a list: cloud-init fails with KeyError 0 and skips the part', true)
      }
      return old
    }
    // replace: an index-wise overlay, truncated to the old length.
    const items = next as unknown[]
    const out = old.slice()
    const common = Math.min(old.length, items.length)
    for (let i = 0; i < common; i++) {
      const value = items[i]
      if ((Array.isArray(value) && m.recurseArray) || (typeof value === 'string' && m.recurseStr) || (isPlainObject(value) && m.recurseDict)) {
        this.path.push(i)
        out[i] = this.dispatch(out[i], value)
        this.path.pop()
      } else {
        out[i] = value
      }
    }
    return out
  }

  private mergeStr(old: string, next: unknown, m: StrMerger): unknown {
    if (!m.append) return next
    if (typeof next !== 'string') {
      this.conflict(`str(append) cannot append ${typeName(next)} to a string: cloud-init fails with TypeError and skips the part`, true)
    }
    return old + (next as string)
  }
}
