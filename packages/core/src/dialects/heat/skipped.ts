// With `strict: false` the engine skips a part whose YAML cannot be parsed, with a warning, because
// that is what cloud-init does. Heat's environment_format.parse raises ValueError instead, so a Heat
// entry turns those warnings back into the error Heat gives.
import { MergedYamlError } from '../../diagnostics.ts'
import type { Reporter } from '../../report.ts'

/** Codes under which the engine reports a part it dropped because its YAML is unusable. */
const UNPARSABLE_PART_CODES: readonly string[] = ['MY_YAML_SYNTAX', 'MY_YAML_ALIAS_LIMIT', 'MY_YAML_TOO_DEEP']

export function rejectUnparsableParts(report: Reporter): void {
  const skipped = report.warnings.filter((d) => UNPARSABLE_PART_CODES.includes(d.code))
  if (skipped.length === 0) return
  throw new MergedYamlError(
    skipped.map((d) => ({
      ...d,
      severity: 'error' as const,
      message: `${d.message.replace(/; cloud-init skips this part$/, '')}: Heat rejects an environment file that is not valid YAML (ValueError)`,
    })),
    report.root,
  )
}
