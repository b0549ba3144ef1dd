// What the YAML specification refuses in a stream and `yaml` 2.9 lets through (cases of the YAML test
// suite; PyYAML and YamlDotNet refuse them too): directives that no document follows (`%YAML 1.2`
// alone, suite case 9MMA), a `%YAML` directive repeated before one document (SF5V), and characters
// outside YAML's printable set, which PyYAML's reader raises on ("special characters are not
// allowed"): C0 controls but tab and line breaks (a NUL byte), DEL, C1 controls but NEL, lone
// surrogates (invalid UTF-8, decoded as Python's surrogateescape does: see file-system.ts) and
// U+FFFE/U+FFFF.
import type { CST } from 'yaml'
import type { CstProblem } from './cst-limits.ts'

/** The first directive problem of a stream's tokens, or undefined. */
export function checkStreamTokens(tokens: readonly CST.Token[]): CstProblem | undefined {
  let pending: CST.Directive | undefined
  let version: CST.Directive | undefined
  for (const token of tokens) {
    if (token.type === 'directive') {
      if (token.source.startsWith('%YAML') && /^%YAML[ \t]/.test(token.source)) {
        if (version) {
          return {
            code: 'MY_YAML_SYNTAX',
            message: 'a second %YAML directive for the same document (one is allowed)',
            offset: token.offset,
          }
        }
        version = token
      }
      pending ??= token
    } else if (token.type === 'document') {
      pending = undefined
      version = undefined
    } else if (token.type === 'doc-end' && pending) break
  }
  if (!pending) return undefined
  return {
    code: 'MY_YAML_SYNTAX',
    message: "directives must be followed by a document ('---')",
    offset: pending.offset,
  }
}

// YAML's c-printable (1.1 and 1.2 alike), negated; \uFEFF is allowed (a byte order mark).
// eslint-disable-next-line no-control-regex
export const UNPRINTABLE = /[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x84\x86-\x9f\ud800-\udfff\ufffe\uffff]/u

/** Where the first character outside YAML's printable set is, and what it is, or undefined. */
export function firstUnprintable(text: string): { offset: number; message: string } | undefined {
  const match = UNPRINTABLE.exec(text)
  if (match === null) return undefined
  const code = match[0].charCodeAt(0)
  const hex = code.toString(16).toUpperCase().padStart(4, '0')
  const message =
    code >= 0xdc80 && code <= 0xdcff
      ? `invalid UTF-8: the byte 0x${(code - 0xdc00).toString(16).toUpperCase()} is not part of a character`
      : `the character U+${hex} is not allowed in YAML (only printable characters, tab and line breaks are)`
  return { offset: match.index, message }
}
