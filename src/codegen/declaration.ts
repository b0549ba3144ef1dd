// TypeScript declarations for a merged value: pure string building, deterministic for a given value.
import { isPlainObject } from './module.ts'
import { isExportableName, propertyKey } from './names.ts'
import { DeclarationMarks, generateDeclarationMap, resolveMarks, sourceMappingComment } from './declaration-map.ts'
import { createSourceNotes, describeSource } from './describe-source.ts'
import type { SourceNotes } from './describe-source.ts'
import { schemaDocComment, schemaKeys, SchemaTypePrinter } from './schema-type.ts'
import { shapeOf, shapeOfAny } from './value-shape.ts'
import type { Shape, TypeOptions } from './value-shape.ts'
import { ANY_ITEM } from './value-sources.ts'
import type { PathStep, ValueSources } from './value-sources.ts'

export type { TypeOptions } from './value-shape.ts'

const INDENT = '  '
// The indentation of each depth, made once.
const pads: string[] = []
const padOf = (depth: number): string => (pads[depth] ??= INDENT.repeat(depth))

/**
 * Prints `shape`. With `notes` (the declaration has sources), `at` is the path the shape types and
 * each property gets its source's JSDoc and marks for the declaration map.
 */
function printShape(shape: Shape, options: TypeOptions, depth: number, notes?: SourceNotes, at?: PathStep[]): string {
  switch (shape.kind) {
    case 'leaf':
      return shape.type
    case 'union':
      return shape.members.map((member) => printShape(member, options, depth, notes, at)).join(' | ')
    case 'array': {
      if (!shape.element) return 'unknown[]'
      const element = printShape(shape.element, options, depth, notes, at && [...at, ANY_ITEM])
      return /^[\w.]+$/.test(element) ? `${element}[]` : `Array<${element}>`
    }
    case 'tuple': {
      if (shape.items.length === 0) return 'readonly []'
      const pad = padOf(depth + 1)
      let items = ''
      for (let i = 0; i < shape.items.length; i++)
        items += `${pad}${printShape(shape.items[i]!, options, depth + 1, notes, at && [...at, i])},\n`
      return `readonly [\n${items}${padOf(depth)}]`
    }
    case 'object': {
      // `{}`: an empty mapping; any property access on it is a type error, as for a misspelt key.
      if (shape.props.size === 0) return '{}'
      const pad = padOf(depth + 1)
      const modifier = options.asConst ? 'readonly ' : ''
      let lines = ''
      for (const [key, prop] of shape.props) {
        const path = at && [...at, key]
        const type = printShape(prop.shape, options, depth + 1, notes, path)
        const optional = prop.optional ? '?' : ''
        const described = notes && path && describeSource(notes, path, pad)
        if (!described) lines += `${pad}${modifier}${propertyKey(key, 'type')}${optional}: ${type}\n`
        else {
          const { doc, start, end } = described
          lines += `${doc}${pad}${modifier}${start}${propertyKey(key, 'type')}${end}${optional}: ${type}${end}\n`
        }
      }
      return `{\n${lines}${padOf(depth)}}`
    }
  }
}

/** The type of `value`, laid out over several lines starting at `depth` levels of indentation. */
export function generateType(value: unknown, options: TypeOptions, depth = 0): string {
  return printShape(shapeOf(value, options), options, depth)
}

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

/** An entry's JSON Schema: when given, the declaration's types come from it instead of the value. */
export interface DeclarationSchema {
  schema: unknown
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
  sources?: ValueSources | undefined
}

/**
 * The statements that declare a module's exports: the values' type (from the schema when there is
 * one), the default export and one named export per exportable top-level key (the same keys the
 * module code exports; a key the schema does not declare is `unknown`). With the values of several
 * modes, the type covers each, and only the keys every mode exports are named exports, so no mode's
 * build can miss one that type-checks.
 * `ambient` leaves out `declare`, which is implied (and an error) inside `declare module`.
 */
function exportStatements(
  { values, schema }: DeclarationInput,
  options: TypeOptions,
  ambient: boolean,
  notes?: SourceNotes,
): string[] {
  const exported = exportedNames(values)
  const local = localName(exported)
  const declare = ambient ? '' : 'declare '
  let types: string[]
  let typed = (_key: string) => true
  const root = notes && []
  if (schema) {
    const printer = new SchemaTypePrinter(schema.schema, options, ['Value', local], notes)
    const valueType = printer.type(schema.schema, 0, root)
    types = [...printer.namedTypes(), `${schemaDocComment(schema.schema)}type Value = ${valueType}`]
    const declared = schemaKeys(schema.schema)
    typed = (key) => declared.has(key)
  } else types = [`type Value = ${printShape(shapeOfAny(values, options), options, 0, notes, root)}`]
  const exportOf = (key: string): string => {
    const type = typed(key) ? `Value[${JSON.stringify(key)}]` : 'unknown'
    const described = notes && describeSource(notes, [key], '')
    if (!described) return `export ${declare}const ${key}: ${type}`
    const { doc, start, end } = described
    return `${doc}export ${declare}const ${start}${key}${end}: ${type}${end}`
  }
  return [...types, `${declare}const ${local}: Value`, `export default ${local}`, ...exported.map(exportOf)]
}

/** The header of every generated file. */
export function generatedHeader(source: string): string {
  const warning = 'Do not edit: it is rewritten when the merged value changes.'
  return `// Generated by unplugin-merged-yaml from ${source}. ${warning}\n`
}

/** A declaration and its declaration map (present when the input has sources). */
export interface GeneratedDeclaration {
  text: string
  map?: string
}

/**
 * The sidecar declaration `file` (absolute: `app.merged.d.yaml.ts` next to `app.merged.yaml`) and,
 * when the input has sources, its map (`<file>.map`, which the declaration's last line names).
 */
export function generateDeclarationWithMap(
  input: DeclarationInput,
  options: TypeOptions,
  file: string,
  source: string,
): GeneratedDeclaration {
  if (!input.sources) return { text: generateDeclaration(input, options, source) }
  const marks = new DeclarationMarks()
  const notes = createSourceNotes(input.sources, marks, file)
  const marked = `${generatedHeader(source)}${exportStatements(input, options, false, notes).join('\n')}\n`
  const { text, mappings } = resolveMarks(marked, marks)
  if (mappings.length === 0) return { text }
  return { text: text + sourceMappingComment(`${file}.map`), map: generateDeclarationMap(file, mappings) }
}

/**
 * A sidecar declaration (`app.merged.d.yaml.ts` next to `app.merged.yaml`), which TypeScript uses
 * for `import … from './app.merged.yaml'` when `allowArbitraryExtensions` is on.
 */
export function generateDeclaration(input: DeclarationInput, options: TypeOptions, source: string): string {
  return `${generatedHeader(source)}${exportStatements(input, options, false).join('\n')}\n`
}

/**
 * One `declare module '<specifier>' { … }` block of the ambient declarations file. `export {}` turns
 * off the implicit export of every declaration in the block, so `Value` and the local stay private.
 */
export function generateAmbientModule(specifier: string, input: DeclarationInput, options: TypeOptions): string {
  return ambientBlock(specifier, exportStatements(input, options, true))
}

function ambientBlock(specifier: string, statements: readonly string[]): string {
  const indented = [...statements, 'export {}'].map((statement) => statement.replace(/^/gm, INDENT)).join('\n')
  return `declare module ${JSON.stringify(specifier)} {\n${indented}\n}`
}

/**
 * An ambient block with the marks of its sources left in (for `resolveMarks`, once the whole
 * ambient `file` is put together): the block of `generateAmbientModule` when the input has none.
 */
export function generateMarkedAmbientModule(
  specifier: string,
  input: DeclarationInput,
  options: TypeOptions,
  file: string,
  marks: DeclarationMarks,
): string {
  const notes = input.sources && createSourceNotes(input.sources, marks, file)
  return ambientBlock(specifier, exportStatements(input, options, true, notes))
}
