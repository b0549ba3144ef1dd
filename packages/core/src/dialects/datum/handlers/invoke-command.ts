// Datum.InvokeCommand (0.3.0), the `[x= … =]` handler, as its code evaluates a value: the text
// between the first `[x=` and the last `=]` must be a script block `{ … }`, a `"…"` string (expanded)
// or a `'…'` string (kept, with a warning); a string result that holds `[x= … =]` again is resolved
// part by part, and a string result is then expanded once more. Only the expression subset of
// ps-syntax.ts is evaluated; everything else is Unsupported.
import { collect, expandString, runStatements } from './ps-evaluate.ts'
import type { PsScope } from './ps-evaluate.ts'
import { PsParser } from './ps-syntax.ts'
import type { PsStatement } from './ps-syntax.ts'
import { PowerShellError, stringOf, textOf, Unsupported } from './ps-values.ts'

// Test-InvokeCommandFilter's regex: from the first `[x=` to the last `=]`, any case.
const PATTERN = /\[x=([\s\S]+)?=\]/i
// Datum.InvokeCommand replaces nested expressions until none is left; this many rounds means a loop.
const MAX_ROUNDS = 64

/** Test-InvokeCommandFilter: a string holding `[x=…=]` (matched on the trimmed text). */
export function isInvokeCommand(value: unknown): boolean {
  const text = stringOf(value)
  return text !== undefined && Boolean(PATTERN.exec(text.trim())?.[1])
}

export type ValueKind =
  | { kind: 'script-block'; statements: PsStatement[] }
  | { kind: 'expandable'; text: string; offset: number }
  | { kind: 'literal'; value: string }

/** Get-ValueKind: what the content between `[x=` and `=]` is. */
export function readValueKind(content: string): ValueKind {
  const trimmed = content.trim()
  if (!/^\{[\s\S]+\}$|^"[\s\S]+"$|^'[\s\S]+'$/.test(trimmed)) {
    throw new PowerShellError(
      `'${content}' is not a script block { … }, an expandable string "…" or a literal string '…'`,
    )
  }
  if (trimmed.startsWith('{')) return { kind: 'script-block', statements: new PsParser(content).scriptBlock() }
  const parser = new PsParser(content, content.indexOf(trimmed[0]!))
  const expression = parser.expression()
  if (content.slice(parser.position).trim() !== '') {
    throw new Unsupported('an expression that is more than one string', parser.position)
  }
  if (expression.kind === 'expandable') return { kind: 'expandable', text: expression.text, offset: expression.offset }
  if (expression.kind === 'literal' && typeof expression.value === 'string') {
    return { kind: 'literal', value: expression.value }
  }
  throw new PowerShellError(`'${content}' could not be parsed: it is not a script block nor a string`)
}

export interface InvokeCommandHost {
  /** The variables an expression sees, with `$File` the file `value` was written in (none for a new string). */
  scope(value: unknown): PsScope
  /** Datum.InvokeCommand warns that a literal string cannot be expanded. */
  warnLiteral(content: string): void
}

/** One `Invoke-InvokeCommandAction` on a value holding `[x= … =]` (a string, or a pending expression). */
export function invokeCommand(value: unknown, host: InvokeCommandHost, round = 0): unknown {
  const text = stringOf(value) ?? ''
  const content = PATTERN.exec(text)?.[1]
  if (!content) throw new PowerShellError(`could not get the content of '${text}' for Datum.InvokeCommand`)
  const scope = host.scope(value)
  const kind = readValueKind(content)
  let result: unknown
  if (kind.kind === 'script-block') result = collect(runStatements(kind.statements, scope))
  else if (kind.kind === 'expandable') result = expandString(kind.text, scope, kind.offset)
  else {
    host.warnLiteral(content)
    result = kind.value
  }
  // A string result holding `[x=…=]` (a value read through $Node or $Datum, or an expansion that
  // produced one): each such part is evaluated on its own (with the file of the value, if it has
  // one) and replaced by its text.
  for (let rounds = round; isInvokeCommand(result); rounds++) {
    if (rounds >= MAX_ROUNDS)
      throw new PowerShellError('expressions keep producing [x= … =] expressions (a loop): Datum would never end')
    const current = stringOf(result)!
    const part = PATTERN.exec(current.trim())![0]
    const inner = invokeCommand(result, host, rounds + 1)
    result = current.replaceAll(part, textOf(inner))
  }
  const resultText = stringOf(result)
  if (resultText !== undefined) return expandString(resultText, scope)
  return collect(Array.isArray(result) ? result : [result])
}
