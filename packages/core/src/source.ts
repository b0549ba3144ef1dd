import type { ChainLink, Position } from './diagnostics.ts'
import type { PathSegment } from './yaml/parse.ts'

/**
 * One YAML document of an entry, after gathering: its value, where it came from and how to point
 * back into the file it was read from. Cloud-init parts, Datum layers, Heat environment files and
 * Deckhand documents are all SourceDocuments.
 */
export interface SourceDocument {
  /** The document's value (a mapping for every well-formed part). Never mutate it. */
  readonly value: unknown
  /** Absolute path of the file the document is in. */
  readonly file: string
  /** How the file was reached from the entry, outermost first. */
  readonly chain: readonly ChainLink[]
  /** MIME / archive headers of the part (exact-case names), `{}` for plain files. */
  readonly headers: Readonly<Record<string, string>>
  /** 0-based position of this document in its YAML stream. */
  readonly index: number
  /** Position in `file` of the node at `path` (of its key with target 'key'), or the nearest ancestor. */
  locate(path: readonly PathSegment[], target?: 'key' | 'value'): Position
  /** Position of a MIME / archive header of the part (the part's start when unknown). */
  locateHeader(name: string): Position
  /** A code frame around a position returned by `locate`. */
  frame(position: Position): string
  /**
   * The source text from the node at `path` to the end of its line (`1.0 # note` for `x: 1.0 # note`),
   * for dialects that need to know how a scalar was written (Deckhand's Python `str()` of 1.0).
   */
  scalarSource?(path: readonly PathSegment[]): string | undefined
}
