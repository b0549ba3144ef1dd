// TypeScript declarations for a merged value: pure string building, deterministic for a given value.
import { dirname, extname, relative } from 'node:path'
import { isPlainObject } from './module.ts'
import { isExportableName } from './names.ts'
import { DeclarationText } from './declaration-text.ts'
import type { Mapping } from './declaration-text.ts'
import { createSourceNotes, describeSource } from './describe-source.ts'
import type { SourceNotes } from './describe-source.ts'
import { schemaDocComment, schemaKeys, SchemaTypePrinter } from './schema-type.ts'
import { printTypeOf } from './shape-type.ts'
import type { TypeOptions } from './value-shape.ts'
import type { PropertySources } from './property-sources.ts'

export type { TypeOptions } from './value-shape.ts'
export { generateType } from './shape-type.ts'

const INDENT = '  '

/** The names every one of `values` exports: its top-level keys that can name a binding. */
function exportedNames(values: readonly unknown[]): string[] {
  if (!values.every(isPlainObject)) return []
  const [first, ...rest] = values as Record<string, unknown>[]
  return Object.keys(first!).filter((key) => isExportableName(key) && rest.every((value) => Object.hasOwn(value, key)))
}

/** A local name that no named export uses (`value`, else `value_`, …). */
function localName(exported: readonly string[]): string {
  let name = 'value'
  while (exported.includes(name)) name += '_'
  return name
}

/**
 * An entry's schema: when given, the declaration's types come from it instead of the value. A JSON
 * Schema (`schema`), or a Standard Schema module's export (`module`: the absolute file and the export),
 * whose output type the declaration imports.
 */
export type DeclarationSchema = { schema: unknown } | { module: StandardSchemaModule }

/** A Standard Schema module's export, which a declaration types the entry from. */
export interface StandardSchemaModule {
  /** Absolute path of the module. */
  file: string
  /** `default`, or the name after `#`. */
  exportName: string
}

/** TypeScript's spelling of a module's emitted file, as imports name it in every resolution mode. */
const EMITTED: Record<string, string> = { '.ts': '.js', '.mts': '.mjs', '.cts': '.cjs' }

/** The specifier of `file` from the folder of `declarationFile` (the absolute path without one). */
export function moduleSpecifier(file: string, declarationFile: string | undefined): string {
  const ext = extname(file)
  const emitted = file.slice(0, file.length - ext.length) + (EMITTED[ext] ?? ext)
  if (!declarationFile) return emitted.replaceAll('\\', '/')
  const path = relative(dirname(declarationFile), emitted).replaceAll('\\', '/')
  return path.startsWith('.') ? path : `./${path}`
}

/** `StandardSchemaV1.InferOutput<typeof schema>` of a module's export, imported from the declaration. */
function standardOutputType(module: StandardSchemaModule, declarationFile: string | undefined): string {
  const specifier = JSON.stringify(moduleSpecifier(module.file, declarationFile))
  const schema = `typeof import(${specifier})[${JSON.stringify(module.exportName)}]`
  return `import("unplugin-merged-yaml").StandardSchemaV1.InferOutput<${schema}>`
}

/**
 * What an entry's declaration is generated from: its merged values, one per mode the declaration
 * covers (`${mode}` layers; in a fixed order, see mode-values.ts), the JSON Schema they were
 * validated against, if any — the types then come from the schema — and, when the plugin records
 * them, where the current mode's values came from (JSDoc and a declaration map point at the layers).
 */
export interface DeclarationInput {
  values: readonly unknown[]
  schema?: DeclarationSchema | undefined
  sources?: PropertySources | undefined
  /**
   * The values may hold decrypted secrets (a Datum store's `[ENC=…]` values): the types never
   * spell a value out, whatever `asConst` says — a declaration file sits in the source tree.
   */
  secret?: boolean | undefined
}

/**
 * Writes the statements that declare a module's exports, one a line: the values' type (from the
 * schema when there is one), the default export and one named export per exportable top-level key
 * (the same keys the module code exports; a key the schema does not declare is `unknown`). With the
 * values of several modes, the type covers each, and only the keys every mode exports are named
 * exports, so no mode's build can miss one that type-checks.
 * `ambient` leaves out `declare`, which is implied (and an error) inside `declare module`.
 */
function writeExportStatements(
  out: DeclarationText,
  { values, schema, secret }: DeclarationInput,
  given: TypeOptions,
  ambient: boolean,
  notes?: SourceNotes,
  declarationFile?: string,
): void {
  const options = secret && given.asConst ? { ...given, asConst: false } : given
  const exported = exportedNames(values)
  const local = localName(exported)
  const declare = ambient ? '' : 'declare '
  let typeOfKey = (key: string) => `Value[${JSON.stringify(key)}]`
  const root = notes && []
  if (schema && 'module' in schema) {
    // The schema's output, the module's value (validate-standard.ts): the team's own types. A key the
    // output type lacks (a passthrough object's) is unknown rather than an error in the declaration.
    out.write(`type Value = ${standardOutputType(schema.module, declarationFile)}`)
    typeOfKey = (key) => `Value extends { ${JSON.stringify(key)}: infer T } ? T : unknown`
  } else if (schema) {
    const printer = new SchemaTypePrinter(schema.schema, options, ['Value', local], notes)
    const valueType = printer.type(schema.schema, 0, root)
    for (const named of printer.namedTypes()) out.write(`${named}\n`)
    out.write(`${schemaDocComment(schema.schema)}type Value = `)
    out.writeMarked(valueType, printer.marks)
    const declared = schemaKeys(schema.schema)
    typeOfKey = (key) => (declared.has(key) ? `Value[${JSON.stringify(key)}]` : 'unknown')
  } else {
    out.write('type Value = ')
    printTypeOf(out, values, options, 0, notes, root)
  }
  out.write(`\n${declare}const ${local}: Value\nexport default ${local}`)
  for (const key of exported) {
    const type = typeOfKey(key)
    const described = notes && describeSource(notes, [key], '')
    if (!described) {
      out.write(`\nexport ${declare}const ${key}: ${type}`)
      continue
    }
    const { doc, source } = described
    out.write(`\n${doc}export ${declare}const `)
    out.map(source)
    out.write(key)
    out.map(source, source.length)
    out.write(`: ${type}`)
    out.map(source, source.length)
  }
}

/** The header of every generated file. */
/** How every declaration the plugin writes starts: only a file that does is rewritten. */
export const GENERATED_MARK = '// Generated by unplugin-merged-yaml'

/** Marks a map as the plugin's (a source map may carry `x_` fields): only such a map is rewritten or removed. */
export const DECLARATION_MAP_MARK = '"x_generator":"unplugin-merged-yaml"'

export function generatedHeader(source: string): string {
  const warning = 'Do not edit: it is rewritten when the merged value changes.'
  return `${GENERATED_MARK} from ${source}. ${warning}\n`
}

/** The sidecar declaration of `input`, written to `out`. */
function writeDeclaration(
  out: DeclarationText,
  input: DeclarationInput,
  options: TypeOptions,
  source: string,
  notes?: SourceNotes,
  file?: string,
): void {
  out.write(generatedHeader(source))
  writeExportStatements(out, input, options, false, notes, file)
  out.write('\n')
}

/**
 * The sidecar declaration `file` (absolute: `app.merged.d.yaml.ts` next to `app.merged.yaml`) and,
 * when the input has sources, the mappings of its map (declaration-map.ts writes it: `<file>.map`).
 */
export function generateDeclarationWithMappings(
  input: DeclarationInput,
  options: TypeOptions,
  file: string,
  source: string,
): { text: string; mappings: readonly Mapping[] } {
  if (!input.sources) return { text: generateDeclaration(input, options, source, file), mappings: [] }
  const out = new DeclarationText()
  writeDeclaration(out, input, options, source, createSourceNotes(input.sources, file), file)
  return { text: out.toString(), mappings: out.mappings }
}

/**
 * A sidecar declaration (`app.merged.d.yaml.ts` next to `app.merged.yaml`), which TypeScript uses
 * for `import … from './app.merged.yaml'` when `allowArbitraryExtensions` is on.
 */
export function generateDeclaration(
  input: DeclarationInput,
  options: TypeOptions,
  source: string,
  /** The declaration's own path: a Standard Schema module is imported relative to it (else absolute). */
  file?: string,
): string {
  const out = new DeclarationText()
  writeDeclaration(out, input, options, source, undefined, file)
  return out.toString()
}

/**
 * One `declare module '<specifier>' { … }` block of the ambient declarations file, written to `out`.
 * `export {}` turns off the implicit export of every declaration in the block, so `Value` and the
 * local stay private.
 */
function writeAmbientModule(
  out: DeclarationText,
  specifier: string,
  input: DeclarationInput,
  options: TypeOptions,
  notes?: SourceNotes,
  file?: string,
): void {
  out.write(`declare module ${JSON.stringify(specifier)} {\n${INDENT}`)
  out.linePrefix = INDENT
  writeExportStatements(out, input, options, true, notes, file)
  out.write('\nexport {}')
  out.linePrefix = ''
  out.write('\n}')
}

/** One `declare module '<specifier>' { … }` block of the ambient declarations file. */
export function generateAmbientModule(specifier: string, input: DeclarationInput, options: TypeOptions): string {
  const out = new DeclarationText()
  writeAmbientModule(out, specifier, input, options)
  return out.toString()
}

/**
 * An ambient block and, when the input has sources, its mappings (lines from the block's first),
 * which the ambient `file` (absolute) puts in its map: layer paths are relative to its folder.
 */
export function generateAmbientModuleWithMappings(
  specifier: string,
  input: DeclarationInput,
  options: TypeOptions,
  file: string,
): { text: string; mappings: readonly Mapping[] } {
  const out = new DeclarationText()
  writeAmbientModule(out, specifier, input, options, input.sources && createSourceNotes(input.sources, file), file)
  return { text: out.toString(), mappings: out.mappings }
}
