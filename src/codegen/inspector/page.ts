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
  /** The dev server's page: where its API and its update channel are, the root paths are relative to. */
  live?: { api: string; channel: string; root: string }
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

/**
 * The live page's channel, in a hidden frame: Vite's client (its HMR connection) relays our update
 * event to the page. In a frame, because the client reloads its document on a full reload that the
 * app's modules need (an edited layer whose importer does not accept updates): the frame reloads, the
 * page stays, and asks again once the frame is back.
 */
const CHANNEL_SCRIPT = `const channel = document.getElementById('merged-yaml-channel')
const { hmrClient, event } = JSON.parse(channel.textContent)
const relay = (data) => parent.postMessage({ mergedYaml: data }, location.origin)
import(hmrClient).then(({ createHotContext }) => {
  createHotContext('/__merged-yaml/channel').on(event, (ids) => relay({ update: ids }))
  relay({ ready: true })
})
`

const hashOf = (script: string) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`
const SCRIPT_HASH = hashOf(INSPECTOR_CLIENT)
const CHANNEL_HASH = hashOf(CHANNEL_SCRIPT)

/**
 * The policy of the page: its script by hash; live, also Vite's client, the dev server's API and the
 * channel frame, and (as a header: a `<meta>` policy cannot say it) framed by the same origin only.
 */
export function inspectorContentSecurityPolicy(live: boolean, header = false): string {
  const rules = live
    ? [`script-src 'self' ${SCRIPT_HASH} ${CHANNEL_HASH}`, "connect-src 'self'", "frame-src 'self'"]
    : [`script-src ${SCRIPT_HASH}`, "connect-src 'none'"]
  if (header) rules.push("frame-ancestors 'self'")
  return [
    "default-src 'none'",
    ...rules,
    "style-src 'unsafe-inline'",
    'img-src data:',
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ')
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
<link rel="icon" href="data:,">
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

/** The live page's hidden frame: Vite's client, relaying `event` to the page (see CHANNEL_SCRIPT). */
export function generateInspectorChannel(hmrClient: string, event: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><link rel="icon" href="data:,"><title>merged-yaml inspector channel</title></head>
<body>
<script type="application/json" id="merged-yaml-channel">${scriptJson({ hmrClient, event })}</script>
<script type="module">${CHANNEL_SCRIPT}</script>
</body>
</html>
`
}
