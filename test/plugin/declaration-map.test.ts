// Declarations with sources: each property's JSDoc says which layer line set its value (after what
// the schema says of it), a declaration map points its name there, and both are written only when
// they change. What an editor does with them is test/types/editor.test.ts's.
import { existsSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { render } from '@merged-yaml/core'
import { describe, expect, it } from 'vitest'
import { generateDeclaration, generateDeclarationWithMappings } from '../../src/codegen/declaration.ts'
import { createPropertySources } from '../../src/codegen/property-sources.ts'
import type { Diagnostic } from '@merged-yaml/core'
import type { DeclarationInput } from '../../src/codegen/declaration.ts'
import { createDeclarationWriter } from '../../src/plugin/dts-writer.ts'
import type { DeclarationWriter } from '../../src/plugin/dts-writer.ts'
import type { EntryId } from '../../src/plugin/entry-id.ts'
import { loadMapWriter, withMap } from '../../src/plugin/map-writer.ts'
import { createMergedYaml } from '../../src/plugin/factory.ts'
import type { Options } from '../../src/plugin/options.ts'
import { writeTree } from '../helpers/tree.ts'

const OLD = new Date('2001-01-01T00:00:00Z')

/**
 * An update as the plugin makes one, under a key never used before (something it is generated from
 * changed): the declaration is generated again, and whether its text changed decides the write.
 */
let updates = 0
const update = (writer: DeclarationWriter, entry: EntryId, input: DeclarationInput): Diagnostic[] =>
  writer.updateKeyed(entry, `update ${updates++}`, () => input)
const options = { asConst: false }

const LAYERS = {
  'app.merged.yaml': '#include\nbase.yaml\nprod.yaml\n',
  'base.yaml': 'api:\n  url: https://a.example\n  retries: [1, 2]\nname: base\n',
  'prod.yaml': '# prod\nname: prod\n',
}

/** The sidecar declaration `file` and its map, as the plugin writes them (the map writer loaded first). */
async function generateWithMap(input: DeclarationInput, file: string) {
  await loadMapWriter()
  const { text, mappings } = generateDeclarationWithMappings(input, options, file, 'app.merged.yaml')
  return withMap(file, text, mappings)
}

async function sourcesOf(root: string) {
  const result = await render(join(root, 'app.merged.yaml'), { root, sources: true })
  return { value: result.value, sources: createPropertySources(result.sources!, result.value) }
}

describe('declarations with sources', () => {
  it('say where each value came from, and map each name to its layer line', async () => {
    const root = writeTree(LAYERS)
    const { value, sources } = await sourcesOf(root)
    const file = join(root, 'app.merged.d.yaml.ts')
    const { text, map } = await generateWithMap({ values: [value], sources }, file)
    expect(text).toContain('  /** base.yaml:2 — values */\n    url: string\n')
    expect(text).toContain('  /** prod.yaml:2 — values over base.yaml:4 */\n  name: string\n')
    expect(text).toContain('/** prod.yaml:2 — values over base.yaml:4 */\nexport declare const name')
    expect(text.trimEnd().split('\n').at(-1)).toBe('//# sourceMappingURL=app.merged.d.yaml.ts.map')
    const parsed = JSON.parse(map!)
    expect(parsed).toMatchObject({ version: 3, file: 'app.merged.d.yaml.ts', sources: ['base.yaml', 'prod.yaml'] })
    // TypeScript refuses a map that carries its sources' content.
    expect(parsed.sourcesContent).toBeUndefined()
  })

  it('without sources, are the declarations of generateDeclaration, with no map', async () => {
    const input = { values: [{ a: { b: [1] } }] }
    const file = '/p/app.merged.d.yaml.ts'
    expect(await generateWithMap(input, file)).toEqual({ text: generateDeclaration(input, options, 'app.merged.yaml') })
  })

  it("with a schema, give the schema's description first, then the source", async () => {
    const root = writeTree(LAYERS)
    const { value, sources } = await sourcesOf(root)
    const schema = {
      type: 'object',
      properties: {
        api: { type: 'object', properties: { url: { type: 'string', description: 'Where the API is.' } } },
        name: { type: 'string' },
      },
    }
    const input = { values: [value], schema: { schema }, sources }
    const { text } = await generateWithMap(input, join(root, 'app.d.ts'))
    expect(text).toContain('    /**\n     * Where the API is.\n     * base.yaml:2 — values\n     */\n    url?: string')
  })

  it('are written with their map only when either changes', async () => {
    const root = writeTree(LAYERS)
    const { value, sources } = await sourcesOf(root)
    const entry = { file: join(root, 'app.merged.yaml'), query: {} }
    const writer = createDeclarationWriter(
      { mode: 'sidecar', file: '', asConst: false, provenance: 'always' as const },
      root,
    )
    // Declarations with provenance have maps: the writer is prepared before the first is declared.
    await writer.prepare(false)
    update(writer, entry, { values: [value], sources })
    writer.flush()
    const map = join(root, 'app.merged.d.yaml.ts.map')
    expect(JSON.parse(readFileSync(map, 'utf8')).sources).toEqual(['base.yaml', 'prod.yaml'])
    utimesSync(map, OLD, OLD)
    update(writer, entry, { values: [value], sources })
    writer.flush()
    expect(statSync(map).mtime).toEqual(OLD)
    // Without sources (provenance turned off): the map goes, or TypeScript would still follow it.
    update(writer, entry, { values: [value] })
    writer.flush()
    expect(existsSync(map)).toBe(false)
    expect(readFileSync(join(root, 'app.merged.d.yaml.ts'), 'utf8')).not.toContain('sourceMappingURL')
  })
})

describe('provenance by default', () => {
  /**
   * One build of the plugin as Rollup calls it: one load of the entry, then the end of the build. The
   * cache keeps, between builds, what each declaration was written from.
   */
  async function buildOnce(root: string, watchMode: boolean, dts: Options['dts'] = 'sidecar') {
    const options: Options = { root, dts, cache: join(root, '.cache'), vars: { mode: 'production' } }
    const { load, buildEnd } = createMergedYaml(options, 'rollup')
    const context = { addWatchFile: () => {}, error: () => {}, warn: () => {}, meta: { watchMode } }
    await load(context, join(root, 'app.merged.yaml'))
    await buildEnd()
    const declaration = readFileSync(join(root, 'app.merged.d.yaml.ts'), 'utf8')
    return { declaration, map: existsSync(join(root, 'app.merged.d.yaml.ts.map')) }
  }

  it('is in a watch build, not in a one-off build, which keeps what a watch build wrote', async () => {
    const root = writeTree(LAYERS)
    const oneOff = await buildOnce(root, false)
    expect(oneOff.declaration).not.toContain('base.yaml:2')
    expect(oneOff.map).toBe(false)
    const watched = await buildOnce(root, true)
    expect(watched.declaration).toContain('/** base.yaml:2 — values */')
    expect(watched.map).toBe(true)
    // Nothing changed since: a one-off build keeps it.
    expect(await buildOnce(root, false)).toEqual(watched)
    // `true`: in every build; `false`: never.
    writeFileSync(join(root, 'prod.yaml'), '# prod\nname: production\n')
    expect((await buildOnce(root, false, { provenance: true })).declaration).toContain('prod.yaml:2 — values')
    expect((await buildOnce(root, true, { provenance: false })).map).toBe(false)
  })
})
