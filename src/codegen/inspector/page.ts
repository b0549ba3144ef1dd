// The inspector page as one HTML string: the stylesheet and the script inlined, the data (a static
// report's) or where to fetch it (the dev server's) in a JSON block. Its Content-Security-Policy
// allows its own script only (by hash) and no network at all for a static report.
import { createHash } from 'node:crypto'
import { INSPECTOR_CLIENT } from './client.ts'
import type { InspectorReport, InspectorStatus } from './report.ts'
import { INSPECTOR_STYLE } from './style.ts'

/** An entry in the page's list. */
export interface InspectorEntrySummary {
  /** The entry (with its import query), relative to the root: what `api/entry?id=` takes. */
  id: string
  /** Whether the dev server has loaded it (else it is rendered when picked). */
  loaded: boolean
  dialect?: string
  mode?: string
  status?: InspectorStatus
  renderMs?: number
}

export interface InspectorPageOptions {
  /** A static report: its entries and their reports, by id. */
  data?: { entries: InspectorEntrySummary[]; reports: Record<string, InspectorReport> }
  /** The dev server's page: where its API is, Vite's client (the HMR channel), the root paths are relative to. */
  live?: { api: string; hmrClient: string; root: string }
  /** Shown in a static report's header (when and by what it was written). */
  generated?: string
}

/** JSON that a `<script>` element holds safely: no `</script>`, no HTML comment opener. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replaceAll('<', '\\u003c')
    .replaceAll('>', '\\u003e')
    .replaceAll('&', '\\u0026')
    .replaceAll('\u2028', '\\u2028')
    .replaceAll('\u2029', '\\u2029')
}

const SCRIPT_HASH = `'sha256-${createHash('sha256').update(INSPECTOR_CLIENT).digest('base64')}'`

/** The policy of the page: its script by hash; live, also Vite's client and the dev server's API. */
export function inspectorContentSecurityPolicy(live: boolean): string {
  const rules = live
    ? [`script-src 'self' ${SCRIPT_HASH}`, "connect-src 'self'", "frame-ancestors 'self'"]
    : [`script-src ${SCRIPT_HASH}`, "connect-src 'none'"]
  return ["default-src 'none'", ...rules, "style-src 'unsafe-inline'", "img-src data:", "base-uri 'none'",
    "form-action 'none'"].join('; ')
}

const escapeAttribute = (text: string): string =>
  text.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;')

export function generateInspectorPage(options: InspectorPageOptions): string {
  const config = options.live
    ? { live: true, ...options.live }
    : { live: false, data: options.data ?? { entries: [], reports: {} }, generated: options.generated }
  const policy = inspectorContentSecurityPolicy(options.live !== undefined)
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${escapeAttribute(policy)}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>merged-yaml inspector</title>
<style>${INSPECTOR_STYLE}</style>
</head>
<body>
<div id="app"><noscript>The inspector needs JavaScript.</noscript></div>
<script type="application/json" id="merged-yaml-config">${scriptJson(config)}</script>
<script>${INSPECTOR_CLIENT}</script>
</body>
</html>
`
}
