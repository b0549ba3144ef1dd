// Python's `re` on RE2 (linear time): the translated patterns match what Python 3.11 matches
// (expectations made by Python itself: fixtures/python-re.py), Python's errors are errors, and what
// the linear-time engine cannot reproduce (a lookaround, `\b` on a non-ASCII text) is refused.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { PatternMismatch, PyReError } from '../../../packages/core/src/dialects/deckhand/pyerrors.ts'
import { compilePyPattern, pySearch, pySub } from '../../../packages/core/src/dialects/deckhand/pyregex.ts'

interface Table {
  cases: { pattern: string; subject: string; groups: (string | null)[] | null; sub: string }[]
  errors: string[]
  mismatch: string[]
  templates: { pattern: string; replacement: string; subject: string; result: string }[]
  templateErrors: [string, string][]
}

const table = JSON.parse(readFileSync(join(import.meta.dirname, 'fixtures/python-re.json'), 'utf8')) as Table

// Cases of the fixture RE2 cannot run as Python does: refused with a reason, never run on a
// backtracking engine (issue 28).
const REFUSED = new Set(['(?<=a)b\0ab cb', '\\bfoo\\b\0foo foobar éfoo', '\\B\0'])
const refused = (c: { pattern: string; subject: string }) => REFUSED.has(`${c.pattern}\0${c.subject}`)

describe('Python regular expressions', () => {
  it.each(table.cases.filter(refused))('refuses $pattern on $subject (RE2 reads it otherwise)', (c) => {
    expect(() => pySearch(compilePyPattern(c.pattern), c.subject)).toThrow(PatternMismatch)
  })

  it('runs a pattern a backtracking engine takes minutes on, and matches ASCII word boundaries', () => {
    expect(pySearch(compilePyPattern('^(?:a+)+$'), `${'a'.repeat(40)}b`)).toBeUndefined()
    expect(pySearch(compilePyPattern('^(a|aa)+$'), 'a'.repeat(5000))?.groups[0]).toHaveLength(5000)
    expect(pySub(compilePyPattern('\\bfoo\\b'), 'x', 'foo foobar foo')).toBe('x foobar x')
  })

  it.each(table.cases.filter((c) => !refused(c)))('re.search and re.sub of $pattern on $subject', (c) => {
    const { pattern, subject, groups, sub } = c
    const compiled = compilePyPattern(pattern)
    const match = pySearch(compiled, subject)
    expect(match ? match.groups.map((g) => g ?? null) : null).toEqual(groups)
    expect(pySub(compiled, '<\\g<0>>', subject)).toBe(sub)
  })

  it.each(table.errors)('%s is an error, as in Python', (pattern) => {
    expect(() => compilePyPattern(pattern)).toThrow(PyReError)
  })

  it.each(table.mismatch)('%s is refused: JavaScript cannot reproduce it', (pattern) => {
    expect(() => compilePyPattern(pattern)).toThrow(PatternMismatch)
  })

  it.each(table.templates)('the replacement $replacement expands as Python’s template', (t) => {
    expect(pySub(compilePyPattern(t.pattern), t.replacement, t.subject)).toBe(t.result)
  })

  it.each(table.templateErrors)('the replacement %s / %s is an error, as in Python', (pattern, replacement) => {
    expect(() => pySub(compilePyPattern(pattern), replacement, 'X')).toThrow(PyReError)
  })

  it('refuses a group inside a repeat when its text is used (Python keeps the last capture)', () => {
    expect(() => pySub(compilePyPattern('(?:(a)|b)+'), '\\1', 'ab')).toThrow(PatternMismatch)
  })
})
