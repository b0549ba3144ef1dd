// The `deny` option: files no include may read, even inside `root` and `allow` (Vite's
// `server.fs.deny`, for a build). Matched ignoring case, as Vite matches `server.fs.deny` (picomatch's
// `nocase`), so that a build refuses what the dev server refuses: on macOS and Windows `#include .ENV`
// reads `.env`. picomatch's own `basename` mode also applies to patterns with a slash, where it never
// matches: the two kinds are matched apart.
import { boundedMemo } from '../../memo.ts'
import { sep } from 'node:path'
import picomatch from 'picomatch'

/** Whether a file (an absolute path) is denied; `folders` are those paths are relative to. */
export type DenyMatcher = (path: string, folders: readonly string[]) => boolean

// Compiling patterns costs far more than matching: every render of a build passes the same list.
const matchers = boundedMemo<string, DenyMatcher>('gather: compiled deny lists', 'a list always compiles the same', 64)

const compileKey = (key: string): DenyMatcher => compile(JSON.parse(key) as string[])

export function createDenyMatcher(patterns: readonly string[]): DenyMatcher {
  return matchers.get(JSON.stringify(patterns), compileKey)
}

const fold = process.platform === 'win32' ? (path: string) => path.toLowerCase() : (path: string) => path

/** `path` relative to the first of `folders` it is inside (both absolute and normalised), else itself. */
export function relativeToFolder(path: string, folders: readonly string[]): string {
  const folded = fold(path)
  for (const folder of folders) {
    const prefix = fold(folder.endsWith(sep) ? folder : folder + sep)
    if (folded.startsWith(prefix)) return path.slice(prefix.length)
  }
  return path
}

/**
 * One test per pattern, as picomatch's own matcher does it on POSIX slashes (the input equal to the
 * pattern, else the pattern's regular expression), ignoring case, without its per-call option handling:
 * the check runs once for every file a build includes.
 */
function patternTest(patterns: readonly string[]): ((input: string) => boolean) | undefined {
  if (patterns.length === 0) return undefined
  const tests = patterns.map((pattern) => ({
    pattern: pattern.toLowerCase(),
    regex: picomatch.makeRe(pattern, { dot: true, nocase: true }),
  }))
  return (input) => {
    const folded = input.toLowerCase()
    return input !== '' && tests.some(({ pattern, regex }) => folded === pattern || regex.test(input))
  }
}

function compile(patterns: readonly string[]): DenyMatcher {
  const matchName = patternTest(patterns.filter((pattern) => !pattern.includes('/')))
  const matchPath = patternTest(patterns.filter((pattern) => pattern.includes('/')))
  return (path, folders) => {
    const name = path.slice(Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\')) + 1)
    if (matchName?.(name)) return true
    return matchPath !== undefined && matchPath(relativeToFolder(path, folders).replaceAll('\\', '/'))
  }
}
