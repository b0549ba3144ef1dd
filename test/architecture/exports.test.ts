// An export nobody imports is a promise that something elsewhere uses it, and a name the next person
// must keep: every export of a module that is not a package's entry is imported by another module (the
// sources, the tests, the scripts). The exports unimported when this test was written are listed in
// unimported-exports.txt, a list that only shrinks: a name there that is now imported, or gone, fails
// too (remove its line). Un-export or delete a name rather than adding it.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { unimportedExports } from './exports.ts'

const LISTED = readFileSync(join(import.meta.dirname, 'unimported-exports.txt'), 'utf8')
  .split('\n')
  .filter((line) => line !== '' && !line.startsWith('#'))

describe('exports', () => {
  const unimported = unimportedExports()

  it('are each imported by another module (a package entry aside)', () => {
    expect(unimported.filter((name) => !LISTED.includes(name))).toEqual([])
  })

  it('unimported-exports.txt lists only exports still unimported (it only shrinks)', () => {
    expect(LISTED.filter((name) => !unimported.includes(name))).toEqual([])
  })
})
