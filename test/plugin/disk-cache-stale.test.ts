// With the `cache` option a stale result is impossible: an entry's stored module is served only while
// its fingerprint — every byte of every file it read, what each glob and optional include found, what
// a Datum store's folders held — is what it was. These tests edit every byte of every file each kind
// of entry read (layers, a JSON Schema, a Heat template, a Datum store's files), one at a time, and
// add and remove glob matches and store files; after each change a new build with the cache must
// give exactly what a render without any cache gives (the module code, or the same error).
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { renderSync } from '@merged-yaml/core'
import type { RenderOptions } from '@merged-yaml/core'
import { afterEach, describe, expect, it } from 'vitest'
import { generateModule } from '../../src/codegen/module.ts'
import { seal, unseal } from '../../src/plugin/disk-cache.ts'
import type { Options } from '../../src/index.ts'
import { buildOnce } from '../helpers/rollup-build.ts'
import { lines, writeTree } from '../helpers/tree.ts'

const MODE = { vars: { mode: 'development' } }

/** One build with the cache, as a new process runs it: a fresh plugin instance; the code or the error. */
const buildWithCache = (root: string, id: string, options: Options): Promise<string> =>
  buildOnce(root, id, { dts: false, cache: '.cache', ...MODE, ...options })

/** What a render without any cache gives, in the same form. */
function renderFresh(root: string, file: string, options: RenderOptions): string {
  try {
    return generateModule(renderSync(join(root, file), { root, ...MODE, ...options }).value)
  } catch (error) {
    return `error: ${(error as Error).message}`
  }
}

/** The files an entry read, relative to its root (a stored module records them). */
function filesRead(root: string, file: string, options: RenderOptions): string[] {
  return renderSync(join(root, file), { root, ...MODE, ...options }).files.map((path) => path.slice(root.length + 1))
}

/** Another byte in place of `byte`: printable stays printable, so most edits keep the file readable. */
const edited = (byte: number): number =>
  byte === 0x0a ? 0x20 : byte >= 0x30 && byte <= 0x39 ? 0x30 + ((byte - 0x2f) % 10) : byte ^ 0x01

interface Case {
  name: string
  tree: Record<string, string>
  /** The module id (the entry, with a query for a Datum node). */
  id: string
  /** The file rendered, and the engine options the id stands for. */
  file: string
  engine: RenderOptions
  /** The plugin's options. */
  options: Options
  /** Files created (a glob's new match, a store file), and whether that changes the result. */
  creations?: Record<string, { text: string; changes: boolean }>
  /** Files deleted: each changes the result. */
  deletions?: string[]
}

const CASES: Case[] = [
  {
    name: 'cloud-init layers, a glob, an optional include and a JSON Schema',
    tree: {
      'base.yaml': lines('name: base', 'port: 80', 'list: [1]'),
      'env/development.yaml': lines('merge_how: dict(recurse_list)+list(append)', 'list: [2]'),
      'features/a.yaml': lines('a: true'),
      'app.schema.json': JSON.stringify({
        type: 'object',
        required: ['name'],
        properties: { port: { type: 'number' } },
      }),
      'app.merged.yaml': lines('#include', 'base.yaml', 'env/${mode}.yaml', '?local.yaml', 'features/*.yaml'),
    },
    id: 'app.merged.yaml',
    file: 'app.merged.yaml',
    engine: { schema: 'app.schema.json' },
    options: { schema: 'app.schema.json' },
    creations: {
      'features/b.yaml': { text: lines('b: 1'), changes: true },
      'local.yaml': { text: lines('local: true'), changes: true },
    },
    deletions: ['features/a.yaml'],
  },
  {
    name: 'a Heat environment and its template',
    tree: {
      'template.yaml': lines('heat_template_version: 2018-08-31', 'parameters:', '  count: {type: number}'),
      'a.yaml': lines('parameters: {count: 1}'),
      'app.merged.yaml': lines('#include', 'a.yaml'),
    },
    id: 'app.merged.yaml',
    file: 'app.merged.yaml',
    engine: { dialect: 'heat', heat: { template: 'template.yaml' } },
    options: { dialect: 'heat', heat: { template: 'template.yaml' } },
  },
  {
    name: "a Datum store's node",
    tree: {
      'store/Datum.yml': lines('ResolutionPrecedence:', '  - AllNodes\\$($Node.Name)', '  - Roles\\Web'),
      'store/AllNodes/web01.yml': lines('Configurations: [Web]'),
      'store/Roles/Web.yml': lines('Web: {Port: 80}'),
    },
    id: 'store/Datum.yml?node=web01',
    file: 'store/Datum.yml',
    engine: { datum: { node: 'web01' } },
    options: {},
    // Another node's file is listed (part of the fingerprint), and changes nothing for this node.
    creations: { 'store/AllNodes/web02.yml': { text: lines('Configurations: [Web]'), changes: false } },
    deletions: ['store/Roles/Web.yml'],
  },
]

describe('the cache never serves a stale result', () => {
  let root = ''
  afterEach(() => rmSync(root, { recursive: true, force: true }))

  it.each(CASES)('$name: every byte of every file read, edited one at a time', async (c) => {
    root = writeTree(c.tree)
    const original = await buildWithCache(root, c.id, c.options)
    expect(original).toBe(renderFresh(root, c.file, c.engine))
    expect(original.startsWith('error')).toBe(false)
    // Unchanged inputs are served from the cache (a mark added to the stored code shows).
    for (const name of readdirSync(join(root, '.cache')).filter((n) => n.endsWith('.module'))) {
      const stored = join(root, '.cache', name)
      // Sealed again: a stored module is served only while it matches its checksum.
      writeFileSync(stored, seal(unseal(readFileSync(stored, 'utf8'))!.replace('\n', '\n// served\n')))
    }
    expect(await buildWithCache(root, c.id, c.options)).toBe(`// served\n${original}`)
    rmSync(join(root, '.cache'), { recursive: true })
    const files = filesRead(root, c.file, c.engine)
    // The kinds of file the case is about are among what the entry read (and so in its fingerprint).
    expect(files.toSorted()).toEqual(Object.keys(c.tree).toSorted())
    let changed = 0
    for (const name of files) {
      const path = join(root, name)
      const bytes = readFileSync(path)
      for (let at = 0; at < bytes.length; at++) {
        // The cache holds the module of the unedited files: served for the edited ones, it would show.
        expect(await buildWithCache(root, c.id, c.options)).toBe(original)
        const copy = Buffer.from(bytes)
        copy[at] = edited(copy[at]!)
        writeFileSync(path, copy)
        const served = await buildWithCache(root, c.id, c.options)
        expect(served, `${name}, byte ${at}`).toBe(renderFresh(root, c.file, c.engine))
        if (served !== original) changed++
        writeFileSync(path, bytes)
      }
    }
    // The edits did change results (so the comparison above was not between unchanged results).
    expect(changed).toBeGreaterThan(0)
  })

  it.each(CASES.filter((c) => c.creations || c.deletions))('$name: files appearing and disappearing', async (c) => {
    root = writeTree(c.tree)
    const original = await buildWithCache(root, c.id, c.options)
    expect(await buildWithCache(root, c.id, c.options)).toBe(original)
    for (const [name, { text, changes }] of Object.entries(c.creations ?? {})) {
      writeFileSync(join(root, name), text)
      const served = await buildWithCache(root, c.id, c.options)
      expect(served, `${name} created`).toBe(renderFresh(root, c.file, c.engine))
      expect(served !== original, `${name} created`).toBe(changes)
      rmSync(join(root, name))
      expect(await buildWithCache(root, c.id, c.options)).toBe(original)
    }
    for (const name of c.deletions ?? []) {
      const text = readFileSync(join(root, name))
      rmSync(join(root, name))
      const served = await buildWithCache(root, c.id, c.options)
      expect(served, `${name} deleted`).toBe(renderFresh(root, c.file, c.engine))
      expect(served, `${name} deleted`).not.toBe(original)
      writeFileSync(join(root, name), text)
      expect(await buildWithCache(root, c.id, c.options)).toBe(original)
    }
  })
})
