// `metadata.substitutions` (`SecretsSubstitution.substitute_all` with `jsonpath_parse` and
// `jsonpath_replace`): each substitution reads a value from the rendered data of a concrete source
// document, replacements followed, and writes it at each destination path of the document, or into
// the regex match of `dest.pattern` in the string there. There is no Barbican at build time:
// encrypted sources are read as the cleartext they hold.
// One class: every substitution's checks share its locations and Deckhand's error names (~280 lines).
import type { ErrorCode } from '../../codes.ts'
import type { Problem, Reporter } from '../../reporter.ts'
import { DECKHAND_CODES } from './codes.ts'
import { describeDocument } from './document.ts'
import type { DeckhandDocument, Substitution } from './document.ts'
import { parseDataPath, PathError, readPath, writePath } from './path.ts'
import type { PathStep } from './path.ts'
import { compilePattern, PatternMismatch, pythonSub } from './pyregex.ts'
import { sourceKey } from './replacement.ts'
import type { Replacements } from './replacement.ts'
import { deepCopy, pyTruthy } from './values.ts'
import { getOwn, isMapping, setOwn } from '../../values.ts'
import type { Mapping } from './values.ts'

export interface SubstitutionContext {
  report: Reporter
  replacements: Replacements
  /** Deckhand's `fail_on_missing_sub_src`. */
  failOnMissingSource: boolean
  /** The current rendered data of a document. */
  dataOf: (doc: DeckhandDocument) => unknown
}

type Location = (string | number)[]

class SubstitutionRunner {
  private readonly base: Location
  private readonly entry: Mapping

  constructor(
    private readonly doc: DeckhandDocument,
    private readonly sub: Substitution,
    private readonly context: SubstitutionContext,
  ) {
    this.base = ['metadata', 'substitutions', sub.index]
    // document.ts checked the shape: a mapping with a `src` mapping and one `dest` mapping or a list of them.
    const list = getOwn(getOwn(doc.raw, 'metadata') as Mapping, 'substitutions') as unknown[]
    this.entry = list[sub.index] as Mapping
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

  private unsupported(feature: string, path: Location): never {
    return this.fail(
      DECKHAND_CODES.substitutionUnsupported,
      `${this.label} uses ${feature}, which the Deckhand dialect does not reproduce exactly yet`,
      path,
    )
  }

  /**
   * What Deckhand raises only with `fail_on_missing_sub_src` (the default) and otherwise logs and
   * passes over. Returns when passed over.
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

  private path(text: string, at: Location): PathStep[] {
    try {
      return parseDataPath(text)
    } catch (error) {
      if (!(error instanceof PathError)) throw error
      return this.fail(DECKHAND_CODES.invalidPath, `${this.label}: ${error.message}`, at)
    }
  }

  private source(): DeckhandDocument | undefined {
    const { schema, name } = this.sub
    // Deckhand indexes only sources with a schema and a name.
    const found = schema && name ? this.context.replacements.sources.get(sourceKey(schema, name)) : undefined
    if (!found) {
      this.failOrSkip(
        DECKHAND_CODES.substitutionSourceNotFound,
        `${this.label} reads [${schema}] ${name}, which is not a concrete document of this set ` +
          `(SubstitutionSourceNotFound)`,
        ['src'],
        'Deckhand skips the substitution',
      )
    }
    return found
  }

  /** The value to substitute: `jsonpath_parse(data, src.path)` for mapping data, else the data itself. */
  private secret(source: DeckhandDocument): unknown {
    const src = getOwn(this.entry, 'src') as Mapping
    if (pyTruthy(getOwn(src, 'pattern')) || getOwn(src, 'match_group') !== undefined)
      this.unsupported('src.pattern / src.match_group (extracting part of the source value)', ['src'])
    const srcPath = getOwn(src, 'path') as string
    const data = this.context.dataOf(source)
    let secret = data
    if (isMapping(data)) {
      const steps = this.path(srcPath, ['src', 'path'])
      try {
        secret = readPath(data, steps)
      } catch (error) {
        if (!(error instanceof PathError)) throw error
        this.fail(
          DECKHAND_CODES.invalidPath,
          `${this.label}: reading '${srcPath}' in ${describeDocument(source)}: ${error.message}`,
          ['src', 'path'],
        )
      }
    }
    if (secret === undefined || secret === null) {
      // Deckhand logs the warning and goes on: the destination receives None.
      this.failOrSkip(
        DECKHAND_CODES.substitutionSourceDataNotFound,
        `${this.label}: nothing at '${srcPath}' in the rendered data of ${describeDocument(source)} ` +
          `(SubstitutionSourceDataNotFound)`,
        ['src', 'path'],
        'Deckhand writes null at the destination',
      )
      return null
    }
    return secret
  }

  private destinations(): { dest: Mapping; at: Location }[] {
    const dest = getOwn(this.entry, 'dest')
    if (Array.isArray(dest)) return dest.map((d, j) => ({ dest: d as Mapping, at: ['dest', j] }))
    return [{ dest: dest as Mapping, at: ['dest'] }]
  }

  /** `re.sub(dest.pattern, secret, value at dest.path)`, or undefined when Deckhand leaves the data as it is. */
  private patterned(
    data: unknown,
    steps: PathStep[],
    pattern: unknown,
    secret: unknown,
    destPath: string,
    at: Location,
  ): { value: unknown } | undefined {
    if (typeof pattern !== 'string')
      return this.fail(
        DECKHAND_CODES.invalidDocument,
        `${this.label}: 'dest.pattern' must be a string (a regular expression)`,
        [...at, 'pattern'],
      )
    const target = this.guard(() => readPath(data, steps), destPath, at)
    if (target === undefined) {
      // Deckhand cannot look the pattern up in a value that is not there.
      this.failOrSkip(
        DECKHAND_CODES.missingPattern,
        `${this.label}: nothing at '${destPath}' to apply the pattern ${pattern} to (MissingDocumentPattern)`,
        [...at, 'path'],
        'Deckhand leaves the document as it is',
      )
      return undefined
    }
    // Python's re.sub with a non-string subject or replacement: what Deckhand does there changed between its versions.
    if (typeof target !== 'string')
      this.unsupported(
        `dest.pattern on a destination value that is not a string ` +
          `(${target === null ? 'null' : Array.isArray(target) ? 'a list' : typeof target})`,
        [...at, 'pattern'],
      )
    if (typeof secret !== 'string')
      this.unsupported(`dest.pattern with a source value that is not a string`, [...at, 'pattern'])
    if (secret.includes('\\'))
      this.unsupported(
        `dest.pattern with a source value containing a backslash (Python expands re.sub template escapes such as ` +
          `\\1 and \\n)`,
        [...at, 'pattern'],
      )
    let regex: RegExp
    try {
      regex = compilePattern(pattern)
    } catch (error) {
      if (error instanceof PatternMismatch)
        return this.unsupported(`a dest.pattern with ${error.message}`, [...at, 'pattern'])
      this.failOrSkip(
        DECKHAND_CODES.substitutionFailed,
        `${this.label}: invalid pattern ${pattern}: ${(error as Error).message} (UnknownSubstitutionError)`,
        [...at, 'pattern'],
        'Deckhand leaves the document as it is',
      )
      return undefined
    }
    try {
      return { value: pythonSub(regex, secret, target) }
    } catch (error) {
      if (!(error instanceof PatternMismatch)) throw error
      return this.unsupported(`a dest.pattern with ${error.message}`, [...at, 'pattern'])
    }
  }

  private guard<T>(run: () => T, destPath: string, at: Location): T {
    try {
      return run()
    } catch (error) {
      if (!(error instanceof PathError)) throw error
      return this.fail(DECKHAND_CODES.invalidPath, `${this.label}: '${destPath}': ${error.message}`, [...at, 'path'])
    }
  }

  /** One destination; returns the document's new data. */
  private write(data: unknown, dest: Mapping, at: Location, secret: unknown): unknown {
    const destPath = getOwn(dest, 'path') as string
    if (pyTruthy(getOwn(dest, 'recurse')))
      this.unsupported('dest.recurse (pattern replacement in every string below the path)', [...at, 'recurse'])
    const steps = this.path(destPath, [...at, 'path'])
    const pattern = getOwn(dest, 'pattern')
    // A copy: writing into the destination later must not change the source (Deckhand's
    // test_substitution_does_not_alter_source_document).
    let value = deepCopy(secret)
    if (pyTruthy(pattern)) {
      const result = this.patterned(data, steps, pattern, secret, destPath, at)
      if (!result) return data
      value = result.value
    }
    let written: unknown
    try {
      written = writePath(data, steps, value, destPath)
    } catch (error) {
      if (!(error instanceof PathError)) throw error
      this.failOrSkip(
        DECKHAND_CODES.substitutionFailed,
        `${this.label}: cannot write '${destPath}' in ${describeDocument(this.doc)}: ${error.message} ` +
          `(UnknownSubstitutionError)`,
        [...at, 'path'],
        'Deckhand leaves the document as it is',
      )
      return data
    }
    if (steps.length > 0) return written
    // At the root, Deckhand updates mapping data with a mapping value (keys not in the value stay)
    // and otherwise takes the value unless it is empty or false.
    if (isMapping(data) && isMapping(written)) {
      for (const key of Object.keys(written)) setOwn(data, key, written[key])
      return data
    }
    if (pyTruthy(written)) return written
    this.failOrSkip(
      DECKHAND_CODES.substitutionFailed,
      `${this.label}: Deckhand cannot write the empty or false value ${JSON.stringify(written)} over the whole data ` +
        `of ${describeDocument(this.doc)} (UnknownSubstitutionError)`,
      [...at, 'path'],
      'Deckhand leaves the document as it is',
    )
    return data
  }

  run(data: unknown): unknown {
    const source = this.source()
    if (!source) return data
    const secret = this.secret(source)
    let result = data
    for (const { dest, at } of this.destinations()) result = this.write(result, dest, at, secret)
    return result
  }
}

/**
 * Applies the substitutions of `doc` to `data` (its rendered data, changed in place where Deckhand
 * changes it in place) and returns the new data.
 */
export function applySubstitutions(doc: DeckhandDocument, data: unknown, context: SubstitutionContext): unknown {
  let result = data
  for (const sub of doc.substitutions) result = new SubstitutionRunner(doc, sub, context).run(result)
  return result
}
