import type { ErrorCode } from './codes.ts'
import { createCodeFrame, MergedYamlError } from './diagnostics.ts'
import type { ChainLink, Diagnostic, Position, Severity } from './diagnostics.ts'
import { boundedMemo } from './memo.ts'
import type { SourceDocument } from './source-document.ts'
import { createLineStarts } from './yaml/text-positions.ts'
import type { PathSegment } from './yaml/parse.ts'
import { cutText } from './values.ts'

// Kept for every render of the process: frames of one file do not each scan it, nor does every entry
// that includes it (the render cache gives them one string).
const lineStarts = boundedMemo<string, readonly number[]>(
  'reporter: the line starts of a framed text',
  'a text always has the same line starts',
  16,
)

/** A text's line starts (`createLineStarts`), remembered for the last texts framed. */
const lineStartsOf = (text: string): readonly number[] => lineStarts.get(text, createLineStarts)

/** Where a problem is: a document (and a path inside it), or an explicit file position. */
export interface Problem {
  code: ErrorCode
  message: string
  /** The document the problem is in; with `path`, the node the problem is about. */
  doc?: SourceDocument
  path?: readonly PathSegment[]
  /** Point at this MIME header of the document's part instead of a path. */
  header?: string
  /** With `doc`: point here in its file (a place the document noted) rather than at `path`. */
  position?: Position
  /** Point at the key rather than the value of the last path segment. */
  target?: 'key' | 'value'
  /** An explicit location, when there is no document (include lines, MIME headers, …). */
  at?: { file: string; position: Position; chain: readonly ChainLink[]; source?: string }
  suggestion?: string
}

/** How many warnings a reporter had kept and dropped at some point (`markWarnings`). */
export interface WarningMark {
  kept: number
  dropped: number
}

/**
 * Turns problems into diagnostics: warnings are collected for `render()`'s result; an error throws.
 * A stage runs units that do not depend on each other (each include line, each part, each document)
 * through `collect`: a unit's error is kept and the next unit runs, so that one render reports every
 * independent error (up to `maxErrors`); the render throws them all at its end, and any error thrown
 * meanwhile carries those kept before it.
 */
/** One diagnostic's message at most; a longer one is cut, its length said. */
export const MAX_MESSAGE = 4000

/**
 * The text of one render's diagnostics at most (messages and code frames): past it, the errors kept
 * end the render and warnings are only counted, whatever `maxErrors` and `maxWarnings` allow, so that
 * no input makes the overlay, the HMR channel or the error's message unbounded.
 */
export const MAX_DIAGNOSTICS_TEXT = 1024 * 1024

export class Reporter {
  /** The warnings kept (up to `maxWarnings`), then one that counts those dropped (see `finishWarnings`). */
  readonly warnings: Diagnostic[] = []
  /** The errors kept by `collect`, in the order met. */
  readonly errors: Diagnostic[] = []
  /** Warnings met past `maxWarnings`: counted, never built (a frame each would cost what the input wants). */
  private droppedWarnings = 0
  /** The text of the diagnostics built so far (MAX_DIAGNOSTICS_TEXT). */
  private spent = 0

  constructor(
    readonly strict: boolean,
    readonly root?: string,
    /** Errors reported in one run at most (`limits.maxErrors`). */
    readonly maxErrors = Number.POSITIVE_INFINITY,
    /** Warnings kept for one run at most (`limits.maxWarnings`); the others are counted. */
    readonly maxWarnings = Number.POSITIVE_INFINITY,
  ) {}

  /** Whether a unit failed: what depends on every unit having worked (a merge of all parts) must not run. */
  get failed(): boolean {
    return this.errors.length > 0
  }

  /** Runs an independent unit: its error is kept and undefined returned, so the caller goes on. */
  collect<T>(run: () => T): T | undefined {
    try {
      return run()
    } catch (error) {
      if (!(error instanceof MergedYamlError)) throw error
      // An error thrown through `fail` carries the errors kept before it: keep only the new ones.
      const known = new Set(this.errors)
      this.errors.push(...error.diagnostics.filter((d) => !known.has(d)))
      if (this.errors.length >= this.maxErrors || this.spent > MAX_DIAGNOSTICS_TEXT) this.throwErrors()
      return undefined
    }
  }

  /** An error of an independent unit: kept, and the caller goes on (see `collect`). */
  error(problem: Problem): void {
    this.collect(() => this.fail(problem))
  }

  /** Throws the kept errors, if any: where the next step depends on what failed, the render stops. */
  throwErrors(): void {
    if (this.errors.length > 0) throw new MergedYamlError(this.errors.slice(0, this.maxErrors), this.root)
  }

  diagnostic(problem: Problem, severity: Severity): Diagnostic {
    let file = '<unknown>'
    let position: Position = { line: 1, column: 1 }
    let chain: ChainLink[] = []
    let frame: string | undefined
    if (problem.at) {
      file = problem.at.file
      position = problem.at.position
      chain = [...problem.at.chain]
      const { source } = problem.at
      if (source !== undefined) frame = createCodeFrame(source, position.line, position.column, 2, lineStartsOf(source))
    } else if (problem.doc) {
      file = problem.doc.file
      position =
        problem.position ??
        (problem.header !== undefined
          ? problem.doc.locateHeader(problem.header)
          : problem.doc.locate(problem.path ?? [], problem.target))
      chain = [...problem.doc.chain]
      frame = problem.doc.frame(position, lineStartsOf)
    }
    const d: Diagnostic = {
      code: problem.code,
      severity,
      message: cutText(problem.message, MAX_MESSAGE),
      file,
      line: position.line,
      column: position.column,
      chain,
    }
    if (frame) d.frame = frame
    if (problem.suggestion) d.suggestion = problem.suggestion
    if (problem.path) d.path = [...problem.path]
    this.spent += d.message.length + (frame?.length ?? 0)
    return d
  }

  /** Always an error, in every mode (the reference system fails here too). */
  fail(problem: Problem): never {
    const diagnostics = [...this.errors, this.diagnostic(problem, 'error')]
    throw new MergedYamlError(diagnostics.slice(0, this.maxErrors), this.root)
  }

  /** A warning that never fails the build; past `maxWarnings`, only counted. */
  warn(problem: Problem): void {
    this.addWarning(() => this.diagnostic(problem, 'warning'))
  }

  /** `warn` of the problem `describe` makes, made only while the warning would be kept. */
  warnWith(describe: () => Problem): void {
    this.addWarning(() => this.diagnostic(describe(), 'warning'))
  }

  /** Keeps the warning `build` makes while fewer than `maxWarnings` are kept; else counts it, unbuilt. */
  addWarning(build: () => Diagnostic): void {
    if (this.warnings.length < this.maxWarnings && this.spent <= MAX_DIAGNOSTICS_TEXT) this.warnings.push(build())
    else this.droppedWarnings++
  }

  /** Where the warnings are now, for `takeWarnings`. */
  markWarnings(): WarningMark {
    return { kept: this.warnings.length, dropped: this.droppedWarnings }
  }

  /** Removes the warnings met since `mark` (those kept, and the count of those dropped) and returns them. */
  takeWarnings(mark: WarningMark): WarningMark & { warnings: Diagnostic[] } {
    const dropped = this.droppedWarnings - mark.dropped
    this.droppedWarnings = mark.dropped
    const warnings = this.warnings.splice(mark.kept)
    return { kept: warnings.length, dropped, warnings }
  }

  /** Puts back warnings `takeWarnings` removed, within `maxWarnings` again. */
  restoreWarnings(taken: { warnings: readonly Diagnostic[]; dropped: number }): void {
    for (const warning of taken.warnings) this.addWarning(() => warning)
    this.droppedWarnings += taken.dropped
  }

  /** Ends the warnings of a run: when some were dropped, a last warning, located at `entry`, says how many. */
  finishWarnings(entry: string): Diagnostic[] {
    if (this.droppedWarnings > 0) {
      const dropped = this.droppedWarnings
      this.droppedWarnings = 0
      this.warnings.push({
        code: 'MY_TOO_MANY_WARNINGS',
        severity: 'warning',
        message:
          `${dropped} more warning${dropped === 1 ? '' : 's'} dropped: only the first ` +
          (this.warnings.length < this.maxWarnings
            ? `${this.warnings.length} are kept (their text reached ${MAX_DIAGNOSTICS_TEXT} characters)`
            : `${this.maxWarnings} are kept (limits.maxWarnings)`) +
          '; fix those and render again to see the next',
        file: entry,
        line: 1,
        column: 1,
        chain: [],
      })
    }
    return this.warnings
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
