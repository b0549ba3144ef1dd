// Evaluates the parsed subset (ps-syntax.ts) as PowerShell would: statements output values (lists
// are enumerated), `$(…)` collects that output, `"…"` strings expand `$name`, `${name}` and `$(…)`
// with backtick escapes (`$ExecutionContext.InvokeCommand.ExpandString`), member access never fails.
import { BACKTICK_ESCAPES } from '../powershell/chars.ts'
import { PsParser } from './ps-syntax.ts'
import type { PsExpression, PsStatement } from './ps-syntax.ts'
import { indexInto, memberOf, textOf, Unsupported } from './ps-values.ts'

/** What an expression can see: its variables, and Get-DatumSourceFile. */
export interface PsScope {
  /** `$name` (case-insensitive); unknown names are Unsupported. */
  variable(name: string, at: number): unknown
  /** `Get-DatumSourceFile -Path <value>`. */
  sourceFile(path: unknown, at: number): string
}

/** What a pipeline's output is when assigned: nothing is null, one item is that item, more a list. */
export function collect(output: readonly unknown[]): unknown {
  if (output.length === 0) return null
  return output.length === 1 ? output[0] : [...output]
}

/** The objects a value sends down the pipeline: a list's items, anything else itself. */
function enumerate(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [value]
}

export function runStatements(statements: readonly PsStatement[], scope: PsScope): unknown[] {
  const output: unknown[] = []
  for (const statement of statements) {
    if (statement.kind === 'source-file') {
      const path = statement.path ? evaluate(statement.path, scope) : null
      output.push(scope.sourceFile(path, statement.at))
    } else {
      output.push(...enumerate(evaluate(statement.expression, scope)))
    }
  }
  return output
}

export function evaluate(expression: PsExpression, scope: PsScope): unknown {
  switch (expression.kind) {
    case 'variable':
      return scope.variable(expression.name, expression.at)
    case 'literal':
      return expression.value
    case 'expandable':
      return expandString(expression.text, scope, expression.offset)
    case 'member':
      return memberOf(evaluate(expression.target, scope), expression.name)
    case 'index':
      return indexInto(evaluate(expression.target, scope), evaluate(expression.index, scope))
    case 'list':
      return expression.items.map((item) => evaluate(item, scope))
    case 'group': {
      if (expression.collect === 'value' && expression.statements.length === 1) {
        const [only] = expression.statements
        if (only!.kind === 'expression') return evaluate(only!.expression, scope)
      }
      const output = runStatements(expression.statements, scope)
      return expression.collect === 'array' ? output : collect(output)
    }
  }
}

/** `$ExecutionContext.InvokeCommand.ExpandString(text)`. `base` locates `text` for messages. */
export function expandString(text: string, scope: PsScope, base = 0): string {
  let out = ''
  let i = 0
  while (i < text.length) {
    const char = text[i]!
    if (char === '`' && i + 1 < text.length) {
      const escaped = text[i + 1]!
      out += BACKTICK_ESCAPES[escaped] ?? escaped
      i += 2
      continue
    }
    if (char !== '$') {
      out += char
      i++
      continue
    }
    const next = text[i + 1] ?? ''
    if (next === '(') {
      const parser = new PsParser(text, i + 2, base)
      const statements = parser.statements(')')
      out += textOf(collect(runStatements(statements, scope)))
      i = parser.position + 1
    } else if (next === '{') {
      const end = text.indexOf('}', i)
      if (end < 0) throw new Unsupported("expected '}'", base + i)
      out += textOf(scope.variable(text.slice(i + 2, end), base + i))
      i = end + 1
    } else if (/[\w?:^$]/.test(next)) {
      let end = i + 1
      if (/[?^$]/.test(next)) end++
      else while (end < text.length && /[\w:]/.test(text[end]!)) end++
      // A trailing ':' belongs to the text (`"$name: …"`).
      if (text[end - 1] === ':' && end - 1 > i + 1) end--
      out += textOf(scope.variable(text.slice(i + 1, end), base + i))
      i = end
    } else {
      out += char
      i++
    }
  }
  return out
}
