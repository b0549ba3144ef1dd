// Which dialects record provenance value by value and which only the layers of each top-level key,
// as the registry declares it (`recordsPerValue`), in the words `merged-yaml explain`, its help and
// docs/cli.md use (a test keeps the docs' sentence equal to this one).
import { DIALECT_NAMES, DIALECT_SURFACES } from '@merged-yaml/core/internal'
import type { DialectSurface } from '@merged-yaml/core/internal'

const listed = (names: readonly string[]): string =>
  names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`

/** `--node`: the flag that sets the option which makes a dialect record every value. */
function flagOf(dialect: DialectSurface, option: string): string {
  const flag = dialect.flags.find((candidate) => candidate.option === option)
  return flag ? `--${flag.flag}` : `the ${dialect.name}.${option} option`
}

// As the help lists the dialects: the default first.
const DIALECTS = [...DIALECT_SURFACES].sort((a, b) => DIALECT_NAMES.indexOf(a.name) - DIALECT_NAMES.indexOf(b.name))

function describe(): { perValue: string; topLevel: string } {
  const always = DIALECTS.filter((dialect) => dialect.recordsPerValue === true).map(({ name }) => name)
  const never = DIALECTS.filter((dialect) => dialect.recordsPerValue === false).map(({ name }) => name)
  const perValue = always.length > 0 ? [`${listed(always)} entries`] : []
  const topLevel = never.length > 0 ? [`${listed(never)} entries`] : []
  for (const dialect of DIALECTS) {
    const { recordsPerValue } = dialect
    if (typeof recordsPerValue !== 'object') continue
    const flag = flagOf(dialect, recordsPerValue.option)
    perValue.push(`${dialect.name} entries with ${flag}`)
    topLevel.push(`${dialect.name} entries without ${flag}`)
  }
  return { perValue: perValue.join(', and '), topLevel: topLevel.join(' and ') }
}

/** `values, deckhand and cloud-init entries, and datum entries with --node`. */
export const PER_VALUE_DIALECTS = describe().perValue

/** The whole rule, one sentence: which entries record every value, which the top-level keys only. */
export const PROVENANCE_DETAIL =
  `Per-value provenance is recorded for ${PER_VALUE_DIALECTS}; ${describe().topLevel} ` +
  'show which layers define each top-level key only.'
