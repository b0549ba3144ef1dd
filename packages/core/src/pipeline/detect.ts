// The detect stage: which dialect the entry is written in — the `dialect` option, else the
// directives its documents carry, else the one dialect whose options were given, else the default.
import { weakMemo } from '../memo.ts'
import { DEFAULT_DIALECT, DIALECTS, findDialect } from '../dialects/registry.ts'
import type { Dialect } from '../dialects/types.ts'
import type { ResolvedOptions } from '../options.ts'
import { documentParts } from '../parts.ts'
import type { ParsedPart } from '../parts.ts'
import type { Reporter } from '../reporter.ts'
import type { SourceDocument } from '../source-document.ts'
import { NO_HEADERS } from './gather/gather.ts'
import { isImmutable } from '../values.ts'

const OTHER_DIALECTS: readonly Dialect[] = DIALECTS.filter((dialect) => dialect !== DEFAULT_DIALECT)

type Directives = readonly (readonly [Dialect, string])[]

const directivesOfValue = weakMemo<object, Directives>(
  'detect: the directives a document declares',
  'keyed on immutable values only; detection reads nothing but the value',
)

/** The dialects other than the default a document declares, with their directives. */
function declaredDirectives(doc: SourceDocument): Directives {
  const { value, headers } = doc
  const memo = headers === NO_HEADERS && typeof value === 'object' && value !== null && isImmutable(value)
  const known = memo ? directivesOfValue.peek(value as object) : undefined
  if (known !== undefined) return known
  const found: (readonly [Dialect, string])[] = []
  for (const dialect of OTHER_DIALECTS) {
    const directive = dialect.detect(value, headers)
    if (directive) found.push([dialect, directive])
  }
  if (memo) directivesOfValue.set(value as object, found)
  return found
}

export function detectDialect(parts: readonly ParsedPart[], options: ResolvedOptions, report: Reporter): Dialect {
  if (options.dialect !== undefined) return findDialect(options.dialect)!
  let found: { dialect: Dialect; doc: SourceDocument; directive: string } | undefined
  let fallback: { doc: SourceDocument; directive: string } | undefined
  for (const part of documentParts(parts)) {
    if (part.kind !== 'yaml') continue
    for (const [dialect, directive] of declaredDirectives(part.doc)) {
      if (found && found.dialect !== dialect) {
        const first = `${found.dialect.name} (${found.directive} in ${found.doc.file})`
        report.fail({
          code: 'MY_DIALECT_MIXED',
          message: `this entry mixes ${first} and ${dialect.name} (${directive}); an entry uses one dialect`,
          doc: part.doc,
        })
      }
      found ??= { dialect, doc: part.doc, directive }
    }
    const directive = DEFAULT_DIALECT.detect(part.doc.value, part.doc.headers)
    if (directive) fallback ??= { doc: part.doc, directive }
  }
  if (found && fallback) {
    // The reference system of the dialect would read the default dialect's keys as plain data:
    // lenient mode does that (with a warning), strict mode refuses the mix.
    const { name } = found.dialect
    report.lenient({
      code: 'MY_DIALECT_MIXED',
      message:
        `this entry mixes ${name} (${found.directive} in ${found.doc.file}) and ${DEFAULT_DIALECT.name} ` +
        `(${fallback.directive}); an entry uses one dialect (lenient mode merges it as ${name}, with ` +
        `${fallback.directive} as data)`,
      doc: fallback.doc,
      path: fallback.directive.endsWith('header') ? [] : [fallback.directive],
      target: 'key',
    })
  }
  if (found) return found.dialect
  if (fallback) return DEFAULT_DIALECT
  // No directive anywhere: the options of one dialect (e.g. `datum.lookupOptions`) pick it.
  const configured = OTHER_DIALECTS.filter((dialect) => options.dialectOptions[dialect.name] !== undefined)
  return configured.length === 1 ? configured[0]! : DEFAULT_DIALECT
}
