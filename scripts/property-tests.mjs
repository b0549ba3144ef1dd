// The property tests: the test files that use fast-check (the wider search of scripts/fuzz.mjs, the
// runs on other Node versions of scripts/test-node-versions.mjs).
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

export const REPO = new URL('..', import.meta.url).pathname

/** Test files (relative to the repository) that import fast-check, sorted. */
export function propertyTestFiles() {
  return readdirSync(join(REPO, 'test'), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.test.ts'))
    .map((file) => join('test', file))
    .filter((file) => /from 'fast-check'/.test(readFileSync(join(REPO, file), 'utf8')))
    .sort()
}
