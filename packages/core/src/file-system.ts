// The file system calls gathering makes: on disk, or through a render cache, which during a build
// answers each path's stat and real path once however many entries include it.
import { readFileSync, realpathSync, statSync } from 'node:fs'
import type { BigIntStats } from 'node:fs'

export interface FileSystem {
  /** `statSync(path, { bigint: true })`: throws as it does (ENOENT, EACCES…). */
  stat(path: string): BigIntStats
  /** `realpathSync.native(path)`: throws as it does. */
  realpath(path: string): string
  /** The file's bytes. */
  readFile(path: string): Uint8Array
  /**
   * While files are taken as unchanged (a render cache's build), an object that lives exactly as
   * long: what gathering learns of paths is kept under it. Undefined otherwise.
   */
  readonly build?: object
}

export const diskFileSystem: FileSystem = {
  stat: (path) => statSync(path, { bigint: true }),
  realpath: (path) => realpathSync.native(path),
  readFile: (path) => readFileSync(path),
}

type Outcome<T> = { ok: true; value: T } | { ok: false; error: unknown }

export interface PathMemo<T> {
  get(path: string): T
}

/**
 * Answers of one function, kept per path: the same answer, or the same error thrown again. What a
 * build may assume of files it does not write (the render cache starts a new memo when told of a change).
 */
export function createPathMemo<T>(compute: (path: string) => T): PathMemo<T> {
  const answers = new Map<string, Outcome<T>>()
  return {
    get(path) {
      let outcome = answers.get(path)
      if (outcome === undefined) {
        try {
          outcome = { ok: true, value: compute(path) }
        } catch (error) {
          outcome = { ok: false, error }
        }
        answers.set(path, outcome)
      }
      if (outcome.ok) return outcome.value
      throw outcome.error
    },
  }
}
