import type { ErrorCode } from './codes.ts'
import { createCodeFrame, MergedYamlError } from './diagnostics.ts'
import type { ChainLink, Diagnostic, Position, Severity } from './diagnostics.ts'
import type { SourceDocument } from './source-document.ts'
import type { PathSegment } from './yaml/parse.ts'

/** Where a problem is: a document (and a path inside it), or an explicit file position. */
export interface Problem {
  code: ErrorCode
  message: string
  /** The document the problem is in; with `path`, the node the problem is about. */
  doc?: SourceDocument
  path?: readonly PathSegment[]
  /** Point at this MIME header of the document's part instead of a path. */
  header?: string
  /** Point at the key rather than the value of the last path segment. */
  target?: 'key' | 'value'
  /** An explicit location, when there is no document (include lines, MIME headers, …). */
  at?: { file: string; position: Position; chain: readonly ChainLink[]; source?: string }
  suggestion?: string
}

/** Turns problems into diagnostics: errors throw, warnings are collected for `render()`'s result. */
export class Reporter {
  readonly warnings: Diagnostic[] = []

  constructor(
    readonly strict: boolean,
    readonly root?: string,
  ) {}

  diagnostic(problem: Problem, severity: Severity): Diagnostic {
    let file = '<unknown>'
    let position: Position = { line: 1, column: 1 }
    let chain: ChainLink[] = []
    let frame: string | undefined
    if (problem.at) {
      file = problem.at.file
      position = problem.at.position
      chain = [...problem.at.chain]
      if (problem.at.source !== undefined) frame = createCodeFrame(problem.at.source, position.line, position.column)
    } else if (problem.doc) {
      file = problem.doc.file
      position =
        problem.header !== undefined
          ? problem.doc.locateHeader(problem.header)
          : problem.doc.locate(problem.path ?? [], problem.target)
      chain = [...problem.doc.chain]
      frame = problem.doc.frame(position)
    }
    const d: Diagnostic = {
      code: problem.code,
      severity,
      message: problem.message,
      file,
      line: position.line,
      column: position.column,
      chain,
    }
    if (frame) d.frame = frame
    if (problem.suggestion) d.suggestion = problem.suggestion
    if (problem.path) d.path = [...problem.path]
    return d
  }

  /** Always an error, in every mode (the reference system fails here too). */
  fail(problem: Problem): never {
    throw new MergedYamlError([this.diagnostic(problem, 'error')], this.root)
  }

  /** A warning that never fails the build. */
  warn(problem: Problem): void {
    this.warnings.push(this.diagnostic(problem, 'warning'))
  }

  /**
   * Something the reference system skips or accepts silently: an error in strict mode, a warning
   * (and the reference behaviour, which the caller then applies) otherwise.
   */
  lenient(problem: Problem): void {
    if (this.strict) this.fail(problem)
    this.warn(problem)
  }
}
