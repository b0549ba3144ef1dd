// File contents kept across rebuilds: a file whose size and times did not change is not read again.
import { readFileSync, statSync } from 'node:fs'

interface CachedFile {
  stamp: string
  bytes: Uint8Array
}

export interface CachedReader {
  /** Reads a file, from the cache when its size, mtime and ctime are unchanged. */
  read(path: string): Uint8Array
  /** Drops a file from the cache (it was changed or deleted). */
  forget(path: string): void
}

export function createCachedReader(): CachedReader {
  const cache = new Map<string, CachedFile>()
  return {
    read(path) {
      // Nanosecond times: two saves within one millisecond still differ.
      const stat = statSync(path, { bigint: true })
      const stamp = `${stat.size}:${stat.mtimeNs}:${stat.ctimeNs}:${stat.ino}`
      const cached = cache.get(path)
      if (cached?.stamp === stamp) return cached.bytes
      const bytes = readFileSync(path)
      cache.set(path, { stamp, bytes })
      return bytes
    },
    forget(path) {
      cache.delete(path)
    },
  }
}
