import { describe, expect, it } from 'vitest'
import { parseYamlStream } from '../../packages/core/src/yaml/parse.ts'

const y11 = { version: '1.1', allowDuplicateKeys: true, maxAliasCount: 100 } as const
const y12 = { version: '1.2', allowDuplicateKeys: false, maxAliasCount: 100 } as const

describe('parseYamlStream', () => {
  it('resolves YAML 1.1 scalars the way PyYAML does', () => {
    const [doc] = parseYamlStream('a: yes\nb: y\nc: 0777\nd: 1:20\ne: 2012-09-01\nf: off\ng: N\n', y11)
    expect(doc!.value).toEqual({ a: true, b: 'y', c: 511, d: 80, e: '2012-09-01', f: false, g: 'N' })
  })

  it('keeps YAML 1.2 scalars as YAML 1.2 defines them', () => {
    const [doc] = parseYamlStream('a: yes\nc: 0777\nd: 1:20\n', y12)
    expect(doc!.value).toEqual({ a: 'yes', c: 777, d: '1:20' })
  })

  it('honours << merge keys and last-wins duplicates in 1.1', () => {
    const [doc] = parseYamlStream('x: &x {p: 1, q: 1}\ng:\n  <<: *x\n  q: 2\nx: 3\n', y11)
    expect(doc!.value).toEqual({ x: 3, g: { p: 1, q: 2 } })
  })

  it('rejects duplicate keys when they are not allowed, at the duplicate', () => {
    const [doc] = parseYamlStream('a: 1\na: 2\n', y12)
    expect(doc!.error).toMatchObject({ code: 'DUPLICATE_KEY', position: { line: 2, column: 1 } })
  })

  it('keeps __proto__ as a plain key', () => {
    const [doc] = parseYamlStream('__proto__: {polluted: true}\n', y12)
    const value = doc!.value as Record<string, unknown>
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype)
    expect(Object.keys(value)).toEqual(['__proto__'])
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })

  it('splits streams into documents and marks empty ones', () => {
    const docs = parseYamlStream('---\na: 1\n---\n# only a comment\n---\nb: 2\n', y12)
    expect(docs.map((d) => [d.value, d.empty])).toEqual([
      [{ a: 1 }, false],
      [null, true],
      [{ b: 2 }, false],
    ])
    expect(parseYamlStream('', y12)).toMatchObject([{ value: null, empty: true }])
  })

  it('reports syntax errors with a position instead of throwing', () => {
    const [doc] = parseYamlStream('a:\n  b: [1, 2\nc: 3\n', y12)
    expect(doc!.error?.position.line).toBeGreaterThanOrEqual(2)
    expect(doc!.error?.message).not.toMatch(/at line/)
  })

  it('locates keys and values by path, falling back to the nearest ancestor', () => {
    const [doc] = parseYamlStream('a:\n  b:\n    - x\n    - {c: 1}\n', y12)
    expect(doc!.locate(['a', 'b', 1, 'c'], 'key')).toEqual({ line: 4, column: 8 })
    expect(doc!.locate(['a', 'b', 1, 'c'])).toEqual({ line: 4, column: 11 })
    expect(doc!.locate(['a', 'missing'])).toEqual({ line: 2, column: 3 })
  })

  it('limits alias expansion', () => {
    const bomb =
      'a: &a [x, x, x, x, x, x, x, x, x, x]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]\nc: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b]\n'
    const [doc] = parseYamlStream(bomb, { ...y12, maxAliasCount: 10 })
    expect(doc!.error?.code).toBe('MY_YAML_ALIAS_LIMIT')
  })
})
