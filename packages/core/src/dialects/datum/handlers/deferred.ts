// A handler expression that Datum evaluates later than it reads the file (a handler with
// `SkipDuringLoad: true`, such as Datum.InvokeCommand): kept as the string PowerShell holds, with the
// file it was written in (Datum's `__File` note property), which `$File` refers to.
import type { Where } from '../types.ts'
import type { RawText } from './ps-values.ts'

/** The file a value was read from, as handlers see it. */
export interface ValueFile {
  /** Absolute path. */
  readonly path: string
  /** The path below the store's root, without extension, `\`-separated (Get-DatumSourceFile). */
  readonly source: string
  /** The folders from the store's root to the file, and the file's name. */
  readonly segments: readonly string[]
}

export class Deferred implements RawText {
  constructor(
    readonly raw: string,
    readonly file: ValueFile | undefined,
    readonly where: Where,
  ) {}

  toString(): string {
    return this.raw
  }

  toJSON(): string {
    return this.raw
  }
}
