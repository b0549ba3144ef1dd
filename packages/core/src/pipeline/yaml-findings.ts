// What reading a document found that is not an error of the YAML itself, as problems to report:
// duplicate keys (PyYAML keeps the last value) and, with the `yamlVersion` option unset, the places
// YAML 1.1 and 1.2 read differently. Each is reported on its own (a collecting reporter goes on). The
// readers and the systems they read for are named as the registry's dialects declare them.
import { YAML11_READERS } from '../dialects/registry.ts'
import type { Problem, Reporter } from '../reporter.ts'
import type { YamlProblem } from '../yaml/types.ts'
import { describeDifference } from '../yaml/version-differences.ts'
import type { VersionDifference } from '../yaml/version-differences.ts'

/** `PyYAML: cloud-init, Deckhand, Heat` (several readers: `; `-separated). */
const READERS = YAML11_READERS.map(({ reader, systems }) => `${reader}: ${systems.join(', ')}`).join('; ')

/** `PyYAML (cloud-init, Deckhand, Heat)`: the readers that keep a duplicate key's last value. */
const LAST_VALUE_READERS = YAML11_READERS.map(({ reader, systems }) => `${reader} (${systems.join(', ')})`).join(
  ' and ',
)

/** Where a finding is, from its position in the parsed text. */
export type FindingSite = (position: YamlProblem['position']) => NonNullable<Problem['at']>

/**
 * A DUPLICATE_KEY warning of the parse, as the problem strict mode refuses and lenient mode warns of; `reader` names
 * whose reading keeps the last value (a dialect's `duplicateKeyReader`), by default the YAML 1.1 readers.
 */
export function duplicateKeyProblem(warning: YamlProblem, site: FindingSite, reader = LAST_VALUE_READERS): Problem {
  return {
    code: 'MY_YAML_DUPLICATE_KEY',
    message: `${warning.message}; the last value is kept, as ${reader} keeps it: remove the other`,
    at: site(warning.position),
  }
}

/** A duplicate key the parse stage found, reported by the read stage once the entry's dialect is known. */
export interface DuplicateKey {
  warning: YamlProblem
  at: NonNullable<Problem['at']>
}

/** The problem of a place YAML 1.1 and 1.2 read differently (lenient mode keeps the 1.2 reading). */
export function versionDifferenceProblem(difference: VersionDifference, site: FindingSite): Problem {
  const problem: Problem = {
    code: 'MY_YAML_VERSION_AMBIGUOUS',
    message: describeDifference(difference, READERS),
    at: site(difference.position),
  }
  differences.set(problem, difference)
  return problem
}

// The difference each problem tells of, for a dialect that tells it in its own words (read.ts).
const differences = new WeakMap<Problem, VersionDifference>()

/** The difference a versionDifferenceProblem tells of. */
export function differenceOf(problem: Problem): VersionDifference | undefined {
  return differences.get(problem)
}

/**
 * Reports a place the versions read differently where the version was not chosen and the reference
 * does not decide it (cloud-init): an error in strict mode, else a warning, the value read as 1.2.
 */
export function refuseVersionGuess(problem: Problem, report: Reporter): void {
  report.lenient(report.strict ? problem : { ...problem, message: `${problem.message}; read as YAML 1.2` })
}
