import type { FolderEntry } from '../gather/gather.ts'
import type { ProvenanceRecorder } from '../merge/provenance.ts'
import type { ResolvedOptions } from '../options.ts'
import type { Reporter } from '../report.ts'
import type { SourceDocument } from '../source.ts'
import type { PathSegment } from '../yaml/parse.ts'

export interface DialectContext {
  options: ResolvedOptions
  /** `fail` (always an error), `lenient` (strict: error, else warning), `warn`. */
  report: Reporter
  /** Absolute path of the entry file. */
  entry: string
  /**
   * Reads another file the entry refers to (a path relative to the entry, or absolute) as UTF-8 text,
   * with the include rules: confined to `root`/`allow`, size-limited, and recorded in the result's
   * `files` so that watch mode rebuilds when it changes. Problems point at `from` (else the entry).
   */
  readDependency(path: string, from?: { doc: SourceDocument; path?: readonly PathSegment[] }): string
  /**
   * Lists a folder the entry's data lives in (a Datum store): its files and folders, or undefined
   * when it does not exist. Confined like readDependency; the folder's children are recorded as a
   * glob of the result, so that watch mode rebuilds when one is added or removed.
   */
  listDependency(path: string, from?: { doc: SourceDocument; path?: readonly PathSegment[] }): FolderEntry[] | undefined
  /**
   * For an entry that is the root of a tree of data (a Datum store's Datum.yml): its folder may be
   * read from like the entry itself, even outside root/allow. Absent where there is no confinement.
   */
  allowEntryFolder?(): void
  /** With the `explain` option: a dialect that knows which layer set each value records it here. */
  provenance?: ProvenanceRecorder
}

/**
 * A merge vocabulary other than cloud-init's. The engine gathers the entry's documents (base first,
 * later = more specific) and hands them to the one dialect the entry uses.
 */
export interface Dialect {
  name: 'datum' | 'heat' | 'deckhand'
  /**
   * The directive that marks a document's value as written in this dialect (a top-level key such
   * as `lookup_options`, or a `schema` value), or undefined. Used to recognise the entry's dialect
   * and to name both sides when an entry mixes two.
   */
  detect(value: unknown): string | undefined
  /** Merges the entry's documents into the module's value. Directive keys never reach the output. */
  render(docs: readonly SourceDocument[], context: DialectContext): unknown
}
