// What reading a Datum store needs from the file system, and nothing more: a file's text, a
// folder's entries, whether a path exists. The store reader is written against this interface so
// that the file access can move into the pipeline's gather stage (making the store's files part of
// the entry's fingerprint); today it goes through the dialect context, which confines every path to
// root/allow and records it as a dependency of the entry.
import { basename, dirname } from 'node:path'
import type { SourceDocument } from '../../../source.ts'
import type { PathSegment } from '../../../yaml/parse.ts'
import type { DialectContext } from '../../types.ts'

export interface StoreEntry {
  name: string
  folder: boolean
}

/** Where a problem reading a path should point: the value that led there, else the entry. */
export interface StoreReadOrigin {
  doc: SourceDocument
  path?: readonly PathSegment[]
}

export interface StoreFileSystem {
  /** A file's text (UTF-8, a BOM removed). */
  readText(path: string, from?: StoreReadOrigin): string
  /** A folder's files and folders, or undefined when there is no such folder. */
  list(path: string, from?: StoreReadOrigin): readonly StoreEntry[] | undefined
  /** Whether `path` is a file, a folder, or nothing. */
  exists(path: string, from?: StoreReadOrigin): 'file' | 'folder' | undefined
}

/** The store's file access through the dialect context (readDependency / listDependency). */
export function createContextStoreFiles(context: DialectContext): StoreFileSystem {
  const listings = new Map<string, readonly StoreEntry[] | undefined>()
  const list = (path: string, from?: StoreReadOrigin): readonly StoreEntry[] | undefined => {
    if (!listings.has(path)) listings.set(path, context.listDependency(path, from))
    return listings.get(path)
  }
  return {
    readText: (path, from) => context.readDependency(path, from),
    list,
    exists(path, from) {
      const entry = list(dirname(path), from)?.find((e) => e.name === basename(path))
      return entry === undefined ? undefined : entry.folder ? 'folder' : 'file'
    },
  }
}
