// The document set as a whole: the policy, layers, output, options, detection and document shapes.
import { describe, expect, it } from 'vitest'
import { deckhandDialect } from '../../../packages/core/src/dialects/deckhand/index.ts'
import { dataByName, doc, documents, lineOf, POLICY, renderDeckhand, renderError, stream } from './helpers.ts'

const merge: [string, string][] = [['merge', '.']]

describe('LayeringPolicy and layers', () => {
  it('raises LayeringPolicyNotFound without a policy, at the first document', () => {
    expect(renderError(`--- ${doc({ name: 'x', layer: 'global' })}\n`)).toMatchObject({
      code: 'MY_DECKHAND_LAYERING_POLICY_NOT_FOUND',
      line: 1,
    })
  })

  it('raises InvalidDocumentLayer for a layer not in layerOrder, suggesting the close one', () => {
    expect(renderError(stream(doc({ name: 'x', layer: 'sitee' })))).toMatchObject({
      code: 'MY_DECKHAND_INVALID_LAYER',
      line: lineOf(1),
      suggestion: 'site',
    })
  })

  it('raises it for every layered document when layerOrder is empty', () => {
    const input = `---\nschema: deckhand/LayeringPolicy/v1\nmetadata: {schema: metadata/Control/v1, name: p}\ndata: {layerOrder: []}\n--- ${doc({ name: 'x', layer: 'global' })}\n`
    expect(renderError(input).code).toBe('MY_DECKHAND_INVALID_LAYER')
  })

  it('uses the first of two policies; differing layer orders fail in strict mode only', () => {
    const other = `schema: deckhand/LayeringPolicy/v1\nmetadata: {schema: metadata/Control/v1, name: other}\ndata: {layerOrder: [site]}\n`
    const input = `${stream(doc({ name: 'x', layer: 'global' }))}---\n${other}`
    expect(renderDeckhand(input).warnings.map((w) => w.code)).toEqual(['MY_DECKHAND_MULTIPLE_POLICIES'])
    expect(renderError(input, { strict: true }).code).toBe('MY_DECKHAND_MULTIPLE_POLICIES')
  })
})

describe('output', () => {
  const input = stream(
    doc({ name: 'b-site', layer: 'site', selector: { k: 'g' }, actions: merge, data: { s: 1 } }),
    doc({ name: 'base', layer: 'global', labels: { k: 'g' }, abstract: true, data: { g: 1 } }),
    doc({ name: 'a-site', layer: 'site', selector: { k: 'g' }, actions: merge, data: { s: 2 } }),
    doc({ name: 'other', layer: 'global', schema: 'another/Kind/v1' }),
  )

  it('returns the concrete documents and the policy, sorted by schema, name and layer; abstract ones are left out', () => {
    const value = renderDeckhand(input).value as { schema: string; metadata: { name: string } }[]
    expect(value.map((d) => `${d.schema} ${d.metadata.name}`)).toEqual([
      'another/Kind/v1 other',
      'deckhand/LayeringPolicy/v1 layering-policy',
      'example/Kind/v1 a-site',
      'example/Kind/v1 b-site',
    ])
  })

  it('passes metadata through unchanged and replaces only data', () => {
    const value = renderDeckhand(input).value as Record<string, unknown>[]
    const site = value.find((d) => (d.metadata as { name: string }).name === 'a-site')!
    expect(site).toEqual({
      ...(JSON.parse(doc({ name: 'a-site', layer: 'site', selector: { k: 'g' }, actions: merge })) as object),
      data: { g: 1, s: 2 },
    })
  })

  it('gives one document’s data with the document option', () => {
    expect(renderDeckhand(input, { deckhand: { document: 'a-site' } }).value).toEqual({ g: 1, s: 2 })
  })

  it('fails for an unknown document name, with a did-you-mean', () => {
    expect(renderError(input, { deckhand: { document: 'a-sit' } })).toMatchObject({
      code: 'MY_DECKHAND_UNKNOWN_DOCUMENT',
      suggestion: 'a-site',
      line: 2,
    })
  })

  it('fails for an abstract document, which Deckhand does not return', () => {
    expect(renderError(input, { deckhand: { document: 'base' } }).message).toContain('abstract')
  })

  it('picks among documents sharing a name with the schema option', () => {
    const twins = stream(
      doc({ name: 'x', layer: 'global', data: { kind: 1 } }),
      doc({ name: 'x', layer: 'global', schema: 'other/Kind/v1', data: { other: 1 } }),
    )
    expect(renderError(twins, { deckhand: { document: 'x' } }).code).toBe('MY_DECKHAND_UNKNOWN_DOCUMENT')
    expect(renderDeckhand(twins, { deckhand: { document: 'x', schema: 'other/Kind/v1' } }).value).toEqual({ other: 1 })
  })

  it('refuses malformed deckhand options', () => {
    expect(renderError(input, { deckhand: { documnt: 'x' } as never })).toMatchObject({
      code: 'MY_INVALID_OPTION',
      suggestion: 'deckhand.document',
    })
    expect(renderError(input, { deckhand: { schema: 'example/Kind/v1' } }).code).toBe('MY_DECKHAND_INVALID_OPTION')
  })
})

describe('detection', () => {
  const detect = (text: string) => deckhandDialect.detect(documents(text)[0]!.value, {})

  it('recognises a LayeringPolicy and any metadata/Document or metadata/Control document', () => {
    expect(detect(POLICY)).toBe('schema: deckhand/LayeringPolicy/v1')
    expect(detect(doc({ name: 'x', layer: 'global' }))).toBe('metadata.schema: metadata/Document/v1')
  })

  it('leaves other YAML alone', () => {
    expect(detect('schema: x\nmetadata: {name: y}\n')).toBeUndefined()
    expect(detect('a: 1\n')).toBeUndefined()
  })
})

describe('substitution', () => {
  const source = doc({ name: 'src', layer: 'global', data: { pw: 'secret' } })
  const withSub = (name: string) =>
    JSON.stringify({
      schema: 'example/Kind/v1',
      metadata: {
        schema: 'metadata/Document/v1',
        name: 'dest',
        layeringDefinition: { layer: 'site' },
        substitutions: [{ src: { schema: 'example/Kind/v1', name, path: '.pw' }, dest: { path: '.pw' } }],
      },
      data: {},
    })

  it('writes the source value at the destination (more in substitution.test.ts)', () => {
    expect(dataByName(renderDeckhand(stream(source, withSub('src'))).value)).toEqual({
      src: { pw: 'secret' },
      dest: { pw: 'secret' },
    })
  })

  it('raises SubstitutionSourceNotFound for a source that is not in the set', () => {
    expect(renderError(stream(source, withSub('nowhere'))).code).toBe('MY_DECKHAND_SUBSTITUTION_SOURCE_NOT_FOUND')
  })

  it('raises SubstitutionDependencyCycle for a document that substitutes from itself', () => {
    expect(renderError(stream(withSub('dest'))).code).toBe('MY_DECKHAND_DEPENDENCY_CYCLE')
  })

  it('refuses a malformed substitution (InvalidDocumentFormat)', () => {
    const bad = JSON.stringify({
      schema: 'example/Kind/v1',
      metadata: {
        schema: 'metadata/Document/v1',
        name: 'd',
        layeringDefinition: { layer: 'site' },
        substitutions: [{ dest: { path: '.a' } }],
      },
      data: {},
    })
    expect(renderError(stream(bad))).toMatchObject({ code: 'MY_DECKHAND_INVALID_DOCUMENT', line: lineOf(1) })
  })
})

describe('document shapes', () => {
  it('refuses a document that is not a mapping or has no schema', () => {
    expect(renderError(`${stream()}--- [1, 2]\n`).code).toBe('MY_DECKHAND_INVALID_DOCUMENT')
    expect(renderError(`${stream()}--- {metadata: {name: x}, data: {}}\n`).code).toBe('MY_DECKHAND_INVALID_DOCUMENT')
  })

  it('refuses labels that are not a mapping of scalars', () => {
    const input = stream(
      JSON.stringify({
        schema: 'example/Kind/v1',
        metadata: {
          schema: 'metadata/Document/v1',
          name: 'x',
          labels: { k: [1] },
          layeringDefinition: { layer: 'global' },
        },
        data: {},
      }),
    )
    expect(renderError(input)).toMatchObject({ code: 'MY_DECKHAND_INVALID_DOCUMENT', line: lineOf(1) })
  })

  it('points at the key in block YAML', () => {
    const input = `${stream()}---\nschema: example/Kind/v1\nmetadata:\n  schema: metadata/Document/v1\n  name: x\n  layeringDefinition:\n    layer: global\n    parentSelecter: {k: v}\ndata: {}\n`
    expect(renderDeckhand(input).warnings[0]).toMatchObject({
      code: 'MY_DECKHAND_UNKNOWN_KEY',
      suggestion: 'parentSelector',
      line: lineOf(1) + 7,
      column: 5,
    })
    expect(renderError(input, { strict: true }).code).toBe('MY_DECKHAND_UNKNOWN_KEY')
  })
})

describe('what strict mode refuses and lenient mode reproduces', () => {
  it('abstract given as a string is not abstract', () => {
    const input = stream(
      JSON.stringify({
        schema: 'example/Kind/v1',
        metadata: {
          schema: 'metadata/Document/v1',
          name: 'x',
          layeringDefinition: { layer: 'global', abstract: 'true' },
        },
        data: { a: 1 },
      }),
    )
    expect(dataByName(renderDeckhand(input).value)).toEqual({ x: { a: 1 } })
    expect(renderError(input, { strict: true }).code).toBe('MY_DECKHAND_FIELD_TYPE')
  })

  it('actions without a parentSelector are ignored', () => {
    const input = stream(doc({ name: 'x', layer: 'site', actions: merge, data: { a: 1 } }))
    expect(dataByName(renderDeckhand(input).value)).toEqual({ x: { a: 1 } })
    expect(renderError(input, { strict: true }).code).toBe('MY_DECKHAND_ACTIONS_IGNORED')
  })

  it('a child with a parent and no actions keeps its own data', () => {
    const input = stream(
      doc({ name: 'g', layer: 'global', labels: { k: 'v' }, data: { a: 1 } }),
      doc({ name: 's', layer: 'site', selector: { k: 'v' }, data: { b: 2 } }),
    )
    expect(dataByName(renderDeckhand(input).value).s).toEqual({ b: 2 })
    expect(renderError(input, { strict: true })).toMatchObject({
      code: 'MY_DECKHAND_SELECTOR_WITHOUT_ACTIONS',
      line: lineOf(2),
    })
  })

  it('a second document with the same schema, layer and name is dropped', () => {
    const input = stream(
      doc({ name: 'x', layer: 'global', data: { first: 1 } }),
      doc({ name: 'x', layer: 'global', data: { second: 1 } }),
    )
    expect(dataByName(renderDeckhand(input).value)).toEqual({ x: { first: 1 } })
    expect(renderError(input, { strict: true })).toMatchObject({
      code: 'MY_DECKHAND_DUPLICATE_DOCUMENT',
      line: lineOf(2),
    })
  })
})
