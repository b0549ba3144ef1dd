// cloud-init's dict, list and str mergers (cloudinit/mergers/m_*.py), dispatching on the type of the
// OLD value, as cloud-init's do. Inputs are never mutated; containers are copied shallowly.
// One class, kept whole: the three mergers share the key path and the in-place bookkeeping.
import { isBytes, isMapping, sameData, setOwn } from '../../values.ts'
import { describeDiscard, describeOverlay } from './discards.ts'
import type { DiscardKind, MergeDiscard } from './discards.ts'
import type { PathSegment } from '../../values.ts'
import type { DictMerger, ListMerger, MergerSet, StrMerger } from './merger-set.ts'
import type { MergeOwnership } from './ownership.ts'
import { ABSENT } from '../part-recorder.ts'
import type { MergeRecorder } from '../part-recorder.ts'

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

/** A shallow copy. Spreading defines own properties, so a `__proto__` key stays a key (and it is fast). */
export function copyObject(source: Record<string, unknown>): Record<string, unknown> {
  return { ...source }
}

/** Python's `list(value)` for the values YAML can produce: a list, a string's characters, a dict's keys. */
function iterate(value: unknown): unknown[] {
  if (Array.isArray(value)) return value
  if (typeof value === 'string') return Array.from(value)
  // Python's list() of bytes is their integer values.
  if (isBytes(value)) return Array.from(value)
  if (isMapping(value)) return Object.keys(value)
  return []
}

function typeName(value: unknown): string {
  if (value === null || value === undefined) return 'null'
  if (Array.isArray(value)) return 'a list'
  if (isBytes(value)) return 'bytes'
  if (typeof value === 'object') return 'a mapping'
  return `a ${typeof value}`
}

/** Merges `incoming` into `current` with one merger set; one instance per part merge. */
export class MergeRun {
  private readonly path: PathSegment[] = []

  constructor(
    private readonly set: MergerSet,
    private readonly onConflict: ConflictHandler,
    /** Set only for the `history` or `sources` record: the normal path pays a null check per decision. */
    private readonly recorder?: MergeRecorder,
    /** Lets the run change containers earlier runs created in place (never with a history recorder). */
    private readonly ownership?: MergeOwnership,
    /**
     * Told of each value of the part the merge keeps out (strict mode warns of them): `describe`
     * says what and why, called at once or never (a warning past `limits.maxWarnings` is only counted).
     */
    private readonly onDiscard?: (describe: () => MergeDiscard) => void,
  ) {
    // Only str(append) and list(no_replace) can abandon a part halfway: without them there is
    // nothing to roll back, and in-place changes need no undo log.
    this.undoable = ownership !== undefined && (set.str?.append === true || set.list?.method === 'no_replace')
  }

  private readonly undoable: boolean

  /** Sets `key` of `target`, logging how to undo it when `target` is changed in place. */
  private write(target: Record<string, unknown>, key: string, value: unknown, inPlace: boolean): void {
    if (inPlace && this.undoable) {
      if (Object.hasOwn(target, key)) {
        const before = target[key]
        this.ownership!.record(() => setOwn(target, key, before))
      } else {
        this.ownership!.record(() => delete target[key])
      }
    }
    setOwn(target, key, value)
  }

  private remove(target: Record<string, unknown>, key: string, inPlace: boolean): void {
    if (inPlace && this.undoable) {
      // Restoring a deleted key must restore its position too: keep the whole mapping.
      const snapshot = copyObject(target)
      this.ownership!.record(() => {
        for (const k of Object.keys(target)) delete target[k]
        for (const k of Object.keys(snapshot)) setOwn(target, k, snapshot[k])
      })
    }
    delete target[key]
  }

  merge(current: unknown, incoming: unknown): unknown {
    return this.dispatch(current, incoming)
  }

  /** `next` at the current path (or its `key`) is kept out and `old` stays (see discards.ts). */
  private discard(old: unknown, next: unknown, kind: DiscardKind, key?: string): void {
    if (this.onDiscard === undefined || sameData(old, next)) return
    this.onDiscard(() => describeDiscard(key === undefined ? [...this.path] : [...this.path, key], old, next, kind))
  }

  private conflict(message: string, raises: boolean): void {
    const conflict: MergeConflict = { code: 'MY_MERGE_TYPE_CONFLICT', message, path: [...this.path], raises }
    this.onConflict(conflict)
    if (raises) throw new PartSkipped(conflict)
  }

  private dispatch(old: unknown, next: unknown): unknown {
    if (Array.isArray(old)) {
      if (this.set.list) return this.mergeList(old, next, this.set.list)
      this.recorder?.note(this.path, 'kept', undefined, next, 'no list merger in the set: the old list stays')
      this.discard(old, next, 'no list merger')
      return old
    }
    if (isMapping(old)) {
      if (this.set.dict) return this.mergeDict(old, next, this.set.dict)
      this.recorder?.note(this.path, 'kept', undefined, next, 'no dict merger in the set: the old mapping stays')
      this.discard(old, next, 'no dict merger')
      return old
    }
    if (typeof old === 'string') {
      if (this.set.str) return this.mergeStr(old, next, this.set.str)
      this.recorder?.note(this.path, 'kept', undefined, next, 'no str merger in the set: the old string stays')
      this.discard(old, next, 'no str merger')
      return old
    }
    // int, float, bool, null: no merger handles them, the old value stays.
    this.recorder?.note(this.path, 'kept', undefined, next, `no merger handles ${typeName(old)}: the old value stays`)
    this.discard(old, next, 'no merger')
    return old
  }

  private mergeDict(old: Record<string, unknown>, next: unknown, m: DictMerger): unknown {
    if (!isMapping(next)) {
      this.recorder?.note(
        this.path,
        'kept',
        'dict',
        next,
        `the dict merger keeps a mapping when given ${typeName(next)}`,
      )
      this.discard(old, next, 'dict keeps a mapping')
      return old
    }
    this.recorder?.note(this.path, 'merged', 'dict', next)
    const inPlace = this.ownership?.has(old) === true
    const out = inPlace ? old : copyObject(old)
    this.ownership?.own(out)
    for (const key of Object.keys(next)) {
      const value = next[key]
      if (!Object.hasOwn(out, key)) {
        this.recorder?.put([...this.path, key], ABSENT, value, 'dict')
        this.write(out, key, value, inPlace)
        continue
      }
      if (value === null && m.allowDelete) {
        this.recorder?.put([...this.path, key], out[key], ABSENT, 'dict')
        this.remove(out, key, inPlace)
        continue
      }
      if (m.replace) {
        this.recorder?.put([...this.path, key], out[key], value, 'dict')
        this.write(out, key, value, inPlace)
        continue
      }
      const recurse =
        (Array.isArray(value) && m.recurseArray) || (typeof value === 'string' && m.recurseStr) || isMapping(value)
      if (!recurse) {
        this.recorder?.note(
          [...this.path, key],
          'kept',
          'dict',
          value,
          'without replace, the dict merger keeps the existing value',
        )
        this.discard(out[key], value, 'dict without replace', key)
        continue
      }
      this.path.push(key)
      const merged = this.dispatch(out[key], value)
      if (merged !== out[key]) this.write(out, key, merged, inPlace)
      this.path.pop()
    }
    return out
  }

  private mergeList(old: unknown[], next: unknown, m: ListMerger): unknown {
    if (m.method === 'replace' && !Array.isArray(next)) {
      this.recorder?.put([...this.path], old, next, 'list')
      return next
    }
    if ((m.method === 'append' || m.method === 'prepend') && !Array.isArray(next)) {
      const what = typeof next === 'string' ? 'its characters' : 'its keys'
      this.conflict(
        `list(${m.method}) got ${typeName(next)} for a list: cloud-init ${m.method}s ${what} one by one`,
        false,
      )
    }
    if (m.method === 'prepend' || m.method === 'append') {
      const items = iterate(next)
      this.recorder?.addItems(this.path, old.length, items, next, m.method)
      if (m.method === 'append' && this.ownership?.has(old)) {
        const length = old.length
        if (this.undoable) {
          this.ownership.record(() => {
            old.length = length
          })
        }
        for (const item of items) old.push(item)
        return old
      }
      const out = m.method === 'prepend' ? [...items, ...old] : [...old, ...items]
      this.ownership?.own(out)
      return out
    }
    if (m.method === 'no_replace') {
      if (isMapping(next) && old.length > 0 && Object.keys(next).length > 0) {
        this.conflict(
          'list(no_replace) got a mapping for a list: cloud-init fails with KeyError 0 and skips the part',
          true,
        )
      }
      this.recorder?.note(this.path, 'kept', 'list', next, 'list(no_replace) keeps the existing list')
      this.discard(old, next, 'list(no_replace)')
      return old
    }
    // replace: an index-wise overlay, truncated to the old length.
    const items = next as unknown[]
    if (items.length > old.length) this.onDiscard?.(() => describeOverlay([...this.path], items.length - old.length))
    this.recorder?.note(
      this.path,
      'merged',
      'list',
      next,
      items.length > old.length
        ? `list(replace) overlays index by index: the ${items.length - old.length} item(s) past the old length are ` +
            `dropped`
        : undefined,
    )
    const inPlace = this.ownership?.has(old) === true
    const out = inPlace ? old : old.slice()
    this.ownership?.own(out)
    const set = (i: number, value: unknown): void => {
      if (inPlace && this.undoable) {
        const before = out[i]
        this.ownership!.record(() => {
          out[i] = before
        })
      }
      out[i] = value
    }
    const common = Math.min(old.length, items.length)
    for (let i = 0; i < common; i++) {
      const value = items[i]
      if (
        (Array.isArray(value) && m.recurseArray) ||
        (typeof value === 'string' && m.recurseStr) ||
        (isMapping(value) && m.recurseDict)
      ) {
        this.path.push(i)
        const merged = this.dispatch(out[i], value)
        if (merged !== out[i]) set(i, merged)
        this.path.pop()
      } else {
        this.recorder?.put([...this.path, i], out[i], value, 'list')
        set(i, value)
      }
    }
    return out
  }

  private mergeStr(old: string, next: unknown, m: StrMerger): unknown {
    if (!m.append) {
      this.recorder?.put([...this.path], old, next, 'str')
      return next
    }
    if (typeof next !== 'string') {
      this.conflict(
        `str(append) cannot append ${typeName(next)} to a string: cloud-init fails with TypeError and skips the part`,
        true,
      )
    }
    this.recorder?.note(this.path, 'appended', 'str', next)
    return old + (next as string)
  }
}
