// The `deny` matcher tests each pattern's regular expression itself; it must answer as picomatch's
// own matcher does with Vite's options (dot files included, case ignored), for names and for paths
// relative to the root.
import picomatch from 'picomatch'
import { describe, expect, it } from 'vitest'
import { DEFAULT_DENY } from '@merged-yaml/core'
import { createDenyMatcher } from '../../packages/core/src/pipeline/gather/deny.ts'

const root = '/project'
const patterns = [
  ...DEFAULT_DENY,
  'secrets/**',
  'private/*.yaml',
  '!keep.yaml',
  '[abc].yaml',
  'a?c.yaml',
  '**/*.{gpg,age}',
  'conf/(x|y).yaml',
  '*.YAML',
]
const files = [
  '.env',
  '.env.local',
  '.envrc',
  'env',
  'server.key',
  'server.pem',
  'ca.crt',
  'x.crt.yaml',
  '.git/config',
  'sub/.git/HEAD',
  'gitx/y',
  'secrets/a.yaml',
  'secrets/deep/b.yaml',
  'secretsx/a.yaml',
  'private/a.yaml',
  'private/deep/a.yaml',
  'keep.yaml',
  'other.yaml',
  '[abc].yaml',
  'a.yaml',
  'abc.yaml',
  'a-c.yaml',
  'deep/x.gpg',
  'y.age',
  'conf/x.yaml',
  'conf/z.yaml',
  'UP.YAML',
  'up.yaml',
]

/** What picomatch itself says, matched apart as deny.ts documents: names for slash-less patterns. */
function picomatchSays(pattern: string, file: string): boolean {
  const input = pattern.includes('/') ? file : file.slice(file.lastIndexOf('/') + 1)
  return picomatch(pattern, { dot: true, nocase: true })(input)
}

describe('deny matcher', () => {
  it.each(patterns)('answers as picomatch does for %s', (pattern) => {
    const denied = createDenyMatcher([pattern])
    const answers = files.map((file) => [file, denied(`${root}/${file}`, [root])])
    expect(answers).toEqual(files.map((file) => [file, picomatchSays(pattern, file)]))
  })

  it('denies a file when any pattern of the list does', () => {
    const denied = createDenyMatcher(patterns)
    for (const file of files)
      expect(denied(`${root}/${file}`, [root]), file).toBe(patterns.some((pattern) => picomatchSays(pattern, file)))
  })

  it('matches paths relative to the first folder that holds them', () => {
    const denied = createDenyMatcher(['secrets/**'])
    expect(denied('/elsewhere/secrets/a.yaml', [root, '/elsewhere'])).toBe(true)
    expect(denied('/outside/secrets/a.yaml', [root])).toBe(false)
  })

  it('refuses an empty pattern as picomatch does', () => {
    expect(() => createDenyMatcher([''])).toThrow(/non-empty string/)
  })
})
