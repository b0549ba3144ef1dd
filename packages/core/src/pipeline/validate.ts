// The validate stage: the merged value against the entry's JSON Schema (its modeline's or the
// `schema` option's), and what the dialect's reference checks once rendered (Deckhand's DataSchemas).
// Validation runs without provenance; only when something fails is the entry merged again with a
// history recorder on, to point each violation at the layer line that set the value. Every
// violation of the entry is reported in one run: errors, or warnings with `strict: false`.
import { relative } from 'node:path'
import { mergeOf } from '../dialects/registry.ts'
import type { Dialect, DialectContext, DialectSchemaCheck } from '../dialects/types.ts'
import { createCodeFrame, MergedYamlError } from '../diagnostics.ts'
import type { Diagnostic } from '../diagnostics.ts'
import { decodeUtf8 } from '../file-system.ts'
import type { ResolvedOptions } from '../options.ts'
import type { ParsedPart } from '../parts.ts'
import type { ValueHistory } from '../provenance/history.ts'
import type { Problem, Reporter } from '../reporter.ts'
import { UNRESOLVED_REF } from '../schema/ajv-module.ts'
import { compileSchemaText, compileSchemaValue } from '../schema/compile.ts'
import { toViolations } from '../schema/violations.ts'
import type { Violation } from '../schema/violations.ts'
import type { PathSegment } from '../values.ts'
import type { GatheredSchema } from './gather/gather.ts'
import { ViolationLocator } from './locate-violation.ts'
import type { ViolationPlace } from './locate-violation.ts'

/**
 * The schema an entry's value was validated against: what its declaration is generated from. A JSON
 * Schema (`kind: 'json'`), or a Standard Schema module's export (`kind: 'standard'`: Zod, Valibot,
 * ArkType), whose declaration imports the module's type.
 */
export type EntrySchema =
  | {
      kind: 'json'
      /** Absolute path of the schema file. */
      file: string
      /** What named it: the entry's `# yaml-language-server: $schema=` line, or the `schema` option. */
      source: 'modeline' | 'option'
      /** The schema, as parsed. */
      schema: unknown
    }
  | {
      kind: 'standard'
      /** Absolute path of the schema module. */
      file: string
      /** Named by the `schema` option (a modeline names JSON Schemas only). */
      source: 'option'
      /** The export (`default`, or the name after `#`). */
      exportName: string
      /** Its vendor (`zod`, `valibot`, `arktype`), as it says. */
      vendor: string
    }

export interface ValidateInput {
  entry: string
  entryText: string
  value: unknown
  parts: readonly ParsedPart[]
  dialect: Dialect
  schema: GatheredSchema | undefined
  /** The dialect's context, for its schema checks. */
  context: DialectContext
  /** The history record (the merge again, with a history recorder): called once, when a violation needs locating. */
  history(): ValueHistory
}

/** `/server/port`: a path as the JSON pointer it is. */
export function jsonPointer(path: readonly PathSegment[]): string {
  return path.map((s) => `/${String(s).replaceAll('~', '~0').replaceAll('/', '~1')}`).join('')
}

/**
 * `/server/port: must be integer, not the string "eighty" (app.schema.json#/properties/…/type)`: the
 * pointer is the offending value's (a key not allowed: that key's) from the module's value or `prefix`.
 */
function describeViolation(violation: Violation, prefix: string, schemaName: string): string {
  const path = violation.kind === 'extra' ? [...violation.path, violation.key!] : violation.path
  const pointer = prefix + jsonPointer(path) || '(root)'
  return `${pointer}: ${violation.message} (${schemaName}${violation.schemaPath})`
}

/**
 * Reports violations, each at the layer that set its value: each an error of its own (all in one
 * run), or a warning with `strict: false`. The history record is made once, at the first violation.
 */
export class Validation {
  private locator: ViolationLocator | undefined

  constructor(
    private readonly input: ValidateInput,
    private readonly report: Reporter,
  ) {}

  /** Where the value at `path` (or, for a missing or an extra key, the key) was set. */
  place(violation: Violation, modulePath: readonly PathSegment[]): ViolationPlace {
    this.locator ??= new ViolationLocator(this.input.history(), this.input.parts, {
      file: this.input.entry,
      position: { line: 1, column: 1 },
      chain: [],
      frame: createCodeFrame(this.input.entryText, 1, 1),
    })
    const path = [...modulePath, ...violation.path]
    if (violation.kind === 'missing') return this.locator.missing(path, violation.key!)
    return this.locator.value(violation.kind === 'extra' ? [...path, violation.key!] : path)
  }

  /** A violation's diagnostic: its message has the JSON pointer, so no path is added to it. */
  add(violation: Violation, modulePath: readonly PathSegment[], message: string): void {
    const { report } = this
    // A warning past limits.maxWarnings is only counted: neither located nor framed.
    const build = (): Diagnostic => {
      const place = this.place(violation, modulePath)
      const problem: Problem = {
        code: 'MY_SCHEMA_VIOLATION',
        message,
        at: { file: place.file, position: place.position, chain: place.chain },
      }
      if (violation.suggestion) problem.suggestion = violation.suggestion
      const diagnostic = report.diagnostic(problem, report.strict ? 'error' : 'warning')
      if (place.frame) diagnostic.frame = place.frame
      return diagnostic
    }
    if (!report.strict) report.addWarning(build)
    else
      report.collect(() => {
        throw new MergedYamlError([build()], report.root)
      })
  }
}

/** The entry's schema: compiled (a schema that cannot be used fails the render), and the value checked. */
function checkEntrySchema(
  input: ValidateInput,
  options: ResolvedOptions,
  validation: Validation,
): EntrySchema | undefined {
  const { schema } = input
  // A Standard Schema runs asynchronously, after this stage (validate-standard.ts).
  if (!schema || schema.module) return undefined
  const text = decodeUtf8(schema.bytes)
  const compiled = compileSchemaText(text, options.limits.maxDepth, options.limits.maxAliasCount)
  if (!compiled.ok) {
    const position = compiled.position ?? { line: 1, column: 1 }
    const at = { file: schema.file, position, chain: [], source: text }
    return input.context.report.fail({ code: 'MY_SCHEMA_INVALID', message: compiled.message, at })
  }
  if (!compiled.validate(input.value)) {
    const name = relative(options.root, schema.file).replaceAll('\\', '/') || schema.file
    for (const violation of toViolations(compiled.validate.errors ?? [], input.value))
      validation.add(violation, [], describeViolation(violation, '', name))
  }
  return { kind: 'json', file: schema.file, source: schema.source, schema: compiled.schema }
}

/** The path of the first `$ref: ref` in a schema (ajv's schema paths restart in each referenced definition). */
function findRef(schema: unknown, ref: string, at: PathSegment[] = []): PathSegment[] | undefined {
  if (Array.isArray(schema)) {
    for (const [i, item] of schema.entries()) {
      const found = findRef(item, ref, [...at, i])
      if (found) return found
    }
  } else if (typeof schema === 'object' && schema !== null) {
    const map = schema as Record<string, unknown>
    if (map.$ref === ref) return at
    for (const key of Object.keys(map)) {
      const found = findRef(map[key], ref, [...at, key])
      if (found) return found
    }
  }
  return undefined
}

function checkDialect(check: DialectSchemaCheck, input: ValidateInput, validation: Validation): void {
  const compiled = compileSchemaValue(check.schema, check.reading)
  if (!compiled.ok) {
    const problem: Problem = { code: 'MY_SCHEMA_INVALID', message: `${check.schemaName}: ${compiled.message}` }
    if (check.schemaAt) {
      problem.doc = check.schemaAt.doc
      problem.path = [...check.schemaAt.path, ...compiled.path]
      problem.target = 'key'
    } else problem.at = { file: input.entry, position: { line: 1, column: 1 }, chain: [] }
    input.context.report.fail(problem)
  }
  if (compiled.validate(check.value)) return
  const errors = compiled.validate.errors ?? []
  const unresolved = errors.find((error) => error.keyword === UNRESOLVED_REF)
  if (unresolved) {
    // Python's jsonschema raises when it reaches the reference, and Deckhand's validation with it.
    const inSchema = [...(findRef(check.schema, String(unresolved.schema)) ?? []), '$ref']
    const problem: Problem = {
      code: 'MY_SCHEMA_INVALID',
      message:
        `${check.schemaName}: ${check.subject} ${check.pointer}${unresolved.instancePath} reaches the $ref ` +
        `${JSON.stringify(unresolved.schema)}, which does not resolve (Deckhand's validation fails here)`,
    }
    if (check.schemaAt) Object.assign(problem, { doc: check.schemaAt.doc, path: [...check.schemaAt.path, ...inSchema] })
    else problem.at = { file: input.entry, position: { line: 1, column: 1 }, chain: [] }
    input.context.report.fail(problem)
  }
  for (const violation of toViolations(errors, check.value)) {
    const message = `${check.subject} ${describeViolation(violation, check.pointer, `${check.schemaName} `)}`
    validation.add(violation, check.modulePath, message)
  }
}

/**
 * Validates the merged value; returns the entry's schema (undefined when it has none). Throws a
 * MergedYamlError with every violation in strict mode, adds them to the warnings otherwise.
 */
export function validateValue(input: ValidateInput, options: ResolvedOptions): EntrySchema | undefined {
  const { report } = input.context
  const validation = new Validation(input, report)
  const schema = checkEntrySchema(input, options, validation)
  const { schemaChecks } = mergeOf(input.dialect)
  if (options.schema !== false && schemaChecks) {
    for (const check of schemaChecks(input.parts, input.value, input.context)) checkDialect(check, input, validation)
  }
  report.throwErrors()
  return schema
}
