// Reading an `#include` / `#include-once` payload the way cloud-init's `_do_include` reads it, plus our
// build-time syntax on top: `?optional`, `${var}` and globs.
import type { ErrorCode } from '../../codes.ts'
import { suggestName } from '../../suggest.ts'
import { isName } from '../../path-names.ts'

export interface IncludeLine {
  /** The target as written after variable expansion (a path, a `file://` URL or a glob). */
  target: string
  /**
   * Whether the line is a glob: a wildcard written in the line itself. A variable's value is a name,
   * never a pattern (`--mode '*'` names a file `*`): its wildcards are escaped in `pattern`.
   */
  glob: boolean
  /** The target as a glob pattern: `target`, the variables' values escaped. */
  pattern: string
  /** `#include-once`: merged at most once per entry. */
  once: boolean
  /** `?path`: a missing file is skipped silently. */
  optional: boolean
  /** 0-based line and column of the target inside the payload. */
  line: number
  column: number
}

export interface IncludeLineProblem {
  code: ErrorCode
  message: string
  line: number
  column: number
  suggestion?: string
}

const VARIABLE = /\$\{([^}]*)\}/g

export function parseIncludeLines(
  payload: string,
  vars: Readonly<Record<string, string>>,
): { lines: IncludeLine[]; problems: IncludeLineProblem[] } {
  const lines: IncludeLine[] = []
  const problems: IncludeLineProblem[] = []
  let once = false
  payload.split(/\r\n|\r|\n/).forEach((raw, index) => {
    let line = raw
    let offset = 0
    const lower = line.startsWith('#') ? line.toLowerCase() : ''
    const directive = lower.startsWith('#include-once')
      ? '#include-once'
      : lower.startsWith('#include')
        ? '#include'
        : undefined
    if (directive) {
      once = directive === '#include-once'
      const rest = line.slice(directive.length)
      offset = directive.length + (rest.length - rest.trimStart().length)
      line = rest.trimStart()
    }
    if (line.startsWith('#')) return
    let target = line.trim()
    if (!target) return
    offset += line.length - line.trimStart().length
    let optional = false
    if (target.startsWith('?')) {
      optional = true
      target = target.slice(1).trimStart()
      offset += 1
    }
    let failed = false
    const glob = isGlob(target.replace(VARIABLE, ''))
    let pattern = target
    if (target.includes('${')) {
      pattern = target.replace(VARIABLE, (whole, name: string) => {
        const value = Object.hasOwn(vars, name) ? vars[name] : undefined
        return value === undefined ? whole : escapeGlob(value)
      })
      target = target.replace(VARIABLE, (whole, name: string, at: number) => {
        const value = Object.hasOwn(vars, name) ? vars[name] : undefined
        if (value === undefined) {
          const suggestion = suggestName(name, Object.keys(vars))
          problems.push({
            code: 'MY_INCLUDE_UNKNOWN_VARIABLE',
            message:
              `unknown variable '\${${name}}' in include line (known: ` +
              `${Object.keys(vars).sort().join(', ') || 'none'}); give it a value with the 'vars' option ` +
              `(merged-yaml: --var ${name}=value)`,
            line: index,
            column: offset + at,
            ...(suggestion ? { suggestion } : {}),
          })
          failed = true
          return whole
        }
        if (!isName(value)) {
          problems.push({
            code: 'MY_INCLUDE_VARIABLE_NOT_A_NAME',
            message:
              `'\${${name}}' is ${JSON.stringify(value.replaceAll('\0', '\\0').slice(0, 80))}, which is no name: a ` +
              "variable's value names a file or folder, never a path ('.', '..', a separator or NUL)",
            line: index,
            column: offset + at,
          })
          failed = true
          return whole
        }
        return value
      })
    }
    if (!failed) lines.push({ target, glob, pattern, once, optional, line: index, column: offset })
  })
  return { lines, problems }
}

const GLOB_CHARS = /[*?[\]{}]/

export function isGlob(target: string): boolean {
  return GLOB_CHARS.test(target)
}

/** A name as a literal part of a glob pattern: each wildcard character escaped. */
function escapeGlob(name: string): string {
  return name.replace(/[*?[\]{}()!+@|\\]/g, '\\$&')
}

/** `http://…`, `ftp://…` and any other URL scheme except `file://` (Windows drive letters are paths). */
export function remoteScheme(target: string): string | undefined {
  const match = /^([a-zA-Z][a-zA-Z0-9+.-]*):\/\//.exec(target)
  if (!match || match[1]!.toLowerCase() === 'file') return undefined
  return match[1]!.toLowerCase()
}
