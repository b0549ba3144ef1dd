// Deckhand document sets through render(): documents gathered from streams across an include chain.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { MergedYamlError, render } from '../../../packages/core/src/index.ts'
import { dataByName, doc, POLICY } from './helpers.ts'

const dir = mkdtempSync(join(tmpdir(), 'my-deckhand-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

function write(files: Record<string, string>): string {
  const root = mkdtempSync(join(dir, 'case-'))
  for (const [name, text] of Object.entries(files)) writeFileSync(join(root, name), text)
  return root
}

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
    const root = write({ 'app.merged.yaml': `${global}--- ${doc({ name: 'app', layer: 'site', selector: { k: 'g' }, actions: [['merge', '.']], data: { replicas: 3 } })}\n` })
    const result = await render(join(root, 'app.merged.yaml'), { root, deckhand: { document: 'app' } })
    expect(result.value).toEqual({ replicas: 3, image: 'a' })
  })
})
