// Inputs that cannot be read say so: an include that is a symbolic link looping on itself is a cycle
// (never "not found"), a glob folder that cannot be read is MY_FILE_UNREADABLE (never "matches no
// file"), a looping link a glob meets is a warning. Unreadable folders are injected (EACCES): tests
// run as root, who reads every folder.
import { symlinkSync } from 'node:fs'
import type * as NodeFs from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { isMergedYamlError, renderSync } from '@merged-yaml/core'
import type { Diagnostic } from '@merged-yaml/core'
import { lines, writeTree } from '../helpers/tree.ts'

const faults = vi.hoisted(() => ({ unreadableFolder: undefined as string | undefined }))

vi.mock('node:fs', async (importOriginal) => {
  const fs = await importOriginal<typeof NodeFs>()
  const readdirSync = ((path: NodeFs.PathLike, ...rest: unknown[]) => {
    if (faults.unreadableFolder !== undefined && String(path).replace(/\/$/, '') === faults.unreadableFolder)
      throw Object.assign(new Error(`EACCES: permission denied, scandir '${String(path)}'`), { code: 'EACCES' })
    return (fs.readdirSync as (...args: unknown[]) => unknown)(path, ...rest)
  }) as typeof fs.readdirSync
  return { ...fs, default: { ...fs, readdirSync }, readdirSync }
})

afterEach(() => {
  faults.unreadableFolder = undefined
})

const ENTRY = 'app.merged.yaml'

function renderError(root: string): Diagnostic {
  try {
    renderSync(join(root, ENTRY), { root })
  } catch (error) {
    if (!isMergedYamlError(error)) throw error
    return error.diagnostics[0]!
  }
  throw new Error('rendered without an error')
}

describe('unreadable inputs', () => {
  it('an include that is a looping link is MY_INCLUDE_CYCLE at its line, not "not found"', () => {
    const root = writeTree({ [ENTRY]: lines('#include', 'base.yaml', 'loop.yaml'), 'base.yaml': lines('a: 1') })
    symlinkSync('loop.yaml', join(root, 'loop.yaml'))
    const error = renderError(root)
    expect(error).toMatchObject({ code: 'MY_INCLUDE_CYCLE', file: join(root, ENTRY), line: 3 })
    expect(error.message).toContain('loops (ELOOP)')
    expect(error.message).not.toContain('not found')
  })

  it('two links that point at each other are a cycle too', () => {
    const root = writeTree({ [ENTRY]: lines('#include', 'a.yaml') })
    symlinkSync('b.yaml', join(root, 'a.yaml'))
    symlinkSync('a.yaml', join(root, 'b.yaml'))
    expect(renderError(root)).toMatchObject({ code: 'MY_INCLUDE_CYCLE', line: 2 })
  })

  it('a glob folder that cannot be read is MY_FILE_UNREADABLE, not "matches no file"', () => {
    const root = writeTree({ [ENTRY]: lines('#include', 'layers/*.yaml'), 'layers/a.yaml': lines('a: 1') })
    faults.unreadableFolder = join(root, 'layers')
    const error = renderError(root)
    expect(error).toMatchObject({ code: 'MY_FILE_UNREADABLE', file: join(root, ENTRY), line: 2 })
    expect(error.message).toBe("'layers/*.yaml' could not be matched: the folder '.' cannot be read (EACCES)")
  })

  it('a subfolder a glob cannot read is named', () => {
    const root = writeTree({
      [ENTRY]: lines('#include', 'layers/**/*.yaml'),
      'layers/a.yaml': lines('a: 1'),
      'layers/locked/b.yaml': lines('b: 1'),
    })
    faults.unreadableFolder = join(root, 'layers/locked')
    expect(renderError(root).message).toContain("the folder 'locked' cannot be read (EACCES)")
  })

  it('a looping link a glob meets is a warning naming it; the other matches are merged', () => {
    const root = writeTree({ [ENTRY]: lines('#include', 'layers/*.yaml'), 'layers/a.yaml': lines('a: 1') })
    symlinkSync('loop.yaml', join(root, 'layers/loop.yaml'))
    const result = renderSync(join(root, ENTRY), { root })
    expect(result.value).toEqual({ a: 1 })
    expect(result.warnings).toMatchObject([{ code: 'MY_GLOB_LINK_LOOP', file: join(root, ENTRY), line: 2 }])
    expect(result.warnings[0]!.message).toContain('loop.yaml')
  })
})
