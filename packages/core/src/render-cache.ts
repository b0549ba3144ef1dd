// What renders of many entries (one build) and of the same entries again (watch mode) share: file
// bytes, kept while a file's size and times are unchanged, and parsed documents, kept per file for
// each distinct text and parse options. A layer included by fifty entries is read and parsed once;
// after an edit, only the edited file is read and parsed again. Between beginBuild() and endBuild(),
// files are taken as unchanged: each path is stat'ed and resolved once, not once per entry.
import { weakMemo } from './memo.ts'
import type { BigIntStats } from 'node:fs'
import { createBuildLookups, diskFileSystem } from './file-system.ts'
import type { BuildLookups, FileSystem } from './file-system.ts'
import { freezeDeep } from './values.ts'
import { parseYamlStream } from './yaml/parse.ts'
import type { ParseYamlOptions, YamlDocument } from './yaml/parse.ts'

export interface RenderCacheStats {
  /** Files read from disk. */
  reads: number
  /** Reads answered from the cache (the file's size and times were unchanged). */
  readHits: number
  /** YAML streams parsed. */
  parses: number
  /** Parses answered from the cache (same file, same text, same options). */
  parseHits: number
}

export interface RenderCache extends FileSystem {
  /** Counters, for tests and benchmarks: they only ever grow. */
  readonly stats: RenderCacheStats
  /** A file's bytes, read again only when its size, mtime, ctime or inode changed. */
  readFile(path: string): Uint8Array
  /** A file's stat (bigint), from disk, or once per path between beginBuild() and endBuild(). */
  stat(path: string): BigIntStats
  /** A path's real path, from disk, or once per path between beginBuild() and endBuild(). */
  realpath(path: string): string
  /**
   * A build starts: until endBuild(), files do not change behind the cache's back (what changes is
   * passed to invalidate()), so each path's stat and real path are asked for once. A bundler's
   * build start, not a dev server's: one serving edits would see stale files.
   */
  beginBuild(): void
  /** The build ended: every later stat and real path comes from disk again. */
  endBuild(): void
  /**
   * The documents of a YAML stream taken from `file`, parsed once per distinct text and options.
   * Their values are frozen: every entry that includes the file shares them.
   */
  parse(file: string, text: string, options: ParseYamlOptions): YamlDocument[]
  /** Forgets a file (a watcher saw it change or disappear): it is read and parsed again. */
  invalidate(path: string): void
  /** Forgets every file. */
  clear(): void
}

interface CachedFile {
  /** The stat the stamp was taken from: during a build, the same object answers every entry. */
  stat: BigIntStats
  stamp: string
  bytes: Uint8Array
}

/** Parsed streams of one file: options key → text → documents. */
type ParsedTexts = Map<string, Map<string, YamlDocument[]>>

// A file holds one text per MIME part or stream; more distinct texts than this for one file and
// options are edits the cache was not told about (a reader other than `readFile`): drop the oldest.
const MAX_TEXTS_PER_FILE = 64

// Nanosecond times: two saves within one millisecond still differ.
function stampOf(stat: BigIntStats): string {
  return `${stat.size}:${stat.mtimeNs}:${stat.ctimeNs}:${stat.ino}`
}

function optionsKey({
  version,
  allowDuplicateKeys,
  maxAliasCount,
  maxDepth,
  flagVersionDifferences,
  ...rest
}: ParseYamlOptions): string {
  // Empty: a field added to ParseYamlOptions does not type-check here until it joins the key.
  const unkeyed: Record<string, never> = rest
  void unkeyed
  return `${version}\0${allowDuplicateKeys}\0${maxAliasCount}\0${maxDepth}\0${flagVersionDifferences === true}`
}

// A render passes the same options object for all its parts.
const optionsKeys = weakMemo<ParseYamlOptions, string>(
  'render cache: the key of parse options',
  'parse options are never changed (options.ts builds them once per render)',
)

/** A cache to pass to every `render()` of one build or watch session (`render(entry, options, { cache })`). */
export function createRenderCache(): RenderCache {
  const files = new Map<string, CachedFile>()
  const parsed = new Map<string, ParsedTexts>()
  const stats: RenderCacheStats = { reads: 0, readHits: 0, parses: 0, parseHits: 0 }
  let build: BuildLookups | undefined
  const stat = (path: string): BigIntStats => (build ? build.stat.get(path) : diskFileSystem.stat(path))
  const beginBuild = (): void => {
    build = createBuildLookups()
  }

  return {
    stats,
    stat,
    realpath: (path) => (build ? build.realpath.get(path) : diskFileSystem.realpath(path)),
    get build() {
      return build
    },
    beginBuild,
    endBuild() {
      build = undefined
    },
    readFile(path) {
      const current = stat(path)
      const cached = files.get(path)
      if (cached && (cached.stat === current || cached.stamp === stampOf(current))) {
        stats.readHits++
        return cached.bytes
      }
      const bytes = diskFileSystem.readFile(path)
      stats.reads++
      if (cached) parsed.delete(path)
      files.set(path, { stat: current, stamp: stampOf(current), bytes })
      return bytes
    },
    parse(file, text, options) {
      const key = optionsKeys.get(options, optionsKey)
      let byOptions = parsed.get(file)
      if (!byOptions) parsed.set(file, (byOptions = new Map()))
      let byText = byOptions.get(key)
      if (!byText) byOptions.set(key, (byText = new Map()))
      const hit = byText.get(text)
      if (hit) {
        stats.parseHits++
        return hit
      }
      const docs = parseYamlStream(text, options)
      stats.parses++
      for (const doc of docs) freezeDeep(doc.value)
      if (byText.size >= MAX_TEXTS_PER_FILE) byText.delete(byText.keys().next().value!)
      byText.set(text, docs)
      return docs
    },
    invalidate(path) {
      files.delete(path)
      parsed.delete(path)
      // A new build scope: what gathering learnt of paths under the old one (FileSystem.build) goes too.
      if (build) beginBuild()
    },
    clear() {
      files.clear()
      parsed.clear()
      if (build) beginBuild()
    },
  }
}
