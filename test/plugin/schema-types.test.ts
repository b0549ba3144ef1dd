// TypeScript types from a JSON Schema (src/codegen/schema-type.ts): each construct, printed. The
// types are checked by tsc in test/types; here, what each keyword becomes.
import { describe, expect, it } from 'vitest'
import { generateDeclaration } from '../../src/index.ts'
import { SchemaTypePrinter } from '../../src/codegen/schema-type.ts'

const typeOf = (schema: unknown, asConst = false): string => {
  const printer = new SchemaTypePrinter(schema, { asConst }, ['Value'])
  const type = printer.type(schema, 0)
  return [...printer.namedTypes(), type].join('\n')
}

describe('schema → TypeScript', () => {
  it.each([
    [{ type: 'string' }, 'string'],
    [{ type: 'integer' }, 'number'],
    [{ type: ['string', 'null'] }, 'string | null'],
    [{ enum: ['a', 1, true, null] }, '"a" | 1 | true | null'],
    [{ enum: ['a', { b: 1 }], type: 'string' }, 'string'],
    [{ const: 'x' }, '"x"'],
    [true, 'unknown'],
    [false, 'never'],
    [{}, 'unknown'],
    [{ type: 'array', items: { type: 'string' } }, 'string[]'],
    [{ type: 'array', items: { anyOf: [{ type: 'string' }, { type: 'number' }] } }, '(string | number)[]'],
    [{ type: 'array' }, 'unknown[]'],
    [{ prefixItems: [{ type: 'string' }, { type: 'number' }], items: false }, '[string, number]'],
    [{ type: 'array', items: [{ type: 'string' }], additionalItems: { type: 'boolean' } }, '[string, ...boolean[]]'],
    [{ allOf: [{ type: 'string' }, { const: 'x' }] }, 'string & "x"'],
    [{ oneOf: [{ type: 'string' }, { type: 'number' }] }, 'string | number'],
    [{ type: 'object' }, '{\n  [key: string]: unknown\n}'],
    [{ type: 'object', additionalProperties: false }, '{}'],
    [{ type: 'object', properties: { a: { type: 'string' } } }, '{\n  a?: string\n}'],
    [
      { type: 'object', properties: { a: { type: 'string' } }, required: ['a'], additionalProperties: true },
      '{\n  a: string\n  [key: string]: unknown\n}',
    ],
    [
      { properties: { a: { type: 'string' } }, additionalProperties: { type: 'number' } },
      '{\n  a?: string\n  [key: string]: number | string | undefined\n}',
    ],
    [
      { patternProperties: { '^x-': { type: 'string' } }, additionalProperties: false },
      '{\n  [key: string]: string\n}',
    ],
    [{ required: ['id'] }, '{\n  id: unknown\n  [key: string]: unknown\n}'],
    [{ properties: { 'x-y': { type: 'number' }, __proto__: { type: 'string' } } }, '{\n  "x-y"?: number\n}'],
  ])('%j', (schema, type) => {
    expect(typeOf(schema)).toBe(type)
  })

  it('local $refs as named types, recursion included', () => {
    const schema = {
      $ref: '#/definitions/node',
      definitions: {
        node: {
          description: 'A tree node.',
          type: 'object',
          properties: { children: { type: 'array', items: { $ref: '#/definitions/node' } } },
        },
      },
    }
    expect(typeOf(schema)).toBe('/** A tree node. */\ntype Node = {\n  children?: Node[]\n}\nNode')
    // An unresolvable reference types nothing.
    expect(typeOf({ $ref: '#/definitions/none' })).toBe('unknown')
    expect(typeOf({ $ref: 'https://example.com/s.json' })).toBe('unknown')
  })

  it('a definition named like a reserved name gets another', () => {
    expect(typeOf({ $ref: '#/$defs/value', $defs: { value: { type: 'string' } } })).toBe('type Value_ = string\nValue_')
  })

  it('descriptions, defaults and deprecations as JSDoc, comment ends escaped', () => {
    const schema = {
      properties: {
        a: { type: 'number', description: 'Line one.\nLine two */', default: 3, deprecated: true },
      },
    }
    expect(typeOf(schema)).toBe(
      '{\n  /**\n   * Line one.\n   * Line two *\\/\n   * @default 3\n   * @deprecated\n   */\n  a?: number\n}',
    )
  })

  it('asConst: readonly properties and arrays', () => {
    expect(typeOf({ properties: { a: { type: 'array', items: { type: 'string' } } } }, true)).toBe(
      '{\n  readonly a?: readonly string[]\n}',
    )
  })

  it('the declaration: named exports the schema does not declare are unknown', () => {
    const schema = { type: 'object', properties: { a: { type: 'string' } } }
    const text = generateDeclaration(
      { values: [{ a: 'x', b: 1 }], schema: { schema } },
      { asConst: false },
      'app.merged.yaml',
    )
    expect(text).toContain('export declare const a: Value["a"]')
    expect(text).toContain('export declare const b: unknown')
  })
})
