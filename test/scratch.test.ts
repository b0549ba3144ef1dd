import { it } from 'vitest'
import { render } from '@merged-yaml/core'
it('scratch', async () => {
  const r = await render('/tmp/vt/app.merged.yaml', { root: '/tmp/vt', sources: true, explain: true })
  console.log(r.dialect, JSON.stringify(r.value), r.warnings)
  console.log(
    JSON.stringify(
      r.provenance!.paths.map((p) => [
        p.path.join('.'),
        p.events.map((e) => `${e.action}@${e.line}:${e.column} ${e.merger} ${e.note ?? ''}`),
      ]),
    ),
  )
  console.log(r.sources!.at(['api', 'timeoutMs']), r.sources!.at(['network', 'name']))
})
