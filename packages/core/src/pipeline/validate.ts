// The validate stage: the merged value against the entry's JSON Schema (its modeline's or the
// `schema` option's), and what the dialect's reference checks once rendered (Deckhand's DataSchemas).
// Validation runs without provenance; only when something fails is the entry merged again with
// `explain`'s recorder on, to point each violation at the layer line that set the value. Every
// violation of the entry is reported in one run: errors, or warnings with `strict: false`.
import { relative } from 'node:path'
import type { Dialect, DialectContext, DialectSchemaCheck } from '../dialects/types.ts'
import { createCodeFrame, MergedYamlError } from '../diagnostics.ts'
import type { ResolvedOptions } from '../options.ts'
import type { ParsedPart } from '../parts.ts'
import type { Provenance } from '../provenance.ts'
import type { Problem, Reporter } from '../reporter.ts'
import { compileSchemaText, compileSchemaValue } from '../schema/compile.ts'
import type { CompiledSchema } from '../schema/compile.ts'
import { toViolations } from '../schema/violations.ts'
import type { Violation } from '../schema/violations.ts'
import type { PathSegment } from '../values.ts'
import type { GatheredSchema } from './gather/gather.ts'
import { ViolationLocator } from './locate-violation.ts'
import type { ViolationPlace } from './locate-violation.ts'

/** The schema an entry's value was validated against: what its declaration is generated from. */
export interface EntrySchema {
  /** Absolute path of the schema file. */
  file: string
  /** What named it: the entry's `# yaml-language-server: $schema=` line, or the `schema` option. */
  source: 'modeline' | 'option'
  /** The schema, as parsed. */
  schema: unknown
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
  /** The merge again, with `explain`'s recorder: called once, and only when a violation needs locating. */
  provenance(): Provenance
}

function decodeUtf8(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
    .toString('utf8')
    .replace(/^\uFEFF/, '')
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

/** A problem that the schema named `schemaAt` cannot be used: every mode. */
function unusable(compiled: Extract<CompiledSchema, { ok: false }>, at: Problem['at'] & object): Problem {
  return { code: 'MY_SCHEMA_INVALID', message: compiled.message, at }
}

/** Reports violations: each an error of its own (all in one run), or a warning with `strict: false`. */
class Validation {
  constructor(private readonly report: Reporter) {}

  /** A violation's diagnostic: its message has the JSON pointer, so the path in the document is not repeated. */
  add(problem: Problem, frame?: string): void {
    const { report } = this
    const diagnostic = report.diagnostic(problem, report.strict ? 'error' : 'warning')
    if (frame && !diagnostic.frame) diagnostic.frame = frame
    delete diagnostic.path
    if (!report.strict) report.warnings.push(diagnostic)
    else
      report.collect(() => {
        throw new MergedYamlError([diagnostic], report.root)
      })
  }

  at(place: ViolationPlace, violation: Violation, message: string): void {
    const problem: Problem = {
      code: 'MY_SCHEMA_VIOLATION',
      message,
      at: { file: place.file, position: place.position, chain: place.chain },
    }
    if (violation.suggestion) problem.suggestion = violation.suggestion
    this.add(problem, place.frame)
  }
}

/** The entry's schema: compiled (a schema that cannot be used fails the render), and the value checked. */
function checkEntrySchema(input: ValidateInput, options: ResolvedOptions, validation: Validation): EntrySchema | undefined {
  const { schema } = input
  if (!schema) return undefined
  const text = decodeUtf8(schema.bytes)
  const compiled = compileSchemaText(text, options.limits.maxDepth, options.limits.maxAliasCount)
  if (!compiled.ok) {
    const position = compiled.position ?? { line: 1, column: 1 }
    return input.context.report.fail(unusable(compiled, { file: schema.file, position, chain: [], source: text }))
  }
  if (!compiled.validate(input.value)) {
    const name = relative(options.root, schema.file).replaceAll('\\', '/') || schema.file
    const entryPlace = {
      file: input.entry,
      position: { line: 1, column: 1 },
      chain: [],
      frame: createCodeFrame(input.entryText, 1, 1),
    }
    const locator = new ViolationLocator(input.provenance(), input.parts, entryPlace)
    for (const violation of toViolations(compiled.validate.errors ?? [], input.value)) {
      const place =
        violation.kind === 'missing'
          ? locator.missing(violation.path, violation.key!)
          : locator.value(violation.kind === 'extra' ? [...violation.path, violation.key!] : violation.path)
      validation.at(place, violation, describeViolation(violation, '', name))
    }
  }
  return { file: schema.file, source: schema.source, schema: compiled.schema }
}

function checkDialect(check: DialectSchemaCheck, report: Reporter, validation: Validation): void {
  const compiled = compileSchemaValue(check.schema, check.reading)
  if (!compiled.ok) {
    const { doc, path } = check.schemaAt
    report.fail({
      code: 'MY_SCHEMA_INVALID',
      message: `${check.schemaName}: ${compiled.message}`,
      doc,
      path: [...path, ...compiled.path],
      target: 'key',
    })
  }
  if (compiled.validate(check.value)) return
  for (const violation of toViolations(compiled.validate.errors ?? [], check.value)) {
    const kind = violation.kind === 'missing' ? 'missing' : 'value'
    const target = violation.kind === 'extra' ? [...violation.path, violation.key!] : violation.path
    const { doc, path } = check.locate(target, kind)
    const problem: Problem = {
      code: 'MY_SCHEMA_VIOLATION',
      message: `${check.subject} ${describeViolation(violation, check.pointer, `${check.schemaName} `)}`,
      doc,
      path,
      target: 'key',
    }
    if (violation.suggestion) problem.suggestion = violation.suggestion
    validation.add(problem)
  }
}

/**
 * Validates the merged value; returns the entry's schema (undefined when it has none). Throws a
 * MergedYamlError with every violation in strict mode, adds them to the warnings otherwise.
 */
export function validateValue(input: ValidateInput, options: ResolvedOptions): EntrySchema | undefined {
  const { report } = input.context
  const validation = new Validation(report)
  const schema = checkEntrySchema(input, options, validation)
  if (options.schema !== false && input.dialect.schemaChecks) {
    for (const check of input.dialect.schemaChecks(input.parts, input.value, input.context))
      checkDialect(check, report, validation)
  }
  report.throwErrors()
  return schema
}
