// Typos of an entry's header and of Compose's tags get a located did-you-mean, not the message of what
// the typo happens to be (a string that is not a mapping, an unknown tag at the value's line, a tag
// PyYAML cannot construct) — the same whatever `yamlVersion` reads the text.
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { isMergedYamlError, render } from '@merged-yaml/core'
import type { Diagnostic, RenderOptions } from '@merged-yaml/core'
import { lines, writeTree } from '../../helpers/tree.ts'

async function renderEntry(files: Record<string, string>, options: RenderOptions = {}) {
  const root = writeTree(files, 'values-typos')
  return render(join(root, 'app.merged.yaml'), { root, ...options })
}

async function firstError(files: Record<string, string>, options: RenderOptions = {}): Promise<Diagnostic> {
  const error = await renderEntry(files, options).catch((e: unknown) => e)
  if (!isMergedYamlError(error)) throw new Error(`expected a MergedYamlError, got ${JSON.stringify(error)}`)
  return error.diagnostics[0]!
}

const BASE = { 'base.yaml': lines('a: 1'), 'env.yaml': lines('b: 2') }

describe('a header typo', () => {
  it.each(['#inclde', '# include', '#  include', '#includ', '#Inlcude'])(
    '%j: a did-you-mean for #include at line 1',
    async (header) => {
      const d = await firstError({ ...BASE, 'app.merged.yaml': lines(header, 'base.yaml', 'env.yaml') })
      expect(d).toMatchObject({ code: 'MY_HEADER_NEAR_MISS', line: 1, column: 1, suggestion: '#include' })
      expect(d.message).toContain('did you mean #include?')
    },
  )

  it('#cloud_config: a did-you-mean for #cloud-config', async () => {
    const d = await firstError({ 'app.merged.yaml': lines('#cloud_config', 'a: 1') })
    expect(d).toMatchObject({ code: 'MY_HEADER_NEAR_MISS', suggestion: '#cloud-config' })
  })

  it('lenient mode warns and reads the part as YAML, as cloud-init would', async () => {
    const result = await renderEntry({ 'app.merged.yaml': lines('# include', 'a: 1') }, { strict: false })
    expect(result.value).toEqual({ a: 1 })
    expect(result.warnings.map((w) => w.code)).toEqual(['MY_HEADER_NEAR_MISS'])
  })

  it('#Include is the header (cloud-init reads headers in any case); a comment sentence is no typo', async () => {
    expect((await renderEntry({ ...BASE, 'app.merged.yaml': lines('#Include', 'base.yaml') })).value).toEqual({ a: 1 })
    const comment = await renderEntry({ 'app.merged.yaml': lines('# include the defaults below', 'a: 1') })
    expect(comment.value).toEqual({ a: 1 })
    expect(comment.warnings).toEqual([])
  })
})

describe("a typo of Compose's tags", () => {
  const layers = (production: string) => ({
    'app.merged.yaml': lines('#include', 'base.yaml', 'production.yaml'),
    'base.yaml': lines('cdn:', '  host: a', '  regions: [eu]'),
    'production.yaml': production,
  })

  for (const yamlVersion of [undefined, '1.1', '1.2'] as const) {
    for (const [tag, suggestion] of [
      ['!overide', '!override'],
      ['!Override', '!override'],
      ['!rest', '!reset'],
    ] as const) {
      it(`${tag} with yamlVersion ${yamlVersion ?? 'unset'}: a did-you-mean for ${suggestion} at the tag`, async () => {
        const d = await firstError(layers(lines('debug: true', `cdn: ${tag}`, '  host: b')), { yamlVersion })
        expect(d).toMatchObject({ code: 'MY_YAML_TAG_NEAR_MISS', line: 2, column: 6, suggestion })
        expect(d.file).toMatch(/production\.yaml$/)
        expect(d.message).toContain(`did you mean ${suggestion}`)
      })
    }
  }

  it('lenient mode warns at each tag and merges as today; a quoted or commented one is text', async () => {
    const result = await renderEntry(
      layers(lines('cdn: !overide', '  host: b', 'note: "!overide" # !rest', 'other: !Reset x')),
      { strict: false, yamlVersion: '1.2' },
    )
    expect(result.value).toMatchObject({ cdn: { host: 'b', regions: ['eu'] }, note: '!overide' })
    const near = result.warnings.filter((w) => w.code === 'MY_YAML_TAG_NEAR_MISS')
    expect(near.map((w) => [w.line, w.column, w.suggestion])).toEqual([
      [1, 6, '!override'],
      [4, 8, '!reset'],
    ])
  })

  it('a tag of another system is not a typo of these', async () => {
    const result = await renderEntry(layers(lines('ref: !Ref x', 'list: !reference [a]')), {
      strict: false,
      yamlVersion: '1.2',
    })
    expect(result.warnings.filter((w) => w.code === 'MY_YAML_TAG_NEAR_MISS')).toEqual([])
  })
})
