// Confinement: an include (or a dialect's dependency) may read only inside `root` and the `allow`
// folders (by default the workspace root, see workspace-root.ts) — by its real path, so links and
// `..` cannot leave them — and never a file `deny` names.
import { isAbsolute, relative, resolve, sep } from 'node:path'
import type { FileSystem } from '../../file-system.ts'
import type { ResolvedOptions } from '../../options.ts'
import type { Reporter } from '../../reporter.ts'
import { problemAt } from './context.ts'
import type { IncludeSite } from './context.ts'
import { createDenyMatcher, relativeToFolder } from './deny.ts'
import type { DenyMatcher } from './deny.ts'

function within(path: string, dir: string): boolean {
  const rel = relative(dir, path)
  return rel === '' || (!rel.startsWith(`..${sep}`) && rel !== '..' && !isAbsolute(rel))
}

/** What checking a path an include names found: its real path, and whether it exists. */
export interface CheckedPath {
  real: string
  exists: boolean
}

// Per build (FileSystem.build) and per confinement rules: each path an include names is confined,
// checked against `deny` and looked for once, not once per entry that includes it. Only paths that
// pass are kept, so every entry reports its own refusals.
const newRulesMap = (): Map<string, Map<string, CheckedPath>> => new Map()

function checkedPathsOf(
  fs: FileSystem,
  options: ResolvedOptions,
  folders: readonly string[],
): Map<string, CheckedPath> | undefined {
  if (fs.build === undefined) return undefined
  const rules = JSON.stringify([options.root, options.allow, options.deny, folders])
  const byRules = fs.build.keep('confinement: checked paths by rules', newRulesMap)
  let paths = byRules.get(rules)
  if (paths === undefined) byRules.set(rules, (paths = new Map()))
  return paths
}

export class Confinement {
  private readonly roots: string[]
  private readonly denied: DenyMatcher
  /** What `deny` patterns with a `/` are relative to: the folders as given, then as resolved. */
  private readonly denyFolders: string[]
  private checked: Map<string, CheckedPath> | undefined
  /** Folders allowed for this entry only (allowFolder), real paths. */
  private readonly entryFolders: string[] = []

  constructor(
    private readonly options: ResolvedOptions,
    private readonly report: Reporter,
    private readonly fs: FileSystem,
  ) {
    this.roots = [options.root, ...options.allow].map((dir) => {
      try {
        return fs.realpath(dir)
      } catch {
        return dir
      }
    })
    this.denied = createDenyMatcher(options.deny)
    this.denyFolders = [options.root, ...options.allow, ...this.roots]
    this.checked = checkedPathsOf(fs, options, this.entryFolders)
  }

  /**
   * Lets this entry read inside `folder` too, by its real path (a Datum store's folder: the tree of
   * data its entry is the root of). Links out of it are refused as they are out of `root`.
   */
  allowFolder(folder: string): void {
    let real = folder
    try {
      real = this.fs.realpath(folder)
    } catch {
      // The entry was read from there: keep the folder as written.
    }
    if (this.roots.includes(real)) return
    this.roots.push(real)
    this.entryFolders.push(real)
    // The paths checked under other rules would not all pass or fail the same.
    this.checked = checkedPathsOf(this.fs, this.options, this.entryFolders)
  }

  /** Confines a path an include names, refuses it if denied, and looks for it. */
  check(path: string, at: IncludeSite, written: string): CheckedPath {
    const known = this.checked?.get(path)
    if (known !== undefined) return known
    const real = this.confine(path, at, written, false)
    this.refuseDenied(path, real, at, written)
    let exists = true
    try {
      this.fs.stat(path)
    } catch (error) {
      exists = false
      const code = (error as NodeJS.ErrnoException).code
      // Absent is ENOENT (or a file where a folder was written); anything else is not "not found".
      if (code === 'ELOOP')
        this.report.fail(
          problemAt(
            at.ctx,
            'MY_INCLUDE_CYCLE',
            `'${written}' is a symbolic link that loops (ELOOP): following it leads back to itself, never to a file`,
            at.line,
            at.column,
          ),
        )
      if (code !== undefined && code !== 'ENOENT' && code !== 'ENOTDIR')
        this.report.fail(
          problemAt(at.ctx, 'MY_FILE_UNREADABLE', `cannot read '${written}': ${code}`, at.line, at.column),
        )
    }
    const checked = { real, exists }
    this.checked?.set(path, checked)
    return checked
  }

  /** Whether the `deny` option names a path (by the path given). */
  isDenied(path: string): boolean {
    return this.denied(path, this.denyFolders)
  }

  /** Refuses a file the `deny` option names, by the path written (through links) or its real path. */
  refuseDenied(path: string, real: string, at: IncludeSite, written: string): void {
    const folders = this.denyFolders
    if (!this.denied(path, folders) && (real === path || !this.denied(real, folders))) return
    const [asWritten, asReal] = [relativeToFolder(path, folders), relativeToFolder(real, folders)]
    const details = [
      ...(asWritten === written ? [] : [asWritten]),
      ...(asReal === asWritten ? [] : [`a link to ${asReal}`]),
    ]
    const what = details.length > 0 ? `'${written}' (${details.join(', ')})` : `'${written}'`
    this.report.fail(
      problemAt(
        at.ctx,
        'MY_INCLUDE_DENIED',
        `${what} is kept out of builds by the 'deny' option (${this.options.deny.join(', ')})`,
        at.line,
        at.column,
      ),
    )
  }

  /** `root` and the `allow` folders, once each (the workspace root is often `root` itself). */
  private areaText(): string {
    return [...new Set([this.options.root, ...this.options.allow])].join(', ')
  }

  /** Whether a real path is inside `root` or an `allow` folder (this entry's own folders included). */
  inside(real: string): boolean {
    return this.roots.some((dir) => within(real, dir))
  }

  /** A path's real path (through the build's lookups); throws as realpath does. */
  realpath(path: string): string {
    return this.fs.realpath(path)
  }

  /** The real path of an include target, refused when it leaves `root` and every `allow` folder. */
  confine(path: string, at: IncludeSite, written: string, prefixOnly: boolean): string {
    let real = path
    if (!prefixOnly) {
      try {
        real = this.fs.realpath(path)
      } catch {
        real = path
      }
    }
    const inside = (p: string) => this.inside(p)
    if (!inside(real) && !(prefixOnly && inside(resolve(path)))) {
      // The real path is not named: it is outside the folders this entry may show.
      const how = real !== path && inside(path) ? ' (through a symbolic link)' : ''
      this.report.fail(
        problemAt(
          at.ctx,
          'MY_INCLUDE_OUTSIDE_ROOT',
          `'${written}' resolves outside the folders includes may read (${this.areaText()})${how}; add its ` +
            `folder to the 'allow' option to permit it`,
          at.line,
          at.column,
        ),
      )
    }
    return real
  }
}
