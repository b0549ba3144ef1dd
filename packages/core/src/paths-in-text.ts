// A text (a diagnostic's message, its frame, a suggestion) as a report written for others shows it:
// every path under the root, or under a folder above it (a home or temporary folder), written
// relative to the root, `file://` URLs included. What lies under no folder above the root (`/etc/…`)
// names nothing of the machine and stays as it is: a path someone wrote in a file.
import { posix, resolve } from 'node:path'

const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** Rewrites the paths in a text relative to `root` (absolute). */
export function createPathRewriter(root: string): (text: string) => string {
  const to = new Map<string, string>()
  let dir = resolve(root).replaceAll('\\', '/')
  let up = ''
  for (let parent = posix.dirname(dir); parent !== dir; dir = parent, parent = posix.dirname(dir)) {
    to.set(dir, up)
    // The same folder as Windows writes it.
    if (/^[A-Za-z]:/.test(dir)) to.set(dir.replaceAll('/', '\\'), up)
    up += '../'
  }
  if (to.size === 0) return (text) => text
  // Deepest first: `/tmp/app/x` is `x`, not `../app/x`; a name that only starts alike (`/tmp/apps`) is not the
  // root, nor is a URL's path (`http://host/tmp/app`).
  const folders = [...to.keys()].sort((a, b) => b.length - a.length).map(escape)
  const pattern = new RegExp(
    `(?:file:///?(?=[A-Za-z]:|/))?(?<![\\w.~-])(${folders.join('|')})(?:([/\\\\])|(?![\\w-]|\\.[\\w-]))`,
    'g',
  )
  return (text) =>
    text.replace(pattern, (_match, folder: string, separator: string | undefined) => {
      const relative = to.get(folder)!
      if (separator) return relative
      return relative === '' ? '.' : relative.slice(0, -1)
    })
}
