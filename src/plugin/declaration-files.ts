// Writing one declaration file: only when its text changed (a write that changes nothing would wake
// watchers and editors, and could loop a rebuild), its map beside it; and the part of the writer
// each declaration form (sidecar-writer.ts, ambient-writer.ts) provides to dts-writer.ts. Every
// write goes to a temporary file beside its target, then renamed over it: a reader (TypeScript, an
// editor, another build) sees the old file or the new one, whole, never one cut short by a kill or
// a full disk; and the rename replaces a link put at the target meanwhile instead of writing where it
// points.
import {
  closeSync,
  existsSync,
  lstatSync,
  mkdirSync,
  openSync,
  readFileSync,
  readSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import type { Stats } from 'node:fs'
import { basename, dirname } from 'node:path'
import { DECLARATION_MAP_MARK, GENERATED_MARK } from '../codegen/declaration.ts'
import type { DeclarationInput } from '../codegen/declaration.ts'
import { recordHasKey } from './declaration-records.ts'
import type { DeclarationRecord } from './declaration-records.ts'
import type { EntryId } from './entry-id.ts'

/** What an update leaves to do: the key and how to get the input. */
export interface Pending {
  /** Undefined when nothing compares it (dts-writer.ts): the declaration is generated, and not recorded. */
  key: string | undefined
  /** Another key whose file is kept as it is (see DeclarationWriter.updateKeyed). */
  kept?: string | undefined
  input: () => DeclarationInput
}

/** Told of a target that could not be generated or written (its error): the others are written still. */
type WriteFailure = (path: string, error: unknown) => void

export interface Writer {
  /** Records an update; returns the targets it leaves alone because the plugin did not write them. */
  update(entry: EntryId, pending: Pending): string[]
  /**
   * Writes what is pending, until `deadline` (a `performance.now()` time) if given; whether all was
   * written. A target that fails goes to `fail`, or is thrown (dts-writer.ts catches it).
   */
  write(fail: WriteFailure, deadline?: number): boolean
}

/** A file's text, or undefined when there is none (or it cannot be read: then it is not ours either). */
function readText(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8')
  } catch {
    return undefined
  }
}

// Enough for the header of a declaration and the start of a map, however long its file's name.
const HEAD_BYTES = 4096

/**
 * A file's first bytes as text (a large ambient file is not read whole to be recognised); null when
 * it is gone (removed since it was seen: absent), undefined when it cannot be read.
 */
function readHead(path: string): string | null | undefined {
  let fd: number | undefined
  try {
    fd = openSync(path, 'r')
    const buffer = Buffer.alloc(HEAD_BYTES)
    return buffer.toString('utf8', 0, readSync(fd, buffer, 0, HEAD_BYTES, 0))
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ENOENT' ? null : undefined
  } finally {
    if (fd !== undefined) closeSync(fd)
  }
}

/**
 * Whether `text` is ours, or the start of a file of ours cut short (a kill or a full disk while an
 * earlier version wrote in place): nothing but blanks, or a prefix of `mark`. It holds nothing a
 * person wrote, so it is rewritten.
 */
function isOursOrCutShort(text: string, mark: string): boolean {
  const trimmed = text.replace(/^\uFEFF/, '').trimEnd()
  return trimmed.startsWith(mark) || mark.startsWith(trimmed)
}

const isOurDeclaration = (text: string): boolean => isOursOrCutShort(text, GENERATED_MARK)

/**
 * Whether a map is ours: it carries the mark, or (written before maps were marked) it is the map
 * TypeScript-style JSON of the declaration beside it, itself ours.
 */
function isOurMap(path: string, text: string): boolean {
  if (isOursOrCutShort(text, `{"version":3,${DECLARATION_MAP_MARK},`)) return true
  const declaration = path.slice(0, -'.map'.length)
  const name = JSON.stringify(basename(declaration))
  const beside = readHead(declaration)
  return text.startsWith(`{"version":3,"file":${name},"sourceRoot":"",`) && !!beside && isOurDeclaration(beside)
}

/** The entry of `path` itself (a link's own), or undefined when there is none: one call, no error thrown. */
function lstatOf(path: string): Stats | undefined {
  try {
    return lstatSync(path, { throwIfNoEntry: false })
  } catch {
    return undefined
  }
}

/** Whether `path` is a link (a dangling one included). */
const isLink = (path: string): boolean => lstatOf(path)?.isSymbolicLink() === true

/** Whether a target's text (its start or all of it) is the plugin's: its header, its map's mark. */
const isOurs = (path: string, text: string): boolean =>
  path.endsWith('.map') ? isOurMap(path, text) : isOurDeclaration(text)

/**
 * Whether the plugin may overwrite or delete `path` (a declaration, or a `.map`): it does not exist,
 * or the plugin wrote it (its header, its map's mark). A hand-written file is never touched, nor a
 * link: the plugin writes plain files, and writing through a link (a dangling one reads as absent)
 * would write wherever it points.
 */
export function isOwnedOrAbsent(path: string): boolean {
  const entry = lstatOf(path)
  if (entry === undefined) return true
  if (entry.isSymbolicLink()) return false
  const text = readHead(path)
  if (text === null) return true
  if (text === undefined) return false
  return isOurs(path, text)
}

/**
 * A target the plugin may write, as it is now: its text, or null when it does not exist; undefined
 * when the plugin must leave it alone (as `isOwnedOrAbsent` tells). Read whole: a writer compares it
 * with what it generates, and writes nothing when they are equal.
 */
export function readOwned(path: string): string | null | undefined {
  const entry = lstatOf(path)
  if (entry === undefined) return null
  if (entry.isSymbolicLink()) return undefined
  let text: string
  try {
    text = readFileSync(path, 'utf8')
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ENOENT' ? null : undefined
  }
  return isOurs(path, text) ? text : undefined
}

/** Why the plugin leaves a target alone (`isOwnedOrAbsent` said no): a link, an unreadable file, or another's. */
export type ForeignReason = 'link' | 'unreadable' | 'not-ours'

export function foreignReason(path: string): ForeignReason {
  if (isLink(path)) return 'link'
  return readHead(path) === undefined ? 'unreadable' : 'not-ours'
}

let temporaries = 0

/**
 * Writes `text` to a new temporary file beside `path` (created exclusively: never through a link
 * someone put at its name), then renames it over `path`. Concurrent builds each rename their own
 * whole file; the last one wins. Throws the file system's error (EROFS, ENOSPC, EACCES), the
 * temporary file removed.
 */
function writeWhole(path: string, text: string): void {
  const temporary = `${path}.${process.pid}-${temporaries++}.tmp`
  try {
    writeFileSync(temporary, text, { flag: 'wx' })
    renameSync(temporary, path)
  } catch (error) {
    rmSync(temporary, { force: true })
    throw error
  }
}

/**
 * Writes `text` unless the file already holds exactly that, or is not the plugin's. Throws the file
 * system's error: the caller reports it (dts-writer.ts).
 */
export function writeIfChanged(path: string, text: string): void {
  const before = readText(path)
  if (before === text) return
  if (!isOwnedOrAbsent(path)) return
  mkdirSync(dirname(path), { recursive: true })
  writeWhole(path, text)
}

/**
 * Writes a declaration's map beside it, or removes the one an earlier run wrote: TypeScript reads
 * `<file>.map` even when the declaration does not point at it. A map the plugin did not write stays;
 * one another build removed meanwhile is gone already.
 */
export function writeMap(declaration: string, map: string | undefined): void {
  const path = `${declaration}.map`
  if (map) writeIfChanged(path, map)
  else if (existsSync(path) && isOwnedOrAbsent(path)) rmSync(path, { force: true })
}

/** The targets among `paths` the plugin must leave alone (they exist and it did not write them). */
export const foreignTargets = (paths: readonly string[]): string[] => paths.filter((path) => !isOwnedOrAbsent(path))

/** Whether a file as `record` says it was written is what `pending` would write (or keep). */
export function isCurrent(pending: Pending, record: DeclarationRecord | undefined): boolean {
  if (record === undefined || pending.key === undefined) return false
  return recordHasKey(record, pending.key) || (pending.kept !== undefined && recordHasKey(record, pending.kept))
}
