// The validate stage for a Standard Schema (Zod, Valibot, ArkType, …): the module named by the
// `schema` option is loaded (schema/standard-module.ts) and its `~standard.validate` run on the merged
// value, awaited — the one asynchronous stage, so render() runs it and renderSync() cannot. Each
// issue is located as a JSON Schema violation is (validate.ts: the layer line that set the deepest
// value of its path), with the library's message; all in one run. The module's value is the schema's
// output (defaults, coercions, transforms applied) when it is data a layer could have written, else a
// located error: the declaration says the module exports the schema's output type.
import { relative, resolve } from 'node:path'
import type { StandardSchemaV1 } from '@standard-schema/spec'
import { MergedYamlError } from '../diagnostics.ts'
import type { Diagnostic } from '../diagnostics.ts'
import { decodeUtf8 } from '../file-system.ts'
import type { ResolvedOptions } from '../options.ts'
import type { Problem } from '../reporter.ts'
import { loadSchemaModule, SchemaModuleError } from '../schema/standard-module.ts'
import { boundMessage, exportPosition, findNonData, issuePath } from '../schema/standard-issues.ts'
import type { Violation } from '../schema/violations.ts'
import type { PathSegment } from '../values.ts'
import type { GatheredSchema } from './gather/types.ts'
import { jsonPointer, Validation } from './validate.ts'
import type { EntrySchema, ValidateInput } from './validate.ts'
import { checkValueLimits } from './value-limits.ts'

/** What the Standard Schema made of the value. */
interface StandardOutcome {
  schema: EntrySchema
  /** The module's value: the schema's output, or the merged value when issues were only warnings. */
  value: unknown
  /** Whether `value` is the merged value itself (the schema returned it unchanged, or failed leniently). */
  unchanged: boolean
  /** The schema module and the local modules it imported: dependencies of the entry. */
  files: string[]
}

const asViolation = (path: PathSegment[], message: string): Violation => ({
  path,
  kind: 'value',
  keyword: 'standard',
  message,
  schemaPath: '',
})

/** Its error's text, bounded (a library may throw with a whole value in the message). */
const thrown = (error: unknown): string =>
  boundMessage(error instanceof Error ? `${error.name}: ${error.message}` : String(error))

/** A Standard Schema still to run on a merged value: the asynchronous end of a render. */
export interface PendingStandard {
  input: ValidateInput
  schema: GatheredSchema & { module: { exportName: string } }
}

/** renderSync() met a Standard Schema, which only render() can await. */
export function awaitedOnly(entry: string, schemaFile: string, root: string | undefined): MergedYamlError {
  const message =
    `the schema ${schemaFile} is a Standard Schema module, which is loaded and validated asynchronously: ` +
    `use render() (renderSync() and PreparedEntry.render() cannot await it)`
  const file = resolve(entry)
  return new MergedYamlError(
    [{ code: 'MY_SCHEMA_ASYNC', severity: 'error', message, file, line: 1, column: 1, chain: [] }],
    root,
  )
}

/**
 * Validates the merged value against the entry's Standard Schema; `loadedFiles` gets the schema's
 * modules as soon as they are known (a failure depends on them too). Throws a MergedYamlError with every
 * issue in strict mode (warnings otherwise); a module that does not load or gives no Standard Schema,
 * and a schema that throws, fail at the schema file.
 */
export async function validateStandard(
  { input, schema: gathered }: PendingStandard,
  options: ResolvedOptions,
  loadedFiles: string[],
): Promise<StandardOutcome> {
  const { report } = input.context
  const { file } = gathered
  const { exportName } = gathered.module
  const text = decodeUtf8(gathered.bytes)
  const name =
    (relative(options.root, file).replaceAll('\\', '/') || file) + (exportName === 'default' ? '' : `#${exportName}`)
  const atExport = { file, position: exportPosition(text, exportName), chain: [], source: text }
  const failAtSchema = (code: 'MY_SCHEMA_MODULE' | 'MY_SCHEMA_THREW', message: string): never =>
    report.fail({ code, message, at: atExport })
  let schema: StandardSchemaV1
  try {
    const loaded = await loadSchemaModule(file, exportName)
    loadedFiles.push(...loaded.files)
    schema = loaded.schema
  } catch (error) {
    if (!(error instanceof SchemaModuleError)) throw error
    return failAtSchema('MY_SCHEMA_MODULE', `${name}: ${error.message}`)
  }
  const standard = schema['~standard']
  const entrySchema: EntrySchema = { kind: 'standard', file, source: 'option', exportName, vendor: standard.vendor }
  let result: StandardSchemaV1.Result<unknown>
  try {
    result = await standard.validate(input.value)
  } catch (error) {
    return failAtSchema('MY_SCHEMA_THREW', `${name}: the schema threw while validating the value (${thrown(error)})`)
  }
  const validation = new Validation(input, report)
  const files = [...loadedFiles]
  if (result.issues) {
    if (!Array.isArray(result.issues))
      failAtSchema('MY_SCHEMA_THREW', `${name}: the schema's result has issues that are not a list`)
    for (const issue of result.issues as readonly StandardSchemaV1.Issue[]) {
      const path = issuePath(issue)
      const pointer = boundMessage(jsonPointer(path), 200) || '(root)'
      const message = `${pointer}: ${boundMessage(issue.message)} (${name}, ${standard.vendor})`
      validation.add(asViolation(path, message), [], message)
    }
    report.throwErrors()
    return { schema: entrySchema, value: input.value, unchanged: true, files }
  }
  const output = result.value
  if (output === input.value) return { schema: entrySchema, value: output, unchanged: true, files }
  checkOutput(output, input, validation, name, options)
  return { schema: entrySchema, value: output, unchanged: false, files }
}

/** The schema's output must be data a module can export, within the value limits: else a located error. */
function checkOutput(
  output: unknown,
  input: ValidateInput,
  validation: Validation,
  name: string,
  options: ResolvedOptions,
): void {
  const { report } = input.context
  const notData = findNonData(output)
  if (notData) {
    const pointer = boundMessage(jsonPointer(notData.path), 200) || '(root)'
    const message =
      `${pointer}: the schema's output is ${notData.what}, which the module cannot export as data ` +
      `(${name}: a transform or coercion must give what a YAML layer could write)`
    const violation = asViolation(notData.path, message)
    // Always an error: the module's value would not be what the declaration types.
    const place = validation.place(violation, [])
    const problem: Problem = {
      code: 'MY_SCHEMA_OUTPUT',
      message,
      at: { file: place.file, position: place.position, chain: place.chain },
    }
    const diagnostic: Diagnostic = report.diagnostic(problem, 'error')
    if (place.frame) diagnostic.frame = place.frame
    throw new MergedYamlError([diagnostic], report.root)
  }
  const limit = checkValueLimits(output, options.limits)
  if (limit) {
    report.fail({
      code: limit.code,
      message: `the output of ${name}: ${limit.message}`,
      at: { file: input.entry, position: { line: 1, column: 1 }, chain: [] },
      path: limit.path,
    })
  }
}
