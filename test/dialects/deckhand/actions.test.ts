// The three actions, Deckhand's path syntax, and the two Deckhand bugs both modes reproduce with a warning.
import { describe, expect, it } from 'vitest'
import { dataByName, doc, lineOf, renderDeckhand, renderError, stream } from './helpers.ts'

/** Renders a global parent with `parent` data and a site child with `child` data and `actions`. */
function layer(parent: unknown, child: unknown, actions: [string, string][], strict = false) {
  const { value, warnings } = renderDeckhand(
    stream(
      doc({ name: 'g', layer: 'global', labels: { k: 'g' }, data: parent, abstract: true }),
      doc({ name: 's', layer: 'site', selector: { k: 'g' }, actions, data: child }),
    ),
    { strict },
  )
  return { data: dataByName(value).s, warnings: warnings.map((w) => w.code) }
}

function layerError(parent: unknown, child: unknown, actions: [string, string][], strict = false) {
  return renderError(
    stream(
      doc({ name: 'g', layer: 'global', labels: { k: 'g' }, data: parent }),
      doc({ name: 's', layer: 'site', selector: { k: 'g' }, actions, data: child }),
    ),
    { strict },
  )
}

describe('merge', () => {
  it('deep-merges mappings at the root; the child wins, lists and nulls replace', () => {
    expect(
      layer({ a: { x: 1, y: [1, 2] }, b: 1, c: 1 }, { a: { y: [3] }, c: null, d: 4 }, [['merge', '.']]).data,
    ).toEqual({ a: { x: 1, y: [3] }, b: 1, c: null, d: 4 })
  })

  it('merges only at its path and discards the child’s other data', () => {
    expect(layer({ a: { x: 1 }, b: 1 }, { a: { y: 2 }, b: 2, c: 3 }, [['merge', '.a']]).data).toEqual({
      a: { x: 1, y: 2 },
      b: 1,
    })
  })

  it('writes the child’s value when either side is not a mapping, creating the path', () => {
    expect(layer({ a: [1, 2] }, { a: { y: 2 } }, [['merge', '.a']]).data).toEqual({ a: { y: 2 } })
    expect(layer({}, { a: { b: 5 } }, [['merge', '.a.b']]).data).toEqual({ a: { b: 5 } })
  })

  it('merges list items by index', () => {
    expect(layer({ a: [{ x: 1 }, { x: 2 }] }, { a: [{}, { y: 3 }] }, [['merge', '.a[1]']]).data).toEqual({
      a: [{ x: 1 }, { x: 2, y: 3 }],
    })
  })

  it('raises MissingDocumentKey when the child has nothing (or null) at the path', () => {
    expect(layerError({ a: 1 }, { b: 1 }, [['merge', '.a']])).toMatchObject({
      code: 'MY_DECKHAND_MISSING_KEY',
      line: lineOf(2),
    })
    expect(layerError({ a: 1 }, { a: null }, [['merge', '.a']]).code).toBe('MY_DECKHAND_MISSING_KEY')
  })
})

describe('replace', () => {
  it('replaces the value at the path with the child’s', () => {
    expect(layer({ a: { x: 1, y: 2 }, b: 1 }, { a: { z: 3 } }, [['replace', '.a']]).data).toEqual({ a: { z: 3 }, b: 1 })
  })

  it('creates missing keys and pads missing list items with {}', () => {
    expect(layer({ a: [] }, { a: [null, null, 'x'] }, [['replace', '.a[2]']]).data).toEqual({ a: [{}, {}, 'x'] })
    expect(layer({}, { p: { q: 1 } }, [['replace', '.p.q']]).data).toEqual({ p: { q: 1 } })
  })

  it('raises MissingDocumentKey when the child has nothing at the path', () => {
    expect(layerError({ a: 1 }, {}, [['replace', '.a']]).code).toBe('MY_DECKHAND_MISSING_KEY')
  })
})

describe('delete', () => {
  it('removes the value at the path from the parent’s data', () => {
    expect(layer({ a: { x: 1, y: 2 }, b: 1 }, {}, [['delete', '.a.x']]).data).toEqual({ a: { y: 2 }, b: 1 })
    expect(layer({ a: [{ x: 1 }, { x: 2 }] }, {}, [['delete', '.a[0]']]).data).toEqual({ a: [{ x: 2 }] })
  })

  it('empties the data for the root path', () => {
    expect(layer({ a: 1 }, { z: 1 }, [['delete', '.']]).data).toEqual({})
  })

  it('raises MissingDocumentKey when the parent has nothing (or null) at the path', () => {
    expect(layerError({ a: 1 }, {}, [['delete', '.b']]).code).toBe('MY_DECKHAND_MISSING_KEY')
    expect(layerError({ a: null }, {}, [['delete', '.a']]).code).toBe('MY_DECKHAND_MISSING_KEY')
  })

  describe('when an equal value comes earlier (Deckhand deletes the first equal value)', () => {
    const parent = { x: 1, a: { b: 1 } }

    it('reproduces Deckhand in both modes, with a warning at the action’s path naming where it deletes', () => {
      for (const strict of [false, true]) {
        const { value, warnings } = renderDeckhand(
          stream(
            doc({ name: 'g', layer: 'global', labels: { k: 'g' }, data: parent, abstract: true }),
            doc({ name: 's', layer: 'site', selector: { k: 'g' }, actions: [['delete', '.a.b']], data: {} }),
          ),
          { strict },
        )
        expect(dataByName(value).s).toEqual({ a: { b: 1 } })
        const warning = warnings.find((w) => w.code === 'MY_DECKHAND_DELETE_ELSEWHERE')!
        expect(warning).toMatchObject({ line: lineOf(2) })
        expect(warning.message).toContain(`'.x'`)
      }
    })

    it('is not a problem when the value at the path is the first equal one', () => {
      expect(layer({ a: { b: 1 }, x: 1 }, {}, [['delete', '.a.b']], true).data).toEqual({ a: {}, x: 1 })
    })
  })
})

describe('paths', () => {
  it('reads .data.a, $.data.a, $.a and a as .a', () => {
    for (const path of ['.data.a', '$.data.a', '$.a', 'a', '.a']) {
      expect(layer({ a: 1, b: 1 }, { a: 2 }, [['replace', path]]).data).toEqual({ a: 2, b: 1 })
    }
  })

  it('reads .data and $.data as the root', () => {
    expect(layer({ a: 1 }, { b: 2 }, [['merge', '.data']]).data).toEqual({ a: 1, b: 2 })
    expect(layer({ a: 1 }, {}, [['delete', '$.data']]).data).toEqual({})
  })

  it('supports quoted keys', () => {
    expect(layer({ 'a.b': { c: 1 } }, { 'a.b': { c: 2 } }, [['replace', '."a.b".c']]).data).toEqual({ 'a.b': { c: 2 } })
    expect(layer({}, { 'my key': 1 }, [['replace', ".'my key'"]]).data).toEqual({ 'my key': 1 })
  })

  it('refuses to create a quoted key with a dot, which Deckhand splits (and then writes nothing)', () => {
    expect(layerError({}, { 'a.b': 1 }, [['replace', '."a.b"']]).code).toBe('MY_DECKHAND_INVALID_PATH')
  })

  it('refuses syntax outside the supported subset', () => {
    const d = layerError({ a: [1] }, { a: [2] }, [['replace', '.a[*]']])
    expect(d).toMatchObject({ code: 'MY_DECKHAND_INVALID_PATH', line: lineOf(2) })
  })

  it('refuses to write through a scalar (Deckhand crashes)', () => {
    expect(layerError({ a: 5 }, { a: { b: 1 } }, [['replace', '.a.b']]).code).toBe('MY_DECKHAND_INVALID_PATH')
  })

  describe('a path such as .database.x (Deckhand strips ".data" and reads .base.x)', () => {
    it('reproduces Deckhand in both modes, with a warning that suggests the explicit form', () => {
      for (const strict of [false, true]) {
        const { data, warnings } = layer(
          { database: { x: 1 } },
          { base: { x: 2 } },
          [['replace', '.database.x']],
          strict,
        )
        expect(data).toEqual({ database: { x: 1 }, base: { x: 2 } })
        expect(warnings).toContain('MY_DECKHAND_DATA_PREFIX')
      }
      const { warnings } = renderDeckhand(
        stream(
          doc({ name: 'g', layer: 'global', labels: { k: 'g' }, data: { database: { x: 1 } } }),
          doc({
            name: 's',
            layer: 'site',
            selector: { k: 'g' },
            actions: [['replace', '.database.x']],
            data: { base: { x: 2 } },
          }),
        ),
      )
      expect(warnings.find((w) => w.code === 'MY_DECKHAND_DATA_PREFIX')?.suggestion).toBe('.data.database.x')
    })

    it('is fine written explicitly under .data', () => {
      expect(
        layer({ database: { x: 1 } }, { database: { x: 2 } }, [['replace', '.data.database.x']], true).data,
      ).toEqual({ database: { x: 2 } })
    })
  })
})

describe('actions in sequence and across layers', () => {
  it('applies each action to the result of the previous one', () => {
    expect(
      layer({ a: { x: 'x' }, b: { y: 'y' }, c: 'c' }, { a: { z: 'z' }, b: { w: 'w' } }, [
        ['merge', '.a'],
        ['replace', '.b'],
        ['delete', '.c'],
      ]).data,
    ).toEqual({ a: { x: 'x', z: 'z' }, b: { w: 'w' } })
  })

  it('composes global ← region ← site on each parent’s rendered data', () => {
    const { value } = renderDeckhand(
      stream(
        doc({ name: 'g', layer: 'global', labels: { k: 'g' }, data: { a: 1, b: 1, c: 1 }, abstract: true }),
        doc({
          name: 'r',
          layer: 'region',
          labels: { k: 'r' },
          selector: { k: 'g' },
          actions: [['merge', '.']],
          data: { b: 2 },
          abstract: true,
        }),
        doc({
          name: 's',
          layer: 'site',
          selector: { k: 'r' },
          actions: [
            ['delete', '.a'],
            ['merge', '.'],
          ],
          data: { c: 3 },
        }),
      ),
    )
    expect(dataByName(value)).toEqual({ s: { b: 2, c: 3 } })
  })

  it('raises UnsupportedActionMethod, suggesting the close method', () => {
    expect(layerError({ a: 1 }, { a: 2 }, [['mrege', '.a']])).toMatchObject({
      code: 'MY_DECKHAND_UNSUPPORTED_ACTION',
      suggestion: 'merge',
      line: lineOf(2),
    })
  })
})
