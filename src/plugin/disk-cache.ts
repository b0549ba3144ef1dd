// Module code kept on disk between builds (the `cache` option). An entry whose inputs have the
// fingerprint they had when its code was stored (the engine, the options, every file's path and
// bytes: see PreparedEntry.fingerprint) is served that code instead of being parsed and merged
// again. The folder also keeps what each declaration was written from (dts-writer.ts), so that a
// build skips the declarations whose inputs did not change, and each entry's fingerprint in the modes
// its declaration covers besides the build's (mode-values.ts). It is kept whole: the folder's files share
// one key scheme, one seal and one queue of writes.
import { createHash } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Diagnostic, DialectName, RenderOptions } from '@merged-yaml/core'
import type { DeclarationRecord, DeclarationRecords } from './declaration-records.ts'
import type { InputStamps } from './input-stamps.ts'

/** What a module id was rendered to, and from what. */
export interface StoredModule {
  fingerprint: string
  files: string[]
  missing: string[]
  globs: string[]
  warnings: Diagnostic[]
  dialect: DialectName
  /** Its inputs' stamps when stored, if they can vouch for them (input-stamps.ts). */
  stamps?: InputStamps
  /** Whether one of its files names `${mode}` (mode-values.ts): stored with the stamps, which vouch for it. */
  namesMode?: boolean
  code: string
}

/**
 * An entry's fingerprint in a mode other than the build's (mode-values.ts: its declaration's key), with
 * what it read and their stamps: while they hold, a rebuild takes it without gathering that mode.
 */
export interface StoredFingerprint {
  fingerprint: string
  files: string[]
  missing: string[]
  globs: string[]
  stamps: InputStamps
}

/** What a module or a fingerprint is stored under: the entry file and the engine options it is rendered with. */
export const storeKey = (file: string, options: RenderOptions): string => `${file}\0${JSON.stringify(options)}`

export interface DiskCache {
  /** The module stored under `key` (`storeKey`), whole; its caller checks it is current. */
  read(key: string): StoredModule | undefined
  /** Stores a module under `key` in the background. */
  write(key: string, module: StoredModule): void
  /** The fingerprint stored under `key` (`storeKey`); its caller checks its stamps hold. */
  readFingerprint(key: string): StoredFingerprint | undefined
  /** Stores a fingerprint under `key` in the background. */
  writeFingerprint(key: string, stored: StoredFingerprint): void
  /** What the declarations were last written from (declaration-records.ts), kept in this folder. */
  declarationRecords(): DeclarationRecords
  /** Waits for the writes started so far (the end of a build). */
  settle(): Promise<void>
}

// The plugin's own code and the engine's: the bundles' chunks beside this module and beside the
// engine's entry, or, run from the sources (src/plugin/disk-cache.ts), every module of both src/
// folders; and the versions of the readers the engine depends on. Stored modules and declaration
// records die with the code that wrote them (a module served by its stamps is never fingerprinted).
let ownCode: string | undefined
export function hashOwnCode(): string {
  if (ownCode === undefined) {
    const hash = createHash('sha256')
    const fromSources = import.meta.url.endsWith('.ts')
    const engineEntry = createRequire(import.meta.url).resolve('@merged-yaml/core')
    const folders = [
      fileURLToPath(new URL(fromSources ? '..' : '.', import.meta.url)),
      fromSources ? join(dirname(engineEntry), '..', 'src') : dirname(engineEntry),
    ]
    for (const dir of folders)
      for (const name of readdirSync(dir, { recursive: true, encoding: 'utf8' })
        .filter((file) => (fromSources ? /\.[cm]?ts$/ : /\.[cm]?js$/).test(file))
        .sort())
        hash.update(`\0${name}\0`).update(readFileSync(join(dir, name)))
    const engineRequire = createRequire(engineEntry)
    for (const name of ['js-yaml', 'yaml', 'tinyglobby', 'picomatch'])
      hash.update(`\0${name}@${(engineRequire(`${name}/package.json`) as { version: string }).version}`)
    ownCode = hash.digest('base64url')
  }
  return ownCode
}

let temporaries = 0

const checksum = (text: string): string => createHash('sha256').update(text).digest('base64url')

/**
 * A stored file's text behind a checksum line: a file cut short (a crash, a full disk) or changed
 * by a flipped byte no longer matches its checksum, and is taken as absent (rendered again).
 */
export function seal(text: string): string {
  return `${checksum(text)}\n${text}`
}

/** The text `seal` stored, or undefined when the file is not whole. */
export function unseal(stored: string): string | undefined {
  const newline = stored.indexOf('\n')
  if (newline === -1) return undefined
  const text = stored.slice(newline + 1)
  return stored.slice(0, newline) === checksum(text) ? text : undefined
}

// A temporary file (`<name>.<pid>-<n>.tmp`) whose writer was killed mid-write (SIGKILL, power loss)
// is removed once it is older than this and its process is gone — or, whoever wrote it (a process
// of another machine or container sharing the folder), once it is a day old: a write takes
// milliseconds.
const STALE_TEMPORARY_MS = 60_000
const ABANDONED_TEMPORARY_MS = 24 * 60 * 60_000
const TEMPORARY = /\.(\d+)-\d+\.tmp$/

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: it exists, as another user's.
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/** Removes the temporary files of writes that were cut short; what it cannot remove stays. */
export async function removeStaleTemporaries(dir: string, now = Date.now()): Promise<string[]> {
  const removed: string[] = []
  let names: string[]
  try {
    names = await readdir(dir)
  } catch {
    return removed
  }
  for (const name of names) {
    const match = TEMPORARY.exec(name)
    if (!match) continue
    const path = join(dir, name)
    try {
      const age = now - (await stat(path)).mtimeMs
      const pid = Number(match[1])
      const stale = age > ABANDONED_TEMPORARY_MS || (age > STALE_TEMPORARY_MS && pid !== process.pid && !isAlive(pid))
      if (!stale) continue
      await rm(path, { force: true })
      removed.push(path)
    } catch {
      // Renamed or removed meanwhile by its writer or another build.
    }
  }
  return removed
}

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
  // Once per cache: the leftovers of killed builds go at the first build end.
  let cleaned: Promise<unknown> | undefined
  const settle = async (): Promise<void> => {
    start()
    cleaned ??= removeStaleTemporaries(dir)
    while (running.size > 0) await Promise.all(running)
    await cleaned
  }
  let records: DeclarationRecords | undefined
  return {
    read(key) {
      try {
        // One file: a checksum, the metadata on the next line, the code after it, so that they always match.
        const text = unseal(readFileSync(`${base(key)}.module`, 'utf8'))
        if (text === undefined) return undefined
        const newline = text.indexOf('\n')
        const meta = JSON.parse(text.slice(0, newline)) as Omit<StoredModule, 'code'>
        return { ...meta, code: text.slice(newline + 1) }
      } catch {
        // Not stored, or unreadable: rendered again, and stored anew.
        return undefined
      }
    },
    write(key, module) {
      const path = base(key)
      const { code, ...meta } = module
      enqueue(() => writeWhole(`${path}.module`, seal(`${JSON.stringify(meta)}\n${code}`)))
    },
    readFingerprint(key) {
      try {
        const text = unseal(readFileSync(`${base(key)}.fingerprint`, 'utf8'))
        return text === undefined ? undefined : (JSON.parse(text) as StoredFingerprint)
      } catch {
        // Not stored, or unreadable: that mode is gathered, and stored anew.
        return undefined
      }
    },
    writeFingerprint(key, stored) {
      const path = `${base(key)}.fingerprint`
      enqueue(() => writeWhole(path, seal(JSON.stringify(stored))))
    },
    declarationRecords() {
      records ??= createStoredRecords(join(dir, RECORDS_FILE), (text) =>
        enqueue(() => writeWhole(join(dir, RECORDS_FILE), seal(text))),
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
    const text = unseal(readFileSync(path, 'utf8'))
    const stored = (text === undefined ? {} : JSON.parse(text)) as {
      code?: string
      records?: [string, DeclarationRecord][]
    }
    if (stored.code === hashOwnCode()) for (const [target, record] of stored.records ?? []) records.set(target, record)
  } catch {
    // None yet, or unreadable: every declaration is generated once more.
  }
  let changed = false
  return {
    get: (target) => records.get(target),
    set(target, record) {
      const before = records.get(target)
      const sameAlike = (before?.alike ?? []).join('\0') === (record.alike ?? []).join('\0')
      if (before?.key === record.key && before.stamp === record.stamp && sameAlike) return
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
