// What a stored module's inputs looked like on disk when it was stored: each file's size, times and
// inode, each missing file's absence, each glob folder's own stamp (a file added or removed there
// changes it). While every stamp holds, a rebuild serves the stored module with a stat per input
// (shared layers once per build), instead of gathering the entry again and hashing its bytes: what
// the render cache assumes of a file within a process (render-cache.ts), kept across processes.
import { statSync } from 'node:fs'
import type { BigIntStats } from 'node:fs'
import { sep } from 'node:path'
import { globBase } from './dependencies.ts'

/** Each input path with its stamp (`''`: the path did not exist). */
export type InputStamps = [path: string, stamp: string][]

interface StampedInputs {
  files: readonly string[]
  missing: readonly string[]
  globs: readonly string[]
  /** Paths as written that lead through a link (their stat follows it: a link pointed elsewhere changes it). */
  links: readonly string[]
}

const GLOB_CHAR = /[*?[\]{}]/

// A file changed within this long before it was stamped may change again within the same tick of
// the file system's clock (a coarse kernel clock, FAT's 2 s mtime) and keep its stamp: such an entry
// is stored without stamps, and checked by its fingerprint (git's "racily clean" files).
export const RACY_MS = 2_000n

function stampOf(stat: BigIntStats): string {
  return `${stat.size}:${stat.mtimeNs}:${stat.ctimeNs}:${stat.ino}`
}

/** A single-level glob (`features/*.yaml`): its folder's stamp covers every match added or removed. */
function isShallow(pattern: string): boolean {
  const rest = pattern.slice(globBase(pattern).length + 1)
  return !rest.includes('/') && !rest.includes(sep) && !rest.includes('**')
}

/**
 * The stamps of a render's inputs, or undefined when stamps cannot vouch for them: a glob that walks
 * folders below its own, or an input changed too recently (RACY_MS) to be told apart from an edit
 * made in the same tick.
 */
export function stampInputs(
  inputs: StampedInputs,
  stat: (path: string) => BigIntStats,
  now = BigInt(Date.now()),
): InputStamps | undefined {
  if (!inputs.globs.every(isShallow)) return undefined
  const paths = [
    ...inputs.files,
    ...inputs.links,
    ...inputs.missing.filter((path) => !GLOB_CHAR.test(path)),
    ...new Set(inputs.globs.map(globBase)),
  ]
  const racyAfter = (now - RACY_MS) * 1_000_000n
  const stamps: InputStamps = []
  for (const path of new Set(paths)) {
    const found = statOrAbsent(path, stat)
    if (found === null) return undefined
    if (found !== undefined && (found.mtimeNs > racyAfter || found.ctimeNs > racyAfter)) return undefined
    stamps.push([path, found ? stampOf(found) : ''])
  }
  return stamps
}

/** A path's stat; undefined when it does not exist; null when it cannot be told (EACCES…). */
function statOrAbsent(path: string, stat: (path: string) => BigIntStats): BigIntStats | undefined | null {
  try {
    return stat(path)
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    return code === 'ENOENT' || code === 'ENOTDIR' ? undefined : null
  }
}

/**
 * Where a build can see an edit, a stamp is checked against the disk, not against the render cache's
 * stat of this build: a dev server one of whose plugin instances never sees the build end (Astro's)
 * would hold a stat from before an edit, and serve the module stored before it.
 */
const statNow = (path: string): BigIntStats => statSync(path, { bigint: true })

/**
 * The stat a stamp is checked with: a one-off build reads its inputs once and its render cache's stats
 * are this build's (the layers its entries share stat once, not once per entry); any other, the disk's.
 */
export function statForStamps(oneOffBuild: boolean, cached: (path: string) => BigIntStats) {
  return oneOffBuild ? cached : statNow
}

/** Whether every input still has the stamp it was stored with. */
export function stampsHold(stamps: InputStamps, stat: (path: string) => BigIntStats): boolean {
  for (const [path, stamp] of stamps) {
    const found = statOrAbsent(path, stat)
    if (found === null || (found ? stampOf(found) : '') !== stamp) return false
  }
  return true
}
