// What reading a Datum store needs from the file system, and nothing more: a file's text, a
// folder's entries, whether a path exists. While gathering, the store reads through the gather
// stage's access (confined, recorded as inputs of the entry, so part of its fingerprint) and keeps
// every answer; once sealed, it answers from what it kept only: rendering never reads a file.
import { basename, dirname } from 'node:path'
import type { DialectGatherAccess, FolderEntry, GatherSite } from '../../types.ts'
import type { Reporter } from '../../../reporter.ts'
import type { SourceDocument } from '../../../source-document.ts'
import type { PathSegment } from '../../../values.ts'

/** Where a problem reading a path should point: the value that led there, else the entry. */
export interface StoreReadOrigin {
  doc: SourceDocument
  path?: readonly PathSegment[]
}

export interface StoreFileSystem {
  /** A file's text (UTF-8, a BOM removed). */
  readText(path: string, from?: StoreReadOrigin): string
  /** A folder's files and folders, or undefined when there is no such folder. */
  list(path: string, from?: StoreReadOrigin): readonly FolderEntry[] | undefined
  /** Whether `path` is a file, a folder, or nothing. */
  exists(path: string, from?: StoreReadOrigin): 'file' | 'folder' | undefined
}

function siteOf(from: StoreReadOrigin | undefined): GatherSite | undefined {
  if (!from) return undefined
  return { file: from.doc.file, position: from.doc.locate(from.path ?? []), chain: from.doc.chain }
}

/**
 * The store's files as gathered: read through the gather access until `seal()`, then from what was
 * read. A question the gathering did not ask is a bug of the store's gathering (gather-store.ts).
 */
export class GatheredStoreFiles implements StoreFileSystem {
  readonly #texts = new Map<string, string>()
  readonly #listings = new Map<string, readonly FolderEntry[] | undefined>()
  #access: DialectGatherAccess | undefined

  constructor(
    access: DialectGatherAccess,
    private readonly report: Reporter,
  ) {
    this.#access = access
  }

  /** The texts read so far, by path. */
  get texts(): ReadonlyMap<string, string> {
    return this.#texts
  }

  /** From now on, answers come from what was read only. */
  seal(): void {
    this.#access = undefined
  }

  private gathering(what: string): DialectGatherAccess {
    if (this.#access) return this.#access
    throw new Error(`the Datum store asked for ${what} while rendering, which gathering did not read`)
  }

  readText(path: string, from?: StoreReadOrigin): string {
    const known = this.#texts.get(path)
    if (known !== undefined) return known
    const text = this.gathering(`the file ${path}`).readText(path, siteOf(from))
    if (text === undefined) {
      // Listed a moment ago, gone now: Datum would fail reading it too.
      const at = siteOf(from)
      return this.report.fail({
        code: 'MY_FILE_NOT_FOUND',
        message: `file not found: ${path}`,
        at: at ?? { file: path, position: { line: 1, column: 1 }, chain: [] },
      })
    }
    this.#texts.set(path, text)
    return text
  }

  list(path: string, from?: StoreReadOrigin): readonly FolderEntry[] | undefined {
    if (this.#listings.has(path)) return this.#listings.get(path)
    const entries = this.gathering(`the folder ${path}`).list(path, siteOf(from))
    this.#listings.set(path, entries)
    return entries
  }

  exists(path: string, from?: StoreReadOrigin): 'file' | 'folder' | undefined {
    const entry = this.list(dirname(path), from)?.find((e) => e.name === basename(path))
    return entry === undefined ? undefined : entry.folder ? 'folder' : 'file'
  }
}
