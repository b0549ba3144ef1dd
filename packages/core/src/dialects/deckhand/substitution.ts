// `metadata.substitutions` as `SecretsSubstitution.substitute_all` runs them: for each substitution,
// the source document by (schema, name) (replacements followed), the value at `src.path` of its
// current data, then `jsonpath_replace` into each destination, and `document.data.update(...)`.
// Errors inside a destination are Deckhand's UnknownSubstitutionError, or, with
// `fail_on_missing_sub_src=False`, a logged warning and the next destination. There is no Barbican at
// build time: encrypted sources are read as the cleartext they hold.
// One class, kept whole: every substitution's checks share its locations and Deckhand's error names.
import type { ErrorCode } from '../../codes.ts'
import type { Problem, Reporter } from '../../reporter.ts'
import type { AliasTracker } from './aliasing.ts'
import { DECKHAND_CODES } from './codes.ts'
import { describeDocument } from './document.ts'
import type { DeckhandDocument, Substitution } from './document.ts'
import { findFirst, jsonpathReplace, pathSteps } from './jsonpath.ts'
import type { WriteObserver } from './jsonpath.ts'
import type { NumberKinds } from './numbers.ts'
import { PathError } from './path.ts'
import type { PathStep } from './path.ts'
import { PatternMismatch, PyException, PyReError } from './pyerrors.ts'
import { sourceKey } from './replacement.ts'
import type { Replacements } from './replacement.ts'
import { deepCopy, pyTruthy } from './values.ts'
import { getOwn, isMapping, setOwn } from '../../values.ts'
import type { Mapping } from './values.ts'

/** What the history (history.ts) learns from one destination written. */
export interface SubstitutionWrite {
  doc: DeckhandDocument
  sub: Substitution
  /** Where in `metadata.substitutions[i]` the destination is (`['dest']` or `['dest', j]`). */
  at: (string | number)[]
  source: DeckhandDocument
  srcPath: string
  destSteps: PathStep[]
  /** The value written, or undefined for a pattern replacement (the string at the path changed). */
  value?: unknown
  pattern: boolean
  /** A copy of what was at the destination before (the history compares it for pattern replacements). */
  before: unknown
}

export interface SubstitutionContext {
  report: Reporter
  replacements: Replacements
  /** Deckhand's `fail_on_missing_sub_src`. */
  failOnMissingSource: boolean
  /** A document's current data (Deckhand's `doc.data`). */
  dataOf: (doc: DeckhandDocument) => unknown
  /** `doc.data = value` */
  setData: (doc: DeckhandDocument, data: unknown) => void
  numbers: NumberKinds
  /** The comparison render: every source copied deeply, as with `src.deepcopy: true`. */
  deepcopyAll?: boolean
  aliasing?: AliasTracker
  /** Told about every destination written (the history). */
  onWrite?: (write: SubstitutionWrite) => void
}

type Location = (string | number)[]

const NO_OBSERVER: WriteObserver = { write() {} }

function isContainer(value: unknown): boolean {
  return Array.isArray(value) || isMapping(value)
}

class SubstitutionRunner {
  private readonly base: Location
  private readonly src: Mapping

  constructor(
    private readonly doc: DeckhandDocument,
    private readonly sub: Substitution,
    private readonly entry: Mapping,
    private readonly context: SubstitutionContext,
  ) {
    this.base = ['metadata', 'substitutions', sub.index]
    // document.ts checked the shape: a mapping with a `src` mapping and one `dest` mapping or a list of them.
    this.src = getOwn(entry, 'src') as Mapping
  }

  private get label(): string {
    return `substitution ${this.sub.index + 1} of ${describeDocument(this.doc)}`
  }

  private problem(code: ErrorCode, message: string, path: Location): Problem {
    return { code, message, doc: this.doc.source, path: [...this.base, ...path] }
  }

  private fail(code: ErrorCode, message: string, path: Location): never {
    return this.context.report.fail(this.problem(code, message, path))
  }

  /**
   * What Deckhand raises only with `fail_on_missing_sub_src` (the default) and otherwise logs and
   * passes over: an error, or (with the option off) a strict-mode error and a lenient warning.
   */
  private failOrSkip(code: ErrorCode, message: string, path: Location, skipped: string): void {
    if (this.context.failOnMissingSource) this.fail(code, message, path)
    this.context.report.lenient(
      this.problem(
        DECKHAND_CODES.substitutionSkipped,
        `${message}; with failOnMissingSubstitutionSource: false, ${skipped}`,
        path,
      ),
    )
  }

  private sourceDocument(): DeckhandDocument | undefined {
    const { schema, name } = this.sub
    // Deckhand indexes only sources with a schema and a name.
    const found = schema && name ? this.context.replacements.sources.get(sourceKey(schema, name)) : undefined
    if (!found) {
      this.failOrSkip(
        DECKHAND_CODES.substitutionSourceNotFound,
        `${this.label} needs [${schema}] ${name}, which is not a concrete document of this set ` +
          `(SubstitutionSourceNotFound: Required substitution source document [${schema}] ${name} was not ` +
          `found, yet is referenced by [${this.doc.schema}] ${this.doc.name})`,
        ['src'],
        'Deckhand skips the substitution',
      )
    }
    return found
  }

  /** The value to substitute: `jsonpath_parse(data, src.path)` for mapping data, else the data itself. */
  private secret(source: DeckhandDocument): { secret: unknown; steps: PathStep[] | undefined } {
    const srcPath = getOwn(this.src, 'path') as string
    const data = this.context.dataOf(source)
    let secret = data
    let steps: PathStep[] | undefined
    if (isMapping(data)) {
      try {
        steps = [...pathSteps(srcPath)]
        secret = findFirst(data, steps)?.value ?? null
      } catch (error) {
        // Deckhand does not catch what reading the source raises: the render fails whatever the option says.
        if (!(error instanceof PathError || error instanceof PyException)) throw error
        this.fail(
          DECKHAND_CODES.invalidPath,
          `${this.label}: reading ${srcPath} in ${describeDocument(source)}: ${error.message}`,
          ['src', 'path'],
        )
      }
    }
    if (secret === null || secret === undefined) {
      // Deckhand logs the warning and goes on: the destination receives None.
      this.failOrSkip(
        DECKHAND_CODES.substitutionSourceDataNotFound,
        `${this.label}: nothing at ${srcPath} in the rendered data of ${describeDocument(source)} ` +
          `(SubstitutionSourceDataNotFound)`,
        ['src', 'path'],
        'Deckhand substitutes None (null, or the text None into a pattern)',
      )
      return { secret: null, steps }
    }
    return { secret, steps }
  }

  private destinations(): { dest: Mapping; at: Location }[] {
    const dest = getOwn(this.entry, 'dest')
    if (Array.isArray(dest)) return dest.map((d, j) => ({ dest: d as Mapping, at: ['dest', j] }))
    return [{ dest: dest as Mapping, at: ['dest'] }]
  }

  /** The error of one destination, as `_substitute_one` handles it. */
  private destinationError(error: unknown, destPath: string, source: DeckhandDocument, at: Location): void {
    if (error instanceof PathError)
      return this.fail(DECKHAND_CODES.invalidPath, `${this.label}: ${destPath}: ${error.message}`, [...at, 'path'])
    if (error instanceof PatternMismatch)
      return this.fail(
        DECKHAND_CODES.substitutionUnsupported,
        `${this.label} uses ${error.message}, whose result in Deckhand (Python) this dialect cannot reproduce exactly`,
        at,
      )
    if (!(error instanceof PyException || error instanceof PyReError)) throw error
    const pattern = error instanceof PyException && error.pyType === 'MissingDocumentPattern'
    const kind = error instanceof PyReError ? 're.error' : error.pyType
    this.failOrSkip(
      pattern ? DECKHAND_CODES.missingPattern : DECKHAND_CODES.substitutionFailed,
      `${this.label}: substituting ${describeDocument(source)} into ${destPath} fails in Deckhand with ` +
        `${kind}: ${error.message} (UnknownSubstitutionError)`,
      [...at, pattern ? 'pattern' : 'path'],
      'Deckhand leaves this destination as it is',
    )
  }

  private sourcePatternProblem(outcome: 'no-match' | 'group-unset'): void {
    const pattern = String(getOwn(this.src, 'pattern'))
    this.context.report.lenient(
      this.problem(
        DECKHAND_CODES.sourcePatternUnmatched,
        outcome === 'no-match'
          ? `${this.label}: src.pattern ${pattern} does not match the source value; ` +
              'Deckhand substitutes the whole value'
          : `${this.label}: the match_group of src.pattern ${pattern} takes no part in the match; ` +
              'Deckhand substitutes None',
        ['src', 'pattern'],
      ),
    )
  }

  /** One destination: `_substitute_one`. */
  private write(dest: Mapping, at: Location, secret: unknown, source: DeckhandDocument): void {
    const { context, doc } = this
    const destPath = getOwn(dest, 'path') as string
    const observer = context.aliasing?.observer(doc, this.sub, destPath) ?? NO_OBSERVER
    const deepcopy = context.deepcopyAll === true || pyTruthy(getOwn(this.src, 'deepcopy'))
    const srcPattern = getOwn(this.src, 'pattern') ?? null
    const destPattern = getOwn(dest, 'pattern') ?? null
    let written: unknown
    let substituted: unknown
    let patternNote: 'no-match' | 'group-unset' | undefined
    const before = context.onWrite ? this.snapshot(destPath) : undefined
    try {
      substituted = jsonpathReplace({
        data: context.dataOf(doc),
        value: secret,
        destPath,
        destPattern,
        destRecurse: getOwn(dest, 'recurse') ?? {},
        srcPattern,
        srcMatchGroup: Object.prototype.hasOwnProperty.call(this.src, 'match_group') ? this.src.match_group : 0,
        srcDeepcopy: deepcopy,
        // Only a dest.pattern with an integral number needs it: the source path is read then.
        numberKind: (value) => context.numbers.forSource(source, this.sourcePath(), secret)(value),
        observer,
        onValue: (value) => (written = value),
        onSourcePattern: (outcome) => (patternNote = outcome),
      })
    } catch (error) {
      this.destinationError(error, destPath, source, at)
      return
    }
    if (patternNote) this.sourcePatternProblem(patternNote)
    const data = context.dataOf(doc)
    if (isMapping(data) && isMapping(substituted)) {
      for (const key of Object.keys(substituted)) {
        const value = substituted[key]
        if (getOwn(data, key) === value && Object.prototype.hasOwnProperty.call(data, key)) continue
        observer.write(data, key, getOwn(data, key), value)
        setOwn(data, key, value)
      }
    } else if (pyTruthy(substituted)) {
      context.setData(doc, substituted)
    } else {
      this.failOrSkip(
        DECKHAND_CODES.substitutionFailed,
        `${this.label}: Failed to create JSON path ${destPath} in the destination document ` +
          `${describeDocument(doc)}: the result is empty or false, and Deckhand does not write it over the ` +
          'whole data (UnknownSubstitutionError)',
        [...at, 'path'],
        'Deckhand leaves the document as it is',
      )
      return
    }
    // A shallow copy: the containers inside the value are the source's own.
    if (context.aliasing && !deepcopy && !pyTruthy(srcPattern) && !pyTruthy(destPattern) && isContainer(secret)) {
      context.aliasing.share(secret, {
        source,
        sharer: doc,
        sub: this.sub,
        srcPath: String(getOwn(this.src, 'path')),
      })
    }
    context.onWrite?.({
      doc,
      sub: this.sub,
      at,
      source,
      srcPath: String(getOwn(this.src, 'path')),
      destSteps: [...pathSteps(destPath)],
      ...(pyTruthy(destPattern) ? {} : { value: written }),
      pattern: pyTruthy(destPattern),
      before,
    })
  }

  /** A copy of the value at the destination now, for the history. */
  private snapshot(destPath: string): unknown {
    try {
      return deepCopy(findFirst(this.context.dataOf(this.doc), pathSteps(destPath))?.value)
    } catch {
      return undefined
    }
  }

  private sourcePath(): (string | number)[] | undefined {
    try {
      return pathSteps(String(getOwn(this.src, 'path'))).map((step) => (step.kind === 'field' ? step.key : step.index))
    } catch {
      return undefined
    }
  }

  run(): void {
    const source = this.sourceDocument()
    if (!source) return
    const { secret } = this.secret(source)
    for (const { dest, at } of this.destinations()) this.write(dest, at, secret, source)
  }
}

/** Runs the substitutions of `doc`, in order, on its current data (changed in place, as in Deckhand). */
export function substituteDocument(doc: DeckhandDocument, context: SubstitutionContext): void {
  const list = getOwn(getOwn(doc.raw, 'metadata') as Mapping, 'substitutions') as unknown[]
  for (const sub of doc.substitutions) new SubstitutionRunner(doc, sub, list[sub.index] as Mapping, context).run()
}
