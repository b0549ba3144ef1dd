// The paths in the CLI's JSON (`check --format json`, `explain --format json`), as a CI log or an
// artifact shows them: relative to the working folder, within messages and frames too; a merged
// value is the user's data and stays as it is.
import { relative } from 'node:path'
import type { ChainLink, Diagnostic, HistoryEvent, HistoryPart } from '@merged-yaml/core'
import { createPathRewriter } from '@merged-yaml/core/internal'

interface RelativePaths {
  file(path: string): string
  diagnostic(d: Diagnostic): Diagnostic
  /** A history part or event: its file and its include chain. */
  located<T extends HistoryPart | HistoryEvent>(item: T): T
}

export function createRelativePaths(cwd: string): RelativePaths {
  const text = createPathRewriter(cwd)
  const file = (path: string) => relative(cwd, path).replaceAll('\\', '/') || '.'
  const chain = (links: readonly ChainLink[]) => links.map((link) => ({ ...link, file: file(link.file) }))
  return {
    file,
    diagnostic: (d) => ({
      ...d,
      message: text(d.message),
      file: file(d.file),
      chain: chain(d.chain),
      ...(d.frame === undefined ? {} : { frame: text(d.frame) }),
      ...(d.suggestion === undefined ? {} : { suggestion: text(d.suggestion) }),
    }),
    located: (item) => ({ ...item, file: file(item.file), chain: chain(item.chain) }),
  }
}
