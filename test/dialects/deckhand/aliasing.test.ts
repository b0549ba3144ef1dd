// Deckhand's shallow copy: a substitution without src.deepcopy shares the containers inside the
// value with its source, so a later write through them changes the source and what others copy from
// it afterwards — in Deckhand's render order (a topological sort whose ties follow the input order).
// Expectations checked against Deckhand's own engine (../shared/realworld/oracle/dh_ref.py).
import { describe, expect, it } from 'vitest'
import { dataByName, doc, lineOf, renderDeckhand, stream, withSubs } from './helpers.ts'

const endpoints = doc({
  name: 'endpoints',
  layer: 'global',
  schema: 'example/Catalogue/v1',
  data: { api: { port: { public: 80 }, host: 'api.local' } },
})
const ports = doc({ name: 'ports', layer: 'site', schema: 'example/Ports/v1', data: { api: 30080 } })

function writer(deepcopy?: boolean) {
  const extra = deepcopy === undefined ? {} : { deepcopy }
  return withSubs({ name: 'writer', layer: 'site', schema: 'example/Chart/v1', data: {} }, [
    {
      src: { schema: 'example/Catalogue/v1', name: 'endpoints', path: '.api', ...extra },
      dest: { path: '.endpoints.api' },
    },
    { src: { schema: 'example/Ports/v1', name: 'ports', path: '.api' }, dest: { path: '.endpoints.api.port.public' } },
  ])
}
const reader = withSubs({ name: 'reader', layer: 'site', schema: 'example/Chart/v1', data: {} }, [
  { src: { schema: 'example/Catalogue/v1', name: 'endpoints', path: '.api.port' }, dest: { path: '.port' } },
])

describe('a substitution without src.deepcopy', () => {
  it('changes its source when a later substitution writes through the copied value', () => {
    const data = dataByName(renderDeckhand(stream(endpoints, ports, writer(), reader)).value)
    expect(data.endpoints).toEqual({ api: { port: { public: 30080 }, host: 'api.local' } })
    expect(data.writer).toEqual({ endpoints: { api: { port: { public: 30080 }, host: 'api.local' } } })
  })

  it('gives what others copy from the source after the write, in Deckhand’s order of the input', () => {
    // Deckhand renders reader first when writer comes first in the input, and after it otherwise.
    expect(dataByName(renderDeckhand(stream(endpoints, ports, writer(), reader)).value).reader).toEqual({
      port: { public: 80 },
    })
    expect(dataByName(renderDeckhand(stream(endpoints, ports, reader, writer())).value).reader).toEqual({
      port: { public: 30080 },
    })
  })

  it('is a warning in both modes, at the substitution to fix, naming the source changed', () => {
    for (const strict of [false, true]) {
      const { warnings } = renderDeckhand(stream(endpoints, ports, reader, writer()), { strict })
      const aliasing = warnings.filter((w) => w.code === 'MY_DECKHAND_ALIASED_SUBSTITUTION')
      expect(aliasing).toHaveLength(1)
      expect(aliasing[0]!.line).toBe(lineOf(4))
      expect(aliasing[0]!.path).toEqual(['metadata', 'substitutions', 0, 'src'])
      expect(aliasing[0]!.message).toContain('[example/Catalogue/v1] endpoints')
      expect(aliasing[0]!.message).toContain('[example/Chart/v1] reader')
      expect(aliasing[0]!.message).toContain(`'deepcopy: true'`)
    }
  })

  it('is not reported where no rendered value differs from a copy', () => {
    const { warnings } = renderDeckhand(stream(endpoints, ports, reader))
    expect(warnings.map((w) => w.code)).not.toContain('MY_DECKHAND_ALIASED_SUBSTITUTION')
  })
})

describe('src.deepcopy: true', () => {
  it('leaves the source unchanged, and so what others copy from it', () => {
    const { value, warnings } = renderDeckhand(stream(endpoints, ports, reader, writer(true)))
    const data = dataByName(value)
    expect(data.endpoints).toEqual({ api: { port: { public: 80 }, host: 'api.local' } })
    expect(data.reader).toEqual({ port: { public: 80 } })
    expect(data.writer).toEqual({ endpoints: { api: { port: { public: 30080 }, host: 'api.local' } } })
    expect(warnings).toEqual([])
  })
})
