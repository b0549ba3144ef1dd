// Gathering: turns an entry file into the ordered tree of parts cloud-init's UserDataProcessor would
// produce (specs/cloud-init.md §5), with our build-time include rules (DESIGN.md §1).
import { readdirSync } from 'node:fs'
import type { BigIntStats } from 'node:fs'
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gunzipSync } from 'node:zlib'
import { globSync } from 'tinyglobby'
import { MergedYamlError } from '../diagnostics.ts'
import type { ChainLink, Position } from '../diagnostics.ts'
import type { FileSystem } from '../file-system.ts'
import type { ResolvedOptions } from '../options.ts'
import type { Problem, Reporter } from '../report.ts'
import { parseYamlStream } from '../yaml/parse.ts'
import { GZIP_TYPES, isGzip, resolvePartType } from './classify.ts'
import type { PartOrigin } from './documents.ts'
import { isGlob, parseIncludeLines, remoteScheme } from './include-lines.ts'
import { createDenyMatcher, relativeToFolder } from './deny.ts'
import type { DenyMatcher } from './deny.ts'
import { decodeText, MimeError, readMime } from './mime.ts'
import type { MimeLeaf } from './mime.ts'

/** A part cloud-init would hand to its cloud-config handler. */
export interface GatheredPart {
  kind: 'part'
  type: 'text/cloud-config' | 'text/cloud-config-jsonp'
  /** Headerless content (no `#cloud-config`, no MIME type) that we read as YAML where cloud-init would not. */
  headerless: boolean
  text: string
  origin: PartOrigin
  headers: Record<string, string>
}

/** The parts an include list, an archive or a multipart expanded to: merge declarations end with it. */
export interface GatheredScope {
  kind: 'scope'
  items: GatheredItem[]
}

export type GatheredItem = GatheredPart | GatheredScope

/** One entry of a folder a dialect lists: a file or a folder (links followed). */
export interface FolderEntry {
  name: string
  folder: boolean
}

/** Reads a file's bytes; the plugin passes a cached reader. */
export type ReadFile = (path: string) => Uint8Array

export interface GatherResult {
  items: GatheredItem[]
  /** Reads another file of the entry (see Gatherer.dependency); it joins `files`. */
  readDependency: (path: string, at: NonNullable<Problem['at']>) => Uint8Array
  /** Lists a folder of the entry's data (see Gatherer.folderDependency); it joins `globs`. */
  listDependency: (path: string, at: NonNullable<Problem['at']>) => FolderEntry[] | undefined
  /** Lets dependencies be read from the entry's own folder too (see Gatherer.allowEntryFolder). */
  allowEntryFolder: () => void
  /** Every file read, entry first, in reading order. */
  files: string[]
  /** Files an optional include or a glob looked for and did not find (watch them too). */
  missing: string[]
  /** The entry's glob include patterns, absolute: a file added where one matches changes the entry. */
  globs: string[]
}

interface Context {
  file: string
  fileText: string
  chain: readonly ChainLink[]
  /** 0-based line of `file` where the text being processed starts; undefined when it was decoded. */
  lineOffset: number | undefined
  anchor: Position
  depth: number
  /** 1-based file lines of the current MIME part's headers. */
  headerLines?: Record<string, number>
}

const BOM = '\uFEFF'

function within(path: string, dir: string): boolean {
  const rel = relative(dir, path)
  return rel === '' || (!rel.startsWith(`..${sep}`) && rel !== '..' && !isAbsolute(rel))
}

interface DecodedBlob {
  text: string
  /** cloud-init's test: a MIME message declares its version in its first 4 KiB. */
  mime: boolean
}

function decodeBlob(bytes: Uint8Array): DecodedBlob {
  let text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8')
  if (text.startsWith(BOM)) text = text.slice(1)
  return { text, mime: /mime-version:/i.test(binaryString(bytes.subarray(0, 4096))) }
}

// The render cache hands every entry the same bytes of a file: decoding them once also gives every
// entry the same string, which the cache's parsed-text lookup then compares by identity.
const decodedFiles = new WeakMap<Uint8Array, DecodedBlob>()

function binaryString(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1')
}

// Every entry that includes `base.yaml` from the same folder resolves the same path.
const resolvedTargets = new Map<string, string>()

function resolveTarget(base: string, target: string): string {
  const key = `${base}\0${target}`
  let path = resolvedTargets.get(key)
  if (path === undefined) {
    path = resolve(base, target)
    // Bounded: a long-lived process sees a few folders and names, not an endless stream.
    if (resolvedTargets.size >= 4096) resolvedTargets.clear()
    resolvedTargets.set(key, path)
  }
  return path
}

/** What checking a path an include names found: its real path, and whether it exists. */
interface CheckedPath {
  real: string
  exists: boolean
}

// Per build (FileSystem.build) and per confinement rules: each path an include names is confined,
// checked against `deny` and looked for once, not once per entry that includes it. Only paths that
// pass are kept, so every entry reports its own refusals.
const checkedPaths = new WeakMap<object, Map<string, Map<string, CheckedPath>>>()

function checkedPathsOf(fs: FileSystem, options: ResolvedOptions): Map<string, CheckedPath> | undefined {
  if (fs.build === undefined) return undefined
  const rules = JSON.stringify([options.root, options.allow, options.deny])
  let byRules = checkedPaths.get(fs.build)
  if (byRules === undefined) checkedPaths.set(fs.build, (byRules = new Map()))
  let paths = byRules.get(rules)
  if (paths === undefined) byRules.set(rules, (paths = new Map()))
  return paths
}

class Gatherer {
  readonly files: string[] = []
  readonly missing: string[] = []
  readonly globs: string[] = []
  private readonly seen = new Set<string>()
  private readonly onceMerged = new Set<string>()
  private readonly active: string[] = []
  private readonly roots: string[]
  private readonly denied: DenyMatcher
  /** What `deny` patterns with a `/` are relative to: the folders as given, then as resolved. */
  private readonly denyFolders: string[]
  private readonly checked: Map<string, CheckedPath> | undefined
  private mimeParts = 0

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
    this.checked = checkedPathsOf(fs, options)
  }

  /** Confines a path an include names, refuses it if denied, and looks for it. */
  private check(path: string, at: { ctx: Context; line: number; column: number }, written: string): CheckedPath {
    const known = this.checked?.get(path)
    if (known !== undefined) return known
    const real = this.confine(path, at, written, false)
    this.refuseDenied(path, real, at, written)
    let exists = true
    try {
      this.fs.stat(path)
    } catch {
      exists = false
    }
    const checked = { real, exists }
    this.checked?.set(path, checked)
    return checked
  }

  /** Refuses a file the `deny` option names, by the path written (through links) or its real path. */
  private refuseDenied(
    path: string,
    real: string,
    at: { ctx: Context; line: number; column: number },
    written: string,
  ): void {
    const folders = this.denyFolders
    if (!this.denied(path, folders) && (real === path || !this.denied(real, folders))) return
    const [asWritten, asReal] = [relativeToFolder(path, folders), relativeToFolder(real, folders)]
    const details = [
      ...(asWritten === written ? [] : [asWritten]),
      ...(asReal === asWritten ? [] : [`a link to ${asReal}`]),
    ]
    const what = details.length > 0 ? `'${written}' (${details.join(', ')})` : `'${written}'`
    this.report.fail(
      this.problem(
        at.ctx,
        'MY_INCLUDE_DENIED',
        `${what} is kept out of builds by the 'deny' option (${this.options.deny.join(', ')})`,
        at.line,
        at.column,
      ),
    )
  }

  private problem(
    ctx: Context,
    code: string,
    message: string,
    line?: number,
    column = 1,
    suggestion?: string,
  ): Problem {
    const position =
      line !== undefined && ctx.lineOffset !== undefined
        ? { line: ctx.lineOffset + line + 1, column: column + 1 }
        : ctx.anchor
    return {
      code,
      message,
      at: { file: ctx.file, position, chain: ctx.chain, source: ctx.fileText },
      ...(suggestion ? { suggestion } : {}),
    }
  }

  /**
   * Reads a file a dialect refers to (a Heat template, …) under the same rules as an include:
   * confined to root/allow, size-limited, recorded as a dependency. Problems point at `at`.
   */
  dependency(path: string, at: NonNullable<Problem['at']>): Uint8Array {
    const ctx: Context = {
      file: at.file,
      fileText: at.source ?? '',
      chain: at.chain,
      lineOffset: undefined,
      anchor: at.position,
      depth: 0,
    }
    const from = { ctx, line: 0, column: 0 }
    const real = this.confine(path, from, path, false)
    this.refuseDenied(path, real, from, path)
    return this.read(real, from)
  }

  /**
   * Lists a folder a dialect reads as data (a Datum store), confined like a file. The folder's
   * children become a glob of the entry, so that adding or removing one changes the entry; a folder
   * that does not exist is missing (undefined). Links are followed; broken ones are left out.
   */
  folderDependency(path: string, at: NonNullable<Problem['at']>): FolderEntry[] | undefined {
    const ctx: Context = {
      file: at.file,
      fileText: at.source ?? '',
      chain: at.chain,
      lineOffset: undefined,
      anchor: at.position,
      depth: 0,
    }
    const from = { ctx, line: 0, column: 0 }
    const real = this.confine(path, from, path, false)
    const pattern = join(path, '*')
    if (!this.globs.includes(pattern)) this.globs.push(pattern)
    let names: string[]
    try {
      names = readdirSync(real)
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code
      if (code === 'ENOENT' || code === 'ENOTDIR') {
        if (!this.missing.includes(path)) this.missing.push(path)
        return undefined
      }
      return this.report.fail(
        this.problem(ctx, 'MY_FILE_UNREADABLE', `cannot list '${path}': ${code ?? (error as Error).message}`),
      )
    }
    const entries: FolderEntry[] = []
    for (const name of names) {
      try {
        entries.push({ name, folder: this.fs.stat(join(real, name)).isDirectory() })
      } catch {
        // A broken link names nothing.
      }
    }
    return entries
  }

  /**
   * An entry that is the root of a tree of data (a Datum store's Datum.yml) is that whole folder:
   * its files may be read as the entry itself may, even outside `root` (links out are still refused).
   */
  allowEntryFolder(): void {
    const entry = this.files[0]
    if (entry === undefined) return
    let folder = dirname(entry)
    try {
      folder = this.fs.realpath(folder)
    } catch {
      // The entry was read from there: keep the folder as written.
    }
    if (!this.roots.includes(folder)) this.roots.push(folder)
  }

  entry(path: string): GatheredItem[] {
    const file = resolve(path)
    const bytes = this.read(file, undefined)
    return this.file(file, bytes, [], 0)
  }

  /** Reads a file, enforcing the size limit; `from` locates the problem at the include line. */
  private read(file: string, from: { ctx: Context; line: number; column: number } | undefined): Uint8Array {
    const fail = (code: string, message: string): never => {
      if (from) this.report.fail(this.problem(from.ctx, code, message, from.line, from.column))
      this.report.fail({ code, message, at: { file, position: { line: 1, column: 1 }, chain: [] } })
    }
    const tooLarge = (size: number): never =>
      fail(
        'MY_FILE_TOO_LARGE',
        `'${file}' is ${size} bytes, over the limit of ${this.options.limits.maxFileSize} (limits.maxFileSize)`,
      )
    let stat: BigIntStats
    try {
      stat = this.fs.stat(file)
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code
      if (code === 'ENOENT') return fail('MY_FILE_NOT_FOUND', `file not found: ${file}`)
      return fail('MY_FILE_UNREADABLE', `cannot read '${file}': ${code ?? (error as Error).message}`)
    }
    if (stat.isDirectory()) fail('MY_INCLUDE_IS_DIRECTORY', `'${file}' is a directory, not a file`)
    // A FIFO or a device would block the build or never end: only regular files are read.
    if (!stat.isFile()) fail('MY_INCLUDE_NOT_A_FILE', `'${file}' is not a regular file (a FIFO, socket or device)`)
    if (stat.size > this.options.limits.maxFileSize) tooLarge(Number(stat.size))
    if (!this.seen.has(file)) {
      this.seen.add(file)
      this.files.push(file)
      if (this.files.length > this.options.limits.maxIncludeCount && from) {
        fail(
          'MY_INCLUDE_COUNT',
          `more than ${this.options.limits.maxIncludeCount} files in one entry (limits.maxIncludeCount)`,
        )
      }
    }
    let bytes: Uint8Array
    try {
      bytes = this.fs.readFile(file)
    } catch (error) {
      if (error instanceof MergedYamlError) throw error
      return fail(
        'MY_FILE_UNREADABLE',
        `cannot read '${file}': ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
      )
    }
    // The file may have grown since it was stat'ed (a layer being written while watching).
    if (bytes.byteLength > this.options.limits.maxFileSize) tooLarge(bytes.byteLength)
    return bytes
  }

  private file(file: string, bytes: Uint8Array, chain: readonly ChainLink[], depth: number): GatheredItem[] {
    this.active.push(file)
    try {
      const gzipped = isGzip(bytes)
      const raw = gzipped
        ? this.gunzip(bytes, {
            file,
            fileText: '',
            chain,
            lineOffset: undefined,
            anchor: { line: 1, column: 1 },
            depth,
          })
        : bytes
      let blob = gzipped ? undefined : decodedFiles.get(raw)
      if (blob === undefined) {
        blob = decodeBlob(raw)
        if (!gzipped) decodedFiles.set(raw, blob)
      }
      const fileText = blob.text
      const ctx: Context = {
        file,
        fileText,
        chain,
        lineOffset: gzipped ? undefined : 0,
        anchor: { line: 1, column: 1 },
        depth,
      }
      return blob.mime ? this.mime(raw, ctx) : this.payload(fileText, undefined, {}, ctx)
    } finally {
      this.active.pop()
    }
  }

  private gunzip(bytes: Uint8Array, ctx: Context): Uint8Array {
    try {
      return gunzipSync(bytes, { maxOutputLength: this.options.limits.maxDecodedSize })
    } catch (error) {
      const tooBig =
        (error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE' ||
        /maxOutputLength|Cannot create a Buffer/i.test(String(error))
      return this.report.fail(
        this.problem(
          ctx,
          tooBig ? 'MY_DECODED_TOO_LARGE' : 'MY_GZIP_INVALID',
          tooBig
            ? `gzip content expands past ${this.options.limits.maxDecodedSize} bytes (limits.maxDecodedSize)`
            : `invalid gzip data: ${(error as Error).message}`,
        ),
      )
    }
  }

  /** cloud-init `_process_msg` for a MIME message (`convert_string` found its version header). */
  private mime(bytes: Uint8Array, ctx: Context): GatheredItem[] {
    let leaves: MimeLeaf[]
    try {
      leaves = readMime(binaryString(bytes), {
        maxParts: this.options.limits.maxMimeParts - this.mimeParts,
        maxDecodedSize: this.options.limits.maxDecodedSize,
        maxDepth: this.options.limits.maxIncludeDepth,
      })
    } catch (error) {
      if (error instanceof MimeError) return this.report.fail(this.problem(ctx, error.code, error.message, error.line))
      throw error
    }
    this.mimeParts += leaves.length
    // Each multipart container opens a scope; leaves are grouped under the containers they are in.
    const root: GatheredItem[] = []
    const scopes = new Map<string, GatheredItem[]>()
    const target = (containers: number[]): GatheredItem[] => {
      let items = root
      for (let i = 0; i < containers.length; i++) {
        const key = containers.slice(0, i + 1).join('/')
        let scope = scopes.get(key)
        if (!scope) {
          scope = []
          scopes.set(key, scope)
          items.push({ kind: 'scope', items: scope })
        }
        items = scope
      }
      return items
    }
    for (const leaf of leaves) {
      const partCtx: Context = {
        ...ctx,
        lineOffset:
          leaf.bodyLine !== undefined && ctx.lineOffset !== undefined ? ctx.lineOffset + leaf.bodyLine : undefined,
        anchor: ctx.lineOffset !== undefined ? { line: ctx.lineOffset + leaf.headerLine + 1, column: 1 } : ctx.anchor,
      }
      if (ctx.lineOffset !== undefined) {
        const base = ctx.lineOffset
        partCtx.headerLines = Object.fromEntries(
          Object.entries(leaf.headerLines).map(([name, line]) => [name, base + line + 1]),
        )
      }
      let body = leaf.body
      let headers = leaf.headers
      let declared = leaf.contentType
      if (declared && GZIP_TYPES.has(declared)) {
        body = this.gunzip(body, partCtx)
        partCtx.lineOffset = undefined
        // cloud-init rebuilds a decompressed part with only its filename and Launch-Index.
        headers = Object.fromEntries(Object.entries(headers).filter(([name]) => name === 'Launch-Index'))
        declared = undefined
      }
      let text: string
      try {
        text = decodeText(body, leaf.charset)
      } catch (error) {
        return this.report.fail(this.problem(partCtx, 'MY_MIME_INVALID', (error as Error).message))
      }
      target(leaf.containers).push(...this.payload(text, declared, headers, partCtx))
    }
    return root
  }

  /** Types a payload and expands it: include lists and archives in place, cloud-config as a part. */
  private payload(
    text: string,
    declared: string | undefined,
    headers: Record<string, string>,
    ctx: Context,
  ): GatheredItem[] {
    const type = resolvePartType(declared, text)
    switch (type) {
      case 'text/x-include-url':
      case 'text/x-include-once-url':
        return [{ kind: 'scope', items: this.include(text, ctx) }]
      case 'text/cloud-config-archive':
        return [{ kind: 'scope', items: this.archive(text, ctx) }]
      case 'text/cloud-config':
      case 'text/cloud-config-jsonp':
        return [this.part(type, false, text, headers, ctx)]
      case undefined:
      case 'text/x-not-multipart':
        // A plain file without a `#cloud-config` line: YAML to us (cloud-init would not handle it).
        return [this.part('text/cloud-config', true, text, headers, ctx)]
      case 'text/jinja2':
        this.report.lenient(
          this.problem(
            ctx,
            'MY_JINJA_UNSUPPORTED',
            'jinja templates are rendered by cloud-init at boot with instance data, which a build does not have; the part is skipped',
            0,
          ),
        )
        return []
      default:
        this.report.warn(
          this.problem(
            ctx,
            'MY_PART_UNHANDLED',
            `part of type ${type} is not cloud-config and is skipped, as cloud-init's cloud-config handler skips it`,
            0,
          ),
        )
        return []
    }
  }

  private part(
    type: GatheredPart['type'],
    headerless: boolean,
    text: string,
    headers: Record<string, string>,
    ctx: Context,
  ): GatheredPart {
    return {
      kind: 'part',
      type,
      headerless,
      text,
      headers,
      origin: {
        file: ctx.file,
        fileText: ctx.fileText,
        chain: ctx.chain,
        lineOffset: ctx.lineOffset,
        anchor: ctx.anchor,
        ...(ctx.headerLines ? { headerLines: ctx.headerLines } : {}),
      },
    }
  }

  private include(text: string, ctx: Context): GatheredItem[] {
    const { lines, problems } = parseIncludeLines(text, this.options.vars)
    const first = problems[0]
    if (first)
      this.report.fail(this.problem(ctx, first.code, first.message, first.line, first.column, first.suggestion))
    const items: GatheredItem[] = []
    const base = dirname(ctx.file)
    for (const line of lines) {
      const at = { ctx, line: line.line, column: line.column }
      const fail = (code: string, message: string): never =>
        this.report.fail(this.problem(ctx, code, message, line.line, line.column))
      const scheme = remoteScheme(line.target)
      if (scheme)
        fail(
          'MY_INCLUDE_REMOTE',
          `'${line.target}' is a ${scheme} URL: includes are read at build time from local files only`,
        )
      let target = line.target
      if (/^file:\/\//i.test(target)) {
        try {
          target = fileURLToPath(target)
        } catch (error) {
          fail('MY_INCLUDE_INVALID', `invalid file URL '${line.target}': ${(error as Error).message}`)
        }
      }
      const absolute = resolveTarget(base, target)
      let paths: string[]
      if (isGlob(target)) {
        this.globs.push(absolute)
        this.confine(absolute.slice(0, absolute.search(/[*?[\]{}]/)), at, line.target, true)
        // resolve() normalises plain `..` segments; one left inside braces or after a wildcard would
        // make the walk itself leave the root before any match is confined.
        if (/(?:^|[\\/{,(|])\.\.(?:$|[\\/},)|])/.test(absolute)) {
          fail(
            'MY_INCLUDE_OUTSIDE_ROOT',
            `'${line.target}' has '..' inside a glob pattern, which walks outside the project root ${this.options.root}; write the folder before the wildcard without '..'`,
          )
        }
        try {
          // From the folder before the first wildcard: tinyglobby given an absolute pattern outside
          // the working directory crawls from far above it (a quarter of a second per line).
          const pattern = absolute.replaceAll('\\', '/')
          const cut = pattern.lastIndexOf('/', pattern.search(/[*?[\]{}]/))
          paths = globSync(pattern.slice(cut + 1), {
            cwd: pattern.slice(0, cut) || '/',
            absolute: true,
            onlyFiles: true,
            expandDirectories: false,
          })
            .map((p) => resolve(p))
            .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
        } catch (error) {
          // picomatch compiles the pattern to a RegExp, which a long or odd pattern can break.
          return fail(
            'MY_INCLUDE_INVALID',
            `invalid glob pattern '${line.target.length > 200 ? `${line.target.slice(0, 200)}…` : line.target}': ${(error as Error).message.slice(0, 200)}`,
          )
        }
        if (paths.length > this.options.limits.maxGlobMatches)
          fail(
            'MY_GLOB_TOO_MANY',
            `'${line.target}' matches ${paths.length} files, over the limit of ${this.options.limits.maxGlobMatches} (limits.maxGlobMatches)`,
          )
        if (paths.length === 0) {
          this.missing.push(absolute)
          if (!line.optional)
            fail(
              'MY_INCLUDE_NO_MATCH',
              `'${line.target}' matches no file (prefix the line with '?' if that is expected)`,
            )
        }
      } else {
        paths = [absolute]
      }
      for (const path of paths) {
        const { real, exists } = this.check(path, at, line.target)
        if (!exists) {
          this.missing.push(path)
          if (line.optional) continue
          fail('MY_INCLUDE_NOT_FOUND', `included file not found: ${relative(base, path) || path}`)
        }
        if (this.active.includes(real) || this.active.includes(path)) {
          const cycle = [...this.active.slice(this.active.indexOf(this.active.includes(real) ? real : path)), real]
          fail(
            'MY_INCLUDE_CYCLE',
            `include cycle: ${cycle.map((f) => relative(this.options.root, f) || f).join(' → ')}`,
          )
        }
        if (line.once && this.onceMerged.has(real)) continue
        this.onceMerged.add(real)
        if (ctx.depth + 1 > this.options.limits.maxIncludeDepth)
          fail(
            'MY_INCLUDE_DEPTH',
            `includes nest deeper than ${this.options.limits.maxIncludeDepth} levels (limits.maxIncludeDepth)`,
          )
        const bytes = this.read(real, at)
        const chain = [
          ...ctx.chain,
          { file: ctx.file, line: ctx.lineOffset !== undefined ? ctx.lineOffset + line.line + 1 : ctx.anchor.line },
        ]
        items.push(...this.file(real, bytes, chain, ctx.depth + 1))
      }
    }
    return items
  }

  /** The real path of an include target, refused when it leaves `root` and every `allow` folder. */
  private confine(
    path: string,
    at: { ctx: Context; line: number; column: number },
    written: string,
    prefixOnly: boolean,
  ): string {
    let real = path
    if (!prefixOnly) {
      try {
        real = this.fs.realpath(path)
      } catch {
        real = path
      }
    }
    const inside = (p: string) => this.roots.some((dir) => within(p, dir))
    if (!inside(real) && !(prefixOnly && inside(resolve(path)))) {
      const how = real !== path && inside(path) ? ` (through a symbolic link to ${real})` : ''
      this.report.fail(
        this.problem(
          at.ctx,
          'MY_INCLUDE_OUTSIDE_ROOT',
          `'${written}' resolves outside the project root ${this.options.root}${how}; add its folder to the 'allow' option to permit it`,
          at.line,
          at.column,
        ),
      )
    }
    return real
  }

  /** cloud-init `_explode_archive`: a YAML list of `{content, type, filename, <header>: value}`. */
  private archive(text: string, ctx: Context): GatheredItem[] {
    const [doc] = parseYamlStream(text, {
      version: this.options.yamlVersion,
      allowDuplicateKeys: !this.options.strict,
      maxAliasCount: this.options.limits.maxAliasCount,
      maxDepth: this.options.limits.maxDepth,
    })
    const at = (path: (string | number)[]): Context => {
      const position = doc!.locate(path)
      return ctx.lineOffset !== undefined
        ? { ...ctx, lineOffset: undefined, anchor: { line: ctx.lineOffset + position.line, column: position.column } }
        : ctx
    }
    if (doc?.error) {
      this.report.lenient(this.problem(at([]), 'MY_YAML_SYNTAX', `invalid YAML in the archive: ${doc.error.message}`))
      return []
    }
    const list = doc?.value
    if (!Array.isArray(list)) {
      this.report.lenient(
        this.problem(
          at([]),
          'MY_ARCHIVE_NOT_A_LIST',
          '#cloud-config-archive must be a YAML list; cloud-init treats anything else as an empty archive',
        ),
      )
      return []
    }
    const items: GatheredItem[] = []
    list.forEach((raw: unknown, index) => {
      const entry = typeof raw === 'string' ? { content: raw } : raw
      if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) {
        this.report.lenient(
          this.problem(
            at([index]),
            'MY_ARCHIVE_ENTRY',
            `archive entry ${index + 1} is neither a string nor a mapping; cloud-init skips it`,
          ),
        )
        return
      }
      const record = entry as Record<string, unknown>
      const headers: Record<string, string> = {}
      for (const [name, value] of Object.entries(record)) {
        if (name === 'content' || name === 'type' || name === 'filename' || name === 'launch-index') continue
        if (typeof value !== 'string') {
          // cloud-init raises TypeError here and aborts the whole user-data.
          this.report.fail(
            this.problem(
              at([index, name]),
              'MY_ARCHIVE_HEADER',
              `archive entry ${index + 1}: header '${name}' must be a string`,
            ),
          )
        }
        headers[name] = value as string
      }
      const entryCtx = at([index, 'content'])
      const content = record.content
      if (content instanceof Uint8Array) {
        this.report.warn(
          this.problem(
            entryCtx,
            'MY_PART_UNHANDLED',
            `archive entry ${index + 1} is binary (application/octet-stream) and is skipped, as cloud-init skips it`,
          ),
        )
        return
      }
      const payload = content === undefined || content === null ? '' : String(content)
      const declared = typeof record.type === 'string' ? record.type.toLowerCase() : undefined
      const type = resolvePartType(declared, payload) ?? 'text/cloud-config'
      if (type === 'text/cloud-config' || type === 'text/cloud-config-jsonp') {
        items.push(this.part(type, false, payload, headers, entryCtx))
      } else {
        this.report.warn(
          this.problem(
            entryCtx,
            'MY_PART_UNHANDLED',
            `archive entry ${index + 1} of type ${type} is skipped: cloud-init does not expand includes or archives inside an archive, and handles only cloud-config here`,
          ),
        )
      }
    })
    return items
  }
}

/** Gathers an entry's parts. Throws MergedYamlError for errors; warnings go to the reporter. */
export function gatherEntry(entry: string, options: ResolvedOptions, report: Reporter, fs: FileSystem): GatherResult {
  const gatherer = new Gatherer(options, report, fs)
  let items: GatheredItem[]
  try {
    items = gatherer.entry(entry)
  } catch (error) {
    if (error instanceof MergedYamlError)
      error.dependencies ??= { files: gatherer.files, missing: gatherer.missing, globs: gatherer.globs }
    throw error
  }
  return {
    items,
    files: gatherer.files,
    missing: gatherer.missing,
    globs: gatherer.globs,
    readDependency: (path, at) => gatherer.dependency(path, at),
    listDependency: (path, at) => gatherer.folderDependency(path, at),
    allowEntryFolder: () => gatherer.allowEntryFolder(),
  }
}
