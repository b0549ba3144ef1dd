// Text output helpers: colours (only on a TTY without NO_COLOR), paths relative to the working
// directory, key paths, short values and diagnostics.
import { isAbsolute, relative } from 'node:path'
import { formatDiagnostic } from '@merged-yaml/core'
import type { Diagnostic } from '@merged-yaml/core'

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

const IDENTIFIER = /^[A-Za-z_$][\w$-]*$/

/** A key path as `server.hosts[0].name`; keys that are not identifier-like are quoted: `["a.b"]`. */
export function formatKeyPath(path: readonly (string | number)[]): string {
  if (path.length === 0) return '(root)'
  let out = ''
  for (const segment of path) {
    if (typeof segment === 'number') out += `[${segment}]`
    else if (IDENTIFIER.test(segment)) out += out ? `.${segment}` : segment
    else out += `[${JSON.stringify(segment)}]`
  }
  return out
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

/** A value on one line, shortened: scalars as JSON, containers by their size when long. */
export function formatShortValue(value: unknown, max = 60): string {
  if (value === undefined) return ''
  let text: string
  try {
    text = JSON.stringify(value) ?? String(value)
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

/** `1 error`, `2 errors`; `many` for irregular plurals (`entries`). */
export function plural(n: number, word: string, many = `${word}s`): string {
  return `${n} ${n === 1 ? word : many}`
}
