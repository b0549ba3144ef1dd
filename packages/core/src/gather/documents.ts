import { createCodeFrame } from '../diagnostics.ts'
import type { ChainLink, Position } from '../diagnostics.ts'
import type { SourceDocument } from '../source.ts'
import type { YamlDocument } from '../yaml/parse.ts'

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
    frame(position) {
      if (origin.lineOffset !== undefined) return createCodeFrame(origin.fileText, position.line, position.column)
      // Decoded text: frame the decoded document at the problem's own position instead.
      return createCodeFrame(text, 1, 1, 0)
    },
    scalarSource(path) {
      const { line, column } = yaml.locate(path, 'value')
      lines ??= text.split('\n')
      return lines[line - 1]?.slice(column - 1)
    },
  }
}
