// The inspector in the Vite dev server: the page at `/__merged-yaml/`, its data (api/entries,
// api/entry?id=…, entry-data.ts) and `merged-yaml:update` on Vite's HMR channel when a file a shown
// entry read changes. Installed from `configureServer` only: a build never has it. Every request
// passes Vite's host check (host-check.ts) and `refuseRequest` (own origin), every file `servable`
// (what the dev server itself may serve). Loaded, with the pipeline, by a dev server that has it on (hosts/vite.ts).
import type { IncomingMessage, ServerResponse } from 'node:http'
import { relative, resolve } from 'node:path'
import { loadPipeline } from '@merged-yaml/core/internal'
import type { ViteDevServer } from 'vite'
import { generateInspectorChannel, generateInspectorPage, inspectorContentSecurityPolicy } from '../codegen/index.ts'
import type { HostInfo, ResolvedPluginOptions } from '../plugin/options.ts'
import { resolveRoot } from '../plugin/options.ts'
import { refuseRequest } from './access.ts'
import { INSPECTOR_PATH } from './path.ts'
import type { Servable } from './access.ts'
import { createInspectorData } from './entry-data.ts'
import type { InspectorData } from './entry-data.ts'
import { withViteHostCheck } from './host-check.ts'
import { Refusal, send, sendJson } from './respond.ts'

export const UPDATE_EVENT = 'merged-yaml:update'

const ENTRY_FILE = /\.merged\.ya?ml$/
const UPDATE_DELAY = 50

export interface Inspector {
  /** An entry module the dev server loaded (its id, with the import query). */
  loaded(id: string): void
}

export interface InspectorParts {
  options: ResolvedPluginOptions
  info: HostInfo
}

const refuse = (res: ServerResponse, why: string) => send(res, 403, 'text/plain; charset=utf-8', `Refused: ${why}.`)

/** Tells the page which entries changed, a batch at a time, on Vite's HMR channel. */
function createUpdates(server: ViteDevServer, data: InspectorData): (ids: readonly string[]) => void {
  let pending: Set<string> | undefined
  return (ids) => {
    if (!pending) {
      pending = new Set()
      setTimeout(() => {
        const payload = { ids: [...pending!].map(data.nameOf) }
        pending = undefined
        server.ws.send({ type: 'custom', event: UPDATE_EVENT, data: payload })
      }, UPDATE_DELAY)
    }
    for (const id of ids) pending.add(id)
  }
}

/** Answers one request under INSPECTOR_PATH: the page, its update channel, its data. */
async function respond(
  req: IncomingMessage,
  res: ServerResponse,
  server: ViteDevServer,
  data: InspectorData,
  root: string,
) {
  const url = new URL(req.url ?? '/', 'http://inspector.invalid')
  const isPage = url.pathname === '/' || url.pathname === '' || url.pathname === '/channel'
  const refusal = refuseRequest(req.method, req.headers, isPage ? 'page' : 'data')
  if (refusal) return refuse(res, refusal)
  if (url.pathname !== '/channel' && (req as { originalUrl?: string }).originalUrl?.split('?')[0] === INSPECTOR_PATH) {
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
      // The editor links' base: the root as Vite's `/__open-in-editor` resolves it (from the server's
      // working folder), so that the page holds no absolute path either.
      const base = relative(process.cwd(), root).replaceAll('\\', '/') || '.'
      const live = { api: `${INSPECTOR_PATH}/api/`, channel: `${INSPECTOR_PATH}/channel`, root: base }
      const html = generateInspectorPage({ live })
      return send(res, 200, 'text/html; charset=utf-8', html, inspectorContentSecurityPolicy(true, true))
    }
    if (url.pathname === '/api/entries') return sendJson(res, 200, await data.listEntries())
    if (url.pathname === '/api/entry')
      return sendJson(res, 200, await data.showEntry(url.searchParams.get('id'), url.searchParams.get('compare')))
    return sendJson(res, 404, { error: `no such page: ${INSPECTOR_PATH}${url.pathname}` })
  } catch (error) {
    if (error instanceof Refusal) return sendJson(res, error.status, { error: error.message })
    throw error
  }
}

export async function installInspector(server: ViteDevServer, { options, info }: InspectorParts): Promise<Inspector> {
  const pipeline = await loadPipeline()
  // The same confinement as every other request (serve-access.ts), built when the config resolved.
  const servable: Servable = (file) => info.serveGuard?.isServable(file) ?? false
  // The files of shown entries are watched by the dev server (it watches the root; not what lies outside).
  const data = createInspectorData({ pipeline, options, info, servable, watch: (paths) => server.watcher.add(paths) })
  const update = createUpdates(server, data)

  server.watcher.on('all', (_event: string, file: string) => {
    const ids = data.readersOf(file)
    if (ids.length > 0) update(ids)
    else if (ENTRY_FILE.test(resolve(file))) update([])
  })

  const hostChecked = withViteHostCheck(server, refuse)
  // Named as Vite names its own (visible with DEBUG=connect:dispatcher). Connect does not await a
  // handler: its failure goes to `next` (Vite's error page), as a thrown one did.
  server.middlewares.use(INSPECTOR_PATH, function viteMergedYamlInspectorMiddleware(req, res, next) {
    hostChecked(viteMergedYamlInspectorMiddleware, req, res, next, () => {
      respond(req, res, server, data, resolveRoot(options, info)).catch(next)
    })
  })

  return {
    loaded(id) {
      if (data.loaded(id)) update([])
    },
  }
}
