// Python's `re` on JavaScript: the translated patterns match what Python 3.11 matches (expectations
// made by Python itself: fixtures/python-re.py), Python's errors are errors, and what JavaScript
// cannot reproduce is refused.
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

describe('Python regular expressions', () => {
  it.each(table.cases)('re.search and re.sub of $pattern on $subject', ({ pattern, subject, groups, sub }) => {
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
