// A value's shape printed as a TypeScript type (the declarations' type when there is no schema),
// written in the order of the text so that, with the declaration's sources, each property's JSDoc
// and mappings go where its name is.
import { DeclarationText } from './declaration-text.ts'
import { describeSource } from './describe-source.ts'
import type { SourceNotes } from './describe-source.ts'
import { propertyKey } from './names.ts'
import { shapeOf } from './value-shape.ts'
import type { Shape, TypeOptions } from './value-shape.ts'
import { ANY_ITEM } from './property-sources.ts'
import type { PathStep } from './property-sources.ts'

const INDENT = '  '
// The indentation of each depth, made once.
const pads: string[] = []
const padOf = (depth: number): string => (pads[depth] ??= INDENT.repeat(depth))

/**
 * Writes `shape` to `out`. With `notes` (the declaration has sources), `at` is the path the shape
 * types and each property gets its source's JSDoc and its mappings.
 */
export function printShape(
  out: DeclarationText,
  shape: Shape,
  options: TypeOptions,
  depth: number,
  notes?: SourceNotes,
  at?: PathStep[],
): void {
  switch (shape.kind) {
    case 'leaf':
      out.write(shape.type)
      return
    case 'union':
      for (let i = 0; i < shape.members.length; i++) {
        if (i > 0) out.write(' | ')
        printShape(out, shape.members[i]!, options, depth, notes, at)
      }
      return
    case 'array': {
      const { element } = shape
      if (!element) return out.write('unknown[]')
      // Only a leaf prints as a name (a union has `|`, an array `[]` or `<>`, an object braces).
      const named = element.kind === 'leaf' && /^[\w.]+$/.test(element.type)
      if (!named) out.write('Array<')
      printShape(out, element, options, depth, notes, at && [...at, ANY_ITEM])
      return out.write(named ? '[]' : '>')
    }
    case 'tuple': {
      if (shape.items.length === 0) return out.write('readonly []')
      const pad = padOf(depth + 1)
      out.write('readonly [\n')
      for (let i = 0; i < shape.items.length; i++) {
        out.write(pad)
        printShape(out, shape.items[i]!, options, depth + 1, notes, at && [...at, i])
        out.write(',\n')
      }
      return out.write(`${padOf(depth)}]`)
    }
    case 'object': {
      // `{}`: an empty mapping; any property access on it is a type error, as for a misspelt key.
      if (shape.props.size === 0) return out.write('{}')
      const pad = padOf(depth + 1)
      const lead = options.asConst ? `${pad}readonly ` : pad
      out.write('{\n')
      for (const [key, prop] of shape.props) {
        const path = at && [...at, key]
        const described = notes && path && describeSource(notes, path, pad)
        const optional = prop.optional ? '?: ' : ': '
        if (!described) out.write(`${lead}${propertyKey(key, 'type')}${optional}`)
        else {
          const { doc, source } = described
          out.write(`${doc}${lead}`)
          out.map(source)
          out.write(propertyKey(key, 'type'))
          out.map(source, source.length)
          out.write(optional)
        }
        printShape(out, prop.shape, options, depth + 1, notes, path)
        if (described) out.map(described.source, described.source.length)
        out.write('\n')
      }
      return out.write(`${padOf(depth)}}`)
    }
  }
}

/** The type of `value`, laid out over several lines starting at `depth` levels of indentation. */
export function generateType(value: unknown, options: TypeOptions, depth = 0): string {
  const out = new DeclarationText()
  printShape(out, shapeOf(value, options), options, depth)
  return out.toString()
}
