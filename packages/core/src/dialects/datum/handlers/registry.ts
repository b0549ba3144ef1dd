// Datum's handlers (`DatumHandlers` in Datum.yml), run where Datum runs them: while a file loads
// (Get-FileProviderData, unless `SkipDuringLoad`), when a value is converted (ConvertTo-Datum: the
// node, the finished RSOP) and before two values are merged (Merge-Datum). For each value the
// handlers are tried in their Datum.yml order and the first whose filter matches decides. Built in:
// Datum.InvokeCommand (the `[x= … =]` subset) and Datum.ProtectedData (`[ENC=…]` with a password);
// any handler can be given (or replaced) as a function with the `datum.handlers` option. When each
// handler runs is one decision, kept whole in one class.
import type { Problem, Reporter } from '../../../reporter.ts'
import { isDatumMap } from '../keys.ts'
import { setOwn } from '../../../values.ts'
import { psTruthy } from '../powershell.ts'
import { locate } from '../types.ts'
import type { DatumHandlerFunction, Where } from '../types.ts'
import { Deferred } from './deferred.ts'
import type { ValueFile } from './deferred.ts'
import { invokeCommand, isInvokeCommand } from './invoke-command.ts'
import type { InvokeCommandHost } from './invoke-command.ts'
import type { PsScope } from './ps-evaluate.ts'
import { isProtectedDatum, ProtectedDataError, unprotectDatum } from './protected-data.ts'
import { isMemberSource, PowerShellError, stringOf, Unsupported } from './ps-values.ts'
import type { MemberSource } from './ps-values.ts'

export const INVOKE_COMMAND = 'datum.invokecommand::invokecommand'
export const PROTECTED_DATUM = 'datum.protecteddata::protecteddatum'

export interface HandlerDeclaration {
  name: string
  skipDuringLoad: boolean
  options: Record<string, unknown>
  where: Where
  /** The implementation: a built-in, the user's function, or none (such values are left alone). */
  run: 'invoke-command' | 'protected-datum' | DatumHandlerFunction | undefined
}

/** What an evaluation sees: `$Node`, `$Datum`, and the `$File` of a value's file. */
export interface HandlerEnvironment {
  readonly node: unknown
  readonly root: MemberSource
  fileInfo(file: ValueFile | undefined): unknown
}

/** A handler's result must be data: the tree, a folder or a FileInfo has no value a module can hold. */
function dataOnly(result: unknown): unknown {
  const stack = [result]
  while (stack.length > 0) {
    const value = stack.pop()
    if (isMemberSource(value)) {
      throw new Unsupported(`a result that is a ${value.typeName} (read one of its files or keys instead)`)
    }
    if (Array.isArray(value)) stack.push(...value)
    else if (isDatumMap(value)) stack.push(...Object.values(value))
  }
  return result
}

type Outcome = { handled: true; result: unknown } | { handled: false }

const NOT_HANDLED: Outcome = { handled: false }

/** What the handlers of one store did, shared by its copies (`withReporter`). */
interface HandlerUse {
  secret: boolean
}

export class DatumHandlers {
  constructor(
    private readonly declarations: readonly HandlerDeclaration[],
    private readonly throwOnError: boolean,
    private readonly report: Reporter,
    private readonly use: HandlerUse = { secret: false },
  ) {}

  /** The same handlers, reporting to `report`. */
  withReporter(report: Reporter): DatumHandlers {
    return new DatumHandlers(this.declarations, this.throwOnError, report, this.use)
  }

  /**
   * Whether a value was decrypted (Datum.ProtectedData) or produced by a handler function of the
   * user's (which may decrypt): what the engine did, whatever the store's files spell.
   */
  get producedSecrets(): boolean {
    return this.use.secret
  }

  /** Whether a handler with a user function waits until lookup time: then every string is kept with its file. */
  private get wrapsEveryString(): boolean {
    return this.declarations.some((d) => d.skipDuringLoad && typeof d.run === 'function')
  }

  /** Whether `declaration` takes `value`, for the built-ins (a user function answers by returning). */
  private filters(declaration: HandlerDeclaration, value: unknown): boolean {
    if (declaration.run === 'invoke-command') return isInvokeCommand(value)
    if (declaration.run === 'protected-datum') return isProtectedDatum(stringOf(value))
    return typeof declaration.run === 'function' && stringOf(value) !== undefined
  }

  /** ConvertTo-Datum inside Get-FileProviderData: load-time handlers run, the others' values wait. */
  load(value: unknown, file: ValueFile, where: Where): unknown {
    if (Array.isArray(value))
      return value.map((item, index) => this.load(item, file, { ...where, path: [...where.path, index] }))
    if (isDatumMap(value)) {
      const out: Record<string, unknown> = {}
      for (const key of Object.keys(value))
        setOwn(out, key, this.load(value[key], file, { ...where, path: [...where.path, key] }))
      return out
    }
    const text = stringOf(value)
    if (text === undefined) return value
    const pending = new Deferred(text, file, where)
    for (const declaration of this.declarations) {
      if (declaration.skipDuringLoad || !this.filters(declaration, pending)) continue
      const outcome = this.run(declaration, pending, undefined, where)
      if (outcome.handled) return psTruthy(outcome.result) ? outcome.result : null
      if (typeof declaration.run !== 'function') return text
    }
    const waiting = this.declarations.some((d) => d.skipDuringLoad && this.filters(d, pending))
    return waiting || this.wrapsEveryString ? pending : text
  }

  /** Invoke-DatumHandler: the first handler whose filter takes the value runs. */
  evaluate(value: unknown, env: HandlerEnvironment | undefined, where: Where): Outcome {
    if (stringOf(value) === undefined) return NOT_HANDLED
    for (const declaration of this.declarations) {
      if (!this.filters(declaration, value)) continue
      const outcome = this.run(declaration, value, env, value instanceof Deferred ? value.where : where)
      if (outcome.handled || typeof declaration.run !== 'function') return outcome
    }
    return NOT_HANDLED
  }

  /**
   * ConvertTo-Datum: every handler value evaluated; a falsy result is null (Datum 0.40's
   * `if ($result)`). A value no handler takes stays as it is (toOutput makes strings of the rest).
   */
  convert(value: unknown, env: HandlerEnvironment, where: Where): unknown {
    if (value === null || value === undefined) return null
    if (Array.isArray(value)) {
      const out: unknown[] = []
      value.forEach((item, index) => {
        const at = { ...where, path: [...where.path, index] }
        const outcome = this.evaluate(item, env, at)
        // A handler's list result is sent down the pipeline item by item.
        if (outcome.handled && Array.isArray(outcome.result)) out.push(...outcome.result)
        else
          out.push(outcome.handled ? (psTruthy(outcome.result) ? outcome.result : null) : this.convert(item, env, at))
      })
      return out
    }
    if (isDatumMap(value)) {
      const out: Record<string, unknown> = {}
      for (const key of Object.keys(value))
        setOwn(out, key, this.convert(value[key], env, { ...where, path: [...where.path, key] }))
      return out
    }
    const outcome = this.evaluate(value, env, where)
    if (outcome.handled) return psTruthy(outcome.result) ? outcome.result : null
    // Not evaluated (no handler took it, or lenient mode kept it): it keeps its file for a later pass.
    return value
  }

  /** Merge-Datum's first step: a value (or each item of a list) that a handler takes is evaluated first. */
  beforeMerge(value: unknown, env: HandlerEnvironment, where: Where): unknown {
    if (Array.isArray(value)) {
      const out: unknown[] = []
      for (const item of value) {
        const outcome = this.evaluate(item, env, where)
        if (!outcome.handled) out.push(item)
        else {
          const converted = this.convert(outcome.result, env, where)
          if (Array.isArray(converted)) out.push(...converted)
          else out.push(converted)
        }
      }
      return out
    }
    const outcome = this.evaluate(value, env, where)
    return outcome.handled ? this.convert(outcome.result, env, where) : value
  }

  private run(
    declaration: HandlerDeclaration,
    value: unknown,
    env: HandlerEnvironment | undefined,
    where: Where,
  ): Outcome {
    const text = stringOf(value)!
    const file = value instanceof Deferred ? value.file : undefined
    try {
      if (declaration.run === 'protected-datum') {
        const result = this.unprotect(declaration, text)
        this.use.secret = true
        return { handled: true, result }
      }
      if (declaration.run === 'invoke-command') {
        if (!env) throw new PowerShellError('Datum.InvokeCommand needs a node to evaluate against')
        return { handled: true, result: dataOnly(invokeCommand(value, this.host(env, where))) }
      }
      if (typeof declaration.run === 'function') {
        const result = declaration.run(text, {
          handler: declaration.name,
          options: declaration.options,
          node: env?.node,
          file: file?.source,
        })
        if (result === undefined) return NOT_HANDLED
        this.use.secret = true
        return { handled: true, result }
      }
      return NOT_HANDLED
    } catch (error) {
      this.failed(declaration, text, error, where)
      return NOT_HANDLED
    }
  }

  private unprotect(declaration: HandlerDeclaration, text: string): unknown {
    const option = (name: string): unknown =>
      Object.entries(declaration.options).find(([key]) => key.toLowerCase() === name.toLowerCase())?.[1]
    const password = option('PlainTextPassword')
    if (typeof password !== 'string' || password === '') {
      throw new ProtectedDataError(
        option('Certificate') !== undefined
          ? 'certificate decryption is not supported here: give PlainTextPassword, or your own handler in ' +
              'datum.handlers'
          : `${declaration.name} has no CommandOptions.PlainTextPassword`,
      )
    }
    const header = String(option('Header') ?? '[ENC=')
    const footer = String(option('Footer') ?? ']')
    let data = text.startsWith(header) ? text.slice(header.length) : text
    data = data.endsWith(footer) ? data.slice(0, -footer.length) : data
    return unprotectDatum(data, password)
  }

  /** The variables an expression sees: `$Node`, `$Datum`, and `$File` for a value of `file`. */
  scope(env: HandlerEnvironment, file: ValueFile | undefined): PsScope {
    return {
      variable: (name, at) => {
        const lower = name.toLowerCase()
        if (lower === 'node') return env.node
        if (lower === 'datum') return env.root
        if (lower === 'file') return env.fileInfo(file)
        if (lower === 'true') return true
        if (lower === 'false') return false
        if (lower === 'null') return null
        throw new Unsupported(`the variable $${name} (only $Node, $File and $Datum are read)`, at)
      },
      sourceFile: (path) => {
        if (path === null || path === undefined || path === '') return ''
        if (isMemberSource(path) && typeof (path as { source?: unknown }).source === 'string') {
          return (path as unknown as { source: string }).source
        }
        throw new Unsupported('Get-DatumSourceFile of anything but $File')
      },
    }
  }

  private host(env: HandlerEnvironment, where: Where): InvokeCommandHost {
    return {
      scope: (value) => this.scope(env, value instanceof Deferred ? value.file : undefined),
      warnLiteral: (content) =>
        this.report.warn({
          code: 'MY_DATUM_HANDLER_LITERAL',
          message:
            `Datum.InvokeCommand: '${content.trim()}' is a literal string and cannot be expanded ` +
            '(it is used as it is)',
          ...locate(where),
        }),
    }
  }

  private failed(declaration: HandlerDeclaration, text: string, error: unknown, where: Where): void {
    const shown = text.length > 80 ? `${text.slice(0, 77)}…` : text
    if (error instanceof Unsupported) {
      this.report.lenient({
        code: 'MY_DATUM_EXPRESSION_UNSUPPORTED',
        message:
          `${shown}: ${error.message} is not evaluated here (only reads of $Node, $File and $Datum, strings ` +
          'made from them, and Get-DatumSourceFile); the value stays this string',
        ...locate(where),
      })
      return
    }
    if (
      !(
        error instanceof PowerShellError ||
        error instanceof ProtectedDataError ||
        typeof declaration.run === 'function'
      )
    )
      throw error
    const problem: Problem = {
      code: 'MY_DATUM_HANDLER_ERROR',
      message:
        `${declaration.name} failed on ${shown}: ${(error as Error).message}` +
        (this.throwOnError ? ' (DatumHandlersThrowOnError stops Datum here too)' : '; Datum keeps the string'),
      ...locate(where),
    }
    if (this.throwOnError) this.report.fail(problem)
    this.report.lenient(problem)
  }
}
