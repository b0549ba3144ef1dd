// The `deny` option: files no include may read, even inside `root` and `allow` (Vite's
// `server.fs.deny`, for a build). picomatch's own `basename` mode also applies to patterns with a
// slash, where it never matches: the two kinds are matched apart.
import picomatch from 'picomatch'

/** Whether a file is denied, given its path relative to the folder it is confined to. */
export type DenyMatcher = (relativePath: string) => boolean

export function createDenyMatcher(patterns: readonly string[]): DenyMatcher {
  const byName = patterns.filter((pattern) => !pattern.includes('/'))
  const byPath = patterns.filter((pattern) => pattern.includes('/'))
  const matchName = byName.length > 0 ? picomatch(byName, { dot: true }) : () => false
  const matchPath = byPath.length > 0 ? picomatch(byPath, { dot: true }) : () => false
  return (relativePath) => {
    const path = relativePath.replaceAll('\\', '/')
    return matchName(path.slice(path.lastIndexOf('/') + 1)) || matchPath(path)
  }
}
