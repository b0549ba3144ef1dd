// Where gathering is: the file and the text being expanded, how deep, and how to point a problem
// at a line of it (a text decoded from base64 or gzip has no lines in its file: its anchor instead).
import type { ErrorCode } from '../../codes.ts'
import type { ChainLink, Position } from '../../diagnostics.ts'
import type { Problem } from '../../reporter.ts'

export interface GatherContext {
  file: string
  fileText: string
  chain: readonly ChainLink[]
  /** 0-based line of `file` where the text being processed starts; undefined when it was decoded. */
  lineOffset: number | undefined
  anchor: Position
  depth: number
  /** 1-based file lines of the current MIME part's headers. */
  headerLines?: Record<string, number>
}

/** An include line: the text it is in, and its 0-based line and column there. */
export interface IncludeSite {
  ctx: GatherContext
  line: number
  column: number
}

/** A problem at a 0-based line and column of the context's text (its anchor when it has no lines). */
export function problemAt(
  ctx: GatherContext,
  code: ErrorCode,
  message: string,
  line?: number,
  column = 1,
  suggestion?: string,
): Problem {
  const position =
    line !== undefined && ctx.lineOffset !== undefined
      ? { line: ctx.lineOffset + line + 1, column: column + 1 }
      : ctx.anchor
  return {
    code,
    message,
    at: { file: ctx.file, position, chain: ctx.chain, source: ctx.fileText },
    ...(suggestion ? { suggestion } : {}),
  }
}

/** A site for problems about a file named at `at` (a position in a document, the entry's first line). */
export function siteAt(at: NonNullable<Problem['at']>): IncludeSite {
  const ctx: GatherContext = {
    file: at.file,
    fileText: at.source ?? '',
    chain: at.chain,
    lineOffset: undefined,
    anchor: at.position,
    depth: 0,
  }
  return { ctx, line: 0, column: 0 }
}
