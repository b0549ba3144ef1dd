// A build's lookups compose a file's real path from its folder's: every answer must be the one
// realpath(3) and stat(2) give, through links to files, to folders, chains of links and dangling ones.
import { mkdirSync, mkdtempSync, realpathSync, statSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { createBuildLookups } from '../../packages/core/src/file-system.ts'

function outcome<T>(f: () => T): { value: T } | { code: string | undefined } {
  try {
    return { value: f() }
  } catch (error) {
    return { code: (error as NodeJS.ErrnoException).code }
  }
}

function createTree(): string {
  const base = mkdtempSync(join(tmpdir(), 'my-fs-'))
  mkdirSync(join(base, 'real/deep'), { recursive: true })
  writeFileSync(join(base, 'real/a.yaml'), 'a: 1\n')
  writeFileSync(join(base, 'real/deep/b.yaml'), 'b: 2\n')
  symlinkSync(join(base, 'real'), join(base, 'dir-link'))
  symlinkSync('a.yaml', join(base, 'real/file-link.yaml'))
  symlinkSync(join(base, 'real/file-link.yaml'), join(base, 'chain.yaml'))
  symlinkSync(join(base, 'nowhere.yaml'), join(base, 'dangling.yaml'))
  symlinkSync('../real/deep', join(base, 'real/deep-link'))
  return base
}

describe('build lookups', () => {
  const base = createTree()
  const paths = [
    'real',
    'real/a.yaml',
    'real/deep/b.yaml',
    'dir-link',
    'dir-link/a.yaml',
    'dir-link/deep/b.yaml',
    'real/file-link.yaml',
    'dir-link/file-link.yaml',
    'chain.yaml',
    'dangling.yaml',
    'missing.yaml',
    'real/a.yaml/under-a-file',
    'dir-link/deep-link/b.yaml',
    'dir-link/deep-link/../a.yaml',
    'real/./a.yaml',
    'dir-link/missing/c.yaml',
  ].map((p) => join(base, p))

  it.each(paths)('gives realpath(3)’s answer for %s', (path) => {
    const lookups = createBuildLookups()
    // Twice: the second answer (or error) comes from the memo.
    for (let i = 0; i < 2; i++)
      expect(outcome(() => lookups.realpath.get(path))).toEqual(outcome(() => realpathSync.native(path)))
  })

  it.each(paths)('gives stat(2)’s answer for %s', (path) => {
    const lookups = createBuildLookups()
    const expected = outcome(() => statSync(path, { bigint: true }))
    const got = outcome(() => lookups.stat.get(path))
    if ('code' in expected) expect(got).toEqual(expected)
    else
      expect('value' in got && [got.value.ino, got.value.size, got.value.mode, got.value.mtimeNs]).toEqual([
        expected.value.ino,
        expected.value.size,
        expected.value.mode,
        expected.value.mtimeNs,
      ])
  })

  it('resolves / itself', () => {
    expect(createBuildLookups().realpath.get('/')).toBe(realpathSync.native('/'))
  })
})
