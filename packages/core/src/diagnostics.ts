import { relative } from 'node:path'
import type { ErrorCode } from './codes.ts'

/** A 1-based line and column in a source file. */
export interface Position {
  line: number
  column: number
}

/** One link of an include chain: the file and the line that included the next file. */
export interface ChainLink {
  file: string
  line: number
}

export type Severity = 'error' | 'warning'

/** A located problem found while gathering or merging an entry. */
export interface Diagnostic {
  /** Stable machine-readable code, e.g. `MY_UNKNOWN_MERGER` (the table: codes.ts, docs/errors.md). */
  code: ErrorCode
  severity: Severity
  /** One line, without the location (see `formatDiagnostic` for the full text). */
  message: string
  /** Absolute path of the file the problem is in. */
  file: string
  /** 1-based. */
  line: number
  /** 1-based. */
  column: number
  /** How the file was reached from the entry, outermost first. Empty for the entry itself. */
  chain: ChainLink[]
  /** The source lines around the problem with a caret, when the source is known. */
  frame?: string
  /** A did-you-mean suggestion for a misspelt name. */
  suggestion?: string
  /** Key path of the value involved, for runtime merge conflicts. */
  path?: (string | number)[]
}

/** The error `render()` throws: its message is the formatted first diagnostic, `diagnostics` has them all. */
export class MergedYamlError extends Error {
  readonly diagnostics: Diagnostic[]
  readonly code: ErrorCode
  /** Location fields of the first diagnostic, for bundlers that read `loc`/`id` off errors. */
  readonly id: string
  readonly loc: { file: string; line: number; column: number }
  /**
   * What the entry had read (`files`), looked for in vain (`missing`) and globbed (`globs`) when it
   * failed: watch these so that fixing or creating the file recovers. Set by `render()`.
   */
  dependencies?: { files: string[]; missing: string[]; globs: string[] }

  constructor(diagnostics: Diagnostic[], root?: string) {
    const first = diagnostics[0]!
    super(diagnostics.map((d) => formatDiagnostic(d, root)).join('\n\n'))
    this.name = 'MergedYamlError'
    this.diagnostics = diagnostics
    this.code = first.code
    this.id = first.file
    // Rollup/Vite read `loc.column` as 0-based.
    this.loc = { file: first.file, line: first.line, column: first.column - 1 }
  }
}

/** An option that cannot be taken (`MY_INVALID_OPTION`), located at `<options>`, with a suggestion if any. */
export function invalidOption(message: string, suggestion?: string): never {
  const diagnostic: Diagnostic = {
    code: 'MY_INVALID_OPTION',
    severity: 'error',
    message,
    file: '<options>',
    line: 1,
    column: 1,
    chain: [],
  }
  throw new MergedYamlError([suggestion ? { ...diagnostic, suggestion } : diagnostic])
}

export function isMergedYamlError(error: unknown): error is MergedYamlError {
  return error instanceof MergedYamlError
}

function displayPath(file: string, root: string | undefined): string {
  if (!root) return file
  const rel = relative(root, file)
  return rel && !rel.startsWith('..') ? rel : file
}

/**
 * The full text of a diagnostic: `file:line:col code message`, the did-you-mean, the include chain
 * and the code frame. Bundlers that drop `loc` still show the location because it is in this text.
 */
export function formatDiagnostic(d: Diagnostic, root?: string): string {
  const at = d.path && d.path.length > 0 ? ` (at ${d.path.map(String).join('.')})` : ''
  const lines = [`${displayPath(d.file, root)}:${d.line}:${d.column}: ${d.severity} ${d.code}: ${d.message}${at}`]
  if (d.suggestion) lines.push(`  did you mean '${d.suggestion}'?`)
  for (const link of [...d.chain].reverse()) lines.push(`  included from ${displayPath(link.file, root)}:${link.line}`)
  if (d.frame) lines.push(d.frame)
  return lines.join('\n')
}

/**
 * The first `count` lines of a text (fewer when it has fewer), each cut after 201 characters: a frame
 * of a huge text (a decoded part of 60 MB) costs what it shows, not the text's size.
 */
function leadingLines(source: string, count: number): string[] {
  const lines: string[] = []
  let start = 0
  // indexOf finds a character fast; one that does not occur is not looked for again.
  let nextLf = -2
  let nextCr = -2
  while (lines.length < count) {
    if (nextLf !== -1 && nextLf < start) nextLf = source.indexOf('\n', start)
    if (nextCr !== -1 && nextCr < start) nextCr = source.indexOf('\r', start)
    const end = nextLf === -1 ? nextCr : nextCr === -1 ? nextLf : Math.min(nextLf, nextCr)
    lines.push(source.slice(start, Math.min(end === -1 ? source.length : end, start + 201)))
    if (end === -1) break
    start = end + (source.startsWith('\r\n', end) ? 2 : 1)
  }
  return lines
}

/**
 * Line `n` (from 1) of a text, cut after 201 characters, from the offsets its lines start at
 * (`createLineStarts`): what `leadingLines` returns at `n - 1`, without scanning the text again.
 */
function indexedLine(source: string, starts: readonly number[], n: number): string {
  const start = starts[n - 1]!
  let end = n < starts.length ? starts[n]! - 1 : source.length
  if (end > start && source.charCodeAt(end) === 10 && source.charCodeAt(end - 1) === 13) end--
  return source.slice(start, Math.min(end, start + 201))
}

/**
 * Source lines around `line` with a caret under `column`, like Babel's and yaml's code frames. With
 * `lineStarts` (the text's `createLineStarts`, computed once for many frames of one text) a frame
 * costs what it shows — a warning on line 100 000 of a layer slices five lines, not 100 000;
 * without, the text is scanned from its start down to `line`.
 */
export function createCodeFrame(
  source: string,
  line: number,
  column: number,
  context = 2,
  lineStarts?: readonly number[],
): string {
  const count = line + context
  let lineAt: (n: number) => string
  let lines: number
  if (lineStarts) {
    lines = Math.min(count, lineStarts.length)
    lineAt = (n) => indexedLine(source, lineStarts, n)
  } else {
    const leading = leadingLines(source, count)
    lines = leading.length
    lineAt = (n) => leading[n - 1]!
  }
  // A final line break does not start another line worth showing.
  if (lines > 1 && lineAt(lines) === '') lines--
  const first = Math.max(1, line - context)
  const last = Math.min(lines, line + context)
  const width = String(last).length
  const out: string[] = []
  for (let n = first; n <= last; n++) {
    const text = lineAt(n)
    const marker = n === line ? '>' : ' '
    out.push(`${marker} ${String(n).padStart(width)} | ${text.length > 200 ? `${text.slice(0, 200)}…` : text}`)
    if (n === line) out.push(`  ${' '.repeat(width)} | ${' '.repeat(Math.max(0, Math.min(column - 1, 200)))}^`)
  }
  return out.join('\n')
}
