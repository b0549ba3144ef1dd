// The inspector in the Vite dev server: the page at `/__merged-yaml/`, its data (api/entries,
// api/entry?id=…) rendered with their history through the engine, and `merged-yaml:update` on Vite's HMR
// channel when a file a shown entry read changes. Installed from `configureServer` only: a build
// never has it. Every request passes `refuseRequest` (own origin) and every file `servable` (what the
// dev server itself may serve). Loaded, with the pipeline, by a dev server that has it on (hosts/vite.ts).
import type { IncomingMessage, ServerResponse } from 'node:http'
import { performance } from 'node:perf_hooks'
import { isAbsolute, relative, resolve } from 'node:path'
import { isMergedYamlError, loadPipeline } from '@merged-yaml/core/internal'
import type { RenderOptions } from '@merged-yaml/core'
import type { ViteDevServer } from 'vite'
import {
  createInspectorReport,
  generateInspectorChannel,
  generateInspectorPage,
  inspectorContentSecurityPolicy,
} from '../codegen/index.ts'
import type { InspectorEntrySummary, InspectorRender } from '../codegen/index.ts'
import { dependenciesOf, mergeDependencies } from '../plugin/dependencies.ts'
import type { Dependencies } from '../plugin/dependencies.ts'
import { formatQuery, parseEntryId } from '../plugin/entry-id.ts'
import type { EntryId } from '../plugin/entry-id.ts'
import { resolveCurrentMode, resolveDeclaredModes, resolveEngineOptions, resolveRoot } from '../plugin/options.ts'
import type { HostInfo, ResolvedPluginOptions } from '../plugin/options.ts'
import { createGuardedReader } from '../plugin/serve-access.ts'
import { refuseRequest } from './access.ts'
import { INSPECTOR_PATH } from './path.ts'
import type { Servable } from './access.ts'
import { findEntries } from './entries.ts'
import { Refusal, send, sendJson } from './respond.ts'

export const UPDATE_EVENT = 'merged-yaml:update'

const ENTRY_FILE = /\.merged\.ya?ml$/
const MODE = /^[\w.-]{1,64}$/
const MAX_ID = 4_096
const MAX_SUMMARIES = 200
const UPDATE_DELAY = 50

export interface Inspector {
  /** An entry module the dev server loaded (its id, with the import query). */
  loaded(id: string): void
}

export interface InspectorParts {
  options: ResolvedPluginOptions
  info: HostInfo
}

export async function installInspector(server: ViteDevServer, { options, info }: InspectorParts): Promise<Inspector> {
  const { createRenderCache, render } = await loadPipeline()
  // The same confinement as every other request (serve-access.ts), built when the config resolved.
  const guard = info.serveGuard
  const servable: Servable = guard ? (file) => guard.isServable(file) : () => false
  const cache = createRenderCache()
  // Every file a render reads passes the guard before it is read, as for the plugin's loads.
  const readFile = createGuardedReader(cache.readFile, () => guard)
  const root = () => resolveRoot(options, info)
  /** An id as the page names it: relative to the root when inside it. */
  const relId = (id: string) => {
    const entry = parseEntryId(id)!
    const path = relative(root(), entry.file).replaceAll('\\', '/')
    return `${path.startsWith('..') || isAbsolute(path) ? entry.file : path}${formatQuery(entry.query)}`
  }
  /** Entry modules the server loaded, by absolute id. */
  const loaded = new Set<string>()
  /** What each shown or listed entry read: a change there updates the page. */
  const watched = new Map<string, Dependencies>()
  const summaries = new Map<string, InspectorEntrySummary>()

  const currentMode = () => resolveCurrentMode(options, info)
  const engineOptions = (entry: EntryId, mode: string): RenderOptions => {
    const engine = resolveEngineOptions(options, { ...info, mode }, entry.query)
    return options.vars.mode === undefined ? engine : { ...engine, vars: { ...engine.vars, mode } }
  }

  /** What an entry read: the current mode's anew, another mode's (the comparison) added to it. */
  function record(id: string, mode: string, deps: Dependencies): void {
    const before = watched.get(id)
    watched.set(id, mode === currentMode() || !before ? deps : mergeDependencies(before, deps))
  }

  // Awaited: an entry's Standard Schema module is loaded and run asynchronously (render()).
  async function renderTimed(id: string, entry: EntryId, mode: string, history: boolean): Promise<InspectorRender> {
    const started = performance.now()
    try {
      const result = await render(entry.file, { ...engineOptions(entry, mode), history }, { cache, readFile })
      const denied = result.files.find((file) => !servable(file))
      if (denied) throw new Refusal(403, `${relId(id)} reads a file the dev server does not serve`)
      record(id, mode, dependenciesOf(result))
      return { mode, result, renderMs: performance.now() - started }
    } catch (error) {
      if (!isMergedYamlError(error)) throw error
      // A diagnostic's frame quotes its file: the same rule as for a result.
      const files = error.dependencies?.files ?? [entry.file]
      if (files.some((file) => !servable(file)))
        throw new Refusal(403, `${relId(id)} reads a file the dev server does not serve`)
      const deps = dependenciesOf(error.dependencies ?? { files, missing: [], globs: [] })
      record(id, mode, deps)
      return { mode, error: { diagnostics: error.diagnostics, files }, renderMs: performance.now() - started }
    }
  }

  /** The absolute id an `id` parameter names, if the inspector may show it. */
  function resolveId(param: string | null): { id: string; entry: EntryId } {
    if (!param || param.length > MAX_ID) throw new Refusal(400, 'which entry? (id=…)')
    const asked = parseEntryId(param)
    if (!asked) throw new Refusal(400, `not an entry id: ${param}`)
    const file = isAbsolute(asked.file) ? resolve(asked.file) : resolve(root(), asked.file)
    const id = `${file}${formatQuery(asked.query)}`
    if (!loaded.has(id) && !ENTRY_FILE.test(file)) throw new Refusal(404, `not an entry: ${param}`)
    if (!servable(file)) throw new Refusal(403, `the dev server does not serve ${param}`)
    return { id, entry: { file, query: asked.query } }
  }

  async function summarize(id: string): Promise<InspectorEntrySummary> {
    let summary = summaries.get(id)
    if (summary) return summary
    const entry = parseEntryId(id)!
    const mode = currentMode()
    let run: InspectorRender
    try {
      run = await renderTimed(id, entry, mode, false)
    } catch (error) {
      // An entry one of whose files the dev server does not serve: listed, shown as refused when picked.
      if (error instanceof Refusal) return { id: relId(id), loaded: true }
      throw error
    }
    const status = run.error ? 'errors' : run.result!.warnings.length > 0 ? 'warnings' : 'ok'
    summary = { id: relId(id), loaded: true, mode, status, renderMs: Math.round(run.renderMs! * 10) / 10 }
    if (run.result) summary.dialect = run.result.dialect
    summaries.set(id, summary)
    watch(id)
    return summary
  }

  async function listEntries() {
    const current = currentMode()
    // The page compares the mode it serves with the declared ones.
    const modes = [...new Set([...resolveDeclaredModes(options), current])]
    const entries: InspectorEntrySummary[] = []
    let rendered = 0
    for (const id of [...loaded].sort()) {
      if (!servable(parseEntryId(id)!.file)) continue
      entries.push(rendered++ < MAX_SUMMARIES ? await summarize(id) : { id: relId(id), loaded: true })
    }
    for (const file of findEntries(root(), servable))
      if (!loaded.has(file)) entries.push(summaries.get(file) ?? { id: relId(file), loaded: false })
    return { root: root(), mode: current, modes, compare: modes.find((m) => m !== current) ?? '', entries }
  }

  async function showEntry(url: URL) {
    const { id, entry } = resolveId(url.searchParams.get('id'))
    const compare = url.searchParams.get('compare') ?? ''
    if (compare !== '' && !MODE.test(compare)) throw new Refusal(400, `not a mode: ${compare}`)
    const current = await renderTimed(id, entry, currentMode(), true)
    const other = compare ? await renderTimed(id, entry, compare, true) : undefined
    watch(id)
    const report = createInspectorReport({
      entry: entry.file,
      query: formatQuery(entry.query),
      root: root(),
      ...current,
      ...(other ? { compare: other } : {}),
    })
    const status = report.status
    summaries.set(id, {
      id: report.entry,
      loaded: loaded.has(id),
      mode: report.mode,
      status,
      dialect: report.dialect,
      renderMs: report.renderMs,
    })
    return report
  }

  // The files of shown entries are watched by the dev server (it watches the root; not what lies outside).
  function watch(id: string): void {
    const deps = watched.get(id)
    if (deps) server.watcher.add([...deps.files, ...deps.dirs])
  }

  let pending: Set<string> | undefined
  function notify(ids: readonly string[]): void {
    if (!pending) {
      pending = new Set()
      setTimeout(() => {
        const data = { ids: [...pending!].map(relId) }
        pending = undefined
        server.ws.send({ type: 'custom', event: UPDATE_EVENT, data })
      }, UPDATE_DELAY)
    }
    for (const id of ids) pending.add(id)
  }
  const norm = (path: string) => resolve(path).replaceAll('\\', '/')
  server.watcher.on('all', (_event: string, file: string) => {
    const changed = norm(file)
    const ids: string[] = []
    for (const [id, deps] of watched) {
      const hit =
        deps.files.some((f) => norm(f) === changed) || deps.dirs.some((dir) => changed.startsWith(`${norm(dir)}/`))
      if (hit) ids.push(id)
    }
    for (const id of ids) summaries.delete(id)
    if (ids.length > 0) notify(ids)
    else if (ENTRY_FILE.test(changed)) notify([])
  })

  // Connect does not await a handler: its failure goes to `next` (Vite's error page), as a thrown one did.
  server.middlewares.use(
    INSPECTOR_PATH,
    (req: IncomingMessage, res: ServerResponse, next: (error: unknown) => void) => {
      handle(req, res).catch(next)
    },
  )

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://inspector.invalid')
    const isPage = url.pathname === '/' || url.pathname === '' || url.pathname === '/channel'
    const refusal = refuseRequest(req.method, req.headers, server.config.server, isPage ? 'page' : 'data')
    if (refusal) return send(res, 403, 'text/plain; charset=utf-8', `Refused: ${refusal}.`)
    if (
      url.pathname !== '/channel' &&
      (req as { originalUrl?: string }).originalUrl?.split('?')[0] === INSPECTOR_PATH
    ) {
      res.statusCode = 302
      res.setHeader('Location', `${INSPECTOR_PATH}/`)
      res.end()
      return
    }
    try {
      if (url.pathname === '/channel') {
        const html = generateInspectorChannel(`${server.config.base}@vite/client`, UPDATE_EVENT)
        return send(res, 200, 'text/html; charset=utf-8', html, inspectorContentSecurityPolicy(true, true))
      }
      if (isPage) {
        const live = { api: `${INSPECTOR_PATH}/api/`, channel: `${INSPECTOR_PATH}/channel`, root: root() }
        const html = generateInspectorPage({ live })
        return send(res, 200, 'text/html; charset=utf-8', html, inspectorContentSecurityPolicy(true, true))
      }
      if (url.pathname === '/api/entries') return sendJson(res, 200, await listEntries())
      if (url.pathname === '/api/entry') return sendJson(res, 200, await showEntry(url))
      return sendJson(res, 404, { error: `no such page: ${INSPECTOR_PATH}${url.pathname}` })
    } catch (error) {
      if (error instanceof Refusal) return sendJson(res, error.status, { error: error.message })
      throw error
    }
  }

  return {
    loaded(id) {
      summaries.delete(id)
      if (loaded.has(id)) return
      loaded.add(id)
      notify([])
    },
  }
}
