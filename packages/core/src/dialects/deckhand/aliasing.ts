// Deckhand's aliasing, seen: a substitution without `src.deepcopy` shares the mappings and lists inside
// the copied value with its source document, so a later write through them changes the source (and
// every document that copied them). The render reproduces that; this tracker remembers which
// containers are shared and which writes went through them, so that the dialect can name the
// substitution to fix where the rendered result differs from a render in which every source is copied.
import { describeDocument } from './document.ts'
import type { DeckhandDocument, Substitution } from './document.ts'
import { CREATED } from './jsonpath.ts'
import type { WriteObserver } from './jsonpath.ts'
import { pyEquals } from './values.ts'
import { isMapping } from '../../values.ts'
import type { Mapping } from './values.ts'

/** A value that substitution `sub` of `sharer` copied from `source` without `src.deepcopy`. */
export interface Share {
  source: DeckhandDocument
  sharer: DeckhandDocument
  sub: Substitution
  srcPath: string
}

/** A write, by substitution `sub` of `writer`, into a container that a Share made common. */
export interface AliasedWrite {
  share: Share
  writer: DeckhandDocument
  sub: Substitution
  destPath: string
}

type Container = Mapping | unknown[]

function children(value: unknown): unknown[] {
  if (Array.isArray(value)) return value
  if (isMapping(value)) return Object.values(value)
  return []
}

export class AliasTracker {
  private readonly shares = new WeakMap<object, Share[]>()
  /** Writes that changed a shared container, first per (share, writer, substitution). */
  readonly writes: AliasedWrite[] = []
  private readonly seen = new Set<string>()
  private readonly ids = new Map<Share, number>()

  private mark(value: unknown, shares: readonly Share[]): void {
    for (const child of children(value)) {
      if (typeof child !== 'object' || child === null) continue
      const list = this.shares.get(child)
      if (list) {
        const fresh = shares.filter((share) => !list.includes(share))
        if (fresh.length === 0) continue
        list.push(...fresh)
      } else {
        this.shares.set(child, [...shares])
      }
      this.mark(child, shares)
    }
  }

  /** `value` (the source's own object) was copied shallowly: the containers inside it are now shared. */
  share(value: unknown, share: Share): void {
    this.ids.set(share, this.ids.size)
    this.mark(value, [share])
  }

  /** The observer for one destination of one substitution. */
  observer(writer: DeckhandDocument, sub: Substitution, destPath: string): WriteObserver {
    return {
      write: (container: Container, _key: string | number, old: unknown, value: unknown): void => {
        const shares = this.shares.get(container)
        if (!shares) return
        // What is put into a shared container is shared from now on, too.
        if (typeof value === 'object' && value !== null) {
          this.mark({ value }, shares)
        }
        if (old !== CREATED && pyEquals(old, value)) return
        for (const share of shares) {
          const key = `${this.ids.get(share)}:${writer.meta}:${sub.index}`
          if (this.seen.has(key)) continue
          this.seen.add(key)
          this.writes.push({ share, writer, sub, destPath })
        }
      },
    }
  }
}

/** Groups the aliased writes by the substitution that shared the value (where the fix goes). */
export function groupByShare(writes: readonly AliasedWrite[]): Map<Share, AliasedWrite[]> {
  const groups = new Map<Share, AliasedWrite[]>()
  for (const write of writes) {
    const list = groups.get(write.share)
    if (list) list.push(write)
    else groups.set(write.share, [write])
  }
  return groups
}

function shortName(doc: DeckhandDocument): string {
  return `[${doc.schema}] ${doc.name}`
}

/** The warning's text for one share. */
export function describeAliasing(share: Share, writes: readonly AliasedWrite[], differing: readonly string[]): string {
  const source = shortName(share.source)
  const by = writes
    .slice(0, 3)
    .map((w) => {
      const writer = w.writer === share.sharer ? 'this document' : shortName(w.writer)
      return `substitution ${w.sub.index + 1} of ${writer} writes ${w.destPath}`
    })
    .join('; ')
  const more = writes.length > 3 ? ` (and ${writes.length - 3} more)` : ''
  return (
    `substitution ${share.sub.index + 1} of ${describeDocument(share.sharer)} copies ${share.srcPath} of ` +
    `${describeDocument(share.source)} without src.deepcopy, so the copy shares its mappings and lists with ` +
    `${source}; ${by}${more} through them, which changes ${source} too (Deckhand's shallow copy). ` +
    `Documents rendered differently than with a copy: ${differing.join(', ')}. ` +
    `Add 'deepcopy: true' to this substitution's src to leave ${source} unchanged`
  )
}
