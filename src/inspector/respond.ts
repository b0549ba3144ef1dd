// The inspector's responses: no CORS (Vite's middleware may have allowed another localhost origin
// already), never cached, never sniffed, readable by the own origin only; and its refusals, which say why.
import type { ServerResponse } from 'node:http'

export function send(res: ServerResponse, status: number, type: string, body: string, policy?: string): void {
  // Vite's CORS middleware ran first: nothing of the inspector is for another origin.
  res.removeHeader('Access-Control-Allow-Origin')
  res.statusCode = status
  res.setHeader('Content-Type', type)
  res.setHeader('Cache-Control', 'no-store')
  res.setHeader('X-Content-Type-Options', 'nosniff')
  res.setHeader('Cross-Origin-Resource-Policy', 'same-origin')
  if (policy) res.setHeader('Content-Security-Policy', policy)
  res.end(body)
}
export const sendJson = (res: ServerResponse, status: number, body: unknown) =>
  send(res, status, 'application/json; charset=utf-8', JSON.stringify(body))

/** A refusal that says why (the page shows it). */
export class Refusal extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message)
  }
}
