// Which warnings have been shown, so that a layer several entries include is not reported once per
// entry. A one-off build shows each once, at the first entry that meets it (forgotten at each build's
// start). Serving, a file's warnings are shown again only when its bytes change (the render cache hands
// out one array per content): printed when they change, not on every render (the inspector lists them
// all). A watch build shows each render's: after an edit, the user needs to see what is still wrong.
import type { Diagnostic } from '@merged-yaml/core'

interface ShownWarnings {
  /** Whether the warning was shown already; if not, it counts as shown from now on. */
  isShown(warning: Diagnostic): boolean
  /** Forgets what a one-off build showed (a build starts). */
  clear(): void
}

interface ShownWarningsParts {
  serving(): boolean
  oneOffBuild(): boolean
  /** A file's bytes as the render cache holds them (throws for a file gone). */
  readFile(file: string): Uint8Array
}

export function createShownWarnings({ serving, oneOffBuild, readFile }: ShownWarningsParts): ShownWarnings {
  const shown = new Set<string>()
  const shownAt = new Map<string, { bytes: Uint8Array | undefined; keys: Set<string> }>()
  return {
    isShown(d) {
      const key = `${d.code}\0${d.file}\0${d.line}\0${d.column}\0${d.message}`
      if (serving()) {
        let bytes: Uint8Array | undefined
        try {
          bytes = readFile(d.file)
        } catch {
          bytes = undefined
        }
        let at = shownAt.get(d.file)
        if (!at || at.bytes !== bytes) shownAt.set(d.file, (at = { bytes, keys: new Set() }))
        if (at.keys.has(key)) return true
        at.keys.add(key)
        return false
      }
      if (!oneOffBuild()) return false
      if (shown.has(key)) return true
      shown.add(key)
      return false
    },
    clear() {
      shown.clear()
    },
  }
}
