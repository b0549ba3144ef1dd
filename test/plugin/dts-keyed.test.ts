// Declarations keyed on what they are generated from: a declaration is generated again only when its
// key (the entry's fingerprint in each mode, the dts options, the plugin's code) or its file changed.
// With the cache (on by default) the keys outlive the process: a build in which nothing changed
// generates no declaration and renders no other mode.
import { lstatSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import * as declaration from '../../src/codegen/declaration.ts'
import type { DeclarationInput } from '../../src/codegen/declaration.ts'
import { createDeclarationWriter } from '../../src/plugin/dts-writer.ts'
import { MAX_ALIKE_KEYS } from '../../src/plugin/declaration-records.ts'
import type { DeclarationRecord, DeclarationRecords } from '../../src/plugin/declaration-records.ts'
import type { Options } from '../../src/index.ts'
import { buildOnce } from '../helpers/rollup-build.ts'
import { lines, writeTree } from '../helpers/tree.ts'

type Declaration = typeof declaration

vi.mock('../../src/codegen/declaration.ts', async (importOriginal) => {
  const actual = await importOriginal<Declaration>()
  return {
    ...actual,
    generateDeclarationWithMappings: vi.fn<Declaration['generateDeclarationWithMappings']>(
      actual.generateDeclarationWithMappings,
    ),
    generateAmbientModuleWithMappings: vi.fn<Declaration['generateAmbientModuleWithMappings']>(
      actual.generateAmbientModuleWithMappings,
    ),
  }
})

const generated = () =>
  vi.mocked(declaration.generateDeclarationWithMappings).mock.calls.length +
  vi.mocked(declaration.generateAmbientModuleWithMappings).mock.calls.length

describe('the declaration writer, keyed', () => {
  beforeEach(() => vi.clearAllMocks())

  it.each(['sidecar', 'ambient'] as const)('%s: generates again only for a new key or a changed file', (mode) => {
    const root = writeTree({ 'app.merged.yaml': 'a: 1\n' })
    const entry = { file: join(root, 'app.merged.yaml'), query: {} }
    const target = join(root, mode === 'sidecar' ? 'app.merged.d.yaml.ts' : 'merged-yaml.d.ts')
    const writer = createDeclarationWriter(
      { mode, file: join(root, 'merged-yaml.d.ts'), asConst: false, provenance: 'never' as const },
      root,
    )
    const input = vi.fn<() => DeclarationInput>(() => ({ values: [{ a: 1 }] }))

    writer.updateKeyed(entry, 'k1', input)
    writer.flush()
    expect(input).toHaveBeenCalledTimes(1)
    expect(readFileSync(target, 'utf8')).toContain('a: number')

    writer.updateKeyed(entry, 'k1', input)
    writer.flush()
    expect(input).toHaveBeenCalledTimes(1) // same key, same file: nothing asked, nothing generated

    writer.updateKeyed(entry, 'k2', () => ({ values: [{ a: 'x' }] }))
    writer.flush()
    expect(readFileSync(target, 'utf8')).toContain('a: string')

    // The file (still ours: its header) was changed by someone else: written again, though the key is the same.
    writeFileSync(target, readFileSync(target, 'utf8').replace('a: string', 'b: 1'))
    writer.updateKeyed(entry, 'k2', () => ({ values: [{ a: 'x' }] }))
    writer.flush()
    expect(readFileSync(target, 'utf8')).toContain('a: string')
    // A sidecar is generated again; the ambient file is written again from the block the writer knows.
    expect(generated()).toBe(mode === 'sidecar' ? 3 : 2)
  })
})

describe('keys that generate the same declaration', () => {
  beforeEach(() => vi.clearAllMocks())

  it.each(['sidecar', 'ambient'] as const)('%s: each stays current while the text is the same', (mode) => {
    const root = writeTree({ 'app.merged.yaml': 'a: 1\n' })
    const entry = { file: join(root, 'app.merged.yaml'), query: {} }
    const writer = createDeclarationWriter(
      { mode, file: join(root, 'merged-yaml.d.ts'), asConst: false, provenance: 'never' as const },
      root,
    )
    const asked: string[] = []
    const declare = (key: string, a: unknown) => {
      writer.updateKeyed(entry, key, () => (asked.push(key), { values: [{ a }] }))
      writer.flush()
    }
    // Builds a project alternates (another mode, another bundler) key an entry differently.
    declare('development', 1)
    declare('production', 1)
    declare('development', 1)
    declare('production', 1)
    expect(asked).toEqual(['development', 'production'])
    // Another text: the keys that generated the old one no longer vouch for the file.
    declare('test', 'x')
    declare('development', 1)
    declare('test', 'x')
    expect(asked).toEqual(['development', 'production', 'test', 'development', 'test'])
    // At most MAX_ALIKE_KEYS others: the oldest is forgotten.
    const keys = Array.from({ length: MAX_ALIKE_KEYS + 2 }, (_, k) => `k${k}`)
    for (const key of keys) declare(key, 2)
    asked.length = 0
    for (const key of keys.slice(1).reverse()) declare(key, 2)
    declare('k0', 2)
    expect(asked).toEqual(['k0'])
  })
})

describe('a sidecar as the write finds it', () => {
  beforeEach(() => vi.clearAllMocks())
  const options = { mode: 'sidecar' as const, file: '', asConst: false, provenance: 'never' as const }

  it('hand-written or a link since the update: left alone, nothing generated; the same text: not written', () => {
    const root = writeTree({ 'a.merged.yaml': 'a: 1\n', 'b.merged.yaml': 'b: 1\n', 'c.merged.yaml': 'c: 1\n' })
    const writer = createDeclarationWriter(options, root)
    const declare = (name: string) =>
      writer.updateKeyed({ file: join(root, `${name}.merged.yaml`), query: {} }, 'k', () => ({ values: [{ x: 1 }] }))
    const sidecar = (name: string) => join(root, `${name}.merged.d.yaml.ts`)
    for (const name of ['a', 'b', 'c']) declare(name)
    writer.flush()
    expect(generated()).toBe(3)
    const written = readFileSync(sidecar('c'), 'utf8')
    const mtime = statSync(sidecar('c')).mtimeMs

    for (const name of ['a', 'b', 'c'])
      writer.updateKeyed({ file: join(root, `${name}.merged.yaml`), query: {} }, 'k2', () => ({ values: [{ x: 1 }] }))
    writeFileSync(sidecar('a'), 'export declare const mine: 1\n')
    rmSync(sidecar('b'))
    symlinkSync(sidecar('a'), sidecar('b'))
    writer.flush()
    expect(generated()).toBe(4) // c only
    expect(readFileSync(sidecar('a'), 'utf8')).toBe('export declare const mine: 1\n')
    expect(lstatSync(sidecar('b')).isSymbolicLink()).toBe(true)
    expect(readFileSync(sidecar('c'), 'utf8')).toBe(written)
    expect(statSync(sidecar('c')).mtimeMs).toBe(mtime)
  })
})

describe('the declaration key, hashed only where something compares it', () => {
  const options = { mode: 'sidecar' as const, file: '', asConst: false, provenance: 'watching' as const }
  const declareOnce = (oneOffBuild: boolean, records?: DeclarationRecords) => {
    const root = writeTree({ 'app.merged.yaml': 'a: 1\n' })
    const writer = createDeclarationWriter(options, root, undefined, { records })
    const fingerprints = vi.fn<() => string[]>(() => ['development:f1'])
    const modes = { values: () => [{ a: 1 }], fingerprints, deps: { files: [], dirs: [] }, provenance: () => undefined }
    const rendered = { value: () => ({ a: 1 }), schema: () => undefined, sources: () => undefined, secret: false }
    writer.declare({ file: join(root, 'app.merged.yaml'), query: {} }, modes, rendered, oneOffBuild)
    writer.flush()
    expect(readFileSync(join(root, 'app.merged.d.yaml.ts'), 'utf8')).toContain('a: number')
    return fingerprints.mock.calls.length
  }

  it("a one-off build without the cache writes the declaration and never fingerprints the entry's files", () => {
    expect(declareOnce(true)).toBe(0)
  })

  it('a watch build, or a one-off build with the cache, keys it (twice: also the key it keeps)', () => {
    expect(declareOnce(false)).toBe(1)
    const saved = new Map<string, DeclarationRecord>()
    const records = { get: (path: string) => saved.get(path), set: saved.set.bind(saved), save() {} }
    expect(declareOnce(true, records)).toBe(2)
    expect(saved.size).toBe(1)
  })
})

describe('declarations across builds, with the cache', () => {
  let root = ''
  beforeEach(() => vi.clearAllMocks())
  afterEach(() => rmSync(root, { recursive: true, force: true }))

  /** One build as a new process runs it (a fresh plugin instance) in `mode`, loading the entry. */
  async function build(options: Options = {}, mode = 'development'): Promise<void> {
    const code = await buildOnce(root, 'app.merged.yaml', { dts: 'sidecar', cache: '.cache', ...options }, mode)
    if (code.startsWith('error: ')) throw new Error(code)
  }

  it('a build in which nothing changed generates no declaration; any change generates it', async () => {
    root = writeTree({
      'base.yaml': lines('port: 80'),
      'env/development.yaml': lines('debug: true'),
      'env/production.yaml': lines('debug: false'),
      'app.merged.yaml': lines('#include', 'base.yaml', 'env/${mode}.yaml'),
    })
    const sidecar = join(root, 'app.merged.d.yaml.ts')
    await build()
    expect(generated()).toBe(1)
    const text = readFileSync(sidecar, 'utf8')
    expect(text).toContain('debug: boolean')
    const written = statSync(sidecar).mtimeMs

    await build()
    await build({}, 'production') // another mode's build: the declaration covers both
    expect(generated()).toBe(1)
    expect(statSync(sidecar).mtimeMs).toBe(written)

    // A layer only the other mode reads.
    writeFileSync(join(root, 'env/production.yaml'), lines('debug: "no"'))
    await build()
    expect(generated()).toBe(2)
    expect(readFileSync(sidecar, 'utf8')).toContain('debug: boolean | string')

    // Other options for the declarations.
    await build({ dts: { mode: 'sidecar', asConst: true } })
    expect(generated()).toBe(3)
    expect(readFileSync(sidecar, 'utf8')).toContain('readonly')

    // The sidecar deleted.
    rmSync(sidecar)
    await build({ dts: { mode: 'sidecar', asConst: true } })
    expect(generated()).toBe(4)
    expect(readFileSync(sidecar, 'utf8')).toContain('readonly')
  })

  it('builds alternating modes generate an entry that reads no `${mode}` once per mode, then not again', async () => {
    root = writeTree({ 'base.yaml': lines('port: 80'), 'app.merged.yaml': lines('#include', 'base.yaml') })
    const sidecar = join(root, 'app.merged.d.yaml.ts')
    await build({}, 'development')
    await build({}, 'production')
    expect(generated()).toBe(2) // the mode is among the render's options: another key, the same text
    const written = statSync(sidecar).mtimeMs
    for (const mode of ['development', 'production', 'development']) await build({}, mode)
    expect(generated()).toBe(2)
    expect(statSync(sidecar).mtimeMs).toBe(written)
  })

  it('without the cache, each process generates its declarations again', async () => {
    root = writeTree({ 'base.yaml': lines('port: 80'), 'app.merged.yaml': lines('#include', 'base.yaml') })
    await build({ cache: false })
    await build({ cache: false })
    expect(generated()).toBe(2)
  })
})
