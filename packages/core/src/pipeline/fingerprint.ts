// Fingerprints of what a render depends on, for caches that outlive a process (the plugin's
// `cache` option): the engine's own code, the options, and every file's path and bytes.
import { weakMemo } from '../memo.ts'
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { fileURLToPath } from 'node:url'
import type { ResolvedOptions } from '../options.ts'
import type { RequestedRecords } from '../provenance/records.ts'
import type { EntryInputs } from './gather/gather.ts'

// The render cache hands every entry the same bytes of a file: each is hashed once.
const contentHashes = weakMemo<Uint8Array, string>(
  'fingerprint: the hash of a file',
  'the bytes the render cache hands out never change',
)

const sha256 = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('base64url')

/** A hash of a file's bytes. */
export function hashContent(bytes: Uint8Array): string {
  return contentHashes.get(bytes, sha256)
}

let engineHash: string | undefined

/**
 * A hash of the engine's code (this bundle, as built) and of the readers it depends on, so that
 * stored results die with the engine that made them, released or not.
 */
export function hashEngine(): string {
  if (engineHash === undefined) {
    const hash = createHash('sha256').update(readFileSync(fileURLToPath(import.meta.url)))
    const require = createRequire(import.meta.url)
    for (const name of ['js-yaml', 'yaml', 'tinyglobby', 'picomatch'])
      hash.update(`\0${name}@${(require(`${name}/package.json`) as { version: string }).version}`)
    engineHash = hash.digest('base64url')
  }
  return engineHash
}

/**
 * JSON with object keys sorted at every level: equal options give equal text. A function (a Datum
 * handler) is its source text, which JSON would leave out.
 */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) => {
    if (typeof item === 'function') return `function ${String(item)}`
    if (typeof item !== 'object' || item === null || Array.isArray(item)) return item
    const sorted: Record<string, unknown> = {}
    for (const key of Object.keys(item).sort())
      Object.defineProperty(sorted, key, {
        value: (item as Record<string, unknown>)[key],
        enumerable: true,
        writable: true,
        configurable: true,
      })
    return sorted
  })
}

/**
 * The fingerprint of a render: the engine, the options, every file's path and bytes in reading
 * order (which also fix the files missing and the glob matches), and what each folder a dialect
 * listed held (a Datum store's: a file added there may change the value without being read).
 */
export function fingerprintInputs(
  options: ResolvedOptions,
  /** What the render records besides the value (`history`, `sources`): part of its result. */
  records: RequestedRecords,
  inputs: EntryInputs,
  contents: ReadonlyMap<string, Uint8Array>,
  listings: ReadonlyMap<string, readonly string[]>,
): string {
  const hash = createHash('sha256')
  hash
    .update(hashEngine())
    .update('\0')
    .update(canonicalJson({ resolved: options, records }))
  for (const file of inputs.files) {
    const bytes = contents.get(file)
    // Unread (the render failed there): no result is stored under a fingerprint that has none.
    hash
      .update('\0')
      .update(file)
      .update('\0')
      .update(bytes ? hashContent(bytes) : '\0unread')
  }
  hash.update('\0').update(canonicalJson({ missing: inputs.missing, globs: inputs.globs }))
  for (const [folder, names] of listings) hash.update('\0').update(canonicalJson([folder, names]))
  return hash.digest('base64url')
}
