// Parent selection: labels ⊇ parentSelector, the nearest non-empty layer above, Deckhand's counter.
import { describe, expect, it } from 'vitest'
import { dataByName, doc, lineOf, renderDeckhand, renderError, stream } from './helpers.ts'

const merge: [string, string][] = [['merge', '.']]

describe('parent selection', () => {
  it('selects the document whose labels contain every selector pair (extra labels allowed)', () => {
    const { value } = renderDeckhand(
      stream(
        doc({ name: 'g', layer: 'global', labels: { app: 'nova', tier: 'base' }, data: { a: 1 }, abstract: true }),
        doc({ name: 's', layer: 'site', selector: { app: 'nova' }, actions: merge, data: { b: 2 } }),
      ),
    )
    expect(dataByName(value)).toEqual({ s: { a: 1, b: 2 } })
  })

  it('takes the nearest layer that matches, skipping a region that does not', () => {
    const { value } = renderDeckhand(
      stream(
        doc({ name: 'g', layer: 'global', labels: { app: 'nova' }, data: { from: 'global' } }),
        doc({ name: 'r', layer: 'region', labels: { app: 'other' }, data: { from: 'region' } }),
        doc({ name: 's', layer: 'site', selector: { app: 'nova' }, actions: merge }),
      ),
    )
    expect(dataByName(value).s).toEqual({ from: 'global' })
  })

  it('prefers a closer layer when both a global and a region document match', () => {
    const { value } = renderDeckhand(
      stream(
        doc({ name: 'g', layer: 'global', labels: { app: 'nova' }, data: { from: 'global', g: 1 } }),
        doc({
          name: 'r',
          layer: 'region',
          labels: { app: 'nova' },
          selector: { app: 'nova' },
          actions: merge,
          data: { from: 'region' },
        }),
        doc({ name: 's', layer: 'site', selector: { app: 'nova' }, actions: merge }),
      ),
    )
    expect(dataByName(value)).toEqual({
      g: { from: 'global', g: 1 },
      r: { from: 'region', g: 1 },
      s: { from: 'region', g: 1 },
    })
  })

  it('attaches a child to a grandparent layer when the layer between is empty', () => {
    const { value } = renderDeckhand(
      stream(
        doc({ name: 'g', layer: 'global', labels: { k: 'v' }, data: { a: 1 } }),
        doc({ name: 's', layer: 'site', selector: { k: 'v' }, actions: merge, data: { b: 2 } }),
      ),
    )
    expect(dataByName(value).s).toEqual({ a: 1, b: 2 })
  })

  it('does not depend on the order of the documents', () => {
    const docs = [
      doc({ name: 'g', layer: 'global', labels: { k: 'g' }, data: { a: { x: 1 } }, abstract: true }),
      doc({
        name: 'r',
        layer: 'region',
        labels: { k: 'r' },
        selector: { k: 'g' },
        actions: [['merge', '.a']],
        data: { a: { y: 2 } },
        abstract: true,
      }),
      doc({ name: 's', layer: 'site', selector: { k: 'r' }, actions: [['replace', '.a.x']], data: { a: { x: 3 } } }),
    ]
    const forward = renderDeckhand(stream(...docs)).value
    expect(renderDeckhand(stream(...[...docs].reverse())).value).toEqual(forward)
    expect(dataByName(forward)).toEqual({ s: { a: { x: 3, y: 2 } } })
  })

  it('ignores a selector that matches the document itself', () => {
    const { value } = renderDeckhand(
      stream(doc({ name: 'g', layer: 'global', labels: { k: 'v' }, selector: { k: 'v' }, data: { a: 1 } })),
      { strict: false },
    )
    expect(dataByName(value)).toEqual({ g: { a: 1 } })
  })
})

describe('a parentSelector that matches nothing', () => {
  const input = stream(
    doc({ name: 'g', layer: 'global', labels: { k: 'v' }, data: { a: 1 } }),
    doc({ name: 's', layer: 'site', selector: { k: 'typo' }, actions: merge, data: { b: 2 } }),
  )

  it('keeps the child’s own data in lenient mode, with a warning (Deckhand only logs it)', () => {
    const { value, warnings } = renderDeckhand(input)
    expect(dataByName(value).s).toEqual({ b: 2 })
    expect(warnings.map((w) => w.code)).toContain('MY_DECKHAND_PARENT_NOT_FOUND')
  })

  it('fails in strict mode, at the selector', () => {
    expect(renderError(input, { strict: true })).toMatchObject({
      code: 'MY_DECKHAND_PARENT_NOT_FOUND',
      line: lineOf(2),
    })
  })
})

describe('parent errors', () => {
  it('raises IndeterminateDocumentParent for two matches in one layer', () => {
    const d = renderError(
      stream(
        doc({ name: 'g1', layer: 'global', labels: { k: 'v' } }),
        doc({ name: 'g2', layer: 'global', labels: { k: 'v' } }),
        doc({ name: 's', layer: 'site', selector: { k: 'v' }, actions: merge }),
      ),
    )
    expect(d).toMatchObject({
      code: 'MY_DECKHAND_INDETERMINATE_PARENT',
      line: lineOf(3),
      file: '/virtual/site.merged.yaml',
    })
    expect(d.message).toContain('g1')
    expect(d.message).toContain('g2')
  })

  it('raises it even when a closer layer also matches (Deckhand counts 2 + 1 − 1)', () => {
    expect(
      renderError(
        stream(
          doc({ name: 'g1', layer: 'global', labels: { k: 'v' } }),
          doc({ name: 'g2', layer: 'global', labels: { k: 'v' } }),
          doc({ name: 'r', layer: 'region', labels: { k: 'v' }, selector: { k: 'v' }, actions: merge }),
          doc({ name: 's', layer: 'site', selector: { k: 'v' }, actions: merge }),
        ),
      ).code,
    ).toBe('MY_DECKHAND_INDETERMINATE_PARENT')
  })

  it('raises InvalidDocumentParent when the selected document has another schema', () => {
    const d = renderError(
      stream(
        doc({ name: 'g', layer: 'global', labels: { k: 'v' }, schema: 'other/Kind/v1' }),
        doc({ name: 's', layer: 'site', selector: { k: 'v' }, actions: merge }),
      ),
    )
    expect(d).toMatchObject({ code: 'MY_DECKHAND_INVALID_PARENT', line: lineOf(2) })
    expect(d.message).toContain('schemas do not match')
  })

  it('raises InvalidDocumentParent when the selected document is in the same layer', () => {
    expect(
      renderError(
        stream(
          doc({ name: 'a', layer: 'site', labels: { k: 'v' } }),
          doc({ name: 's', layer: 'site', selector: { k: 'v' }, actions: merge }),
        ),
      ).code,
    ).toBe('MY_DECKHAND_INVALID_PARENT')
  })

  it('raises InvalidDocumentParent when the selected document is in a lower layer', () => {
    expect(
      renderError(
        stream(
          doc({ name: 'low', layer: 'site', labels: { k: 'v' } }),
          doc({ name: 'r', layer: 'region', selector: { k: 'v' }, actions: merge }),
        ),
      ).code,
    ).toBe('MY_DECKHAND_INVALID_PARENT')
  })

  it('refuses a selector on a document without a layer once a label matches (Deckhand crashes)', () => {
    const input = stream(
      doc({ name: 'g', layer: 'global', labels: { k: 'v' } }),
      JSON.stringify({
        schema: 'example/Kind/v1',
        metadata: {
          schema: 'metadata/Document/v1',
          name: 'x',
          layeringDefinition: { parentSelector: { k: 'v' }, actions: [{ method: 'merge', path: '.' }] },
        },
        data: {},
      }),
    )
    expect(renderError(input)).toMatchObject({ code: 'MY_DECKHAND_INVALID_DOCUMENT', line: lineOf(2) })
  })
})
