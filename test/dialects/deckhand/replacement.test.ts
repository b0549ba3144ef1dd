// Replacement documents and the InvalidDocumentReplacement checks.
import { describe, expect, it } from 'vitest'
import { dataByName, doc, lineOf, renderDeckhand, renderError, stream } from './helpers.ts'

const merge: [string, string][] = [['merge', '.']]

describe('replacement', () => {
  it('drops the replaced document and layers its other children onto the replacement', () => {
    const { value } = renderDeckhand(
      stream(
        doc({ name: 'nova', layer: 'global', labels: { name: 'nova-global' }, data: { replicas: 1, image: 'a' } }),
        doc({
          name: 'nova',
          layer: 'region',
          labels: { name: 'nova-region' },
          selector: { name: 'nova-global' },
          actions: merge,
          replacement: true,
          data: { replicas: 3 },
        }),
        doc({
          name: 'nova-site',
          layer: 'site',
          selector: { name: 'nova-global' },
          actions: merge,
          data: { debug: true },
        }),
      ),
    )
    const docs = value as { metadata: { name: string; layeringDefinition: { layer: string } } }[]
    expect(docs.filter((d) => d.metadata.name === 'nova').map((d) => d.metadata.layeringDefinition.layer)).toEqual([
      'region',
    ])
    expect(dataByName(value)).toEqual({
      nova: { replicas: 3, image: 'a' },
      'nova-site': { replicas: 3, image: 'a', debug: true },
    })
  })

  it('raises InvalidDocumentReplacement for a replacement without a parent', () => {
    expect(renderError(stream(doc({ name: 'x', layer: 'global', replacement: true })))).toMatchObject({
      code: 'MY_DECKHAND_INVALID_REPLACEMENT',
      line: lineOf(1),
    })
  })

  it('raises it when the replacement’s name differs from its parent’s', () => {
    const d = renderError(
      stream(
        doc({ name: 'x', layer: 'global', labels: { k: 'v' } }),
        doc({ name: 'y', layer: 'site', selector: { k: 'v' }, actions: merge, replacement: true }),
      ),
    )
    expect(d).toMatchObject({ code: 'MY_DECKHAND_INVALID_REPLACEMENT', line: lineOf(2) })
    expect(d.message).toContain('same schema and metadata.name')
  })

  it('raises it for a child with its parent’s schema and name but no replacement: true', () => {
    expect(
      renderError(
        stream(
          doc({ name: 'x', layer: 'global', labels: { k: 'v' } }),
          doc({ name: 'x', layer: 'site', selector: { k: 'v' }, actions: merge }),
        ),
      ).code,
    ).toBe('MY_DECKHAND_INVALID_REPLACEMENT')
  })

  it('raises it for two unrelated documents with the same schema and name', () => {
    expect(renderError(stream(doc({ name: 'x', layer: 'global' }), doc({ name: 'x', layer: 'site' })))).toMatchObject({
      code: 'MY_DECKHAND_INVALID_REPLACEMENT',
      line: lineOf(2),
    })
  })

  it('raises it for a concrete replacement that is itself replaced', () => {
    const input = stream(
      doc({ name: 'x', layer: 'global', labels: { l: 'g' }, abstract: true }),
      doc({ name: 'x', layer: 'region', labels: { l: 'r' }, selector: { l: 'g' }, actions: merge, replacement: true }),
      doc({ name: 'x', layer: 'site', selector: { l: 'r' }, actions: merge, replacement: true }),
    )
    expect(renderError(input)).toMatchObject({ code: 'MY_DECKHAND_INVALID_REPLACEMENT', line: lineOf(2) })
  })

  it('lets an abstract replacement be replaced in lenient mode, as Deckhand does, and refuses it in strict mode', () => {
    const input = stream(
      doc({ name: 'x', layer: 'global', labels: { l: 'g' }, abstract: true, data: { a: 1 } }),
      doc({
        name: 'x',
        layer: 'region',
        labels: { l: 'r' },
        selector: { l: 'g' },
        actions: merge,
        replacement: true,
        abstract: true,
        data: { b: 2 },
      }),
      doc({ name: 'x', layer: 'site', selector: { l: 'r' }, actions: merge, replacement: true, data: { c: 3 } }),
    )
    expect(dataByName(renderDeckhand(input).value)).toEqual({ x: { a: 1, b: 2, c: 3 } })
    expect(renderError(input, { strict: true }).code).toBe('MY_DECKHAND_NESTED_REPLACEMENT')
  })

  it('uses the later of two replacements of one document in lenient mode and refuses them in strict mode', () => {
    const input = stream(
      doc({ name: 'x', layer: 'global', labels: { l: 'g' }, data: { a: 1 } }),
      doc({ name: 'x', layer: 'region', selector: { l: 'g' }, actions: merge, replacement: true, data: { r: 1 } }),
      doc({ name: 'x', layer: 'site', selector: { l: 'g' }, actions: merge, replacement: true, data: { s: 1 } }),
    )
    const { value, warnings } = renderDeckhand(input)
    expect((value as unknown[]).length).toBe(3)
    expect(warnings.map((w) => w.code)).toContain('MY_DECKHAND_INVALID_REPLACEMENT')
    expect(renderError(input, { strict: true })).toMatchObject({
      code: 'MY_DECKHAND_INVALID_REPLACEMENT',
      line: lineOf(3),
    })
  })
})
