// A dialect's gather hook (Dialect.gather) and the access the gather stage gives it: confined reads
// and listings, each recorded as an input of the entry (files, missing, globs) and so part of its
// fingerprint; problems stop gathering.
import { mkdirSync, symlinkSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { isMergedYamlError } from '@merged-yaml/core'
import type { DialectGatherAccess } from '../../packages/core/src/dialects/types.ts'
import { diskFileSystem } from '../../packages/core/src/file-system.ts'
import { gatherEntry } from '../../packages/core/src/pipeline/gather/gather.ts'
import type { EntryInputs, GatherResult } from '../../packages/core/src/pipeline/gather/gather.ts'
import { resolveOptions } from '../../packages/core/src/render-options.ts'
import type { RenderOptions } from '../../packages/core/src/render-options.ts'
import { Reporter } from '../../packages/core/src/reporter.ts'
import { lines, writeTree } from '../helpers/tree.ts'

interface Gathered {
  result: GatherResult
  inputs: EntryInputs
}

/** Gathers `entry` with one hook, `read`, which may use the access as it likes. */
function gatherWith(
  entry: string,
  read: (access: DialectGatherAccess, text: string) => unknown,
  options: RenderOptions = {},
): Gathered {
  const inputs: EntryInputs = { files: [], missing: [], globs: [], optional: [], links: [] }
  const resolved = resolveOptions(options)
  const hooks = [
    { dialect: 'test', gather: (file: { text: string }, access: DialectGatherAccess) => read(access, file.text) },
  ]
  const result = gatherEntry(entry, { dependencies: [], hooks }, resolved, new Reporter(true), diskFileSystem, inputs)
  return { result, inputs }
}

function gatherError(entry: string, read: (access: DialectGatherAccess) => unknown, options: RenderOptions) {
  try {
    gatherWith(entry, read, options)
  } catch (error) {
    if (isMergedYamlError(error)) return error.diagnostics[0]!
    throw error
  }
  throw new Error('expected gathering to fail')
}

describe("a dialect's gather hook", () => {
  it("gets the entry's text and hands its result to the render, by dialect", () => {
    const root = writeTree({ 'entry.yml': '\uFEFFa: 1\n' })
    const { result } = gatherWith(join(root, 'entry.yml'), (_access, text) => ({ text }), { root })
    expect(result.gathered.get('test')).toEqual({ text: 'a: 1\n' })
    expect(gatherWith(join(root, 'entry.yml'), () => undefined, { root }).result.gathered.has('test')).toBe(false)
  })

  it('reads files as inputs of the entry, and records a file that is not there as missing', () => {
    const root = writeTree({ 'entry.yml': 'a: 1\n', 'data/one.yml': '\uFEFFone: 1\n' })
    const { result, inputs } = gatherWith(
      join(root, 'entry.yml'),
      (access) => [access.readText('data/one.yml'), access.readText(join(root, 'data/two.yml'))],
      { root },
    )
    expect(result.gathered.get('test')).toEqual(['one: 1\n', undefined])
    expect(inputs.files).toEqual([join(root, 'entry.yml'), join(root, 'data/one.yml')])
    expect(inputs.missing).toEqual([join(root, 'data/two.yml')])
  })

  it('lists folders as globs of the entry (their names kept for the fingerprint); a missing one is missing', () => {
    const root = writeTree({ 'entry.yml': 'a: 1\n', 'data/one.yml': '', 'data/sub/two.yml': '' })
    const { result, inputs } = gatherWith(
      join(root, 'entry.yml'),
      (access) => [access.list('data'), access.list('nowhere')],
      { root },
    )
    const [listed, missing] = result.gathered.get('test') as [{ name: string; folder: boolean }[], undefined]
    expect(listed.sort((a, b) => a.name.localeCompare(b.name))).toEqual([
      { name: 'one.yml', folder: false },
      { name: 'sub', folder: true },
    ])
    expect(missing).toBeUndefined()
    expect(inputs.globs).toEqual([join(root, 'data', '*'), join(root, 'nowhere', '*')])
    expect(inputs.missing).toEqual([join(root, 'nowhere')])
    expect(result.listings).toEqual(new Map([[join(root, 'data'), ['one.yml', 'sub/']]]))
  })

  it('keeps reads within root and allow, refuses denied files, and stops at the first problem', () => {
    const root = writeTree({ 'entry.yml': 'a: 1\n', '.env': 'SECRET=1\n' })
    const outside = writeTree({ 'other.yml': 'b: 2\n' })
    const entry = join(root, 'entry.yml')
    const read = (path: string) => (access: DialectGatherAccess) => access.readText(path)
    expect(gatherError(entry, read(join(outside, 'other.yml')), { root })).toMatchObject({
      code: 'MY_INCLUDE_OUTSIDE_ROOT',
      file: entry,
    })
    expect(gatherError(entry, (access) => access.list(outside), { root }).code).toBe('MY_INCLUDE_OUTSIDE_ROOT')
    expect(gatherWith(entry, read(join(outside, 'other.yml')), { root, allow: [outside] }).inputs.files).toContain(
      join(outside, 'other.yml'),
    )
    expect(gatherError(entry, read('.env'), { root }).code).toBe('MY_INCLUDE_DENIED')
    const at = { file: entry, position: { line: 1, column: 4 }, chain: [] }
    expect(gatherError(entry, (access) => access.readText('.env', at), { root })).toMatchObject({ line: 1, column: 4 })
  })

  it("lets the entry's folder be read like the entry with allowEntryFolder, links out of it still refused", () => {
    const store = writeTree({ 'Datum.yml': lines('a: 1'), 'data/one.yml': 'one: 1\n' })
    const root = writeTree({})
    const outside = writeTree({ 'secret.yml': 'x: 1\n' })
    mkdirSync(join(store, 'links'))
    symlinkSync(join(outside, 'secret.yml'), join(store, 'links/secret.yml'))
    const entry = join(store, 'Datum.yml')
    expect(gatherError(entry, (access) => access.readText('data/one.yml'), { root }).code).toBe(
      'MY_INCLUDE_OUTSIDE_ROOT',
    )
    const allowed = (path: string) => (access: DialectGatherAccess) => {
      access.allowEntryFolder()
      return access.readText(path)
    }
    expect(gatherWith(entry, allowed('data/one.yml'), { root }).result.gathered.get('test')).toBe('one: 1\n')
    expect(gatherError(entry, allowed('links/secret.yml'), { root }).code).toBe('MY_INCLUDE_OUTSIDE_ROOT')
  })
})
