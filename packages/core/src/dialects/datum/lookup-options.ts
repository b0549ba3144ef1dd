// Assembling the strategy table of a lookup (`Resolve-Datum`, docs/datum.md#the-options) and
// choosing the strategy of a path (`Get-MergeStrategyFromPath`): an exact key first, then regex
// keys.
import { compileEcma, RegexUnsupported } from '../../linear-regex.ts'
import type { LinearRegex } from '../../linear-regex.ts'
import type { Reporter } from '../../reporter.ts'
import { foldCase, isDatumMap } from './keys.ts'
import { normalisePath } from './path.ts'
import { psTruthy } from './powershell.ts'
import { DATUM_REGEX } from './strategy.ts'
import { presetStrategy, readStrategy } from './strategy.ts'
import type { Strategy } from './strategy.ts'
import { locate, within } from './types.ts'
import type { Where } from './types.ts'
import { validateStrategy } from './validate.ts'

/** A directive value and where it was declared. */
export interface Declared {
  value: unknown
  where: Where
}

export interface DeclaredOptions {
  defaultLookupOptions?: Declared
  lookupOptions?: Declared
}

interface RegexOption {
  key: string
  pattern: LinearRegex
  strategy: Strategy
  where: Where
}

/** The literal key that replaces Datum's implicit default. */
const CATCH_ALL = '^.*'

/**
 * The strategies of one entry. Deviation from Datum, whose regex order is a .NET Hashtable's
 * (unspecified): exact keys first, then regex keys in declaration order, then `^.*` (the user's,
 * or the implicit default).
 */
export class StrategyTable {
  readonly #cache = new Map<string, Strategy>()

  constructor(
    private readonly exact: ReadonlyMap<string, Strategy>,
    private readonly regexes: readonly RegexOption[],
    private readonly fallback: Strategy,
    private readonly report: Reporter,
  ) {}

  /** The strategy for a `\`-separated property path. */
  strategyFor(path: string): Strategy {
    const folded = foldCase(path)
    let strategy = this.#cache.get(folded)
    if (!strategy) {
      strategy = this.#choose(path, folded)
      this.#cache.set(folded, strategy)
    }
    return strategy
  }

  #choose(path: string, folded: string): Strategy {
    const exact = this.exact.get(folded)
    if (exact) return exact
    const matches = this.regexes.filter((option) => option.pattern.test(path))
    const [first, ...others] = matches.filter((option) => option.key !== CATCH_ALL)
    const rival = others.find((option) => JSON.stringify(option.strategy) !== JSON.stringify(first!.strategy))
    if (first && rival) {
      this.report.lenient({
        code: 'MY_DATUM_AMBIGUOUS_REGEX' as const,
        message:
          `path '${path}' matches the regex keys '${first.key}' and '${rival.key}' with different ` +
          `strategies; Datum's choice between them is unspecified (this dialect takes the first declared, ` +
          `'${first.key}')`,
        ...locate(rival.where, 'key'),
      })
    }
    return matches[0]?.strategy ?? this.fallback
  }
}

/** Options given to render() have no node to point at: their messages name the option. */
function sourceOf(where: Where): string {
  return where.doc ? '' : 'option datum.lookupOptions: '
}

function readDefault(declared: Declared | undefined, report: Reporter): Strategy {
  if (!declared) return presetStrategy('MostSpecific')
  const { value, where } = declared
  validateStrategy(value, where, `${sourceOf(where)}default_lookup_options`, report)
  if (!psTruthy(value)) return presetStrategy('MostSpecific')
  return readStrategy(value)
}

function readLookupOptions(declared: Declared | undefined, report: Reporter): Record<string, unknown> {
  if (!declared || declared.value === null || declared.value === undefined) return {}
  if (isDatumMap(declared.value)) return declared.value
  const problem = {
    code: 'MY_DATUM_INVALID_LOOKUP_OPTIONS' as const,
    message: 'lookup_options must be a mapping of property paths (or ^regexes) to strategies',
    ...locate(declared.where),
  }
  // Datum adds the value to a hashtable, which throws for anything but an empty (falsy) value.
  if (psTruthy(declared.value)) report.fail(problem)
  report.lenient(problem)
  return {}
}

export function createStrategyTable(declared: DeclaredOptions, report: Reporter): StrategyTable {
  const lookupOptions = readLookupOptions(declared.lookupOptions, report)
  const where = declared.lookupOptions?.where ?? { path: [] }
  const exact = new Map<string, Strategy>()
  const exactKeys = new Map<string, string>()
  const regexes: RegexOption[] = []
  let catchAll: RegexOption | undefined
  for (const key of Object.keys(lookupOptions)) {
    const value = lookupOptions[key]
    const at = within(where, key)
    const label = `${sourceOf(where)}lookup_options '${key}'`
    validateStrategy(value, at, label, report)
    if (key.startsWith('^')) {
      let pattern: LinearRegex
      try {
        pattern = compileEcma(key, DATUM_REGEX)
      } catch (error) {
        if (error instanceof RegexUnsupported) {
          report.fail({
            code: 'MY_REGEX_UNSUPPORTED' as const,
            message: `${label} uses ${error.message}; Datum would run it on .NET's backtracking engine`,
            ...locate(at, 'key'),
          })
        }
        const reason =
          error instanceof Error ? error.message.replace(/^Invalid regular expression: /, '') : String(error)
        report.lenient({
          code: 'MY_DATUM_INVALID_REGEX' as const,
          message: `${label} is not a valid regular expression (${reason}); Datum skips it`,
          ...locate(at, 'key'),
        })
        continue
      }
      const option = { key, pattern, strategy: readStrategy(value), where: at }
      if (key === CATCH_ALL) catchAll = option
      else regexes.push(option)
      continue
    }
    const path = normalisePath(key)
    const folded = foldCase(path)
    const previous = exactKeys.get(folded)
    if (previous !== undefined) {
      report.fail({
        code: 'MY_DATUM_DUPLICATE_OPTION_PATH' as const,
        message:
          `lookup_options names the path '${path}' twice ('${previous}' and '${key}'); Datum rejects lookup ` +
          `options that differ only in their separators`,
        ...locate(at, 'key'),
      })
    }
    exactKeys.set(folded, key)
    // An exact key counts only with a truthy value (strings become preset mappings first).
    if (typeof value === 'string' || psTruthy(value)) exact.set(folded, readStrategy(value))
  }
  const fallback = { ...readDefault(declared.defaultLookupOptions, report), inherits: true }
  if (!catchAll) return new StrategyTable(exact, regexes, fallback, report)
  if (declared.defaultLookupOptions) {
    report.lenient({
      code: 'MY_DATUM_IGNORED_DEFAULT' as const,
      message: "default_lookup_options has no effect: lookup_options declares '^.*', which replaces the default",
      ...locate(declared.defaultLookupOptions.where, 'key'),
    })
  }
  return new StrategyTable(exact, [...regexes, catchAll], catchAll.strategy, report)
}
