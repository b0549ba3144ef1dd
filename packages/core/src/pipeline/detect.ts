// The detect stage: which dialect the entry is written in — the `dialect` option, else the markers
// its parts and documents carry, else the one dialect whose options were given, else the default
// (values). A dialect that `yields` (cloud-init) gives way to another's directive.
import { weakMemo } from '../memo.ts'
import { DEFAULT_DIALECT, DIALECTS, findDialect } from '../dialects/registry.ts'
import type { Dialect } from '../dialects/types.ts'
import type { ResolvedOptions } from '../options.ts'
import type { ParsedPart } from '../parts.ts'
import type { Problem, Reporter } from '../reporter.ts'
import type { SourceDocument } from '../source-document.ts'
import { NO_HEADERS } from './gather/gather.ts'
import { isImmutable } from '../values.ts'

const MARKED_DIALECTS: readonly Dialect[] = DIALECTS.filter((dialect) => dialect !== DEFAULT_DIALECT)

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
  for (const dialect of MARKED_DIALECTS) {
    const directive = dialect.detect(value, headers)
    if (directive) found.push([dialect, directive])
  }
  if (memo) directivesOfValue.set(value as object, found)
  return found
}

interface Marker {
  dialect: Dialect
  /** The document that carries it; a part that could not be parsed has none, and is located by its problem. */
  doc: SourceDocument | undefined
  at?: Problem['at']
  directive: string
}

const fileOf = (marker: Marker): string => marker.doc?.file ?? marker.at?.file ?? ''

/** Every part, scopes included (before the parts they hold), in reading order. */
function* allParts(parts: readonly ParsedPart[]): Generator<ParsedPart> {
  for (const part of parts) {
    yield part
    if (part.kind === 'scope') yield* allParts(part.parts)
  }
}

export function detectDialect(parts: readonly ParsedPart[], options: ResolvedOptions, report: Reporter): Dialect {
  if (options.dialect !== undefined) return findDialect(options.dialect)!
  let found: Marker | undefined
  let yielding: Marker | undefined
  const mark = (dialect: Dialect, doc: SourceDocument, directive: string): void => {
    if (dialect.yields) {
      yielding ??= { dialect, doc, directive }
      return
    }
    if (found && found.dialect !== dialect) {
      const first = `${found.dialect.name} (${found.directive} in ${fileOf(found)})`
      report.fail({
        code: 'MY_DIALECT_MIXED',
        message: `this entry mixes ${first} and ${dialect.name} (${directive}); an entry uses one dialect`,
        doc,
      })
    }
    found ??= { dialect, doc, directive }
  }
  // A marker of a part that is not a YAML document (a JSON patch, a script) counts when nothing else
  // does: the dialect of the others then says it cannot merge a patch, and ignores a script.
  let patch: Marker | undefined
  for (const part of allParts(parts)) {
    for (const dialect of MARKED_DIALECTS) {
      const marker = dialect.detectPart?.(part)
      if (!marker) continue
      if (part.kind === 'yaml') mark(dialect, part.doc, marker)
      else if (part.kind === 'jsonp') patch ??= { dialect, doc: part.doc, directive: marker }
      else if (part.kind === 'scope') patch ??= { dialect, doc: undefined, directive: marker }
      else if (dialect.yields) yielding ??= { dialect, doc: undefined, at: part.problem.at, directive: marker }
    }
    if (part.kind !== 'yaml') continue
    for (const [dialect, directive] of declaredDirectives(part.doc)) mark(dialect, part.doc, directive)
  }
  if (found && yielding) {
    // The reference system of the dialect would read the yielding dialect's keys as plain data:
    // lenient mode does that (with a warning), strict mode refuses the mix.
    const { name } = found.dialect
    const { directive, doc, at } = yielding
    report.lenient({
      code: 'MY_DIALECT_MIXED',
      message:
        `this entry mixes ${name} (${found.directive} in ${fileOf(found)}) and ${yielding.dialect.name} ` +
        `(${directive}); an entry uses one dialect (lenient mode merges it as ${name}, with ` +
        `${directive} as data)`,
      ...(doc ? { doc } : { at }),
      path: directive.endsWith('header') || directive.endsWith('part') ? [] : [directive],
      target: 'key',
    })
  }
  if (found) return found.dialect
  if (yielding) return yielding.dialect
  if (patch) return patch.dialect
  // No marker anywhere: the options of one dialect (e.g. `datum.lookupOptions`) pick it.
  const configured = MARKED_DIALECTS.filter((dialect) => options.dialectOptions[dialect.name] !== undefined)
  return configured.length === 1 ? configured[0]! : DEFAULT_DIALECT
}
