// The `values` option: how a values entry's layers become the value. Without it (or `chart: false`),
// they are `-f` files merged as `helm template -f a.yaml -f b.yaml` merges them; with `chart: true`, the
// first layer is the chart's own values.yaml and the value is the `.Values` the chart's templates see.
import type { Reporter } from '../../reporter.ts'
import { isMapping } from '../../values.ts'
import type { OptionKeys } from '../types.ts'

export interface ValuesOptions {
  /**
   * The entry's first layer is a chart's values.yaml, the others `-f` files: the value is Helm 4's
   * `.Values` (`CoalesceValues`: a `null` in the `-f` files deletes the chart's default, the chart's own
   * nulls are dropped). Default false: the layers are all `-f` files, a later `null` stays `null`.
   */
  chart?: boolean
}

/** The `values` option's keys (the registry's `optionKeys`). */
export const VALUES_OPTION_KEYS: OptionKeys<ValuesOptions> = { chart: true }

/** Whether the entry is coalesced with a chart; a malformed option fails at the entry's first line. */
export function chartMode(raw: ValuesOptions | undefined, entry: string, report: Reporter): boolean {
  if (raw === undefined) return false
  const chart: unknown = isMapping(raw) ? raw.chart : raw
  if (isMapping(raw) && (chart === undefined || typeof chart === 'boolean')) return chart === true
  return report.fail({
    code: 'MY_VALUES_INVALID_OPTION',
    message: isMapping(raw)
      ? `values.chart: must be true or false, not ${JSON.stringify(chart) ?? String(chart)}`
      : 'values: must be an object such as { chart: true }',
    at: { file: entry, position: { line: 1, column: 1 }, chain: [] },
  })
}
