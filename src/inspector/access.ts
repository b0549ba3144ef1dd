// Who may use the inspector, and what it may show: the dev server's own origin only, and only files
// the dev server itself would serve. The file check is one function (`createServable`) so that the
// dev server's confinement can be swapped in whole.
import type { IncomingHttpHeaders } from 'node:http'
import type { ResolvedConfig, ViteDevServer } from 'vite'

/** Whether the dev server may serve a file (Vite's `server.fs.allow` and `deny`). */
export type Servable = (file: string) => boolean

/**
 * Vite's own check, asked through the running Vite: `isFileLoadingAllowed` (Vite 7.1+), else
 * `isFileServingAllowed` (Vite 6); a Vite with neither serves nothing here.
 */
export async function createServable(server: ViteDevServer): Promise<Servable> {
  const vite = (await import('vite')) as {
    isFileLoadingAllowed?: (config: ResolvedConfig, file: string) => boolean
    isFileServingAllowed?: (url: string, server: ViteDevServer) => boolean
  }
  const { isFileLoadingAllowed, isFileServingAllowed } = vite
  if (isFileLoadingAllowed) return (file) => isFileLoadingAllowed(server.config, file)
  if (isFileServingAllowed) return (file) => isFileServingAllowed(file, server)
  return () => false
}

const IPV4 = /^(?:\d{1,3}\.){3}\d{1,3}$/
const PORT = /:\d+$/

/** The host name of a `Host` header, without the port; undefined when the header is malformed. */
function hostName(header: string): string | undefined {
  if (header.startsWith('[')) {
    const end = header.indexOf(']')
    return end === -1 ? undefined : header.slice(0, end + 1)
  }
  const name = header.replace(PORT, '')
  return /^[A-Za-z0-9.-]+$/.test(name) ? name.toLowerCase() : undefined
}

/**
 * Vite's rule against DNS rebinding (server.allowedHosts): an IP address, `localhost` and its
 * subdomains, the configured host, and the allowed hosts (`.example.com` for a domain and its
 * subdomains); `true` allows any.
 */
export function isHostAllowed(header: string | undefined, config: ResolvedConfig['server']): boolean {
  if (header === undefined) return false
  if (config.allowedHosts === true) return true
  const name = hostName(header)
  if (name === undefined) return false
  if (IPV4.test(name) || name.startsWith('[')) return true
  if (name === 'localhost' || name.endsWith('.localhost')) return true
  const allowed = [...(config.allowedHosts ?? [])]
  if (typeof config.host === 'string') allowed.push(config.host)
  if (typeof config.hmr === 'object' && config.hmr.host) allowed.push(config.hmr.host)
  return allowed.some((host) =>
    host.startsWith('.') ? name === host.slice(1) || name.endsWith(host) : name === host.toLowerCase(),
  )
}

/**
 * Why a request is refused, or undefined: not a GET, a host the dev server does not answer, or
 * another origin — a foreign `Origin`, or a browser that says the request is cross-site. The page may
 * be opened by typing its address (`Sec-Fetch-Site: none`); its data only from the page itself.
 */
export function refuseRequest(
  method: string | undefined,
  headers: IncomingHttpHeaders,
  config: ResolvedConfig['server'],
  kind: 'page' | 'data',
): string | undefined {
  if (method !== 'GET' && method !== 'HEAD') return 'only GET'
  if (!isHostAllowed(headers.host, config)) return `host ${JSON.stringify(headers.host ?? '')} is not allowed`
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
