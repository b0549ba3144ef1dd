// What strict mode says of a later part's value cloud-init's merge keeps out (MY_MERGE_DISCARDED, a
// warning: the value stays cloud-init's): why the old value stayed, and how to get the new one.
import { describeValue } from '../../values.ts'
import type { PathSegment } from '../../values.ts'

/** A value of the part the merge keeps out (the old one stays), and why. */
export interface MergeDiscard {
  path: PathSegment[]
  message: string
}

const AS_VALUES = 'or merge these layers as values (no merge_how, no #cloud-config header), where a later value wins'

const DISCARDS = {
  'dict without replace': [
    "the dict merger without 'replace' keeps an existing value",
    `add 'replace' to the dict merger (which then replaces each key whole, without recursing), ${AS_VALUES}`,
  ],
  'dict keeps a mapping': [
    'the dict merger keeps a mapping when given anything else',
    `replace the key above it with dict(replace), ${AS_VALUES}`,
  ],
  'no merger': [
    'no cloud-init merger takes its type (a number, a boolean, null, bytes), so the old value is kept',
    `replace the key above it with dict(replace), ${AS_VALUES}`,
  ],
  'list(no_replace)': ['list(no_replace) keeps the existing list', `use list() or list(append), ${AS_VALUES}`],
  'no list merger': ['the merger set has no list merger', `add list(), ${AS_VALUES}`],
  'no dict merger': ['the merger set has no dict merger', `add dict(), ${AS_VALUES}`],
  'no str merger': ['the merger set has no str merger', `add str(), ${AS_VALUES}`],
} as const

export type DiscardKind = keyof typeof DISCARDS

/** `next` at `path` kept out, `old` kept, for the reason `kind` names. */
export function describeDiscard(path: PathSegment[], old: unknown, next: unknown, kind: DiscardKind): MergeDiscard {
  const [why, how] = DISCARDS[kind]
  const where = path.map(String).join('.')
  return {
    path,
    message: `${where} stays ${describeValue(old)} and this part's ${describeValue(next)} is not used: ${why}; ${how}`,
  }
}

/** The `dropped` items past the old list's length list(replace) keeps out. */
export function describeOverlay(path: PathSegment[], dropped: number): MergeDiscard {
  return {
    path,
    message:
      `list(replace) overlays the old list index by index and keeps its length, so the last ${dropped} item(s) of ` +
      `this part's list are not used; use list(append), ${AS_VALUES}`,
  }
}
