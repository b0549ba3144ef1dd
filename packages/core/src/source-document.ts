import { createCodeFrame } from './diagnostics.ts'
import type { ChainLink, Position } from './diagnostics.ts'
import type { PathSegment } from './values.ts'
import type { MergeTag } from './yaml/merge-tags.ts'
import type { YamlDocument } from './yaml/types.ts'

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
  /** Docker Compose's `!override` and `!reset` tags in the document (the values dialect's), when it has any. */
  readonly mergeTags?: readonly MergeTag[]
  /** Null and collection keys (`~:`, `? [a, b]`), each where it starts in `file`, when the document has any. */
  readonly stringifiedKeys?: readonly { kind: 'null' | 'collection'; position: Position }[]
  /** Position in `file` of the node at `path` (of its key with target 'key'), or the nearest ancestor. */
  locate(path: readonly PathSegment[], target?: 'key' | 'value'): Position
  /** Position of a MIME / archive header of the part (the part's start when unknown). */
  locateHeader(name: string): Position
  /**
   * A code frame around a position returned by `locate`; `lineStartsOf` gives a text's line starts
   * computed once (the reporter's), so that many frames of one file do not each scan it.
   */
  frame(position: Position, lineStartsOf?: (text: string) => readonly number[]): string
  /**
   * The source text from the node at `path` to the end of its line (`1.0 # note` for `x: 1.0 # note`),
   * for dialects that need to know how a scalar was written (Deckhand's Python `str()` of 1.0).
   */
  scalarSource?(path: readonly PathSegment[]): string | undefined
  /** The source text of the node's line before the node at `path` (`k: !!str ` for `k: !!str y`). */
  sourceBefore?(path: readonly PathSegment[]): string | undefined
}

/** Where a part's text sits in the file it was read from. */
export interface PartOrigin {
  file: string
  /** The whole file's text (for code frames). */
  fileText: string
  chain: readonly ChainLink[]
  /**
   * 0-based line of `file` where the part's text starts, when the text is a verbatim slice of the
   * file. Undefined when it was decoded (base64, quoted-printable, gzip): positions inside it do not
   * map to the file, so diagnostics point at `anchor` and frame the decoded text.
   */
  lineOffset: number | undefined
  /** Where to point when positions inside the text do not map to the file (the part's header). */
  anchor: Position
  /** 1-based line in `file` of each MIME header of the part, by exact name. */
  headerLines?: Readonly<Record<string, number>>
}

/** A position inside a part's text, as a position in the file (the part's anchor when it was decoded). */
export function mapPartPosition(origin: PartOrigin, inner: Position): Position {
  return origin.lineOffset === undefined
    ? origin.anchor
    : { line: inner.line + origin.lineOffset, column: inner.column }
}

/** Wraps one parsed document with its origin so that paths inside it can be located in the file. */
export function createSourceDocument(
  yaml: YamlDocument,
  origin: PartOrigin,
  text: string,
  headers: Readonly<Record<string, string>>,
  index: number,
): SourceDocument {
  let lines: string[] | undefined
  return {
    value: yaml.value,
    ...(yaml.mergeTags ? { mergeTags: yaml.mergeTags } : {}),
    ...(yaml.stringifiedKeys
      ? {
          stringifiedKeys: yaml.stringifiedKeys.map(({ kind, position }) => ({
            kind,
            position: mapPartPosition(origin, position),
          })),
        }
      : {}),
    file: origin.file,
    chain: origin.chain,
    headers,
    index,
    locate(path, target) {
      return mapPartPosition(origin, yaml.locate(path, target))
    },
    locateHeader(name) {
      const line = origin.headerLines?.[name]
      return line === undefined ? origin.anchor : { line, column: 1 }
    },
    frame(position, lineStartsOf) {
      if (origin.lineOffset !== undefined) {
        const { fileText } = origin
        return createCodeFrame(fileText, position.line, position.column, 2, lineStartsOf?.(fileText))
      }
      // Decoded text: frame the decoded document at the problem's own position instead.
      return createCodeFrame(text, 1, 1, 0)
    },
    scalarSource(path) {
      const { line, column } = yaml.locate(path, 'value')
      lines ??= text.split('\n')
      return lines[line - 1]?.slice(column - 1)
    },
    sourceBefore(path) {
      const { line, column } = yaml.locate(path, 'value')
      lines ??= text.split('\n')
      return lines[line - 1]?.slice(0, column - 1)
    },
  }
}
