// The Datum tree as Datum's file provider builds it: the root holds the stores and `__Definition`;
// a store is a folder whose members are its subfolders and its files, named by base name and looked
// up ignoring case (folders first, then files, each in name order: Get-ChildItem's order); a file's
// member is its data, read when first used. `$File` in an expression is a FileInfo of the file.
import { join } from 'node:path'
import type { Limits } from '../../../options.ts'
import type { Reporter } from '../../../reporter.ts'
import type { SourceDocument } from '../../../source-document.ts'
import type { ValueFile } from '../handlers/deferred.ts'
import { Unsupported } from '../handlers/ps-values.ts'
import type { MemberSource } from '../handlers/ps-values.ts'
import type { DatumHandlers } from '../handlers/registry.ts'
import { setOwn } from '../../../values.ts'
import { readStoreFile } from './read-file.ts'
import type { StoreFileSystem } from './store-files.ts'

export interface StoreContext {
  readonly files: StoreFileSystem
  readonly limits: Limits
  readonly report: Reporter
  /** The folder of Datum.yml: file sources (Get-DatumSourceFile) are relative to it. */
  readonly base: string
  readonly handlers: DatumHandlers
}

const compareNames = (a: string, b: string): number => {
  const [x, y] = [a.toUpperCase(), b.toUpperCase()]
  return x < y ? -1 : x > y ? 1 : 0
}

/** `$_.BaseName`: a file's name without its last extension, a folder's whole name. */
function baseNameOf(name: string, folder: boolean): string {
  if (folder) return name
  const dot = name.lastIndexOf('.')
  return dot <= 0 ? (dot === 0 ? '' : name) : name.slice(0, dot)
}

export class StoreFile implements ValueFile {
  readonly source: string
  #data: { value: unknown; doc: SourceDocument } | undefined

  constructor(
    private readonly context: StoreContext,
    readonly path: string,
    readonly segments: readonly string[],
  ) {
    const base = baseNameOf(segments.at(-1)!, false)
    this.source = [...segments.slice(0, -1), base].join('\\')
  }

  get name(): string {
    return this.segments.at(-1)!
  }

  get baseName(): string {
    return baseNameOf(this.name, false)
  }

  /** The file's data with its load-time handlers applied, and its document (for positions). */
  data(): { value: unknown; doc: SourceDocument } {
    if (!this.#data) {
      const { limits, report, handlers } = this.context
      const read = readStoreFile(this.path, this.context.files.readText(this.path), limits, report)
      this.#data = { value: handlers.load(read.value, this, { doc: read.doc, path: [] }), doc: read.doc }
    }
    return this.#data
  }

  get value(): unknown {
    return this.data().value
  }

  /** Reads the file's text now (while gathering), for `data()` to parse when the file is used. */
  prefetch(): void {
    this.context.files.readText(this.path)
  }

  /** Datum converts a node's data in place; lookups then read the converted values. */
  replaceValue(value: unknown): void {
    this.#data = { value, doc: this.data().doc }
  }
}

export type StoreItem = StoreFolder | StoreFile

export class StoreFolder implements MemberSource {
  readonly typeName = 'FileProvider'
  #children: Map<string, StoreItem> | undefined
  readonly #clashes = new Map<string, string[]>()

  constructor(
    private readonly context: StoreContext,
    readonly path: string,
    readonly segments: readonly string[],
  ) {}

  children(): Map<string, StoreItem> {
    if (this.#children) return this.#children
    const entries = [...(this.context.files.list(this.path) ?? [])]
    entries.sort((a, b) => (a.folder === b.folder ? compareNames(a.name, b.name) : a.folder ? -1 : 1))
    const children = new Map<string, StoreItem>()
    for (const entry of entries) {
      const key = baseNameOf(entry.name, entry.folder).toLowerCase()
      // Add-Member refuses an empty name (`.gitkeep`).
      if (key === '') continue
      const existing = children.get(key)
      if (existing) {
        const clash = this.#clashes.get(key) ?? [existing.segments.at(-1)!]
        this.#clashes.set(key, [...clash, entry.name])
        continue
      }
      const path = join(this.path, entry.name)
      const segments = [...this.segments, entry.name]
      children.set(
        key,
        entry.folder ? new StoreFolder(this.context, path, segments) : new StoreFile(this.context, path, segments),
      )
    }
    this.#children = children
    return children
  }

  /** The child named `name` (ignoring case), without reporting a clash of names. */
  find(name: string): StoreItem | undefined {
    return this.children().get(name.toLowerCase())
  }

  child(name: string): StoreItem | undefined {
    const key = name.toLowerCase()
    const child = this.children().get(key)
    const clash = this.#clashes.get(key)
    if (child && clash) {
      this.context.report.lenient({
        code: 'MY_DATUM_STORE_NAME_CLASH',
        message:
          `'${clash.join("', '")}' in ${this.path} have the same name '${name}' for Datum, which keeps the ` +
          `first (${clash[0]})`,
        at: { file: join(this.path, clash[1]!), position: { line: 1, column: 1 }, chain: [] },
      })
    }
    return child
  }

  member(name: string): unknown {
    const child = this.child(name)
    if (!child) return null
    return child instanceof StoreFolder ? child : child.value
  }

  /** DatumProvider.ToOrderedHashTable(): every child, read. */
  toMapping(): Record<string, unknown> {
    const out: Record<string, unknown> = {}
    for (const child of this.children().values()) {
      const name = child instanceof StoreFolder ? child.segments.at(-1)! : child.baseName
      setOwn(out, name, child instanceof StoreFolder ? child.toMapping() : child.value)
    }
    return out
  }
}

/** `$Datum`: the stores by name, and `__Definition` (Datum.yml's data). */
export class DatumRoot implements MemberSource {
  readonly typeName = 'System.Collections.Hashtable'

  constructor(
    readonly stores: ReadonlyMap<string, StoreFolder>,
    private readonly definition: unknown,
  ) {}

  store(name: string): StoreFolder | undefined {
    return this.stores.get(name.toLowerCase())
  }

  member(name: string): unknown {
    if (name.toLowerCase() === '__definition') return this.definition
    return this.store(name) ?? null
  }
}

const FILE_MEMBERS = 'Name, BaseName, Extension, Directory'

/** A folder as `$File.Directory` (a DirectoryInfo): its name, and its parent up to Datum.yml's folder. */
class DirectoryView implements MemberSource {
  readonly typeName = 'System.IO.DirectoryInfo'

  constructor(
    private readonly folders: readonly string[],
    private readonly baseName: string,
  ) {}

  member(name: string): unknown {
    const lower = name.toLowerCase()
    const own = this.folders.at(-1) ?? this.baseName
    if (lower === 'name' || lower === 'basename') return own
    if (lower === 'parent') {
      if (this.folders.length === 0)
        throw new Unsupported("the parent of Datum.yml's folder (a folder of the build machine)")
      return new DirectoryView(this.folders.slice(0, -1), this.baseName)
    }
    throw new Unsupported(`$File.Directory.${name} (Name, BaseName and Parent are read)`)
  }
}

/** `$File`: the FileInfo of the file a value was written in. */
export class FileInfoView implements MemberSource {
  readonly typeName = 'System.IO.FileInfo'

  constructor(
    private readonly file: ValueFile,
    /** The name of Datum.yml's folder. */
    private readonly baseName: string,
  ) {}

  /** Get-DatumSourceFile -Path $File. */
  get source(): string {
    return this.file.source
  }

  member(name: string): unknown {
    const fileName = this.file.segments.at(-1)!
    switch (name.toLowerCase()) {
      case 'name':
        return fileName
      case 'basename':
        return baseNameOf(fileName, false)
      case 'extension':
        return /\.[^.]*$/.exec(fileName)?.[0] ?? ''
      case 'directory':
        return new DirectoryView(this.file.segments.slice(0, -1), this.baseName)
      case 'fullname':
      case 'directoryname':
        throw new Unsupported(`$File.${name} (a path on the build machine)`)
      default:
        throw new Unsupported(`$File.${name} (${FILE_MEMBERS} are read)`)
    }
  }
}
