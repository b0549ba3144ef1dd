// What a dev server may read for a request: the files it would serve itself. Vite decides with
// `server.fs.strict`, `server.fs.allow` and `server.fs.deny` (its `isFileLoadingAllowed`, called from
// `transformMiddleware` only for `?raw`, `?url`, `?inline`…, and before its own reads): a plugin that
// loads ids is asked for any id, whatever its query, so it must apply the same rules itself — to its
// entry and to every file the entry reads (includes, globs, a Datum store's files, schemas). One
// guard, built from the server's rules by the host (hosts/vite.ts), reusable by any page the plugin
// serves.
import { realpathSync } from 'node:fs'
import { isAbsolute, resolve, sep } from 'node:path'
import { MergedYamlError } from '@merged-yaml/core/internal'
import type { Diagnostic } from '@merged-yaml/core'
import picomatch from 'picomatch'

/** The rules a dev server serves files by (Vite's resolved `server.fs`). */
export interface ServeRules {
  /** `server.fs.strict`: when false the server serves any file, and so may the plugin. */
  strict: boolean
  /** `server.fs.allow`: absolute folders (or files) inside which files are served. */
  allow: readonly string[]
  /** `server.fs.deny`: glob patterns of files never served, as Vite matches them. */
  deny: readonly string[]
  /** The server's own answer for a path (Vite's compiled `fsDenyGlob`), when it gives one: denied if true. */
  denied?: (path: string) => boolean
  /**
   * Files the server serves outside `allow` (Vite's `safeModulePaths`: what the modules it served
   * import), unless denied.
   */
  safe?: (path: string) => boolean
  /**
   * The server's own check of a path, where it exports one (Vite 7 and 8's `isFileLoadingAllowed`:
   * `strict`, `deny`, the served modules' imports, `allow`): it decides in place of the rules above,
   * asked for the path and for its real path.
   */
  loadable?: (path: string) => boolean
}

/** Decides whether a request may make the plugin read a file. */
export interface ServeGuard {
  /** Whether the dev server would serve `file` (an absolute path, no query): by its path and its real path. */
  isServable(file: string): boolean
}

const slash = (path: string): string => path.replaceAll('\\', '/')

/**
 * Vite's deny matcher: a pattern without `/` names a file anywhere (`**\/<pattern>`), one with `/` is
 * matched against the absolute path; case-insensitive, dot files included.
 */
function createServeDenyMatcher(patterns: readonly string[]): (path: string) => boolean {
  if (patterns.length === 0) return () => false
  const globs = patterns.map((pattern) => (pattern.includes('/') ? pattern : `**/${pattern}`))
  return picomatch(globs, { matchBase: false, nocase: true, dot: true })
}

function inside(path: string, target: string): boolean {
  if (path === target) return true
  const prefix = target.endsWith('/') ? target : `${target}/`
  return path.startsWith(prefix)
}

const realOrSelf = (path: string): string => {
  try {
    return slash(realpathSync.native(path))
  } catch {
    return path
  }
}

// Windows 8.3 short names (`PROGRA~1`) name a file by another spelling that patterns would not match;
// elsewhere `db~1.yml` is a name like any other (Vite serves it).
const SHORT_NAME_SEGMENT = /^[^~.]{1,6}~\d+(?:\.[^~.]{0,3})?$/
const isShortName = (segment: string): boolean => process.platform === 'win32' && SHORT_NAME_SEGMENT.test(segment)

/**
 * A path no rule can be trusted with: not absolute, a NUL byte, a colon after the drive (an NTFS
 * stream, `file.yaml::$DATA`), a Windows short name, or a `..` segment left in it.
 */
function isMalformed(path: string): boolean {
  if (path.includes('\0') || !isAbsolute(path)) return true
  const withoutDrive = /^[A-Z]:/i.test(path) ? path.slice(2) : path
  if (withoutDrive.includes(':')) return true
  const segments = slash(path).split('/')
  return segments.some((segment) => segment === '..' || isShortName(segment))
}

export function createServeGuard(rules: ServeRules): ServeGuard {
  const deny = createServeDenyMatcher(rules.deny)
  const denied = (path: string): boolean => {
    const trimmed = path.endsWith('/') ? path.slice(0, -1) : path
    return deny(trimmed) || rules.denied?.(trimmed) === true
  }
  // Each folder as given and as its real path: a link in the allowed area names the same files.
  const allow = [...new Set(rules.allow.flatMap((dir) => [slash(resolve(dir)), realOrSelf(slash(resolve(dir)))]))]
  const allowed = (path: string): boolean => allow.some((dir) => inside(path, dir))
  return {
    isServable(file) {
      if (!rules.strict) return true
      if (isMalformed(file)) return false
      const path = slash(resolve(file))
      const real = realOrSelf(path)
      if (rules.loadable) return rules.loadable(path) && (real === path || rules.loadable(real))
      // Denied by the name written or by the file it leads to (a link named `app.yaml` to `.env`).
      if (denied(path) || denied(real)) return false
      // As Vite: a module a served module imports is served wherever it is (deny first).
      if (rules.safe?.(path) === true) return true
      return allowed(path) && allowed(real)
    },
  }
}

/** The error a guarded read throws: the engine reports it at the include line, without the file's contents. */
class ServeDeniedError extends Error {
  constructor(file: string) {
    super(`the dev server does not serve ${JSON.stringify(file.split(sep).at(-1))} (server.fs.allow, server.fs.deny)`)
    this.name = 'ServeDeniedError'
  }
}

/**
 * A file reader that reads only what the guard lets a request read; `guard` is asked on each read
 * (a host tells its dev server's rules once its config is resolved), and none means a build.
 */
export function createGuardedReader(
  read: (path: string) => Uint8Array,
  guard: () => ServeGuard | undefined,
): (path: string) => Uint8Array {
  return (path) => {
    if (guard()?.isServable(path) === false) throw new ServeDeniedError(path)
    return read(path)
  }
}

/**
 * The error a request is answered with: a diagnostic in a file the request could not read (none
 * should be: every read is guarded) keeps its location but loses its code frame and message, which
 * may quote the file.
 */
export function redactUnservable(error: MergedYamlError, guard: ServeGuard | undefined, root: string): MergedYamlError {
  if (!guard || error.diagnostics.every((d) => guard.isServable(d.file))) return error
  const diagnostics = error.diagnostics.map((d): Diagnostic => {
    if (guard.isServable(d.file)) return d
    const message = 'in a file the dev server does not serve (server.fs.allow, server.fs.deny): its text is not shown'
    return { ...d, message, frame: undefined, suggestion: undefined, path: undefined }
  })
  const redacted = new MergedYamlError(diagnostics, root)
  redacted.dependencies = error.dependencies
  return redacted
}
