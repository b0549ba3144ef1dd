// Text output helpers: colours (only on a TTY without NO_COLOR), paths relative to the working
// directory, key paths, short values and diagnostics.
import { isAbsolute, relative } from 'node:path'
import { formatDiagnostic } from '@merged-yaml/core'
import type { Diagnostic, YamlVersion } from '@merged-yaml/core'
import { formatPath } from 'unplugin-merged-yaml/codegen'
import { Document, isScalar, Scalar, visit } from 'yaml'

/** Where output goes: process.stdout / process.stderr, or a buffer in tests. */
export interface Writer {
  write(chunk: string): unknown
  isTTY?: boolean
}

export interface Style {
  bold(text: string): string
  dim(text: string): string
  red(text: string): string
  green(text: string): string
  yellow(text: string): string
  cyan(text: string): string
  magenta(text: string): string
}

const sgr =
  (open: number, close: number) =>
  (text: string): string =>
    `\u001B[${open}m${text}\u001B[${close}m`

const plain = (text: string): string => text

/** Colours for a stream: on when it is a terminal and NO_COLOR is unset or empty (no-color.org). */
export function createStyle(stream: Writer, env: Readonly<Record<string, string | undefined>>): Style {
  const enabled = stream.isTTY === true && !env.NO_COLOR
  if (!enabled) return { bold: plain, dim: plain, red: plain, green: plain, yellow: plain, cyan: plain, magenta: plain }
  return {
    bold: sgr(1, 22),
    dim: sgr(2, 22),
    red: sgr(31, 39),
    green: sgr(32, 39),
    yellow: sgr(33, 39),
    cyan: sgr(36, 39),
    magenta: sgr(35, 39),
  }
}

/** A file as the user would type it from `cwd`: relative when inside, absolute otherwise. */
export function displayPath(file: string, cwd: string): string {
  if (!isAbsolute(file)) return file
  const rel = relative(cwd, file)
  return rel && !rel.startsWith('..') && !isAbsolute(rel) ? rel : file
}

/**
 * A key path as `server.hosts[0].name`, keys that are not identifier-like quoted (`["a.b"]`), as the
 * inspector writes it; the root as `(root)`.
 */
export function formatKeyPath(path: readonly (string | number)[]): string {
  return path.length === 0 ? '(root)' : formatPath(path)
}

/** Parses `a.b[0]["x.y"]` (also `a.b.0`) into segments; numbers in brackets are list indices. */
export function parseKeyPath(text: string): (string | number)[] | undefined {
  const segments: (string | number)[] = []
  let rest = text.trim()
  if (rest === '') return undefined
  let first = true
  while (rest.length > 0) {
    let match: RegExpExecArray | null
    if ((match = /^\[(\d+)\]/.exec(rest))) segments.push(Number(match[1]))
    else if ((match = /^\[("(?:[^"\\]|\\.)*")\]/.exec(rest))) segments.push(JSON.parse(match[1]!) as string)
    else if ((match = /^\['([^']*)'\]/.exec(rest))) segments.push(match[1]!)
    else if ((match = (first ? /^([^.[\]]+)/ : /^\.([^.[\]]+)/).exec(rest))) segments.push(match[1]!)
    else return undefined
    rest = rest.slice(match[0].length)
    first = false
  }
  return segments
}

/**
 * Bytes (`!!binary`) in JSON output: `{"$base64": "…"}`, as the real-world corpus writes them. A
 * replacer sees a Buffer after its toJSON, so bytes are recognised on the holder.
 */
export function bytesAsBase64(this: unknown, key: string, value: unknown): unknown {
  const raw = (this as Record<string, unknown>)[key]
  return raw instanceof Uint8Array ? { $base64: Buffer.from(raw).toString('base64') } : value
}

/** A value on one line, shortened: scalars as JSON, containers by their size when long. */
export function formatShortValue(value: unknown, max = 60): string {
  if (value === undefined) return ''
  let text: string
  try {
    text = JSON.stringify(value, bytesAsBase64) ?? String(value)
  } catch {
    text = String(value)
  }
  if (typeof value === 'number' && !Number.isFinite(value)) text = String(value)
  if (text.length <= max) return text
  if (Array.isArray(value)) return `[… ${value.length} items]`
  if (typeof value === 'object' && value !== null) return `{… ${Object.keys(value).length} keys}`
  return `${text.slice(0, max - 1)}…`
}

/** A diagnostic's full text (location, did-you-mean, include chain, code frame), its heading coloured. */
export function formatDiagnosticText(d: Diagnostic, cwd: string, style: Style): string {
  const text = formatDiagnostic(d, cwd)
  const label = `${d.severity} ${d.code}`
  const paint = d.severity === 'error' ? style.red : style.yellow
  const newline = text.indexOf('\n')
  const heading = newline < 0 ? text : text.slice(0, newline)
  const body = newline < 0 ? '' : text.slice(newline)
  return heading.replace(label, paint(style.bold(label))) + body
}

/**
 * The merged value as a document that reads back to it. JSON: bytes as `{"$base64": "…"}`. YAML:
 * bytes as `!!binary`, no anchors (shared objects are written out), and a string quoted wherever a
 * reader would take it for another type: in the YAML version the entry was read with, or — when none
 * was chosen — in both (`yes`, `0755` and `0o17` are quoted), PyYAML's `=` and `<<` included.
 */
export function serializeValue(value: unknown, format: 'yaml' | 'json', version?: YamlVersion): string {
  if (format === 'json') return `${JSON.stringify(value, bytesAsBase64, 2)}\n`
  const doc = new Document(value, {
    version: version ?? '1.1',
    // 1.1 knows `!!binary` (and `<<`, which must be quoted as a string); 1.2 is told to.
    ...(version === '1.2' ? { customTags: ['binary'] } : { merge: true }),
    // Unchosen: also quoted where YAML 1.2's core schema would read another type.
    ...(version === undefined ? { compat: 'core' } : {}),
    aliasDuplicateObjects: false,
  })
  if (version !== '1.2') {
    // PyYAML cannot read a plain `=` or `<<` value (their tags have no constructor); a `<<` key merges.
    visit(doc, {
      Scalar(_, node) {
        if (isScalar(node) && (node.value === '=' || node.value === '<<')) node.type = Scalar.QUOTE_DOUBLE
      },
    })
  }
  return doc.toString({ lineWidth: 0 })
}

/** `1 error`, `2 errors`; `many` for irregular plurals (`entries`). */
export function plural(n: number, word: string, many = `${word}s`): string {
  return `${n} ${n === 1 ? word : many}`
}
