// Module code kept on disk between builds (the `cache` option). An entry whose inputs have the
// fingerprint they had when its code was stored (the engine, the options, every file's path and
// bytes: see PreparedEntry.fingerprint) is served that code instead of being parsed and merged
// again.
import { createHash } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import { mkdir, rename, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { deserialize, serialize } from 'node:v8'
import type { Diagnostic, DialectName } from '@merged-yaml/core'

/** What a module id was rendered to, and from what. */
export interface StoredModule {
  fingerprint: string
  files: string[]
  missing: string[]
  globs: string[]
  warnings: Diagnostic[]
  dialect: DialectName
  /** Whether the merged value was stored too (declarations need it). */
  withValue: boolean
  code: string
}

/** What declarations are generated from: the merged value, and the schema it was validated against. */
export interface StoredValue {
  value?: unknown
  schema?: { schema: unknown } | undefined
}

export interface DiskCache {
  /**
   * The module stored under `key` (a module id and its options), when it was stored with this
   * fingerprint; with its merged value when `needValue` (declarations need it).
   */
  read(key: string, fingerprint: string, needValue: boolean): (StoredModule & StoredValue) | undefined
  /** Stores a module under `key` (and its value and schema, when given) in the background. */
  write(key: string, module: StoredModule, value?: StoredValue): void
  /** Waits for the writes started so far (the end of a build). */
  settle(): Promise<void>
}

// The plugin's own code: the bundle's chunks beside this module, or, run from the sources
// (src/plugin/disk-cache.ts), every module of src/. Stored modules die with the code generation
// that wrote them.
let ownCode: string | undefined
function hashOwnCode(): string {
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
  } finally {
    await rm(temporary, { force: true })
  }
}

export function createDiskCache(dir: string): DiskCache {
  const base = (key: string) => join(dir, createHash('sha256').update(`${hashOwnCode()}\0${key}`).digest('base64url'))
  let pending: Promise<void> = Promise.resolve()
  let ready = false
  return {
    read(key, fingerprint, needValue) {
      try {
        const path = base(key)
        // One file: the metadata on the first line, the code after it, so that they always match.
        const text = readFileSync(`${path}.module`, 'utf8')
        const newline = text.indexOf('\n')
        const meta = JSON.parse(text.slice(0, newline)) as Omit<StoredModule, 'code'>
        if (meta.fingerprint !== fingerprint || (needValue && !meta.withValue)) return undefined
        const module = { ...meta, code: text.slice(newline + 1) }
        if (!needValue) return module
        const stored = deserialize(readFileSync(`${path}.value`)) as { fingerprint: string } & StoredValue
        return stored.fingerprint === fingerprint
          ? { ...module, value: stored.value, schema: stored.schema }
          : undefined
      } catch {
        // Not stored, or unreadable: rendered again, and stored anew.
        return undefined
      }
    },
    write(key, module, value) {
      const path = base(key)
      const { code, ...meta } = module
      const data = value
        ? serialize({ fingerprint: module.fingerprint, value: value.value, schema: value.schema })
        : undefined
      pending = pending.then(async () => {
        try {
          if (!ready) await mkdir(dir, { recursive: true })
          ready = true
          if (data) await writeWhole(`${path}.value`, data)
          await writeWhole(`${path}.module`, `${JSON.stringify(meta)}\n${code}`)
        } catch {
          // A cache that cannot be written (read-only folder, full disk) only costs the next build time.
        }
      })
    },
    settle: () => pending,
  }
}
