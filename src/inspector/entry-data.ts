// The inspector's data: renders of the entries the page lists and shows (with their history, through
// the engine, every file read passing the dev server's guard), what each read (a change there updates
// the page), and the list and the reports built from them by entry-view.ts and report.ts.
import { resolve } from 'node:path'
import { performance } from 'node:perf_hooks'
import { isMergedYamlError } from '@merged-yaml/core/internal'
import type { Pipeline } from '@merged-yaml/core/internal'
import type { RenderOptions } from '@merged-yaml/core'
import { createInspectorReport } from '../codegen/inspector/report.ts'
import type { InspectorRender, InspectorReport } from '../codegen/inspector/report.ts'
import type { InspectorEntrySummary } from '../codegen/inspector/page.ts'
import { dependenciesOf, mergeDependencies } from '../plugin/dependencies.ts'
import type { Dependencies } from '../plugin/dependencies.ts'
import { formatQuery, parseEntryId } from '../plugin/entry-id.ts'
import type { EntryId } from '../plugin/entry-id.ts'
import { resolveCurrentMode, resolveDeclaredModes, resolveEngineOptions, resolveRoot } from '../plugin/options.ts'
import type { HostInfo, ResolvedPluginOptions } from '../plugin/options.ts'
import { createGuardedReader } from '../plugin/serve-access.ts'
import type { Servable } from './access.ts'
import { findEntries } from './entries.ts'
import { createEntryNaming, refuseCompareMode, refuseUnserved, summarizeEntry, summarizeReport } from './entry-view.ts'
import type { InspectorEntryList, NamedEntry } from './entry-view.ts'
import { Refusal } from './respond.ts'

const ENTRY_FILE = /\.merged\.ya?ml$/
const MAX_ID = 4_096
const MAX_SUMMARIES = 200

/** One render, timed, with the files it read and what to watch for it. */
interface TimedRender {
  run: InspectorRender
  files: readonly string[]
  deps: Dependencies
}

export interface InspectorData {
  listEntries(): Promise<InspectorEntryList>
  showEntry(id: string | null, compare: string | null): Promise<InspectorReport>
  /** An entry module the dev server loaded (its absolute id): listed as loaded, its line rendered again. */
  loaded(id: string): boolean
  /** The entries that read `file` (absolute ids): their lines are rendered again when next listed. */
  readersOf(file: string): string[]
  /** The page's name for an absolute id. */
  nameOf(id: string): string
}

interface InspectorDataParts {
  /** The engine's pipeline, loaded with the inspector. */
  pipeline: Pipeline
  options: ResolvedPluginOptions
  info: HostInfo
  servable: Servable
  /** Asks the dev server to watch what a shown entry read (it watches the root only). */
  watch(paths: string[]): void
}

export function createInspectorData({ pipeline, options, info, servable, watch }: InspectorDataParts): InspectorData {
  const { createRenderCache, render } = pipeline
  const cache = createRenderCache()
  // Every file a render reads passes the guard before it is read, as for the plugin's loads.
  const readFile = createGuardedReader(cache.readFile, () => info.serveGuard)
  const root = () => resolveRoot(options, info)
  const naming = () => createEntryNaming(root())
  /** Entry modules the server loaded, by absolute id. */
  const loadedIds = new Set<string>()
  /** What each shown or listed entry read: a change there updates the page. */
  const watched = new Map<string, Dependencies>()
  const summaries = new Map<string, InspectorEntrySummary>()

  const currentMode = () => resolveCurrentMode(options, info)
  const engineOptions = (entry: EntryId, mode: string): RenderOptions => {
    const engine = resolveEngineOptions(options, { ...info, mode }, entry.query)
    return options.vars.mode === undefined ? engine : { ...engine, vars: { ...engine.vars, mode } }
  }

  // Awaited: an entry's Standard Schema module is loaded and run asynchronously (render()).
  async function renderTimed(entry: EntryId, mode: string, history: boolean): Promise<TimedRender> {
    const started = performance.now()
    try {
      const result = await render(entry.file, { ...engineOptions(entry, mode), history }, { cache, readFile })
      return {
        run: { mode, result, renderMs: performance.now() - started },
        files: result.files,
        deps: dependenciesOf(result),
      }
    } catch (error) {
      if (!isMergedYamlError(error)) throw error
      const files = error.dependencies?.files ?? [entry.file]
      const renderMs = performance.now() - started
      const run = { mode, error: { diagnostics: error.diagnostics, files }, renderMs }
      return { run, files, deps: dependenciesOf(error.dependencies ?? { files, missing: [], globs: [] }) }
    }
  }

  /** What an entry read: the current mode's anew, another mode's (the comparison) added to it. */
  function record(id: string, mode: string, deps: Dependencies): void {
    const before = watched.get(id)
    watched.set(id, mode === currentMode() || !before ? deps : mergeDependencies(before, deps))
  }

  /**
   * An entry rendered for the page: refused when it read a file the dev server does not serve (a
   * diagnostic's frame quotes its file: the same rule as for a result), else recorded and watched.
   */
  async function renderForPage(named: NamedEntry, mode: string, history: boolean): Promise<InspectorRender> {
    const { run, files, deps } = await renderTimed(named.entry, mode, history)
    if (!files.every(servable)) throw refuseUnserved(named.name)
    record(named.id, mode, deps)
    return run
  }

  function watchReads(id: string): void {
    const deps = watched.get(id)
    if (deps) watch([...deps.files, ...deps.dirs])
  }

  /** The absolute id an `id` parameter names, if the inspector may show it. */
  function resolveId(param: string | null): NamedEntry {
    if (!param || param.length > MAX_ID) throw new Refusal(400, 'which entry? (id=…)')
    const named = naming().resolve(param)
    if (!named) throw new Refusal(400, `not an entry id: ${param}`)
    if (!loadedIds.has(named.id) && !ENTRY_FILE.test(named.entry.file)) throw new Refusal(404, `not an entry: ${param}`)
    if (!servable(named.entry.file)) throw refuseUnserved(param)
    return named
  }

  async function summarize(id: string, name: string): Promise<InspectorEntrySummary> {
    const known = summaries.get(id)
    if (known) return known
    const named = { id, name, entry: parseEntryId(id)! }
    let run: InspectorRender
    try {
      run = await renderForPage(named, currentMode(), false)
    } catch (error) {
      // An entry one of whose files the dev server does not serve: listed, shown as refused when picked.
      if (error instanceof Refusal) return summarizeEntry(name, true)
      throw error
    }
    const summary = summarizeEntry(name, true, run)
    summaries.set(id, summary)
    watchReads(id)
    return summary
  }

  return {
    async listEntries() {
      const current = currentMode()
      const { nameOf } = naming()
      // The page compares the mode it serves with the declared ones.
      const modes = [...new Set([...resolveDeclaredModes(options), current])]
      const entries: InspectorEntrySummary[] = []
      let rendered = 0
      for (const id of [...loadedIds].sort()) {
        if (!servable(parseEntryId(id)!.file)) continue
        const name = nameOf(id)
        entries.push(rendered++ < MAX_SUMMARIES ? await summarize(id, name) : summarizeEntry(name, true))
      }
      for (const file of findEntries(root(), servable))
        if (!loadedIds.has(file)) entries.push(summaries.get(file) ?? summarizeEntry(nameOf(file), false))
      return { mode: current, modes, compare: modes.find((m) => m !== current) ?? '', entries }
    },

    async showEntry(param, compareParam) {
      const named = resolveId(param)
      const compare = compareParam ?? ''
      const refused = refuseCompareMode(compare)
      if (refused) throw refused
      const current = await renderForPage(named, currentMode(), true)
      const other = compare ? await renderForPage(named, compare, true) : undefined
      watchReads(named.id)
      const report = createInspectorReport({
        entry: named.entry.file,
        query: formatQuery(named.entry.query),
        root: root(),
        ...current,
        ...(other ? { compare: other } : {}),
      })
      summaries.set(named.id, summarizeReport(report, loadedIds.has(named.id)))
      return report
    },

    loaded(id) {
      summaries.delete(id)
      if (loadedIds.has(id)) return false
      loadedIds.add(id)
      return true
    },

    readersOf(file) {
      const norm = (path: string) => resolve(path).replaceAll('\\', '/')
      const changed = norm(file)
      const ids: string[] = []
      for (const [id, deps] of watched) {
        const hit =
          deps.files.some((f) => norm(f) === changed) || deps.dirs.some((dir) => changed.startsWith(`${norm(dir)}/`))
        if (hit) ids.push(id)
      }
      for (const id of ids) summaries.delete(id)
      return ids
    },

    nameOf: (id) => naming().nameOf(id),
  }
}
