// The PowerShell data file reader (`.psd1` layers of a Datum store): every construct of the data
// language it reads, and every construct outside it refused with its position.
import { describe, expect, it } from 'vitest'
import { parsePsd1 } from '../../../packages/core/src/dialects/datum/powershell/psd1.ts'
import { lines } from '../../helpers/tree.ts'

function value(text: string): unknown {
  const doc = parsePsd1(text)
  expect(doc.error).toBeUndefined()
  return doc.value
}

function refusal(text: string): { code: string; line: number; column: number; message: string } {
  const { error } = parsePsd1(text)
  expect(error, 'refused').toBeDefined()
  return { code: error!.code, message: error!.message, ...error!.position }
}

describe('the .psd1 reader', () => {
  it('reads a hashtable: bare, quoted and number keys; ; and line breaks between entries', () => {
    expect(value("@{ a = 1; 'b c' = 2\n\"d\" = 3\n  4 = 'four' }")).toEqual({ a: 1, 'b c': 2, d: 3, 4: 'four' })
    expect(value('@{}')).toEqual({})
    expect(value('@{ Key-With-Dash = 1; a.b = 2 }')).toEqual({ 'Key-With-Dash': 1, 'a.b': 2 })
  })

  it('keeps the keys in the order written', () => {
    expect(Object.keys(value('@{ z = 1; a = 2; m = 3 }') as object)).toEqual(['z', 'a', 'm'])
  })

  it('reads nested hashtables and arrays', () => {
    expect(value(lines('@{', '  Outer = @{', '    Inner = @(1, 2)', '  }', '}'))).toEqual({ Outer: { Inner: [1, 2] } })
  })

  it('reads @() with items on lines, after commas and semicolons, enumerating comma lists one level', () => {
    expect(value(lines('@{ a = @(', "  'x'", "  'y', 'z'; 'w'", ') }'))).toEqual({ a: ['x', 'y', 'z', 'w'] })
    expect(value('@{ a = @(@(1, 2)) }')).toEqual({ a: [1, 2] })
    expect(value('@{ a = @(@(1, 2), 3) }')).toEqual({ a: [[1, 2], 3] })
    expect(value('@{ a = @() }')).toEqual({ a: [] })
  })

  it('reads comma lists (an array), a unary comma (one item) and parentheses', () => {
    expect(value('@{ a = 1, 2,\n  3 }')).toEqual({ a: [1, 2, 3] })
    expect(value("@{ a = ,'only' }")).toEqual({ a: ['only'] })
    expect(value('@{ a = (1, 2); b = (@{ c = 3 }) }')).toEqual({ a: [1, 2], b: { c: 3 } })
    expect(value('@{ a = @(,(1, 2)) }')).toEqual({ a: [[1, 2]] })
  })

  it("reads single-quoted strings ('' is a quote) and typographic quotes", () => {
    expect(value("@{ a = 'it''s'; b = ‘curly’ }")).toEqual({ a: "it's", b: 'curly' })
  })

  it('reads double-quoted strings with backtick escapes and "" as a quote, and a lone $', () => {
    expect(value('@{ a = "tab`there ""q"" `$5 and $ alone" }')).toEqual({ a: 'tab\there "q" $5 and $ alone' })
  })

  it('reads here-strings of both kinds', () => {
    const text = lines('@{', "  a = @'", "line 1 $not 'quoted'", 'line 2', "'@", '  b = @"', 'x`ty', '"@', '}')
    expect(value(text)).toEqual({ a: "line 1 $not 'quoted'\nline 2", b: 'x\ty' })
  })

  it('reads numbers: integers, signs, decimals, exponents, hexadecimal, multipliers and suffixes', () => {
    expect(
      value(
        '@{ a = 42; b = -5; c = +3; d = 1.5; e = .5; f = 1e3; g = 0x1F; h = 0xFFFFFFFF; i = 2kb; j = 1.5MB; k = 7l; l = 2d }',
      ),
    ).toEqual({ a: 42, b: -5, c: 3, d: 1.5, e: 0.5, f: 1000, g: 31, h: -1, i: 2048, j: 1572864, k: 7, l: 2 })
  })

  it('reads $true, $false and $null in any case', () => {
    expect(value('@{ a = $true; b = $FALSE; c = $Null }')).toEqual({ a: true, b: false, c: null })
  })

  it('skips comments, block comments and line continuations', () => {
    const text = lines(
      '# a module manifest',
      '<# a block',
      'comment #>',
      '@{',
      '  a = 1 # trailing',
      '  b = `',
      '    2',
      '}',
    )
    expect(value(text)).toEqual({ a: 1, b: 2 })
  })

  it('locates keys and values, also inside arrays', () => {
    const doc = parsePsd1(lines('@{', "  Name = 'x'", '  List = @(', '    @{ Item = 1 }', '  )', '}'))
    expect(doc.locate(['Name'], 'key')).toEqual({ line: 2, column: 3 })
    expect(doc.locate(['Name'])).toEqual({ line: 2, column: 10 })
    expect(doc.locate(['List', 0, 'Item'], 'key')).toEqual({ line: 4, column: 8 })
    expect(doc.locate(['Missing'])).toEqual({ line: 1, column: 1 })
  })
})

describe('the .psd1 reader refuses what is not data, with its position', () => {
  it.each([
    ['@{ a = $env:PATH }', 'MY_PSD1_NOT_DATA', 1, 8, /\$env:PATH is a variable/],
    ['@{ a = $PSScriptRoot }', 'MY_PSD1_NOT_DATA', 1, 8, /only \$true, \$false and \$null/],
    ['@{\n  a = Get-Date\n}', 'MY_PSD1_NOT_DATA', 2, 7, /'Get-Date' would run as a command/],
    ['@{ a = [int]5 }', 'MY_PSD1_NOT_DATA', 1, 8, /'\[int\]' is a type cast/],
    ['@{ a = { 1 } }', 'MY_PSD1_NOT_DATA', 1, 8, /script block/],
    ['@{ a = 1 + 2 }', 'MY_PSD1_NOT_DATA', 1, 10, /'\+' would run as a command/],
    ['@{ a = "x $(Get-Date)" }', 'MY_PSD1_NOT_DATA', 1, 11, /subexpression inside a "…" string/],
    ['@{ a = "$name" }', 'MY_PSD1_NOT_DATA', 1, 9, /variable or subexpression/],
    ['@{ a = 1 } | Out-Null', 'MY_PSD1_NOT_DATA', 1, 12, /operator/],
    ['$x = @{ a = 1 }', 'MY_PSD1_SYNTAX', 1, 1, /one hashtable/],
    ["@{ a = 1 }\n'more'", 'MY_PSD1_SYNTAX', 2, 1, /nothing after the hashtable/],
    ['@{ a = 1; A = 2 }', 'MY_PSD1_DUPLICATE_KEY', 1, 11, /already in this hashtable \(as 'a'/],
    ['@{ a 1 }', 'MY_PSD1_SYNTAX', 1, 6, /'=' after the key 'a'/],
    ['@{ a = 1', 'MY_PSD1_SYNTAX', 1, 9, /'}'/],
    ["@{ a = 'open }", 'MY_PSD1_SYNTAX', 1, 8, /not closed/],
    ['@{ a = 1 } <# open', 'MY_PSD1_SYNTAX', 1, 12, /block comment/],
    ["@{ a = @'\nno end\n}", 'MY_PSD1_SYNTAX', 1, 8, /here-string is not closed/],
    ["@{ a = @' text'@ }", 'MY_PSD1_SYNTAX', 1, 8, /line break after/],
    ['@{ a = @ }', 'MY_PSD1_NOT_DATA', 1, 8, /'@' starts/],
    ['@{ a = 0x1234567890ABCDEF01 }', 'MY_PSD1_SYNTAX', 1, 8, /too large/],
  ])('%j', (text, code, line, column, message) => {
    const problem = refusal(text)
    expect(problem).toMatchObject({ code, line, column })
    expect(problem.message).toMatch(message)
  })

  it('refuses nesting deeper than the limit', () => {
    const deep = `@{ a = ${'@('.repeat(20)}${')'.repeat(20)} }`
    expect(parsePsd1(deep, { maxDepth: 10 }).error).toMatchObject({ code: 'MY_PSD1_TOO_DEEP' })
    expect(parsePsd1(deep, { maxDepth: 30 }).error).toBeUndefined()
  })
})
