// `merged-yaml explain <entry> --format html`: the dev server's inspector page as one self-contained
// static file (its script, style and data inlined; a policy that allows no network), for CI artifacts
// and code review. The same report the page shows (unplugin-merged-yaml/codegen), from the same
// render with its history; with `--compare <mode>`, the entry in that mode beside it, differences marked.
import { dirname } from 'node:path'
import { performance } from 'node:perf_hooks'
import { isMergedYamlError, render } from '@merged-yaml/core'
import type { RenderOptions } from '@merged-yaml/core'
import { createInspectorReport, generateInspectorPage } from 'unplugin-merged-yaml/codegen'
import type { InspectorRender } from 'unplugin-merged-yaml/codegen'
import { version } from '../version.ts'

async function renderTimed(entry: string, options: RenderOptions): Promise<InspectorRender> {
  const mode = options.vars?.mode
  const started = performance.now()
  try {
    const result = await render(entry, { ...options, history: true })
    return { mode, result, renderMs: performance.now() - started }
  } catch (error) {
    if (!isMergedYamlError(error)) throw error
    const files = error.dependencies?.files
    return { mode, error: { diagnostics: error.diagnostics, files }, renderMs: performance.now() - started }
  }
}

/** The report's HTML, and whether the entry rendered (in its mode; the compared mode's errors are shown). */
export async function createHtmlReport(
  entry: string,
  options: RenderOptions,
  compare: string | undefined,
  cwd: string,
): Promise<{ html: string; ok: boolean }> {
  const current = await renderTimed(entry, options)
  const other =
    compare === undefined
      ? undefined
      : await renderTimed(entry, { ...options, vars: { ...options.vars, mode: compare } })
  // Paths relative to the working directory when the entry is under it, else to the entry's folder:
  // the report names no folder of the machine that wrote it.
  const root = entry.startsWith(`${cwd}/`) || entry.startsWith(`${cwd}\\`) ? cwd : dirname(entry)
  const report = createInspectorReport({ entry, root, ...current, ...(other ? { compare: other } : {}) })
  const summary = {
    id: report.entry,
    loaded: true,
    status: report.status,
    ...(report.dialect ? { dialect: report.dialect } : {}),
    ...(report.mode ? { mode: report.mode } : {}),
    ...(report.renderMs !== undefined ? { renderMs: report.renderMs } : {}),
  }
  const html = generateInspectorPage({
    data: { entries: [summary], reports: { [report.entry]: report } },
    generated: `merged-yaml ${version}`,
  })
  return { html, ok: current.result !== undefined }
}
