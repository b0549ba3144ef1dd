// Module code kept on disk between builds (the `cache` option). An entry whose inputs have the
// fingerprint they had when its code was stored (the engine, the options, every file's path and
// bytes: see PreparedEntry.fingerprint) is served that code instead of being parsed and merged
// again. The folder also keeps what each declaration was written from (dts-writer.ts), so that a
// build skips the declarations whose inputs did not change.
import { createHash } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import { mkdir, rename, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Diagnostic, DialectName } from '@merged-yaml/core'
import type { DeclarationRecord, DeclarationRecords } from './declaration-records.ts'

/** What a module id was rendered to, and from what. */
export interface StoredModule {
  fingerprint: string
  files: string[]
  missing: string[]
  globs: string[]
  warnings: Diagnostic[]
  dialect: DialectName
  code: string
}

export interface DiskCache {
  /** The module stored under `key` (a module id and its options), when it was stored with this fingerprint. */
  read(key: string, fingerprint: string): StoredModule | undefined
  /** Stores a module under `key` in the background. */
  write(key: string, module: StoredModule): void
  /** What the declarations were last written from (declaration-records.ts), kept in this folder. */
  declarationRecords(): DeclarationRecords
  /** Waits for the writes started so far (the end of a build). */
  settle(): Promise<void>
}

// The plugin's own code: the bundle's chunks beside this module, or, run from the sources
// (src/plugin/disk-cache.ts), every module of src/. Stored modules and declaration records die
// with the code generation that wrote them.
let ownCode: string | undefined
export function hashOwnCode(): string {
  if (ownCode === undefined) {
    const hash = createHash('sha256')
    const dir = fileURLToPath(new URL(import.meta.url.endsWith('.ts') ? '..' : '.', import.meta.url))
    for (const name of readdirSync(dir, { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.[cm]?[jt]s$/.test(file))
      .sort())
      hash.update(`\0${name}\0`).update(readFileSync(join(dir, name)))
    ownCode = hash.digest('base64url')
  }
  return ownCode
}

let temporaries = 0

/**
 * Writes through a temporary file and a rename: a reader sees the old file or the new one, whole,
 * whatever other builds write at the same time.
 */
async function writeWhole(path: string, data: string | Uint8Array): Promise<void> {
  const temporary = `${path}.${process.pid}-${temporaries++}.tmp`
  try {
    await writeFile(temporary, data)
    await rename(temporary, path)
  } catch (error) {
    await rm(temporary, { force: true })
    throw error
  }
}

// Writes in flight at once: enough to keep the file system busy, few enough not to hold every
// module's code in flight on a large project.
const CONCURRENT_WRITES = 8

const RECORDS_FILE = 'declarations.json'

export function createDiskCache(dir: string, delay = 0): DiskCache {
  const base = (key: string) => join(dir, createHash('sha256').update(`${hashOwnCode()}\0${key}`).digest('base64url'))
  const queue: (() => Promise<void>)[] = []
  const running = new Set<Promise<void>>()
  let ready: Promise<unknown> | undefined
  const next = (): void => {
    while (running.size < CONCURRENT_WRITES && queue.length > 0) {
      const write = queue.shift()!
      const run = (ready ??= mkdir(dir, { recursive: true }))
        .then(write)
        .catch(() => {
          // A cache that cannot be written (read-only folder, full disk) only costs the next build time.
        })
        .finally(() => {
          running.delete(run)
          next()
        })
      running.add(run)
    }
  }
  // With a delay (a dev server), writing starts once enqueuing pauses for that long, so that the
  // writes of a hot update's modules do not compete with serving them.
  let timer: ReturnType<typeof setTimeout> | undefined
  const start = () => {
    if (timer) clearTimeout(timer)
    timer = undefined
    next()
  }
  const enqueue = (write: () => Promise<void>) => {
    queue.push(write)
    if (delay === 0) return next()
    if (timer) clearTimeout(timer)
    timer = setTimeout(start, delay)
  }
  const settle = async (): Promise<void> => {
    start()
    while (running.size > 0) await Promise.all(running)
  }
  let records: DeclarationRecords | undefined
  return {
    read(key, fingerprint) {
      try {
        // One file: the metadata on the first line, the code after it, so that they always match.
        const text = readFileSync(`${base(key)}.module`, 'utf8')
        const newline = text.indexOf('\n')
        const meta = JSON.parse(text.slice(0, newline)) as Omit<StoredModule, 'code'>
        if (meta.fingerprint !== fingerprint) return undefined
        return { ...meta, code: text.slice(newline + 1) }
      } catch {
        // Not stored, or unreadable: rendered again, and stored anew.
        return undefined
      }
    },
    write(key, module) {
      const path = base(key)
      const { code, ...meta } = module
      enqueue(() => writeWhole(`${path}.module`, `${JSON.stringify(meta)}\n${code}`))
    },
    declarationRecords() {
      records ??= createStoredRecords(join(dir, RECORDS_FILE), (text) =>
        enqueue(() => writeWhole(join(dir, RECORDS_FILE), text)),
      )
      return records
    },
    settle,
  }
}

/**
 * Declaration records kept in one file of the cache folder, read once and written back (whole) when
 * they changed. Concurrent builds may each write theirs: whichever lands, a record only ever lets
 * the writer skip a declaration whose target is still the file it wrote.
 */
function createStoredRecords(path: string, save: (text: string) => void): DeclarationRecords {
  const records = new Map<string, DeclarationRecord>()
  try {
    const stored = JSON.parse(readFileSync(path, 'utf8')) as { code?: string; records?: [string, DeclarationRecord][] }
    if (stored.code === hashOwnCode()) for (const [target, record] of stored.records ?? []) records.set(target, record)
  } catch {
    // None yet, or unreadable: every declaration is generated once more.
  }
  let changed = false
  return {
    get: (target) => records.get(target),
    set(target, record) {
      const before = records.get(target)
      if (before?.key === record.key && before.stamp === record.stamp) return
      records.set(target, record)
      changed = true
    },
    save() {
      if (!changed) return
      changed = false
      save(JSON.stringify({ code: hashOwnCode(), records: [...records] }))
    },
  }
}
