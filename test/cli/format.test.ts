// Key paths as explain reads and prints them, and short values.
import { describe, expect, it } from 'vitest'
import { formatKeyPath, formatShortValue, parseKeyPath } from '../../packages/cli/src/format.ts'

describe('key paths', () => {
  it.each([
    ['server.port', ['server', 'port']],
    ['packages[0]', ['packages', 0]],
    ['packages.0', ['packages', '0']],
    ['a["x.y"].b', ['a', 'x.y', 'b']],
    ["a['x y']", ['a', 'x y']],
    ['["with \\"quote\\""]', ['with "quote"']],
    ['users[1].groups[0]', ['users', 1, 'groups', 0]],
  ])('parses %s', (text, path) => {
    expect(parseKeyPath(text)).toEqual(path)
  })

  it.each(['', 'a..b', 'a.', '.a', 'a[', 'a[x]', 'a]'])('refuses %j', (text) => {
    expect(parseKeyPath(text)).toBeUndefined()
  })

  it('prints identifier-like keys dotted, indices in brackets and other keys quoted, and reads them back', () => {
    const paths: (string | number)[][] = [
      ['server', 'port'],
      ['packages', 2],
      ['a', 'x.y', 0, 'b-c'],
      ['OS::Example::Net'],
      ['__proto__', 'x'],
    ]
    expect(paths.map(formatKeyPath)).toEqual([
      'server.port',
      'packages[2]',
      'a["x.y"][0].b-c',
      '["OS::Example::Net"]',
      '__proto__.x',
    ])
    for (const path of paths) expect(parseKeyPath(formatKeyPath(path))).toEqual(path)
  })
})

describe('formatShortValue', () => {
  it('writes scalars as JSON and long containers by size', () => {
    expect(formatShortValue('a')).toBe('"a"')
    expect(formatShortValue(8080)).toBe('8080')
    expect(formatShortValue(Number.POSITIVE_INFINITY)).toBe('Infinity')
    expect(formatShortValue(['x'])).toBe('["x"]')
    expect(formatShortValue(Array.from({ length: 40 }, (_, i) => i))).toBe('[… 40 items]')
    expect(formatShortValue(Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`key${i}`, i])))).toBe(
      '{… 30 keys}',
    )
    expect(formatShortValue('x'.repeat(100))).toHaveLength(60)
  })
})
