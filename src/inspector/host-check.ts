// Which Host headers the inspector answers: Vite decides (`server.allowedHosts`, DNS rebinding), with
// its own check, never a copy. Where Vite runs it differs by version (vite/src/node/server/index.ts):
// - Vite 7 and 8 install `hostValidationMiddleware` before the configureServer hooks run: it has
//   answered a foreign host before the inspector's middleware is reached.
// - Vite 6.0.9 to 6.4 install `viteHostCheckMiddleware` after them: the inspector calls that middleware
//   (found in the server's stack by the name Vite keeps for its debug logs) before answering.
// - Vite 6.0.0 to 6.0.8 have no host check (CVE-2025-24010): the inspector refuses every request.
// Vite checks nothing when `allowedHosts` is `true` or the server is HTTPS (no rebinding there), and
// neither does the inspector then.
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { ViteDevServer } from 'vite'

type Next = (error?: unknown) => void
type Handler = (req: IncomingMessage, res: ServerResponse, next: Next) => unknown

/**
 * The names of Vite's host check middleware: Vite 7 and 8, then Vite 6.0.9 and later 6.x; with the
 * `$1` suffixes a bundle gives a renamed function (Vite 7.3 ships `hostValidationMiddleware$1$1`).
 */
const VITE_HOST_CHECK = /^(?:hostValidationMiddleware|viteHostCheckMiddleware)(?:\$\d*)*$/

/** What stands between a request and `own` (a middleware in the server's stack) for its Host header. */
type HostCheck =
  | { kind: 'ran' }
  | { kind: 'none' }
  | { kind: 'call'; handle: Handler }
  | { kind: 'missing'; why: string }

type HostCheckServer = Pick<ViteDevServer, 'config'> & {
  middlewares: { stack: readonly { handle: unknown }[] }
}

export function findViteHostCheck(server: HostCheckServer, own: unknown): HostCheck {
  const { allowedHosts, https } = server.config.server
  const stack = server.middlewares.stack
  const at = stack.findIndex((layer) => typeof layer.handle === 'function' && VITE_HOST_CHECK.test(layer.handle.name))
  if (at !== -1) {
    const ownAt = stack.findIndex((layer) => layer.handle === own)
    return ownAt !== -1 && at < ownAt ? { kind: 'ran' } : { kind: 'call', handle: stack[at]!.handle as Handler }
  }
  if (allowedHosts === true || https) return { kind: 'none' }
  return {
    kind: 'missing',
    why:
      'no Vite host check runs before the inspector (server.allowedHosts, against DNS rebinding: ' +
      'CVE-2025-24010): the inspector needs Vite 6.0.9 or later',
  }
}

/**
 * Runs `handle` once Vite's host check let the request through (or answers it as Vite does); the
 * check is looked up on the first request, when the server's stack is complete.
 */
export function withViteHostCheck(
  server: HostCheckServer,
  refuse: (res: ServerResponse, why: string) => void,
): (own: unknown, req: IncomingMessage, res: ServerResponse, next: Next, handle: () => void) => void {
  let check: HostCheck | undefined
  return (own, req, res, next, handle) => {
    check ??= findViteHostCheck(server, own)
    if (check.kind === 'missing') return refuse(res, check.why)
    if (check.kind !== 'call') return handle()
    void check.handle(req, res, (error?: unknown) => (error ? next(error) : handle()))
  }
}
