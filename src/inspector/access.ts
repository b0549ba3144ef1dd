// Who may use the inspector: the dev server's own origin only. Which Host headers it answers is Vite's
// own check (host-check.ts); what it may show is decided by the plugin's serve guard
// (src/plugin/serve-access.ts), as for every other request.
import type { IncomingHttpHeaders } from 'node:http'

/** Whether the dev server may serve a file (Vite's `server.fs.allow` and `deny`). */
export type Servable = (file: string) => boolean

/**
 * Why a request is refused, or undefined: not a GET, or another origin — a foreign `Origin`, or a
 * browser that says the request is cross-site. The page may be opened by typing its address
 * (`Sec-Fetch-Site: none`); its data only from the page itself.
 */
export function refuseRequest(
  method: string | undefined,
  headers: IncomingHttpHeaders,
  kind: 'page' | 'data',
): string | undefined {
  if (method !== 'GET' && method !== 'HEAD') return 'only GET'
  const origin = headers.origin
  if (origin !== undefined) {
    let host: string | undefined
    try {
      const url = new URL(origin)
      if (url.protocol === 'http:' || url.protocol === 'https:') host = url.host
    } catch {
      host = undefined
    }
    if (host === undefined || host !== headers.host) return `origin ${JSON.stringify(origin)} is not this server`
  }
  const site = headers['sec-fetch-site']
  if (site !== undefined && site !== 'same-origin' && !(kind === 'page' && site === 'none')) return `a ${site} request`
  return undefined
}
