// cloud-init's content sniffing (`handlers.type_from_starts_with`, INCLUSION_TYPES_MAP).
import { suggestName } from '../../suggest.ts'

export type PartType =
  | 'text/x-include-url'
  | 'text/x-include-once-url'
  | 'text/cloud-config-archive'
  | 'text/cloud-config-jsonp'
  | 'text/cloud-config'
  | 'text/x-shellscript'
  | 'text/part-handler'
  | 'text/cloud-boothook'
  | 'text/jinja2'

const PREFIXES: readonly [string, PartType][] = [
  ['#include-once', 'text/x-include-once-url'],
  ['#include', 'text/x-include-url'],
  ['#cloud-config-archive', 'text/cloud-config-archive'],
  ['#cloud-config-jsonp', 'text/cloud-config-jsonp'],
  ['#cloud-config', 'text/cloud-config'],
  ['#!', 'text/x-shellscript'],
  ['#part-handler', 'text/part-handler'],
  ['#cloud-boothook', 'text/cloud-boothook'],
  ['## template: jinja', 'text/jinja2'],
]

/** The type a payload's first characters declare; the longest matching prefix wins. */
export function sniffType(payload: string): PartType | undefined {
  const start = Math.max(0, payload.search(/\S/))
  // Every prefix starts with `#`: most layers start with a key.
  if (payload.charCodeAt(start) !== 0x23) return undefined
  const head = payload.slice(start, start + 64).toLowerCase()
  let best: [string, PartType] | undefined
  for (const entry of PREFIXES) {
    if (head.startsWith(entry[0]) && (!best || entry[0].length > best[0].length)) best = entry
  }
  return best?.[1]
}

/** What the headers above are called without their `#` (`include`, `cloud-config`, …). */
const HEADER_NAMES = PREFIXES.map(([prefix]) => prefix.slice(1)).filter((name) => /^[a-z-]+$/.test(name))

/**
 * A first line that nearly is a header (`#inclde`, `# include`, `#cloud_config`) in a payload that has
 * none: the header it resembles and where the line starts. A comment sentence (`# include the defaults`)
 * is not one: only a line of one word, or of the header's name spaced out.
 */
export function nearHeader(payload: string): { suggestion: string; offset: number } | undefined {
  const offset = Math.max(0, payload.search(/\S/))
  if (payload.charCodeAt(offset) !== 0x23 || payload.startsWith('#!', offset)) return undefined
  const end = payload.indexOf('\n', offset)
  const rest = payload.slice(offset + 1, end < 0 ? offset + 80 : Math.min(end, offset + 80))
  const words = rest.trim().split(/\s+/)
  const compact = words.join('').toLowerCase()
  if (compact === '' || words.length > 2) return undefined
  const exact = HEADER_NAMES.find((name) => name === compact)
  const name = exact ?? (words.length === 1 ? suggestName(compact, HEADER_NAMES) : undefined)
  return name === undefined ? undefined : { suggestion: `#${name}`, offset }
}

/** Declared types that cloud-init sniffs the payload of instead of trusting. */
const SNIFFED = new Set(['text/plain', 'text/x-not-multipart', 'text/x-shellscript'])

export function resolvePartType(declared: string | undefined, payload: string): string | undefined {
  if (declared === undefined || SNIFFED.has(declared)) return sniffType(payload) ?? declared
  return declared
}

/** Content types cloud-init decompresses (`util.decomp_gzip` on these parts). */
export const GZIP_TYPES = new Set([
  'application/gzip',
  'application/gzip-compressed',
  'application/gzipped',
  'application/x-compress',
  'application/x-compressed',
  'application/x-gunzip',
  'application/x-gzip',
  'application/x-gzip-compressed',
])

export function isGzip(bytes: Uint8Array): boolean {
  return bytes.length >= 2 && bytes[0] === 0x1f && bytes[1] === 0x8b
}
