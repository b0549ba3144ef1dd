// The history of a Deckhand set, value by value: the document whose data set a value, the layer's
// action that merged or replaced it, the substitution that wrote it (after the source's own history),
// and Deckhand's aliasing where it changed a value afterwards.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { render } from '../../../packages/core/src/index.ts'
import type { HistoryEvent, RenderOptions } from '../../../packages/core/src/index.ts'
import { doc, lineOf, stream, withSubs } from './helpers.ts'

const temp = mkdtempSync(join(tmpdir(), 'deckhand-explain-'))
afterAll(() => rmSync(temp, { recursive: true, force: true }))

const input = stream(
  doc({ name: 'ports', layer: 'global', schema: 'example/Ports/v1', data: { api: 30080 } }),
  doc({
    name: 'chart-global',
    layer: 'global',
    labels: { name: 'chart' },
    abstract: true,
    data: { replicas: 1, debug: false, image: 'api:1' },
  }),
  withSubs(
    {
      name: 'chart',
      layer: 'site',
      selector: { name: 'chart' },
      actions: [['merge', '.']],
      data: { debug: true },
    },
    [{ src: { schema: 'example/Ports/v1', name: 'ports', path: '.api' }, dest: { path: '.service.port' } }],
  ),
)

async function renderWithHistory(options: RenderOptions = {}) {
  const entry = join(temp, 'site.merged.yaml')
  writeFileSync(entry, input)
  const result = await render(entry, { root: temp, strict: false, history: true, ...options })
  const history = (path: (string | number)[]): HistoryEvent[] =>
    result.history!.paths.find((p) => JSON.stringify(p.path) === JSON.stringify(path))?.events ?? []
  return { result, history }
}

const summary = (events: HistoryEvent[]) => events.map((e) => [e.action, e.merger, e.line, e.value])

describe('the history of a Deckhand set', () => {
  it('records every value, with one part per document', async () => {
    const { result } = await renderWithHistory()
    expect(result.history!.detail).toBe('full')
    expect(result.history!.parts).toHaveLength(4)
    expect(result.history!.parts.every((p) => p.merger === 'deckhand')).toBe(true)
  })

  it('names the document that set a value and the action that replaced it, in order', async () => {
    const { result, history } = await renderWithHistory()
    const index = (result.value as { metadata: { name: string } }[]).findIndex((d) => d.metadata.name === 'chart')
    expect(summary(history([index, 'data', 'debug']))).toEqual([
      ['set', 'deckhand(data)', lineOf(2), false],
      ['replaced', 'deckhand(merge)', lineOf(3), true],
    ])
    expect(summary(history([index, 'data', 'replicas']))).toEqual([['set', 'deckhand(data)', lineOf(2), 1]])
  })

  it('gives a substituted value the source’s history, then the substitution', async () => {
    const { result, history } = await renderWithHistory()
    const index = (result.value as { metadata: { name: string } }[]).findIndex((d) => d.metadata.name === 'chart')
    const events = history([index, 'data', 'service', 'port'])
    expect(summary(events)).toEqual([
      ['set', 'deckhand(data)', lineOf(1), 30080],
      ['set', 'deckhand(substitution)', lineOf(3), 30080],
    ])
    expect(events[1]!.note).toContain('substitution 1 of [example/Kind/v1] chart')
    expect(events[1]!.note).toContain('.api of [example/Ports/v1] ports')
  })

  it('explains one document’s data with the document option, paths inside the data', async () => {
    const { result, history } = await renderWithHistory({ deckhand: { document: 'chart' } })
    expect(result.value).toEqual({ replicas: 1, debug: true, image: 'api:1', service: { port: 30080 } })
    expect(summary(history(['debug']))).toEqual([
      ['set', 'deckhand(data)', lineOf(2), false],
      ['replaced', 'deckhand(merge)', lineOf(3), true],
    ])
  })
})

describe('the history where Deckhand aliases a value', () => {
  it('shows the source’s value changed afterwards through the mapping a substitution shares', async () => {
    const entry = join(temp, 'aliased.merged.yaml')
    writeFileSync(
      entry,
      stream(
        doc({
          name: 'endpoints',
          layer: 'global',
          schema: 'example/Catalogue/v1',
          data: { api: { port: { public: 80 } } },
        }),
        doc({ name: 'ports', layer: 'global', schema: 'example/Ports/v1', data: { api: 30080 } }),
        withSubs({ name: 'writer', layer: 'site', data: {} }, [
          { src: { schema: 'example/Catalogue/v1', name: 'endpoints', path: '.api' }, dest: { path: '.api' } },
          { src: { schema: 'example/Ports/v1', name: 'ports', path: '.api' }, dest: { path: '.api.port.public' } },
        ]),
      ),
    )
    const result = await render(entry, {
      root: temp,
      strict: false,
      history: true,
      deckhand: { document: 'endpoints' },
    })
    expect(result.value).toEqual({ api: { port: { public: 30080 } } })
    const events = result.history!.paths.find((p) => p.path.join('.') === 'api.port.public')!.events
    expect(summary(events)).toEqual([
      ['set', 'deckhand(data)', lineOf(1), 80],
      ['replaced', 'deckhand(aliasing)', lineOf(1), 30080],
    ])
    expect(events[1]!.note).toContain('shallow copy')
  })
})
