// What the inspector's API answers, built from data only (no request, no file, no render): an entry's
// name as the page shows it, its line in the list, the list itself, and the refusals that name an
// entry. The numbers and statuses are report.ts's (the HTML report's), never computed twice.
import { isAbsolute, resolve } from 'node:path'
import { isName } from '@merged-yaml/core/internal'
import { roundMs, statusOf } from '../codegen/inspector/report.ts'
import type { InspectorRender, InspectorReport } from '../codegen/inspector/report.ts'
import { createRelativePath } from '../codegen/inspector/paths.ts'
import type { InspectorEntrySummary } from '../codegen/inspector/page.ts'
import { formatQuery, parseEntryId } from '../plugin/entry-id.ts'
import type { EntryId } from '../plugin/entry-id.ts'
import { Refusal } from './respond.ts'

const MODE = /^[\w.-]{1,64}$/

/** The page's list: the mode served, the modes it may compare with, the entries. */
export interface InspectorEntryList {
  mode: string
  modes: string[]
  compare: string
  entries: InspectorEntrySummary[]
}

/** An entry id (an absolute file and its query) and its name on the page (relative to the root). */
export interface NamedEntry {
  id: string
  name: string
  entry: EntryId
}

/**
 * The names the page gives entries: relative to the root, forward slashes, the import query kept;
 * an entry outside the root is `../…` (the page and its payloads carry no absolute path).
 */
export function createEntryNaming(root: string) {
  const rel = createRelativePath(root)
  return {
    /** A loaded or listed entry (its absolute id). */
    nameOf(id: string): string {
      const entry = parseEntryId(id)!
      return `${rel(entry.file)}${formatQuery(entry.query)}`
    },
    /** What an `id=` parameter names (relative to the root, or absolute), undefined when it names no entry. */
    resolve(param: string): NamedEntry | undefined {
      const asked = parseEntryId(param)
      if (!asked) return undefined
      const file = isAbsolute(asked.file) ? resolve(asked.file) : resolve(root, asked.file)
      const query = formatQuery(asked.query)
      return { id: `${file}${query}`, name: `${rel(file)}${query}`, entry: { file, query: asked.query } }
    },
  }
}

/** An entry's line in the list: unrendered (not loaded yet, or refused), or its last render. */
export function summarizeEntry(name: string, loaded: boolean, run?: InspectorRender): InspectorEntrySummary {
  if (!run) return { id: name, loaded }
  const summary: InspectorEntrySummary = { id: name, loaded, mode: run.mode, status: statusOf(run) }
  if (run.renderMs !== undefined) summary.renderMs = roundMs(run.renderMs)
  if (run.result) summary.dialect = run.result.dialect
  return summary
}

/** An entry's line in the list after the page showed it: the report's own status and numbers. */
export function summarizeReport(report: InspectorReport, loaded: boolean): InspectorEntrySummary {
  const { mode, status, dialect, renderMs } = report
  return { id: report.entry, loaded, mode, status, dialect, renderMs }
}

/** The refusal of an entry the dev server would not serve whole: the entry or a file it reads. */
export const refuseUnserved = (name: string): Refusal =>
  new Refusal(403, `${name}: the dev server does not serve it or a file it reads (server.fs.allow, server.fs.deny)`)

/**
 * A mode to compare with is a name, by the rule a `${mode}` value follows (MY_INCLUDE_VARIABLE_NOT_A_NAME):
 * not `.` or `..`, no separator, no NUL; and, as a mode, letters, digits, `_`, `.`, `-`, at most 64.
 */
export function refuseCompareMode(mode: string): Refusal | undefined {
  if (mode === '') return undefined
  const quoted = JSON.stringify(mode.slice(0, 80))
  if (!isName(mode))
    return new Refusal(
      400,
      `compare=${quoted} is no name: a mode names a file or folder, never a path ('.', '..', a separator or NUL)`,
    )
  if (!MODE.test(mode)) return new Refusal(400, `compare=${quoted} is not a mode: letters, digits, _ . - (at most 64)`)
  return undefined
}
