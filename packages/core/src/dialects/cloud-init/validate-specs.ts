// The names and options of a merger list checked against what cloud-init's mergers read.
import { suggestName } from '../../suggest.ts'
import { MERGER_NAMES, MERGER_OPTIONS } from './directive.ts'
import type { DirectiveProblem, MergerName, MergerSpec } from './directive.ts'

const ALL_OPTIONS = [...new Set(Object.values(MERGER_OPTIONS).flat())]

/**
 * Checks names and options against what cloud-init's mergers read. Unknown names are fatal (cloud-init
 * fails to import the module); unknown or inapplicable options are silently ignored by cloud-init.
 * Whether the set has a dict merger is checked where the effective set is known (the stack).
 */
export function validateSpecs(specs: readonly MergerSpec[]): DirectiveProblem[] {
  const problems: DirectiveProblem[] = []
  specs.forEach((spec, entry) => {
    if (!(MERGER_NAMES as readonly string[]).includes(spec.name)) {
      const suggestion = suggestName(spec.name, MERGER_NAMES)
      problems.push({
        code: 'MY_UNKNOWN_MERGER',
        message: `unknown merger '${spec.name}' (cloud-init has dict, list and str)`,
        fatal: true,
        entry,
        ...(suggestion ? { suggestion } : {}),
      })
      return
    }
    if (typeof spec.options === 'string') return
    const known = MERGER_OPTIONS[spec.name as MergerName]
    for (const option of spec.options) {
      if (typeof option === 'string' && known.includes(option)) continue
      const text = typeof option === 'string' ? option : JSON.stringify(option)
      // Reported as a missing '+'.
      if (typeof option === 'string' && (option.includes('(') || option.includes(')'))) continue
      const elsewhere = typeof option === 'string' && ALL_OPTIONS.includes(option)
      const suggestion = typeof option === 'string' && !elsewhere ? suggestName(option, known) : undefined
      problems.push({
        code: 'MY_UNKNOWN_MERGE_OPTION',
        message: elsewhere
          ? `option '${text}' has no effect on the ${spec.name} merger (it takes ${known.join(', ')})`
          : `unknown option '${text}' for the ${spec.name} merger (it takes ${known.join(', ')})`,
        fatal: false,
        entry,
        ...(suggestion ? { suggestion } : {}),
      })
    }
  })
  return problems
}
