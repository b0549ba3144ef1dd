// Declarations under file-system faults: a folder that cannot be written (EROFS, EACCES) or a full
// disk (ENOSPC) is one located warning, never a thrown error (writes run from timers, where a throw
// ends the process); a map another build removed is gone already; a file cut short heals; a link put
// at the target while the plugin writes is replaced, never written through. The faults are injected
// into node:fs (tests run as root, for whom no folder is read-only).
import { existsSync, lstatSync, readdirSync, readFileSync, symlinkSync, unlinkSync } from 'node:fs'
import type * as NodeFs from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Diagnostic } from '@merged-yaml/core'
import { createDeclarationWriter } from '../../src/plugin/dts-writer.ts'
import type { DeclarationWriter } from '../../src/plugin/dts-writer.ts'
import { DECLARATION_MAP_MARK, GENERATED_MARK } from '../../src/codegen/declaration.ts'
import { writeTree } from '../helpers/tree.ts'

/** What the next writes and removals meet (set after a test's tree is written). */
const faults = vi.hoisted(() => ({
  /** Thrown by every write. */
  write: undefined as (NodeJS.ErrnoException & Error) | undefined,
  /** Run just before a temporary file is written (another process acting meanwhile). */
  beforeWrite: undefined as ((path: string) => void) | undefined,
  /** Run just before a file is removed. */
  beforeRemove: undefined as ((path: string) => void) | undefined,
}))

vi.mock('node:fs', async (importOriginal) => {
  const fs = await importOriginal<typeof NodeFs>()
  const writeFileSync: typeof fs.writeFileSync = (path, ...rest) => {
    faults.beforeWrite?.(String(path))
    if (faults.write) throw faults.write
    fs.writeFileSync(path, ...rest)
  }
  const rmSync: typeof fs.rmSync = (path, options) => {
    faults.beforeRemove?.(String(path))
    fs.rmSync(path, options)
  }
  return { ...fs, default: { ...fs, writeFileSync, rmSync }, writeFileSync, rmSync }
})

const errno = (code: string, text: string, path: string): NodeJS.ErrnoException & Error =>
  Object.assign(new Error(`${code}: ${text}, open '${path}'`), { code, syscall: 'open', path })

afterEach(() => {
  faults.write = undefined
  faults.beforeWrite = undefined
  faults.beforeRemove = undefined
})

const sidecar = { mode: 'sidecar' as const, file: '', asConst: false, provenance: 'never' as const }
let updates = 0
const declare = (writer: DeclarationWriter, file: string, values: unknown[]) =>
  writer.updateKeyed({ file, query: {} }, `key ${updates++}`, () => ({ values }))

const temporaries = (dir: string) => readdirSync(dir).filter((name) => name.endsWith('.tmp'))

describe('a declaration that cannot be written', () => {
  for (const [code, text] of [
    ['EROFS', 'read-only file system'],
    ['ENOSPC', 'no space left on device'],
    ['EACCES', 'permission denied'],
  ] as const)
    it(`${code}: one located warning per build, no throw, no file left`, () => {
      const root = writeTree({ 'a.merged.yaml': '', 'b.merged.yaml': '', 'c.merged.yaml': '' })
      const warnings: Diagnostic[] = []
      const writer = createDeclarationWriter(sidecar, root, 100, { report: (w) => warnings.push(w) })
      faults.write = errno(code, text, join(root, 'a.merged.d.yaml.ts.1-0.tmp'))
      for (const name of ['a', 'b', 'c']) declare(writer, join(root, `${name}.merged.yaml`), [{ name }])
      expect(() => writer.flush()).not.toThrow()
      expect(warnings).toHaveLength(1)
      const [warning] = warnings
      expect(warning).toMatchObject({
        code: 'MY_DTS_UNWRITABLE',
        severity: 'warning',
        file: join(root, 'a.merged.d.yaml.ts'),
        line: 1,
        column: 1,
      })
      // What, why (without the temporary file's name), and how to turn declarations off.
      expect(warning!.message).toContain(`could not write this declaration file (${code}: ${text})`)
      expect(warning!.message).not.toContain('.tmp')
      expect(warning!.message).toContain('`dts: false`')
      expect(temporaries(root)).toEqual([])
      expect(existsSync(join(root, 'a.merged.d.yaml.ts'))).toBe(false)

      // The next build warns again, once; once the folder is writable, the declarations are written.
      declare(writer, join(root, 'a.merged.yaml'), [{ again: true }])
      writer.flush()
      expect(warnings).toHaveLength(2)
      faults.write = undefined
      for (const name of ['a', 'b']) declare(writer, join(root, `${name}.merged.yaml`), [{ name }])
      writer.flush()
      expect(warnings).toHaveLength(2)
      expect(readFileSync(join(root, 'a.merged.d.yaml.ts'), 'utf8')).toContain('name: string')
    })

  it('written from a timer (a dev server): warned, never thrown out of the timer', async () => {
    const root = writeTree({ 'a.merged.yaml': '' })
    const warnings: Diagnostic[] = []
    const writer = createDeclarationWriter(sidecar, root, 1, { report: (w) => warnings.push(w), debounce: true })
    faults.write = errno('ENOSPC', 'no space left on device', join(root, 'x.tmp'))
    declare(writer, join(root, 'a.merged.yaml'), [{ a: 1 }])
    // A throw in the timer would be an uncaught exception: vitest fails the run on one.
    await vi.waitFor(() => expect(warnings).toHaveLength(1))
    // The next round (after an edit) says it again.
    declare(writer, join(root, 'a.merged.yaml'), [{ a: 2 }])
    await vi.waitFor(() => expect(warnings).toHaveLength(2))
  })

  it('a declaration whose generation throws is warned about; the others are written', () => {
    const root = writeTree({ 'a.merged.yaml': '', 'b.merged.yaml': '' })
    const warnings: Diagnostic[] = []
    const writer = createDeclarationWriter(sidecar, root, 100, { report: (w) => warnings.push(w) })
    writer.updateKeyed({ file: join(root, 'a.merged.yaml'), query: {} }, 'k', () => {
      throw new Error('another mode failed to render')
    })
    declare(writer, join(root, 'b.merged.yaml'), [{ b: 1 }])
    writer.flush()
    expect(warnings).toMatchObject([{ code: 'MY_DTS_UNWRITABLE', file: join(root, 'a.merged.d.yaml.ts') }])
    expect(warnings[0]!.message).toContain('(another mode failed to render)')
    expect(readFileSync(join(root, 'b.merged.d.yaml.ts'), 'utf8')).toContain('b: number')
  })

  it('ambient: the same warning at the ambient file', () => {
    const root = writeTree({ 'a.merged.yaml': '' })
    const file = join(root, 'merged-yaml.d.ts')
    const warnings: Diagnostic[] = []
    const options = { ...sidecar, mode: 'ambient' as const, file }
    const writer = createDeclarationWriter(options, root, 100, { report: (w) => warnings.push(w) })
    faults.write = errno('EROFS', 'read-only file system', `${file}.1-0.tmp`)
    declare(writer, join(root, 'a.merged.yaml'), [{ a: 1 }])
    writer.flush()
    expect(warnings).toMatchObject([{ code: 'MY_DTS_UNWRITABLE', file }])
    faults.write = undefined
    declare(writer, join(root, 'a.merged.yaml'), [{ a: 1 }])
    writer.flush()
    expect(readFileSync(file, 'utf8')).toContain('declare module "*/a.merged.yaml"')
  })
})

describe('writes that cannot tear or race', () => {
  it('a map another build removed meanwhile is gone already: no error', () => {
    // A map an earlier build wrote (with provenance); this build writes none, so it removes it.
    const mapText = `{"version":3,${DECLARATION_MAP_MARK},"file":"a.merged.d.yaml.ts","mappings":""}`
    const root = writeTree({ 'a.merged.yaml': '', 'a.merged.d.yaml.ts.map': mapText })
    const map = join(root, 'a.merged.d.yaml.ts.map')
    const warnings: Diagnostic[] = []
    const writer = createDeclarationWriter(sidecar, root, 100, { report: (w) => warnings.push(w) })
    // Another build removes it between this one's check and its removal.
    let raced = false
    faults.beforeRemove = (path) => {
      if (path !== map) return
      raced = existsSync(path)
      unlinkSync(path)
    }
    declare(writer, join(root, 'a.merged.yaml'), [{ a: 1 }])
    writer.flush()
    expect(raced).toBe(true)
    expect(warnings).toEqual([])
    expect(existsSync(map)).toBe(false)
    expect(readFileSync(join(root, 'a.merged.d.yaml.ts'), 'utf8')).toContain('a: number')
  })

  it('a link put at the target while the plugin writes is replaced, not written through', () => {
    const root = writeTree({ 'a.merged.yaml': '', 'outside/secret.txt': 'keep\n' })
    const target = join(root, 'a.merged.d.yaml.ts')
    const writer = createDeclarationWriter(sidecar, root)
    // After the writer checked the target (absent), before it writes: someone links it elsewhere.
    faults.beforeWrite = () => {
      if (!existsSync(target)) symlinkSync(join(root, 'outside/secret.txt'), target)
    }
    declare(writer, join(root, 'a.merged.yaml'), [{ a: 1 }])
    writer.flush()
    expect(readFileSync(join(root, 'outside/secret.txt'), 'utf8')).toBe('keep\n')
    expect(lstatSync(target).isSymbolicLink()).toBe(false)
    expect(readFileSync(target, 'utf8')).toContain('a: number')
  })

  it('a link at a temporary file name is never written through', () => {
    const root = writeTree({ 'a.merged.yaml': '', 'outside/secret.txt': 'keep\n' })
    const warnings: Diagnostic[] = []
    const writer = createDeclarationWriter(sidecar, root, 100, { report: (w) => warnings.push(w) })
    faults.beforeWrite = (path) => {
      if (path.endsWith('.tmp') && !existsSync(path)) symlinkSync(join(root, 'outside/secret.txt'), path)
    }
    declare(writer, join(root, 'a.merged.yaml'), [{ a: 1 }])
    writer.flush()
    expect(readFileSync(join(root, 'outside/secret.txt'), 'utf8')).toBe('keep\n')
    expect(warnings).toMatchObject([{ code: 'MY_DTS_UNWRITABLE' }])
    expect(warnings[0]!.message).toContain('EEXIST')
  })
})

describe('a declaration cut short heals', () => {
  for (const [name, text] of [
    ['empty', ''],
    ['blank', '\n\n'],
    ['cut inside the header', GENERATED_MARK.slice(0, 12)],
    ['cut after the header', `${GENERATED_MARK} from a.merged.yaml. Do not edit.\nexport declare const valu`],
  ] as const)
    it(`${name}: rewritten, without a warning`, () => {
      const root = writeTree({ 'a.merged.yaml': '', 'a.merged.d.yaml.ts': text })
      const writer = createDeclarationWriter(sidecar, root)
      expect(declare(writer, join(root, 'a.merged.yaml'), [{ a: 1 }])).toEqual([])
      writer.flush()
      expect(readFileSync(join(root, 'a.merged.d.yaml.ts'), 'utf8')).toContain('a: number')
    })

  it('a file with content the plugin did not write stays, with MY_DTS_NOT_OURS', () => {
    const root = writeTree({ 'a.merged.yaml': '', 'a.merged.d.yaml.ts': '// mine\n' })
    const writer = createDeclarationWriter(sidecar, root)
    expect(declare(writer, join(root, 'a.merged.yaml'), [{ a: 1 }])).toMatchObject([{ code: 'MY_DTS_NOT_OURS' }])
    writer.flush()
    expect(readFileSync(join(root, 'a.merged.d.yaml.ts'), 'utf8')).toBe('// mine\n')
  })
})
