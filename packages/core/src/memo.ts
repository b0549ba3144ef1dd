// Every answer the engine keeps beyond one render lives in a memo made here, named, with the reason a
// kept answer cannot go stale — what a file holds is the render cache's business (render-cache.ts),
// never a memo's. Two kinds:
// - weak: keyed on an object that cannot change (an immutable value — values.ts —, a frozen parse,
//   the bytes the render cache hands out); it lives as long as its key.
// - bounded: keyed on text (a directive string, a deny list); emptied when it reaches its bound, so a
//   long-lived process fed endless distinct texts stays small.
// `listMemos()` says what exists (docs/architecture.md lists them too).

export interface Memo<K, V> {
  /** The kept answer for `key`, or `compute(key)`, kept. */
  get(key: K, compute: (key: K) => V): V
  /** The kept answer, if any. */
  peek(key: K): V | undefined
  set(key: K, value: V): void
}

export interface MemoInfo {
  name: string
  kind: 'weak' | 'bounded'
  /** Why a kept answer holds. */
  why: string
  /** The bounded memos' size limit. */
  bound?: number
}

const memos: MemoInfo[] = []

/** The memos of the engine, for docs and diagnostics. */
export function listMemos(): readonly MemoInfo[] {
  return memos
}

class WeakMemo<K extends object, V> implements Memo<K, V> {
  private readonly map = new WeakMap<K, V>()

  get(key: K, compute: (key: K) => V): V {
    const value = this.map.get(key)
    if (value !== undefined || this.map.has(key)) return value as V
    const computed = compute(key)
    this.map.set(key, computed)
    return computed
  }

  peek(key: K): V | undefined {
    return this.map.get(key)
  }

  set(key: K, value: V): void {
    this.map.set(key, value)
  }
}

class BoundedMemo<K, V> implements Memo<K, V> {
  private readonly map = new Map<K, V>()

  constructor(private readonly bound: number) {}

  get(key: K, compute: (key: K) => V): V {
    const value = this.map.get(key)
    if (value !== undefined || this.map.has(key)) return value as V
    const computed = compute(key)
    this.set(key, computed)
    return computed
  }

  peek(key: K): V | undefined {
    return this.map.get(key)
  }

  set(key: K, value: V): void {
    if (this.map.size >= this.bound) this.map.clear()
    this.map.set(key, value)
  }
}

/** A memo keyed on objects that never change, living as long as they do. */
export function weakMemo<K extends object, V>(name: string, why: string): Memo<K, V> {
  memos.push({ name, kind: 'weak', why })
  return new WeakMemo()
}

/** A memo keyed on values (text), emptied when it holds `bound` answers. */
export function boundedMemo<K, V>(name: string, why: string, bound: number): Memo<K, V> {
  memos.push({ name, kind: 'bounded', why, bound })
  return new BoundedMemo(bound)
}
