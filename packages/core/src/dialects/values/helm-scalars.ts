// Scalars Helm reads otherwise than every YAML version the engine reads (Helm's go-yaml v2, then JSON through
// sigs.k8s.io/yaml), each checked against Helm's own parser (the Go oracle in ../shared/realworld/oracle/helm-values):
// - a plain `y`, `Y`, `n` or `N` value is a boolean to Helm, a string in YAML 1.1 and 1.2 alike (whatever
//   yamlVersion says): strict mode refuses the guess, located, lenient mode reads the string;
// - `!!binary` is decoded to a Go string, so Helm's value is the text of the bytes: so is ours. Bytes that are not
//   UTF-8 become U+FFFD each in Helm's JSON step, silently: strict mode refuses them, lenient mode reads as Helm.
// Keys stay as the engine reads them (a `y:` key is "true" to Helm: docs/values.md).
import type { Reporter } from '../../reporter.ts'
import type { SourceDocument } from '../../source-document.ts'
import { weakMemo } from '../../memo.ts'
import { isImmutable, isMapping } from '../../values.ts'
import type { PathSegment } from '../../values.ts'

/** Places reported per document, at most. */
const MAX_FINDINGS = 20

const HELM_BOOLEANS: Readonly<Record<string, boolean>> = { y: true, Y: true, n: false, N: false }

/** The length of the valid UTF-8 sequence at `i`, or 0 (Go's utf8.DecodeRune: RuneError of width 1). */
function sequenceLength(bytes: Uint8Array, i: number): number {
  const c = bytes[i]!
  if (c < 0x80) return 1
  let length: number
  let low = 0x80
  let high = 0xbf
  if (c >= 0xc2 && c <= 0xdf) length = 2
  else if (c >= 0xe0 && c <= 0xef) {
    length = 3
    if (c === 0xe0) low = 0xa0
    if (c === 0xed) high = 0x9f
  } else if (c >= 0xf0 && c <= 0xf4) {
    length = 4
    if (c === 0xf0) low = 0x90
    if (c === 0xf4) high = 0x8f
  } else return 0
  if (i + length > bytes.length || bytes[i + 1]! < low || bytes[i + 1]! > high) return 0
  for (let k = 2; k < length; k++) if (bytes[i + k]! < 0x80 || bytes[i + k]! > 0xbf) return 0
  return length
}

const decoder = new TextDecoder('utf-8', { ignoreBOM: true })

/** The bytes as Go's encoding/json writes a string holding them: each byte that is not UTF-8 is U+FFFD. */
function goJsonString(bytes: Uint8Array): { text: string; replaced: number } {
  let text = ''
  let replaced = 0
  let start = 0
  let i = 0
  while (i < bytes.length) {
    const length = sequenceLength(bytes, i)
    if (length > 0) {
      i += length
      continue
    }
    text += `${decoder.decode(bytes.subarray(start, i))}\uFFFD`
    replaced++
    start = ++i
  }
  return { text: text + decoder.decode(bytes.subarray(start)), replaced }
}

/** Go's base64.StdEncoding.DecodeString accepts it: the alphabet, `=` padding to a multiple of 4; CR and LF ignored. */
export function isGoBase64(text: string): boolean {
  const data = text.replace(/[\r\n]/g, '')
  return data.length % 4 === 0 && /^[A-Za-z0-9+/]*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/.test(data)
}

/**
 * The text of a one-line `!!binary` scalar from its source (`aGk= # c`, `"aGk="`), or undefined where that cannot be
 * told from the line alone (a block scalar, a quoted scalar that goes on or holds an escape).
 */
function binaryText(source: string): string | undefined {
  const quote = source[0]
  if (quote === '"' || quote === "'") {
    const end = source.indexOf(quote, 1)
    const text = end < 0 ? undefined : source.slice(1, end)
    return text === undefined || text.includes('\\') ? undefined : text
  }
  if (quote === '|' || quote === '>') return undefined
  return source.split(/ #|[,\]}]/, 1)[0]!.trim()
}

// A shared layer (the render cache's frozen value) with nothing Helm reads otherwise is walked once, not per entry.
const readAlike = weakMemo<object, true>(
  'values: a document Helm reads as YAML does',
  'keyed on immutable values only; what is reported depends on the value and its source text, parsed from it',
)

/** Whether a leaf is one Helm may read otherwise: a one-character string (`y`), or bytes (`!!binary`). */
const mayDiffer = (value: unknown): boolean =>
  typeof value === 'object' ? value !== null : typeof value === 'string' && value.length === 1

/** Sets `key` on a copy without calling a `__proto__` setter. */
function define(target: object, key: PropertyKey, value: unknown): void {
  Object.defineProperty(target, key, { value, writable: true, enumerable: true, configurable: true })
}

/**
 * Reports the document's `y`/`n` values and bytes that are not UTF-8 (strict: errors), and returns its value as
 * Helm reads it: each `!!binary` the string of its bytes (the same value when there is none; never changed in place).
 */
export function readAsHelm(doc: SourceDocument, report: Reporter): unknown {
  const shared = typeof doc.value === 'object' && doc.value !== null && isImmutable(doc.value)
  if (shared && readAlike.peek(doc.value as object)) return doc.value
  let found = 0
  const path: PathSegment[] = []
  const guessed = (value: string): void => {
    const source = doc.scalarSource?.([...path])
    // Only a plain scalar: quoted, block and alias values start otherwise, a tag (and an anchor) precede it.
    if (source === undefined || source[0] !== value || !/^.(?:$|[ \t,\]}#])/.test(source)) return
    if (/(?:^|[ \t,[{])!\S*[ \t]+(?:&\S+[ \t]+)?$/.test(doc.sourceBefore?.([...path]) ?? '')) return
    found++
    const helm = HELM_BOOLEANS[value]!
    report.lenient({
      code: 'MY_VALUES_HELM_AMBIGUOUS',
      message:
        `'${value}' is the boolean ${helm} to Helm (go-yaml v2), but the string "${value}" in YAML 1.2 and in YAML ` +
        `1.1 alike, whatever yamlVersion says; write ${helm} for what Helm reads, or '${value}' for the text ` +
        '(lenient mode reads the string)',
      doc,
      path: [...path],
    })
  }
  const bytesAsHelm = (bytes: Uint8Array): string => {
    const { text, replaced } = goJsonString(bytes)
    const source = doc.scalarSource?.([...path])
    const written = source === undefined ? undefined : binaryText(source)
    // A plain scalar whose first line holds fewer bytes goes on below: its lines fold with a blank Go refuses.
    const folded = written !== undefined && !/^["']/.test(source!) && (written.length / 4) * 3 < bytes.length
    if (written !== undefined && (folded || !isGoBase64(written)) && found++ < MAX_FINDINGS) {
      report.lenient({
        code: 'MY_VALUES_HELM_UNREADABLE',
        message:
          '!!binary text that is not base64 as Helm decodes it (padded, no blanks): Helm (go-yaml v2) fails ' +
          '("!!binary value contains invalid base64 data"); fix the base64 (lenient mode reads the bytes YAML decodes)',
        doc,
        path: [...path],
      })
    } else if (replaced > 0 && found++ < MAX_FINDINGS) {
      report.lenient({
        code: 'MY_VALUES_HELM_BINARY',
        message:
          `!!binary of ${bytes.length} bytes, ${replaced} of which are not UTF-8: Helm (go-yaml v2) reads the bytes ` +
          'as a string, and its JSON step turns each such byte into U+FFFD; encode UTF-8 text, or write the value ' +
          'another way (lenient mode reads it as Helm does)',
        doc,
        path: [...path],
      })
    }
    return text
  }
  const walk = (value: unknown): unknown => {
    if (typeof value === 'string') {
      if (value.length === 1 && value in HELM_BOOLEANS && found < MAX_FINDINGS) guessed(value)
      return value
    }
    if (typeof value !== 'object' || value === null) return value
    if (value instanceof Uint8Array) return bytesAsHelm(value)
    let copy: object | undefined
    const visit = (key: PathSegment, item: unknown): void => {
      // Most leaves (numbers, longer strings) are read alike: not visited.
      if (!mayDiffer(item)) return
      path.push(key)
      const next = walk(item)
      path.pop()
      if (next === item) return
      copy ??= Array.isArray(value) ? [...value] : { ...value }
      define(copy, key, next)
    }
    if (Array.isArray(value)) for (let i = 0; i < value.length; i++) visit(i, value[i])
    else if (isMapping(value)) for (const key of Object.keys(value)) visit(key, value[key])
    return copy ?? value
  }
  const value = walk(doc.value)
  if (shared && found === 0 && value === doc.value) readAlike.set(doc.value as object, true)
  return value
}
