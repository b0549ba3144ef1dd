// The type of values printed as TypeScript (the declarations' type when there is no schema),
// written in the order of the text so that, with the declaration's sources, each property's JSDoc
// and mappings go where its name is.
import { DeclarationText } from './declaration-text.ts'
import { describeSource } from './describe-source.ts'
import type { SourceNotes } from './describe-source.ts'
import { propertyKey } from './names.ts'
import { itemsOf, leafType, membersOf, propertiesOf } from './value-shape.ts'
import type { Property, TypeOptions } from './value-shape.ts'
import { ANY_ITEM } from './property-sources.ts'
import type { PathStep } from './property-sources.ts'

const INDENT = '  '
// The indentation of each depth, made once.
const pads: string[] = []
const padOf = (depth: number): string => (pads[depth] ??= INDENT.repeat(depth))

/** How a printer writes a type: where, with which options and, with `notes`, each property's source. */
interface TypePrinter {
  out: DeclarationText
  options: TypeOptions
  notes: SourceNotes | undefined
}

/**
 * Writes the one type of `values` (an entry's values in the modes it is built in, an array's items)
 * to `out`: the unification `membersOf` says, printed as it goes — one pass over the values, and for
 * the common case of one value, nothing built beside it. With `notes` (the declaration has sources),
 * `at` is the path the type types and each property gets its source's JSDoc and its mappings.
 */
export function printTypeOf(
  out: DeclarationText,
  values: readonly unknown[],
  options: TypeOptions,
  depth: number,
  notes?: SourceNotes,
  at?: PathStep[],
): void {
  const printer = { out, options, notes }
  if (values.length === 1) printValue(printer, values[0], depth, at)
  else printValues(printer, values, depth, at)
}

/** The type of one value. */
function printValue(printer: TypePrinter, value: unknown, depth: number, at: PathStep[] | undefined): void {
  const leaf = leafType(value, printer.options)
  if (leaf !== undefined) printer.out.write(leaf)
  else if (!Array.isArray(value)) printObject(printer, value as Record<string, unknown>, undefined, depth, at)
  else if (printer.options.asConst) printTuple(printer, value, depth, at)
  else printArray(printer, value, depth, at)
}

/** The one type of several values: its members, joined by `|`. */
function printValues(printer: TypePrinter, values: readonly unknown[], depth: number, at: PathStep[] | undefined) {
  // The same value several times (what the modes' values share) types as once, except with `asConst`,
  // where each array is a tuple of its own.
  if (!printer.options.asConst && values.every((value) => value === values[0]))
    return printValue(printer, values[0], depth, at)
  const members = membersOf(values, printer.options)
  for (let i = 0; i < members.length; i++) {
    if (i > 0) printer.out.write(' | ')
    const member = members[i]!
    switch (member.kind) {
      case 'leaf':
        printer.out.write(member.type)
        break
      case 'object':
        if (member.objects.length === 1) printObject(printer, member.objects[0]!, undefined, depth, at)
        else printObject(printer, undefined, propertiesOf(member.objects), depth, at)
        break
      case 'array':
        printArray(printer, itemsOf(member.arrays), depth, at)
        break
      case 'tuple':
        printTuple(printer, member.items, depth, at)
    }
  }
}

// Only a leaf type that is a name prints as `T[]` (a union has `|`, an array `[]` or `<>`, an object braces).
const NAME = /^[\w.]+$/

/** An array type of `items`: `T[]` when every item has the same leaf type, else `Array<…>`. */
function printArray(printer: TypePrinter, items: readonly unknown[], depth: number, at: PathStep[] | undefined) {
  const { out, options } = printer
  if (items.length === 0) return out.write('unknown[]')
  // Most arrays hold leaves of one type (a list of hosts): typed once, without unifying.
  let leaf = leafType(items[0], options)
  for (let i = 1; leaf !== undefined && i < items.length; i++)
    if (leafType(items[i], options) !== leaf) leaf = undefined
  if (leaf !== undefined && NAME.test(leaf)) return out.write(`${leaf}[]`)
  const path: PathStep[] | undefined = at && [...at, ANY_ITEM]
  out.write('Array<')
  if (leaf !== undefined) out.write(leaf)
  else if (items.length === 1) printValue(printer, items[0], depth, path)
  else printValues(printer, items, depth, path)
  out.write('>')
}

/** A readonly tuple of `items` (with `asConst`), one line each. */
function printTuple(printer: TypePrinter, items: readonly unknown[], depth: number, at: PathStep[] | undefined) {
  const { out } = printer
  if (items.length === 0) return out.write('readonly []')
  const pad = padOf(depth + 1)
  out.write('readonly [\n')
  for (let i = 0; i < items.length; i++) {
    out.write(pad)
    printValue(printer, items[i], depth + 1, at && [...at, i])
    out.write(',\n')
  }
  out.write(`${padOf(depth)}]`)
}

/**
 * An object type, one property a line: of one `object` (every key required), or of the `props` of
 * several (`propertiesOf`).
 */
function printObject(
  printer: TypePrinter,
  object: Record<string, unknown> | undefined,
  props: Map<string, Property> | undefined,
  depth: number,
  at: PathStep[] | undefined,
): void {
  const { out, options, notes } = printer
  const keys = object ? Object.keys(object) : [...props!.keys()]
  // `{}`: an empty mapping; any property access on it is a type error, as for a misspelt key.
  if (keys.length === 0) return out.write('{}')
  const pad = padOf(depth + 1)
  const lead = options.asConst ? `${pad}readonly ` : pad
  out.write('{\n')
  for (const key of keys) {
    const prop = props?.get(key)
    const path = at && [...at, key]
    const described = notes && path && describeSource(notes, path, pad)
    const optional = prop?.optional ? '?: ' : ': '
    if (!described) {
      // Most properties are a leaf: their line is one write.
      const value = prop === undefined ? object![key] : prop.values.length === 1 ? prop.values[0] : undefined
      const leaf = value === undefined ? undefined : leafType(value, options)
      if (leaf !== undefined) {
        out.write(`${lead}${propertyKey(key, 'type')}${optional}${leaf}\n`)
        continue
      }
      out.write(`${lead}${propertyKey(key, 'type')}${optional}`)
    } else {
      const { doc, source } = described
      out.write(`${doc}${lead}`)
      out.map(source)
      out.write(propertyKey(key, 'type'))
      out.map(source, source.length)
      out.write(optional)
    }
    if (prop === undefined) printValue(printer, object![key], depth + 1, path)
    else if (prop.values.length === 1) printValue(printer, prop.values[0], depth + 1, path)
    else printValues(printer, prop.values, depth + 1, path)
    if (described) out.map(described.source, described.source.length)
    out.write('\n')
  }
  out.write(`${padOf(depth)}}`)
}

/** The type of `value`, laid out over several lines starting at `depth` levels of indentation. */
export function generateType(value: unknown, options: TypeOptions, depth = 0): string {
  const out = new DeclarationText()
  printTypeOf(out, [value], options, depth)
  return out.toString()
}
