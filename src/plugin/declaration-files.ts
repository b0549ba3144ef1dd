// Writing one declaration file: only when its text changed (a write that changes nothing would wake
// watchers and editors, and could loop a rebuild), its map beside it; and the part of the writer
// each declaration form (sidecar-writer.ts, ambient-writer.ts) provides to dts-writer.ts.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { dirname } from 'node:path'
import type { DeclarationInput } from '../codegen/declaration.ts'
import type { EntryId } from './entry-id.ts'

/** What an update leaves to do: the key (none for a plain `update`) and how to get the input. */
export interface Pending {
  key: string | undefined
  /** Another key whose file is kept as it is (see DeclarationWriter.updateKeyed). */
  kept?: string | undefined
  input: () => DeclarationInput
}

export interface Writer {
  update(entry: EntryId, pending: Pending): void
  /** Writes what is pending, until `deadline` (a `performance.now()` time) if given; whether all was written. */
  write(deadline?: number): boolean
}

/** Writes `text` unless the file already holds exactly that. */
export function writeIfChanged(path: string, text: string): void {
  if (existsSync(path) && readFileSync(path, 'utf8') === text) return
  mkdirSync(dirname(path), { recursive: true })
  writeFileSync(path, text)
}

/**
 * Writes a declaration's map beside it, or removes the one an earlier run wrote: TypeScript reads
 * `<file>.map` even when the declaration does not point at it.
 */
export function writeMap(declaration: string, map: string | undefined): void {
  const path = `${declaration}.map`
  if (map) writeIfChanged(path, map)
  else if (existsSync(path)) rmSync(path)
}

/** Whether a file last written from `recorded` is what `pending` would write (or keep). */
export function isCurrent(pending: Pending, recorded: string | undefined): boolean {
  return pending.key !== undefined && recorded !== undefined && (recorded === pending.key || recorded === pending.kept)
}
