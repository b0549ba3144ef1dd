// Every removal a values entry makes is an event of its history, shown where users look: `merged-yaml
// explain`, the inspector's "kept out" table and value tree, and the HTML report — Compose's `!override`
// and `!reset`, and with `values.chart` the keys Helm's CoalesceValues deletes and the chart nulls it drops.
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { render } from '@merged-yaml/core'
import type { HistoryEvent, RenderOptions } from '@merged-yaml/core'
import { createInspectorReport } from 'unplugin-merged-yaml/codegen'
import type { ValueNode } from 'unplugin-merged-yaml/codegen'
import { run } from '../../cli/helpers.ts'
import { lines, writeTree } from '../../helpers/tree.ts'

// The new user's case: a CDN defined in the base, replaced whole in production.
const CDN = {
  'app.merged.yaml': lines('#include', 'base.yaml', 'production.yaml'),
  'base.yaml': lines(
    'cdn:',
    '  host: a.example',
    '  regions: [eu, us]',
    'server:',
    '  tls:',
    '    cert: a.pem',
    '    key: a.key',
  ),
  'production.yaml': lines(
    'cdn: !override',
    '  host: b.example',
    'server:',
    '  port: 443',
    '  tls: !override',
    '    cert: b.pem',
    'legacy: 1',
  ),
}

const find = (node: ValueNode | undefined, path: string): ValueNode | undefined => {
  if (!node || node.path === path) return node
  for (const child of node.children ?? []) {
    const found = find(child, path)
    if (found) return found
  }
  return undefined
}

async function historyOf(files: Record<string, string>, options: RenderOptions = {}) {
  const root = writeTree(files, 'values-removals')
  const entry = join(root, 'app.merged.yaml')
  const result = await render(entry, { root, history: true, ...options })
  const events = (path: string): HistoryEvent[] =>
    result.history!.paths.find((p) => p.path.join('.') === path)?.events ?? []
  return { root, entry, result, events }
}

const brief = (events: readonly HistoryEvent[]) =>
  events.map((e) => [e.action, `${e.file.split('/').pop()}:${e.line}`, e.value, e.note])

describe('!override and !reset in the history', () => {
  it('one event for the tagged key, with the value it set, and a removal for each key it drops', async () => {
    const { events } = await historyOf(CDN)
    expect(brief(events('cdn'))).toEqual([
      ['set', 'base.yaml:1', { host: 'a.example', regions: ['eu', 'us'] }, undefined],
      ['replaced', 'production.yaml:1', { host: 'b.example' }, '!override on cdn: replaced as a whole, not merged'],
    ])
    expect(brief(events('cdn.regions'))).toEqual([
      ['set', 'base.yaml:3', ['eu', 'us'], undefined],
      ['deleted', 'production.yaml:1', undefined, '!override on cdn: replaced as a whole, not merged'],
    ])
    // The duplicate: `replaced production.yaml:5:3` twice, the first with the old value.
    expect(brief(events('server.tls'))).toEqual([
      ['set', 'base.yaml:5', { cert: 'a.pem', key: 'a.key' }, undefined],
      ['replaced', 'production.yaml:5', { cert: 'b.pem' }, '!override on server.tls: replaced as a whole, not merged'],
    ])
    expect(events('server.tls.key').map((e) => e.action)).toEqual(['set', 'deleted'])
  })

  it('!reset removes a key and everything below it, each an event at the tag', async () => {
    const { result, events } = await historyOf({
      'app.merged.yaml': lines('#include', 'base.yaml', 'production.yaml'),
      'base.yaml': lines('cdn:', '  host: a.example', 'debug: true'),
      'production.yaml': lines('cdn: !reset', 'debug: false'),
    })
    expect(result.value).toEqual({ debug: false })
    expect(brief(events('cdn'))).toEqual([
      ['set', 'base.yaml:1', { host: 'a.example' }, undefined],
      ['deleted', 'production.yaml:1', undefined, '!reset on cdn: removed'],
    ])
    expect(brief(events('cdn.host'))).toEqual([
      ['set', 'base.yaml:2', 'a.example', undefined],
      ['deleted', 'production.yaml:1', undefined, '!reset on cdn: removed'],
    ])
  })
})

describe("the new user's `cdn: !override` where users look", () => {
  it('merged-yaml explain names the tag and the layer line, each event once', async () => {
    const root = writeTree(CDN, 'values-explain')
    const r = await run(['explain', 'app.merged.yaml', 'cdn'], { cwd: root })
    expect(r.code).toBe(0)
    expect(r.stdout).toMatch(
      /cdn\.regions \(not in the result\)\n {2}set +base\.yaml:3:3 .*\n {2}deleted +production\.yaml:1:1 .*!override on cdn/,
    )
    const tls = await run(['explain', 'app.merged.yaml', 'server.tls'], { cwd: root })
    expect(tls.stdout.match(/replaced +production\.yaml:5:3/g)).toHaveLength(1)
  })

  it('the inspector lists the removal in its kept-out table and notes the tag in its value tree', async () => {
    const { root, entry, result } = await historyOf(CDN)
    const report = createInspectorReport({ entry, root, mode: undefined, result })
    expect(report.keptOut).toContainEqual(
      expect.objectContaining({
        path: 'cdn.regions',
        action: 'deleted',
        source: { file: 'production.yaml', line: 1, column: 1 },
        note: '!override on cdn: replaced as a whole, not merged',
      }),
    )
    expect(report.keptOut.map((k) => k.path)).toEqual(expect.arrayContaining(['cdn.regions', 'server.tls.key']))
    expect(find(report.values, 'cdn')).toMatchObject({
      action: 'replaced',
      source: { file: 'production.yaml', line: 1 },
      note: '!override on cdn: replaced as a whole, not merged',
    })
  })

  it('the HTML report carries the removal and the tag', async () => {
    const root = writeTree(CDN, 'values-html')
    const r = await run(['explain', 'app.merged.yaml', '--format', 'html'], { cwd: root })
    expect(r.code).toBe(0)
    expect(r.stdout).toContain('cdn.regions')
    expect(r.stdout).toContain('!override on cdn: replaced as a whole, not merged')
  })
})

describe('values.chart: each deletion an event at the null that caused it', () => {
  const CHART = {
    'app.merged.yaml': lines('#include', 'chart/values.yaml', 'prod.yaml'),
    'chart/values.yaml': lines('image:', '  repository: nginx', '  tag: null', 'service:', '  port: 80', 'debug: true'),
    'prod.yaml': lines('service:', '  port: null', 'debug: null', 'extra: null'),
  }

  it("the chart's dropped nulls, the -f files' deleting nulls; a null the chart lacks stays", async () => {
    const { result, events } = await historyOf(CHART, { values: { chart: true } })
    expect(result.value).toEqual({ image: { repository: 'nginx' }, service: {}, extra: null })
    expect(brief(events('image.tag')).at(-1)).toEqual([
      'deleted',
      'values.yaml:3',
      undefined,
      "a null in the chart's values.yaml: Helm 4.2+ drops the chart's own nulls (cleanNilValues)",
    ])
    for (const [path, line] of [
      ['service.port', 'prod.yaml:2'],
      ['debug', 'prod.yaml:3'],
    ] as const) {
      expect(brief(events(path)).at(-1)).toEqual([
        'deleted',
        line,
        undefined,
        "null over a key of the chart's values.yaml: Helm's CoalesceValues deletes the key",
      ])
    }
    expect(events('extra').map((e) => e.action)).toEqual(['set'])
  })

  it('a later table over a null takes the chart default back, recorded as filled from the chart', async () => {
    const { result, events } = await historyOf(
      {
        'app.merged.yaml': lines('#include', 'chart/values.yaml', 'a.yaml', 'b.yaml'),
        'chart/values.yaml': lines('a:', '  x: 1'),
        'a.yaml': lines('a: null'),
        'b.yaml': lines('a:', '  w: 1'),
      },
      { values: { chart: true } },
    )
    expect(result.value).toEqual({ a: { x: 1, w: 1 } })
    expect(events('a.x').at(-1)).toMatchObject({ action: 'set', line: 2, note: expect.stringContaining('coalesced') })
  })

  it("a tag in an -f file removes the chart's default too", async () => {
    const { result } = await historyOf(
      {
        'app.merged.yaml': lines('#include', 'chart/values.yaml', 'prod.yaml'),
        'chart/values.yaml': lines('cdn:', '  host: a', '  regions: [eu]', 'debug: {level: 1}'),
        'prod.yaml': lines('cdn: !override', '  host: b', 'debug: !reset'),
      },
      { values: { chart: true } },
    )
    expect(result.value).toEqual({ cdn: { host: 'b' } })
  })

  it('a table meeting a non-table is a located warning that names what Helm logs', async () => {
    const { result } = await historyOf(
      {
        'app.merged.yaml': lines('#include', 'chart/values.yaml', 'prod.yaml'),
        'chart/values.yaml': lines('resources: none', 'probe:', '  http: {path: /}'),
        'prod.yaml': lines('resources:', '  cpu: 1', 'probe:', '  http: false'),
      },
      { values: { chart: true } },
    )
    expect(result.value).toEqual({ resources: { cpu: 1 }, probe: { http: false } })
    const warnings = result.warnings.filter((d) => d.code === 'MY_VALUES_CHART_NOT_A_TABLE')
    expect(warnings.map((d) => [d.path, d.file.split('/').pop(), d.line])).toEqual([
      [['resources'], 'prod.yaml', 2],
      [['probe', 'http'], 'prod.yaml', 4],
    ])
    expect(warnings[0]!.message).toContain('Not a table')
    expect(warnings[1]!.message).toContain('cannot overwrite table with non table')
  })

  it("with the history, an -f file's warning is reported once", async () => {
    const { result } = await historyOf(
      {
        'app.merged.yaml': lines('#include', 'chart/values.yaml', 'prod.yaml'),
        'chart/values.yaml': lines('a: 1'),
        'prod.yaml': lines('!override', 'a: 2'),
      },
      { values: { chart: true }, strict: false },
    )
    expect(result.value).toEqual({ a: 2 })
    expect(result.warnings.map((w) => w.code)).toEqual(['MY_VALUES_TAG_ROOT'])
  })

  it('refuses a malformed option', async () => {
    const error = await historyOf(CDN, { values: { chart: 'yes' as unknown as boolean } }).catch((e: unknown) => e)
    expect(error).toMatchObject({ code: 'MY_VALUES_INVALID_OPTION' })
  })
})
