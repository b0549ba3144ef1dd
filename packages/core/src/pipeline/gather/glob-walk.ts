// A glob include line's walk, bounded and confined: it starts from the real path of the folder before
// the first wildcard (refused when that leaves the allowed folders), never reads a folder outside them
// (a symbolic link out is not followed, and is reported by the path it has inside the root), and
// counts the folder entries it visits against `limits.maxGlobEntries`. fdir (under tinyglobby)
// already stops at a link back into a folder it is in.
import * as nodeFs from 'node:fs'
import type { Dirent } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import picomatch from 'picomatch'
import { globSync } from 'tinyglobby'
import type { FileSystemAdapter } from 'tinyglobby'

/** What a walk asks of the gatherer: the area includes may read, and the entry's walking budget. */
export interface GlobWalkAccess {
  /** The real path of `path`; throws as realpath does. */
  realpath(path: string): string
  /** Whether a real path is inside `root` or an `allow` folder. */
  inside(real: string): boolean
  /** Counts entries visited; throws (a located failure) past the limit. */
  countEntries(count: number): void
}

export interface GlobWalk {
  /** The matches, absolute, as reached from the folder written (not through their real paths), sorted. */
  paths: string[]
  /** The first symbolic link met that leads outside the allowed folders, relative to `cwd`. */
  linkOut: string | undefined
  /** The first folder that could not be read, relative to `cwd`, and why (EACCES, EIO). */
  unreadable: { folder: string; code: string } | undefined
  /** The symbolic links met that loop (ELOOP), relative to `cwd`: skipped. */
  loops: string[]
}

const UNESCAPED_WILDCARD = /(?<!\\)[*?[\]{}]/

/**
 * Splits an absolute pattern into the folder before its first wildcard (a path: escapes removed) and
 * the pattern below it. Backslashes separate folders on Windows only; elsewhere they escape.
 */
export function splitGlob(pattern: string): { cwd: string; rest: string } {
  const windows = process.platform === 'win32'
  const normal = windows ? pattern.replaceAll('\\', '/') : pattern
  const first = normal.search(UNESCAPED_WILDCARD)
  const cut = normal.lastIndexOf('/', first < 0 ? normal.length : first)
  const folder = normal.slice(0, cut) || '/'
  return { cwd: windows ? folder : folder.replace(/\\(.)/g, '$1'), rest: normal.slice(cut + 1) }
}

/** Walks `cwd` (a folder already confined by its real path) for the files `rest` matches. */
export function walkGlob(cwd: string, rest: string, access: GlobWalkAccess): GlobWalk {
  let linkOut: string | undefined
  let unreadable: GlobWalk['unreadable']
  const loops: string[] = []
  let failure: { error: unknown } | undefined
  const matches = picomatch(rest)
  const relativeName = (path: string): string => relative(cwd, path).replaceAll('\\', '/') || '.'
  const note = (path: string): void => {
    linkOut ??= relativeName(path)
  }
  const outside = (path: string): boolean => {
    let real: string
    try {
      real = access.realpath(path)
    } catch {
      return false
    }
    return !access.inside(real)
  }
  const fs: FileSystemAdapter = {
    readdirSync: ((path: string, options: { withFileTypes: true }): Dirent[] => {
      // A folder outside is neither read nor counted (the link to it was reported when met).
      if (outside(path)) return []
      let entries: Dirent[]
      try {
        entries = nodeFs.readdirSync(path, options)
      } catch (error) {
        // fdir would take a folder it cannot read as empty: "matches no file" would be wrong.
        const code = (error as NodeJS.ErrnoException).code ?? 'an error'
        if (code !== 'ENOENT' && code !== 'ENOTDIR') unreadable ??= { folder: relativeName(path), code }
        throw error
      }
      try {
        access.countEntries(entries.length)
      } catch (error) {
        // fdir swallows what its file system throws: the failure is thrown again after the walk.
        failure ??= { error }
        return []
      }
      return entries
    }) as unknown as FileSystemAdapter['readdirSync'],
    realpathSync: ((path: string): string => {
      let real: string
      try {
        real = access.realpath(path)
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ELOOP') loops.push(relativeName(path))
        throw error
      }
      if (!access.inside(real)) {
        // A file link counts when its name matches; a folder link, which the walk would enter, always.
        let folder = false
        try {
          folder = nodeFs.statSync(real).isDirectory()
        } catch {
          // A dangling link: nothing to read.
        }
        const name = relative(cwd, path).replaceAll('\\', '/')
        if (folder || matches(name)) note(path)
        // fdir skips an entry whose link it cannot resolve.
        throw Object.assign(new Error('outside the allowed folders'), { code: 'ENOENT' })
      }
      return real
    }) as unknown as FileSystemAdapter['realpathSync'],
    statSync: nodeFs.statSync,
  }
  const paths = globSync(rest, { cwd, absolute: false, onlyFiles: true, expandDirectories: false, fs })
    .map((path) => resolve(join(cwd, path)))
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
  if (failure) throw failure.error
  return { paths, linkOut, unreadable, loops: [...new Set(loops)].sort() }
}
