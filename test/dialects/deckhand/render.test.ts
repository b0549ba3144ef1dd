// Deckhand document sets through render(): documents gathered from streams across an include chain.
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { MergedYamlError, render } from '@merged-yaml/core'
import { writeTree } from '../../helpers/tree.ts'
import { dataByName, doc, POLICY } from './helpers.ts'

const write = (files: Record<string, string>): string => writeTree(files, 'deckhand')

const global = `---\n${POLICY}--- ${doc({ name: 'base', layer: 'global', labels: { k: 'g' }, abstract: true, data: { replicas: 1, image: 'a' } })}\n`

describe('render()', () => {
  it('gathers the documents of every included stream and recognises the set by its documents', async () => {
    const root = write({
      'global.yaml': global,
      'site.yaml': `--- ${doc({ name: 'app', layer: 'site', selector: { k: 'g' }, actions: [['merge', '.']], data: { replicas: 3 } })}\n`,
      'app.merged.yaml': '#include\nsite.yaml\nglobal.yaml\n',
    })
    const result = await render(join(root, 'app.merged.yaml'), { root })
    expect(result.dialect).toBe('deckhand')
    expect(dataByName(result.value)).toEqual({ app: { replicas: 3, image: 'a' } })
    expect(result.files).toHaveLength(3)
  })

  it('locates an error in the included file, with the include chain', async () => {
    const root = write({
      'global.yaml': global,
      'site.yaml': `# the site layer\n--- ${doc({ name: 'app', layer: 'site', selector: { k: 'g' }, actions: [['merge', '.missing']], data: {} })}\n`,
      'app.merged.yaml': '#include\nglobal.yaml\nsite.yaml\n',
    })
    const error = await render(join(root, 'app.merged.yaml'), { root }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(MergedYamlError)
    const d = (error as MergedYamlError).diagnostics[0]!
    expect(d).toMatchObject({ code: 'MY_DECKHAND_MISSING_KEY', file: join(root, 'site.yaml'), line: 2 })
    expect(d.chain).toEqual([{ file: join(root, 'app.merged.yaml'), line: 3 }])
  })

  it('returns one document’s data with the deckhand.document option', async () => {
    const root = write({
      'app.merged.yaml': `${global}--- ${doc({ name: 'app', layer: 'site', selector: { k: 'g' }, actions: [['merge', '.']], data: { replicas: 3 } })}\n`,
    })
    const result = await render(join(root, 'app.merged.yaml'), { root, deckhand: { document: 'app' } })
    expect(result.value).toEqual({ replicas: 3, image: 'a' })
  })

  it('renders the example of docs/deckhand.md', async () => {
    const root = writeTree(
      {
        'config/site.merged.yaml': '#include\nglobal/*.yaml\nsites/eu-1.yaml\n',
        'config/global/policy.yaml': [
          '---',
          'schema: deckhand/LayeringPolicy/v1',
          'metadata: {schema: metadata/Control/v1, name: layering-policy}',
          'data:',
          '  layerOrder: [global, region, site]',
          '---',
          'schema: armada/Chart/v1',
          'metadata:',
          '  schema: metadata/Document/v1',
          '  name: nova-global',
          '  labels: {component: nova}',
          '  layeringDefinition: {abstract: true, layer: global}',
          'data:',
          '  values: {pod: {replicas: {api: 1}}, debug: false}',
          '',
        ].join('\n'),
        'config/sites/eu-1.yaml': [
          '---',
          'schema: armada/Chart/v1',
          'metadata:',
          '  schema: metadata/Document/v1',
          '  name: nova',
          '  layeringDefinition:',
          '    abstract: false',
          '    layer: site',
          '    parentSelector: {component: nova}',
          '    actions:',
          '      - {method: merge, path: .values.pod}',
          'data:',
          '  values: {pod: {replicas: {api: 3}}}',
          '',
        ].join('\n'),
      },
      'deckhand',
    )
    const result = await render(join(root, 'config/site.merged.yaml'), { root })
    expect(dataByName(result.value)).toEqual({ nova: { values: { pod: { replicas: { api: 3 } }, debug: false } } })
    expect(result.warnings).toEqual([])
  })
})
