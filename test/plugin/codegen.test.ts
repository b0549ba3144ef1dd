// The module code: exports, round-trips through a real ES module, prototype safety, large values,
// determinism.
import * as fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { stringify } from 'yaml'
import { parseYamlStream } from '../../packages/core/src/yaml/parse.ts'
import { generateModule, JSON_PARSE_THRESHOLD } from '../../src/codegen/module.ts'
import { propertyRuns } from '../helpers/property-runs.ts'

/** Imports generated code as a real ES module. */
async function importModule(code: string): Promise<Record<string, unknown>> {
  return import(/* @vite-ignore */ `data:text/javascript;charset=utf-8,${encodeURIComponent(code)}`)
}

/** Every object in the value has Object.prototype: no key became a prototype. */
function plainPrototypes(value: unknown): boolean {
  if (Array.isArray(value)) return value.every(plainPrototypes)
  if (typeof value !== 'object' || value === null || value instanceof Uint8Array) return true
  return (
    Object.getPrototypeOf(value) === Object.prototype &&
    Object.keys(value).every((key) => plainPrototypes((value as Record<string, unknown>)[key]))
  )
}

const key = fc.oneof(
  fc.constantFrom('__proto__', 'constructor', 'default', 'toString', 'then', 'JSON', 'x-y', '1', ''),
  fc.string(),
)
const value = fc.letrec((tie) => ({
  node: fc.oneof(
    { depthSize: 'small' },
    fc.string(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('node'), { maxLength: 4 }),
    fc.dictionary(key, tie('node'), { maxKeys: 5 }),
  ),
})).node

describe('generateModule', () => {
  it('exports each identifier key and a default object that refers to them', () => {
    expect(generateModule({ api: { url: 'https://x', timeout: 30 }, features: ['a', 'b'], 'x-y': 1 })).toBe(
      [
        'export const api = {"url":"https://x","timeout":30};',
        'export const features = ["a","b"];',
        'export default {api, features, "x-y": 1};',
        '',
      ].join('\n'),
    )
  })

  it('keeps reserved words, globals it refers to and __proto__ out of the named exports', async () => {
    const value: Record<string, number> = {
      default: 1,
      class: 2,
      JSON: 3,
      NaN: 4,
      undefined: 5,
      await: 6,
      constructor: 8,
      ok: 9,
    }
    Object.defineProperty(value, '__proto__', { value: 7, enumerable: true })
    const code = generateModule(value)
    const mod = await importModule(code)
    expect(Object.keys(mod).sort()).toEqual(['constructor', 'default', 'ok'])
    expect(mod.default).toEqual(value)
    expect(plainPrototypes(mod.default)).toBe(true)
  })

  it('emits __proto__ keys as data at every depth', async () => {
    const value = JSON.parse('{"__proto__": {"polluted": true}, "a": {"__proto__": [1], "b": {"__proto__": null}}}')
    const code = generateModule(value)
    expect(code).toContain('["__proto__"]')
    const mod = await importModule(code)
    expect(mod.default).toEqual(value)
    expect(Object.getOwnPropertyNames(mod.default)).toContain('__proto__')
    expect(plainPrototypes(mod.default)).toBe(true)
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })

  it('gives non-mapping values as the default export only', async () => {
    for (const value of [[1, 'two', null], 'text', 42, null, true]) {
      const mod = await importModule(generateModule(value))
      expect(Object.keys(mod)).toEqual(['default'])
      expect(mod.default).toEqual(value)
    }
  })

  it('keeps numbers JSON cannot hold, and bytes', async () => {
    const value = {
      nan: Number.NaN,
      inf: Number.POSITIVE_INFINITY,
      ninf: Number.NEGATIVE_INFINITY,
      nzero: -0,
      bytes: new Uint8Array([0, 255]),
    }
    const mod = await importModule(generateModule(value))
    expect(mod.nan).toBeNaN()
    expect([mod.inf, mod.ninf]).toEqual([Infinity, -Infinity])
    expect(Object.is(mod.nzero, -0)).toBe(true)
    expect(mod.bytes).toEqual(new Uint8Array([0, 255]))
  })

  it("emits large values as JSON.parse('…') (Vite's rule), escaping what a single-quoted string needs", async () => {
    const tricky = `it's a \\ backslash, "quotes", \u2028 and \u2029 separators, </script>`
    const big = { items: Array.from({ length: 400 }, (_, i) => ({ id: i, label: `${tricky} ${i}` })) }
    expect(JSON.stringify(big.items).length).toBeGreaterThan(JSON_PARSE_THRESHOLD)
    const code = generateModule({ big, small: { a: 1 } })
    expect(code).toMatch(/^export const big = \/\* #__PURE__ \*\/ JSON\.parse\('/)
    expect(code).toContain('export const small = {"a":1};')
    const mod = await importModule(code)
    expect(mod.big).toEqual(big)
  })

  it('does not JSON.parse a large value that JSON cannot hold', () => {
    const big = { items: Array.from({ length: 2000 }, (_, i) => i), nan: Number.NaN }
    expect(generateModule({ big })).not.toContain('JSON.parse')
  })

  it('is byte-deterministic', () => {
    const make = () => ({ b: [1, { c: 'x' }], a: { z: 1, y: 2 }, '1': 'one' })
    expect(generateModule(make())).toBe(generateModule(make()))
  })

  it('round-trips any JSON value (keys such as __proto__ and constructor included)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.dictionary(key, value, { maxKeys: 6 }), async (input) => {
        const mod = await importModule(generateModule(input))
        expect(mod.default).toEqual(input)
        expect(plainPrototypes(mod.default)).toBe(true)
      }),
      { numRuns: propertyRuns(150) },
    )
  })

  it('writes the same code when told the value is plain JSON, as the parser learns it (NaN, -0 and __proto__ included)', () => {
    let told = 0
    fc.assert(
      fc.property(fc.dictionary(key, value, { maxKeys: 6 }), (input) => {
        const [doc] = parseYamlStream(stringify(input), {
          version: '1.2',
          allowDuplicateKeys: false,
          maxAliasCount: 100,
        })
        if (doc?.tree === undefined) return
        if (doc.tree.plainJson) told++
        expect(generateModule(doc.value, { plainJson: doc.tree.plainJson })).toBe(generateModule(doc.value))
      }),
      { numRuns: propertyRuns(300) },
    )
    expect(told).toBeGreaterThan(10)
  })
})
