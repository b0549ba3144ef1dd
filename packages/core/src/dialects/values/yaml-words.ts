// A place YAML 1.1 and 1.2 read differently, told to Helm's users: what Helm reads there (its go-yaml v2,
// through sigs.k8s.io/yaml), which is neither version — YAML 1.1's booleans (`on`, `yes`), octals (`0644`),
// binaries and underscores (`1_000`), but YAML 1.2's `0o755`, `08`, `1e3` and `1:20` — and the edit that
// makes the text mean one thing to everyone. Checked against Helm's own parser (the Go oracle in
// ../shared/realworld/oracle/helm-values); a form Helm reads in some other way keeps the generic message.
import type { VersionDifference } from '../../yaml/version-differences.ts'
import { isGoBase64 } from './helm-scalars.ts'

const SET_VERSION = "or set yamlVersion to '1.1' or '1.2' (the yamlVersion option; merged-yaml --yaml-version)"

/** What Helm reads for the text, when it is one of the two versions' readings. */
function helmReading(difference: VersionDifference): { value: unknown } | undefined {
  const { source, yaml11, yaml12 } = difference
  if ('raises' in yaml11) return undefined
  const v11 = yaml11.value
  if (typeof v11 === 'boolean') return { value: v11 }
  // go-yaml has no base 60: `1:20` is text, as in YAML 1.2; other 1.1 numbers (octal, binary, `_`) it reads so.
  if (typeof v11 === 'number') return source.includes(':') ? { value: yaml12 } : { value: v11 }
  if (typeof yaml12 === 'number' || typeof yaml12 === 'string') return { value: yaml12 }
  return undefined
}

function shown(value: unknown): string {
  if (typeof value === 'string') return `the string ${JSON.stringify(value)}`
  if (typeof value === 'number') return `the number ${String(value)}`
  if (typeof value === 'boolean') return `the boolean ${String(value)}`
  if (value === null) return 'null'
  const text = JSON.stringify(value) ?? String(value)
  return text.length > 60 ? `${text.slice(0, 57)}...` : text
}

/** The plain spelling every reader reads as `value` (a boolean, an integer, a plain decimal), if any. */
function spelling(value: unknown): string | undefined {
  if (typeof value === 'boolean') return String(value)
  if (typeof value === 'number' && Number.isFinite(value) && /^-?\d+(\.\d+)?$/.test(String(value))) return String(value)
  if (typeof value === 'string') return `'${value.replaceAll("'", "''")}'`
  return undefined
}

const sameReading = (a: unknown, b: unknown): boolean => a === b || (Number.isNaN(a) && Number.isNaN(b))

/** The message of a difference in a values entry, or undefined for the generic one. */
export function describeForHelm(difference: VersionDifference): string | undefined {
  const { kind, source } = difference
  if (kind === 'merge-key') {
    return (
      "'<<' merges the mapping it names into this one for Helm (go-yaml), as in YAML 1.1, but is an ordinary key " +
      `in YAML 1.2; quote it ('<<') for a key, ${SET_VERSION}`
    )
  }
  if (kind === 'tag' && source.startsWith('!!binary ') && !isGoBase64(source.slice(9))) {
    return (
      `${source.slice(0, 60)}: not base64 as Helm decodes it (padded, no blanks): Helm (go-yaml v2) fails ("!!binary ` +
      `value contains invalid base64 data"); fix the base64; ${SET_VERSION}`
    )
  }
  if (kind !== 'scalar' && kind !== 'key') return undefined
  const helm = helmReading(difference)
  if (helm === undefined || 'raises' in difference.yaml11) return undefined
  const v11 = difference.yaml11.value
  const v12 = difference.yaml12
  const asKey = (value: unknown) => (kind === 'key' ? `the key "${String(value)}"` : shown(value))
  const like12 = sameReading(helm.value, v12)
  const other = like12 ? v11 : v12
  const readings = like12
    ? `${asKey(helm.value)} to Helm (go-yaml) and in YAML 1.2, but ${asKey(v11)} in YAML 1.1`
    : `${asKey(helm.value)} to Helm (go-yaml), as in YAML 1.1, but ${asKey(v12)} in YAML 1.2`
  const fixes: string[] = []
  const helmText = spelling(kind === 'key' ? String(helm.value) : helm.value)
  if (helmText !== undefined && helmText !== source) fixes.push(`${helmText} for what Helm reads`)
  const otherText = spelling(kind === 'key' ? String(other) : other)
  const quoted = `'${source.replaceAll("'", "''")}'`
  if (otherText !== undefined && otherText !== source && otherText !== quoted && otherText !== helmText)
    fixes.push(`${otherText} for what YAML ${like12 ? '1.1' : '1.2'} reads`)
  if (helmText !== quoted) fixes.push(`${quoted} for the text`)
  const what = kind === 'key' ? `the key '${source}'` : `'${source}'`
  return `${what} is ${readings}; write ${fixes.join(', or ')}; ${SET_VERSION}`
}
