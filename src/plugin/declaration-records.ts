// What each declaration was last written from: a key (a hash of everything it is generated from,
// see mode-values.ts) and a stamp of its target as that write left it. The writer (dts-writer.ts)
// skips generating a declaration whose key and target are both unchanged. Records live as long as
// the writer, or, with the `cache` option, in the disk cache's folder (disk-cache.ts).
import { createHash } from 'node:crypto'
import { statSync } from 'node:fs'

/** What a declaration was last written from (`key`), and what its target was then (`stamp`). */
export interface DeclarationRecord {
  key: string
  stamp: string
  /**
   * Other keys that generated the same text for the target as it is (`stamp`), newest first: builds a project
   * alternates (`vite` in development, `vite build` in production, another bundler) key an entry that reads
   * no `${mode}` differently, and would each generate it again.
   */
  alike?: string[]
}

/** At most this many other keys per record. */
export const MAX_ALIKE_KEYS = 4

/**
 * The record of a target generated from `key`: when the generated text left the target as it was (at the
 * stamp the previous record holds), the previous keys still vouch for it.
 */
export function recordOf(key: string, stamp: string, before: DeclarationRecord | undefined, unchanged: boolean) {
  if (!unchanged || before === undefined || before.stamp !== stamp) return { key, stamp }
  const alike = [before.key, ...(before.alike ?? [])].filter((other) => other !== key).slice(0, MAX_ALIKE_KEYS)
  return alike.length > 0 ? { key, stamp, alike } : { key, stamp }
}

/** Whether the target as recorded is what `key` generates. */
export const recordHasKey = (record: DeclarationRecord, key: string): boolean =>
  record.key === key || (record.alike?.includes(key) ?? false)

/** The records of the declarations written, by target (a sidecar's path, an ambient entry's key). */
export interface DeclarationRecords {
  get(target: string): DeclarationRecord | undefined
  set(target: string, record: DeclarationRecord): void
  /** Keeps them for the next build (the disk cache's), when they changed. */
  save(): void
}

/** Records for the life of the writer: a dev server or a watch build skips what did not change. */
export function createMemoryRecords(): DeclarationRecords {
  const records = new Map<string, DeclarationRecord>()
  return { get: (target) => records.get(target), set: (target, record) => void records.set(target, record), save() {} }
}

/** A sidecar as a write left it: its size and modification time (a stat, not a read). */
export function stampOfFile(path: string): string {
  try {
    const stats = statSync(path)
    return `${stats.size}:${stats.mtimeMs}`
  } catch {
    return ''
  }
}

/** An ambient block without its `declare module` line, which changes when another entry gets a similar name. */
export const stampOfBlock = (block: string): string =>
  createHash('sha256')
    .update(block.slice(block.indexOf('\n') + 1))
    .digest('base64url')
