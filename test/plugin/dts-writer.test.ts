// Declaration files: written only when their text changes, batched, ambient entries kept across runs.
import { spawn } from 'node:child_process'
import { existsSync, readFileSync, rmSync, statSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import ts from 'typescript'
import { describe, expect, it, vi } from 'vitest'
import type { Diagnostic } from '@merged-yaml/core'
import { DECLARATION_MAP_MARK, GENERATED_MARK } from '../../src/codegen/declaration.ts'
import type { DeclarationInput } from '../../src/codegen/declaration.ts'
import { isOwnedOrAbsent } from '../../src/plugin/declaration-files.ts'
import { ambientSpecifiers, createDeclarationWriter, sidecarPath } from '../../src/plugin/dts-writer.ts'
import type { DeclarationWriter } from '../../src/plugin/dts-writer.ts'
import type { EntryId } from '../../src/plugin/entry-id.ts'
import { resolveDts } from '../../src/plugin/options.ts'
import { REPO } from './bundlers.ts'
import { writeTree } from '../helpers/tree.ts'
import { scaled } from '../helpers/time-scale.ts'

const OLD = new Date('2001-01-01T00:00:00Z')

/**
 * An update as the plugin makes one, under a key never used before (something it is generated from
 * changed): the declaration is generated again, and whether its text changed decides the write.
 */
let updates = 0
const update = (writer: DeclarationWriter, entry: EntryId, input: DeclarationInput): Diagnostic[] =>
  writer.updateKeyed(entry, `update ${updates++}`, () => input)

describe('sidecarPath', () => {
  it('is the name allowArbitraryExtensions looks for', () => {
    expect(sidecarPath('/p/config/app.merged.yaml')).toBe('/p/config/app.merged.d.yaml.ts')
    expect(sidecarPath('/p/app.merged.yml')).toBe('/p/app.merged.d.yml.ts')
  })
})

describe('ambientSpecifiers', () => {
  it('uses the shortest path suffix that no other entry shares', () => {
    const specifiers = ambientSpecifiers([
      'src/app.merged.yaml',
      'src/web/site.merged.yaml',
      'src/api/site.merged.yaml',
      'x/a/b.merged.yaml',
      'y/a/b.merged.yaml',
    ])
    expect(Object.fromEntries(specifiers)).toEqual({
      'src/app.merged.yaml': '*/app.merged.yaml',
      'src/web/site.merged.yaml': '*/web/site.merged.yaml',
      'src/api/site.merged.yaml': '*/api/site.merged.yaml',
      'x/a/b.merged.yaml': '*/x/a/b.merged.yaml',
      'y/a/b.merged.yaml': '*/y/a/b.merged.yaml',
    })
  })
})

describe('resolveDts', () => {
  it('defaults to sidecar declarations when TypeScript is installed, to none otherwise', () => {
    expect(resolveDts(undefined, REPO)).toEqual({
      mode: 'sidecar',
      file: join(REPO, 'merged-yaml.d.ts'),
      asConst: false,
      provenance: 'watching',
    })
    expect(resolveDts(undefined, writeTree({ 'package.json': '{}' }))).toBeUndefined()
    const ambient = { mode: 'ambient', file: '/p/merged-yaml.d.ts', asConst: false, provenance: 'watching' }
    expect(resolveDts('ambient', '/p')).toEqual(ambient)
    expect(resolveDts({ mode: 'ambient', file: 'types/yaml.d.ts', asConst: true, provenance: false }, '/p')).toEqual({
      mode: 'ambient',
      file: '/p/types/yaml.d.ts',
      asConst: true,
      provenance: 'never',
    })
    expect(resolveDts({ provenance: true }, '/p')?.provenance).toBe('always')
    expect(resolveDts(false, REPO)).toBeUndefined()
  })
})

describe('createDeclarationWriter', () => {
  it('writes a sidecar once per change, and not at all when the text is the same', () => {
    const root = writeTree({ 'app.merged.yaml': 'a: 1\n' })
    const entry = { file: join(root, 'app.merged.yaml'), query: {} }
    const target = join(root, 'app.merged.d.yaml.ts')
    const writer = createDeclarationWriter(
      { mode: 'sidecar', file: '', asConst: false, provenance: 'never' as const },
      root,
    )

    update(writer, entry, { values: [{ a: 1 }] })
    writer.flush()
    expect(readFileSync(target, 'utf8')).toContain('export declare const a: Value["a"]')
    utimesSync(target, OLD, OLD)

    update(writer, entry, { values: [{ a: 2 }] })
    writer.flush()
    expect(statSync(target).mtime).toEqual(OLD) // same type: untouched

    update(writer, entry, { values: [{ a: 'two' }] })
    writer.flush()
    expect(readFileSync(target, 'utf8')).toContain('a: string')
    expect(statSync(target).mtime).not.toEqual(OLD)
  })

  it('does not write sidecars for query imports (TypeScript cannot map them to a file)', () => {
    const root = writeTree({ 'app.merged.yaml': 'a: 1\n' })
    const writer = createDeclarationWriter(
      { mode: 'sidecar', file: '', asConst: false, provenance: 'never' as const },
      root,
    )
    update(writer, { file: join(root, 'app.merged.yaml'), query: { lookup: 'a' } }, { values: [1] })
    writer.flush()
    expect(existsSync(join(root, 'app.merged.d.yaml.ts'))).toBe(false)
  })

  it('batches updates: one write shortly after a burst, without a flush', async () => {
    const root = writeTree({ 'app.merged.yaml': '' })
    const entry = { file: join(root, 'app.merged.yaml'), query: {} }
    const target = join(root, 'app.merged.d.yaml.ts')
    const writer = createDeclarationWriter(
      { mode: 'sidecar', file: '', asConst: false, provenance: 'never' as const },
      root,
      50,
    )
    for (let i = 0; i < 20; i++) update(writer, entry, { values: [{ [`k${i}`]: i }] })
    expect(existsSync(target)).toBe(false)
    await vi.waitFor(() => expect(existsSync(target)).toBe(true), { timeout: scaled(5000) })
    expect(readFileSync(target, 'utf8')).toContain('k19: number')
  })

  it('ambient: keeps the blocks of entries written before while their file exists', () => {
    const root = writeTree({ 'a/app.merged.yaml': '', 'b/app.merged.yaml': '', 'gone.merged.yaml': '' })
    const file = join(root, 'merged-yaml.d.ts')
    const options = { mode: 'ambient' as const, file, asConst: false, provenance: 'never' as const }

    const first = createDeclarationWriter(options, root)
    update(first, { file: join(root, 'a/app.merged.yaml'), query: {} }, { values: [{ a: 1 }] })
    update(first, { file: join(root, 'b/app.merged.yaml'), query: {} }, { values: [{ b: 'x' }] })
    update(first, { file: join(root, 'gone.merged.yaml'), query: {} }, { values: [{ g: true }] })
    update(first, { file: join(root, 'a/app.merged.yaml'), query: { lookup: 'a' } }, { values: [1] })
    first.flush()
    const text = readFileSync(file, 'utf8')
    expect(text).toContain('declare module "*/a/app.merged.yaml" {')
    expect(text).toContain('declare module "*/a/app.merged.yaml?lookup=a" {')
    expect(text).toContain('declare module "*/b/app.merged.yaml" {')
    expect(text).toContain('declare module "*/gone.merged.yaml" {')

    // A new process renders only b (now a number); a is kept, gone's file was deleted.
    rmSync(join(root, 'gone.merged.yaml'))
    const second = createDeclarationWriter(options, root)
    update(second, { file: join(root, 'b/app.merged.yaml'), query: {} }, { values: [{ b: 2 }] })
    second.flush()
    const next = readFileSync(file, 'utf8')
    expect(next).toContain('declare module "*/a/app.merged.yaml" {\n  type Value = {\n    a: number\n  }')
    expect(next).toContain('declare module "*/b/app.merged.yaml" {\n  type Value = {\n    b: number\n  }')
    expect(next).not.toContain('gone')
  })

  it('ambient: renames a kept block when a new entry shares its file name', () => {
    const root = writeTree({ 'a/app.merged.yaml': '', 'b/app.merged.yaml': '' })
    const file = join(root, 'merged-yaml.d.ts')
    const options = { mode: 'ambient' as const, file, asConst: false, provenance: 'never' as const }
    const first = createDeclarationWriter(options, root)
    update(first, { file: join(root, 'a/app.merged.yaml'), query: {} }, { values: [{ a: 1 }] })
    first.flush()
    expect(readFileSync(file, 'utf8')).toContain('declare module "*/app.merged.yaml" {')

    const second = createDeclarationWriter(options, root)
    update(second, { file: join(root, 'b/app.merged.yaml'), query: {} }, { values: [{ b: 1 }] })
    second.flush()
    const text = readFileSync(file, 'utf8')
    expect(text).toContain('// @entry a/app.merged.yaml\ndeclare module "*/a/app.merged.yaml" {')
    expect(text).toContain('// @entry b/app.merged.yaml\ndeclare module "*/b/app.merged.yaml" {')
  })

  it('ambient: a file someone else wrote is left as it is, with a warning naming it once', () => {
    const root = writeTree({ 'app.merged.yaml': '' })
    const file = join(root, 'merged-yaml.d.ts')
    writeFileSync(file, 'declare module "x" {}\n')
    const writer = createDeclarationWriter(
      { mode: 'ambient', file, asConst: false, provenance: 'never' as const },
      root,
    )
    const warnings = update(writer, { file: join(root, 'app.merged.yaml'), query: {} }, { values: [{}] })
    writer.flush()
    expect(readFileSync(file, 'utf8')).toBe('declare module "x" {}\n')
    expect(warnings).toMatchObject([{ code: 'MY_DTS_NOT_OURS', severity: 'warning', file, line: 1, column: 1 }])
    expect(update(writer, { file: join(root, 'app.merged.yaml'), query: {} }, { values: [{}] })).toEqual([])
  })

  // Turbopack's loader processes render an entry for the server and the client at once, each writing its
  // declaration and map: a read between another's truncation and its write sees an empty file.
  it('a declaration and map another process keeps rewriting stay ours (MY_DTS_NOT_OURS false alarm)', async () => {
    const root = writeTree({})
    const target = join(root, 'app.merged.d.yaml.ts')
    const files = [
      [target, `${GENERATED_MARK} from app.merged.yaml.\nexport {}\n`.repeat(20)],
      [`${target}.map`, `{"version":3,${DECLARATION_MAP_MARK},"file":"app.merged.d.yaml.ts","mappings":""}`],
    ]
    const rewrite = `const files = ${JSON.stringify(files)}; const end = Date.now() + 1500;
      while (Date.now() < end) for (const [file, text] of files) require('node:fs').writeFileSync(file, text)`
    const other = spawn(process.execPath, ['-e', rewrite], { stdio: 'ignore' })
    const exited = new Promise((resolve) => other.on('close', resolve))
    const leftAlone = new Set<string>()
    const end = Date.now() + 1200
    await new Promise((resolve) => setTimeout(resolve, 150))
    while (Date.now() < end) for (const [file] of files) if (!isOwnedOrAbsent(file!)) leftAlone.add(file!)
    await exited
    expect([...leftAlone]).toEqual([])
  })

  it('the warning for a link says so, and never that the file lacks a header', () => {
    const root = writeTree({ 'app.merged.yaml': 'a: 1\n', 'ours.ts': '// Generated by unplugin-merged-yaml\n' })
    symlinkSync(join(root, 'ours.ts'), join(root, 'app.merged.d.yaml.ts'))
    const writer = createDeclarationWriter({ mode: 'sidecar', file: '', asConst: false, provenance: 'never' }, root)
    const [warning] = update(writer, { file: join(root, 'app.merged.yaml'), query: {} }, { values: [{ a: 1 }] })
    expect(warning?.message).toMatch(/is a link: .* replace it by a plain file/)
    expect(warning?.message).not.toMatch(/not written by|header/)
  })

  it("ambient: types a Datum store's node import for TypeScript", () => {
    const root = writeTree({ 'source/Datum.yml': '' })
    const file = join(root, 'merged-yaml.d.ts')
    const writer = createDeclarationWriter(
      { mode: 'ambient', file, asConst: false, provenance: 'never' as const },
      root,
    )
    const node = { file: join(root, 'source/Datum.yml'), query: { node: 'AllNodes/Dev/DSCFile01' } }
    update(writer, node, { values: [{ NodeName: 'DSCFile01', Web: { Port: 80 } }] })
    writer.flush()
    writeFileSync(
      join(root, 'main.ts'),
      [
        "import rsop from './source/Datum.yml?node=AllNodes/Dev/DSCFile01'",
        'export const port: number = rsop.Web.Port',
        'export const wrong: string = rsop.Web.Port',
      ].join('\n'),
    )
    const program = ts.createProgram([file, join(root, 'main.ts')], {
      strict: true,
      noEmit: true,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      types: [],
    })
    const errors = ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'))
    expect(errors).toEqual(["Type 'number' is not assignable to type 'string'."])
  })
})
