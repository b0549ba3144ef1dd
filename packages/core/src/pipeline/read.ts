// The read stage: the parse and detect stages, and the YAML version settled between them. With
// `yamlVersion` unset the parts are read as 1.2, noting where YAML 1.1 reads otherwise; then, by the
// dialect's reference reader (docs/yaml-versions.md): Heat and Deckhand (PyYAML) read the parts again
// as 1.1; Datum (YamlDotNet) reads those forms as 1.2 does; cloud-init, whose parts are PyYAML's but
// whose frontend users expect 1.2, refuses the guess in strict mode and reads 1.2 with a warning.
import { findDialect } from '../dialects/registry.ts'
import type { Dialect } from '../dialects/types.ts'
import type { ResolvedOptions } from '../options.ts'
import { documentParts } from '../parts.ts'
import type { ParsedPart } from '../parts.ts'
import type { RenderCache } from '../render-cache.ts'
import type { Problem, Reporter } from '../reporter.ts'
import type { YamlVersion } from '../yaml/types.ts'
import { createTextPositions } from '../yaml/text-positions.ts'
import { mapPartPosition } from '../source-document.ts'
import { detectDialect } from './detect.ts'
import { reportNearMisses } from './near-miss.ts'
import type { GatheredItem } from './gather/gather.ts'
import { parseParts } from './parse.ts'
import { differenceOf, duplicateKeyProblem, refuseVersionGuess } from './yaml-findings.ts'
import type { DuplicateKey } from './yaml-findings.ts'

/** The YAML version the options choose: `yamlVersion`, else the default of the dialect the options force. */
function chosenYamlVersion(options: ResolvedOptions): YamlVersion | undefined {
  return options.yamlVersion ?? (options.dialect === undefined ? undefined : findDialect(options.dialect)?.yamlVersion)
}

/** Docker Compose's merge tags in an entry of a dialect that does not read them: as the reader reports a tag it does
 * not know. */
function reportMergeTags(parts: readonly ParsedPart[], dialect: Dialect, report: Reporter): void {
  for (const part of documentParts(parts)) {
    if (part.kind !== 'yaml') continue
    for (const { path, tag } of part.doc.mergeTags ?? []) {
      report.warn({
        code: 'MY_YAML_TAG_RESOLVE_FAILED',
        message:
          `Unresolved tag: ${tag} (a merge tag of the values dialect; ` +
          `this ${dialect.name} entry reads the plain value)`,
        doc: part.doc,
        path,
        target: 'key',
      })
    }
  }
}

/** The lines of each part the dialect's reference cannot read (Dialect.checkPartText). */
function reportUnreadableLines(items: readonly GatheredItem[], dialect: Dialect, report: Reporter): void {
  for (const item of items) {
    if (item.kind === 'scope') {
      reportUnreadableLines(item.items, dialect, report)
      continue
    }
    const findings = dialect.checkPartText!(item.text)
    if (findings.length === 0) continue
    const positionOf = createTextPositions(item.text)
    const { origin } = item
    for (const { offset, message } of findings) {
      const position = mapPartPosition(origin, positionOf(offset))
      report.collect(() =>
        report.lenient({
          code: 'MY_VALUES_HELM_UNREADABLE',
          message,
          at: { file: origin.file, position, chain: origin.chain, source: origin.fileText },
        }),
      )
    }
  }
}

/** Duplicate keys, in the words of the dialect's reference (values: Helm's go-yaml), each on its own. */
function reportDuplicateKeys(duplicates: readonly DuplicateKey[], dialect: Dialect, report: Reporter): void {
  for (const { warning, at } of duplicates)
    report.collect(() => report.lenient(duplicateKeyProblem(warning, () => at, dialect.duplicateKeyReader)))
}

export function readParts(
  items: readonly GatheredItem[],
  options: ResolvedOptions,
  report: Reporter,
  cache: RenderCache | undefined,
): { parts: ParsedPart[]; dialect: Dialect } {
  const found = { differences: [] as Problem[], duplicates: [] as DuplicateKey[] }
  const { differences } = found
  const mark = report.markWarnings()
  const parts = parseParts(items, options, chosenYamlVersion(options), report, cache, found)
  const parsed = report.markWarnings()
  const dialect = detectDialect(parts, options, report)
  const reread = differences.length > 0 && dialect.yamlVersion === '1.1'
  if (!reread) reportDuplicateKeys(found.duplicates, dialect, report)
  reportNearMisses(parts, report)
  // Invalid YAML fails the render on its own: its error comes alone.
  const valid = ![...documentParts(parts)].some((part) => part.kind === 'invalid')
  if (dialect.checkPartText && valid) reportUnreadableLines(items, dialect, report)
  if (!dialect.readsMergeTags) reportMergeTags(parts, dialect, report)
  if (differences.length === 0 || dialect.yamlVersion === '1.2') return { parts, dialect }
  if (reread) {
    // Read again as the dialect's reference reads it (the dialect is recognised from the 1.2 reading:
    // its markers are plain strings both read alike); the 1.2 reading's warnings give way.
    const detected = report.takeWarnings(parsed)
    report.takeWarnings(mark)
    const again = { differences: [], duplicates: [] as DuplicateKey[] }
    const parts11 = parseParts(items, options, '1.1', report, cache, again)
    report.restoreWarnings(detected)
    reportDuplicateKeys(again.duplicates, dialect, report)
    return { parts: parts11, dialect }
  }
  // Each place on its own: strict mode reports them all, and the parts' other errors after them.
  for (const problem of differences) {
    const difference = dialect.describeVersionDifference && differenceOf(problem)
    const message = difference ? dialect.describeVersionDifference!(difference) : undefined
    report.collect(() => refuseVersionGuess(message ? { ...problem, message } : problem, report))
  }
  return { parts, dialect }
}
