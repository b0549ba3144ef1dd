// What the inspector shows of one entry (the dev server's page and `merged-yaml explain --format html`):
// built from a render's own records — the history, the files read and looked for, the
// diagnostics — never by merging again. Pure data in, plain JSON out, every list bounded, every path
// relative to the root (a static report carries no absolute path of the machine that wrote it).
import type { Diagnostic, HistoryEvent, RenderResult } from '@merged-yaml/core'
import { createPathRewriter } from '@merged-yaml/core/internal'
import { createLayerTree } from './layer-tree.ts'
import type { LayerNode } from './layer-tree.ts'
import { createRelativePath } from './paths.ts'
import type { RelativePath } from './paths.ts'
import { createValueTree, formatLeaf, formatPath, markDifferences } from './value-tree.ts'
import type { ValueNode } from './value-tree.ts'

export type { LayerNode } from './layer-tree.ts'
export type { ValueNode } from './value-tree.ts'

/** A place in a file, relative to the report's root. */
export interface InspectorLocation {
  file: string
  line: number
  column: number
}

export type InspectorStatus = 'ok' | 'warnings' | 'errors'

export interface InspectorDiagnostic extends InspectorLocation {
  code: string
  severity: 'error' | 'warning'
  message: string
  suggestion?: string
  /** How the file was reached from the entry, outermost first (`file:line`). */
  chain: string[]
  frame?: string
}

/** A value a later layer tried to set but the merge kept out (or a value removed on the way). */
export interface KeptOutValue {
  path: string
  source: InspectorLocation
  action: 'kept' | 'deleted'
  merger: string
  /** The layer's value (absent for a removal). */
  value?: string
  /** The value the result holds at the path, or undefined when it holds none. */
  result?: string
  note?: string
}

/** One mode of an entry: its status, merged value and diagnostics. */
export interface InspectorModeView {
  mode: string | undefined
  status: InspectorStatus
  dialect?: string
  /** Milliseconds the render took (as measured by the caller). */
  renderMs?: number
  values?: ValueNode
  diagnostics: InspectorDiagnostic[]
}

export interface InspectorReport extends InspectorModeView {
  /** The entry (with its import query), relative to the root. */
  entry: string
  /** How much the history knows: every value, top-level keys only, or nothing per value. */
  detail: 'full' | 'top-level' | 'none'
  layers: LayerNode
  /** Files optional includes and globs looked for and did not find. */
  missing: string[]
  keptOut: KeptOutValue[]
  /** Another mode beside this one, its differing values marked in both trees (`differs`). */
  compare?: InspectorModeView & { differences: number }
}

/** One render of the entry: the result (rendered with `history: true`) or the error's diagnostics. */
export interface InspectorRender {
  mode?: string
  renderMs?: number
  result?: RenderResult
  /** A failed render: its diagnostics, and the files it had read. */
  error?: { diagnostics: readonly Diagnostic[]; files?: readonly string[] }
}

export interface InspectorInput extends InspectorRender {
  /** The entry's file (absolute). */
  entry: string
  /** The entry's import query (`?node=…`), if any. */
  query?: string
  /** Paths are written relative to it. */
  root: string
  compare?: InspectorRender
}

const MAX_KEPT_OUT = 500
const MAX_DIAGNOSTICS = 100
const MAX_FRAME = 4_000

/** Paths as the report writes them: a file relative to the root, and the paths within a text (messages, frames). */
interface ReportPaths {
  rel: RelativePath
  text: (text: string) => string
}

function toDiagnostics(list: readonly Diagnostic[], { rel, text }: ReportPaths): InspectorDiagnostic[] {
  return list.slice(0, MAX_DIAGNOSTICS).map((d) => ({
    code: d.code,
    severity: d.severity,
    message: text(d.message),
    file: rel(d.file),
    line: d.line,
    column: d.column,
    ...(d.suggestion ? { suggestion: text(d.suggestion) } : {}),
    chain: d.chain.map((link) => `${rel(link.file)}:${link.line}`),
    ...(d.frame ? { frame: text(d.frame).slice(0, MAX_FRAME) } : {}),
  }))
}

/** A render's status: errors when it failed, warnings when it warned. */
export function statusOf(run: InspectorRender): InspectorStatus {
  return run.error ? 'errors' : (run.result?.warnings.length ?? 0) > 0 ? 'warnings' : 'ok'
}

/** Milliseconds as the page shows them: to a tenth. */
export const roundMs = (ms: number): number => Math.round(ms * 10) / 10

function createModeView(run: InspectorRender, paths: ReportPaths): InspectorModeView {
  const { result } = run
  const { rel } = paths
  const diagnostics = toDiagnostics(run.error?.diagnostics ?? result?.warnings ?? [], paths)
  const status = statusOf(run)
  const view: InspectorModeView = { mode: run.mode, status, diagnostics }
  if (result) view.dialect = result.dialect
  if (run.renderMs !== undefined) view.renderMs = roundMs(run.renderMs)
  if (result) view.values = createValueTree(result.value, result.history, rel)
  return view
}

function lookup(root: unknown, path: readonly (string | number)[]): { found: boolean; value?: unknown } {
  let node = root
  for (const segment of path) {
    if (typeof node !== 'object' || node === null || !Object.hasOwn(node, segment)) return { found: false }
    node = (node as Record<string, unknown>)[segment as string]
  }
  return { found: true, value: node }
}

function keptOutOf(result: RenderResult, rel: RelativePath): KeptOutValue[] {
  const out: KeptOutValue[] = []
  const events: HistoryEvent[] = []
  for (const path of result.history?.paths ?? [])
    for (const e of path.events) if (e.action === 'kept' || e.action === 'deleted') events.push(e)
  for (const e of events.slice(0, MAX_KEPT_OUT)) {
    const now = lookup(result.value, e.path)
    out.push({
      path: formatPath(e.path),
      source: { file: rel(e.file), line: e.line, column: e.column },
      action: e.action as 'kept' | 'deleted',
      merger: e.merger,
      ...(e.action === 'deleted' || e.value === undefined ? {} : { value: formatLeaf(e.value) }),
      ...(now.found ? { result: formatLeaf(now.value) } : {}),
      ...(e.note ? { note: e.note } : {}),
    })
  }
  return out
}

/** The inspector's view of one entry, and of the same entry in another mode when `compare` is given. */
export function createInspectorReport(input: InspectorInput): InspectorReport {
  const paths = { rel: createRelativePath(input.root), text: createPathRewriter(input.root) }
  const { rel } = paths
  const { result, error } = input
  const entryFile = rel(input.entry)
  const files = result?.files ?? error?.files ?? [input.entry]
  const report: InspectorReport = {
    entry: `${entryFile}${input.query ?? ''}`,
    ...createModeView(input, paths),
    detail: result?.history?.detail ?? 'none',
    layers: createLayerTree(input.entry, result?.history?.parts ?? [], files, result?.globs ?? [], rel),
    missing: (result?.missing ?? []).map(rel),
    keptOut: result ? keptOutOf(result, rel) : [],
  }
  if (input.compare) {
    const other = createModeView(input.compare, paths)
    const differences = report.values && other.values ? markDifferences(report.values, other.values) : 0
    report.compare = { ...other, differences }
  }
  return report
}
