// The file system calls gathering makes: on disk, or through a render cache, which during a build
// answers each path's stat and real path once however many entries include it.
import { lstatSync, readFileSync, realpathSync, statSync } from 'node:fs'
import type { BigIntStats } from 'node:fs'
import { isUtf8 } from 'node:buffer'
import { basename, dirname, join, resolve } from 'node:path'

export interface FileSystem {
  /** `statSync(path, { bigint: true })`: throws as it does (ENOENT, EACCES…). */
  stat(path: string): BigIntStats
  /** `realpathSync.native(path)`: throws as it does. */
  realpath(path: string): string
  /** The file's bytes. */
  readFile(path: string): Uint8Array
  /**
   * While files are taken as unchanged (a render cache's build): what lives exactly as long.
   * Undefined otherwise.
   */
  readonly build?: BuildScope
}

/** What a build may keep about paths, for as long as files are taken as unchanged. */
export interface BuildScope {
  /** The value kept under `name` for this build, created on first use. */
  keep<T>(name: string, create: () => T): T
}

/** A file's bytes as UTF-8 text, a BOM removed. */
export function decodeUtf8(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
    .toString('utf8')
    .replace(/^\uFEFF/, '')
}

/** The length of the well-formed UTF-8 sequence at `i`, or 0 (RFC 3629: no overlong form, surrogate, > U+10FFFF). */
function utf8SequenceAt(bytes: Uint8Array, i: number): number {
  const lead = bytes[i]!
  if (lead < 0x80) return 1
  const continuation = (k: number, low = 0x80, high = 0xbf) => {
    const byte = bytes[i + k]
    return byte !== undefined && byte >= low && byte <= high
  }
  if (lead >= 0xc2 && lead <= 0xdf) return continuation(1) ? 2 : 0
  if (lead >= 0xe0 && lead <= 0xef) {
    const [low, high] = lead === 0xe0 ? [0xa0, 0xbf] : lead === 0xed ? [0x80, 0x9f] : [0x80, 0xbf]
    return continuation(1, low, high) && continuation(2) ? 3 : 0
  }
  if (lead >= 0xf0 && lead <= 0xf4) {
    const [low, high] = lead === 0xf0 ? [0x90, 0xbf] : lead === 0xf4 ? [0x80, 0x8f] : [0x80, 0xbf]
    return continuation(1, low, high) && continuation(2) && continuation(3) ? 4 : 0
  }
  return 0
}

/**
 * A YAML file's bytes as text, as cloud-init decodes user-data for PyYAML (surrogateescape): each
 * byte that is not part of a UTF-8 character becomes a lone surrogate (U+DC80–U+DCFF), which the
 * YAML reader then refuses where it stands (PyYAML raises there), instead of a U+FFFD that would
 * read as text. Valid UTF-8 (nearly every file) decodes as decodeUtf8 does.
 */
export function decodeUtf8Escaped(bytes: Uint8Array): string {
  if (isUtf8(bytes)) return decodeUtf8(bytes)
  let text = ''
  let start = 0
  for (let i = 0; i < bytes.length;) {
    const length = utf8SequenceAt(bytes, i)
    if (length > 0) {
      i += length
      continue
    }
    text += Buffer.from(bytes.buffer, bytes.byteOffset + start, i - start).toString('utf8')
    text += String.fromCharCode(0xdc00 + bytes[i]!)
    start = ++i
  }
  text += Buffer.from(bytes.buffer, bytes.byteOffset + start, bytes.length - start).toString('utf8')
  return text.replace(/^\uFEFF/, '')
}

export const diskFileSystem: FileSystem = {
  stat: (path) => statSync(path, { bigint: true }),
  realpath: (path) => realpathSync.native(path),
  readFile: (path) => readFileSync(path),
}

type Outcome<T> = { ok: true; value: T } | { ok: false; error: unknown }

export interface PathMemo<T> {
  get(path: string): T
}

/**
 * Answers of one function, kept per path: the same answer, or the same error thrown again. What a
 * build may assume of files it does not write (the render cache starts a new memo when told of a change).
 */
export function createPathMemo<T>(compute: (path: string) => T): PathMemo<T> {
  const answers = new Map<string, Outcome<T>>()
  return {
    get(path) {
      let outcome = answers.get(path)
      if (outcome === undefined) {
        try {
          outcome = { ok: true, value: compute(path) }
        } catch (error) {
          outcome = { ok: false, error }
        }
        answers.set(path, outcome)
      }
      if (outcome.ok) return outcome.value
      throw outcome.error
    },
  }
}

export interface BuildLookups extends BuildScope {
  stat: PathMemo<BigIntStats>
  realpath: PathMemo<string>
}

/**
 * The stat and real path of each path, once per build. On Linux a path that is not a link has its
 * folder's real path (memoized) plus its name, so one lstat answers both questions for most files,
 * where realpath(3) would look at every component again. Elsewhere realpath also gives a name its
 * case on disk (macOS, Windows): there it is asked as it is.
 */
export function createBuildLookups(): BuildLookups {
  const lstat = createPathMemo((path) => lstatSync(path, { bigint: true }))
  const stat = createPathMemo((path) => {
    let own: BigIntStats | undefined
    try {
      own = lstat.get(path)
    } catch {
      // statSync throws its own error for the path.
    }
    return own === undefined || own.isSymbolicLink() ? diskFileSystem.stat(path) : own
  })
  const realpath: PathMemo<string> = createPathMemo((path) => {
    const parent = dirname(path)
    if (process.platform !== 'linux' || parent === path || resolve(path) !== path) return diskFileSystem.realpath(path)
    // Throws ENOENT, ENOTDIR… as realpath does.
    if (lstat.get(path).isSymbolicLink()) return diskFileSystem.realpath(path)
    return join(realpath.get(parent), basename(path))
  })
  const kept = new Map<string, unknown>()
  return {
    stat,
    realpath,
    keep<T>(name: string, create: () => T): T {
      if (!kept.has(name)) kept.set(name, create())
      return kept.get(name) as T
    },
  }
}
