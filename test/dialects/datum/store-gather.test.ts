// A store is read while its entry is gathered (the dialect's gather hook), never while merging: what
// a node's render can reach is read, and nothing else; all of it is part of the entry's inputs and
// fingerprint, so a cache keyed on the fingerprint renders a node anew when a layer of it changes.
import { rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { isMergedYamlError, prepareEntry, render, renderSync } from '@merged-yaml/core'
import type { RenderOptions } from '@merged-yaml/core'
import { lines, writeTree } from '../../helpers/tree.ts'
import { nodesAt, STORE, storeError } from './helpers.ts'

const NODE = { node: 'AllNodes/Dev/web01' }

/** STORE with Datum.InvokeCommand declared and a Global store, one file of which a role reads. */
const WITH_GLOBAL: Record<string, string> = {
  ...STORE,
  'Datum.yml': `${STORE['Datum.yml']}DatumHandlers:\n  Datum.InvokeCommand::InvokeCommand:\n    SkipDuringLoad: true\n`,
  'Roles/WebServer.yml': lines(
    'Configurations:',
    '  - Web',
    'Web:',
    '  Port: 80',
    '  Domain: "[x={ $Datum.Global.Domain.Name }=]"',
  ),
  'Global/Domain.yml': lines('Name: example.org'),
  'Global/Other.yml': lines('Unread: true'),
}

const prepare = (root: string, datum: RenderOptions['datum'] = NODE, options: RenderOptions = {}) =>
  prepareEntry(join(root, 'Datum.yml'), { root, ...options, datum })

/** The files a render read, relative to the store, in reading order. */
const filesRead = (root: string, datum: RenderOptions['datum'] = NODE): string[] =>
  prepare(root, datum).files.map((file) => file.slice(root.length + 1))

describe('gathering a store', () => {
  it('reads Datum.yml, the node, and the layers of its precedence, in that order, and nothing else', () => {
    const root = writeTree(STORE, 'datum-store')
    expect(filesRead(root)).toEqual([
      'Datum.yml',
      'AllNodes/Dev/web01.yml',
      'Environment/Dev.yml',
      'Roles/WebServer.yml',
      'Baselines/Server.yml',
    ])
    // By NodeName, every node's file is read to find it.
    expect(filesRead(root, { node: 'web-prod-2' })).toContain('AllNodes/Prod/web02.yml')
  })

  it('renders from what it read: the store may be gone by then', () => {
    const root = writeTree(WITH_GLOBAL, 'datum-store')
    const expected = renderSync(join(root, 'Datum.yml'), { root, datum: NODE }).value
    const prepared = prepare(root)
    rmSync(root, { recursive: true, force: true })
    expect(prepared.render().value).toEqual(expected)
    expect((expected as { Web: { Domain: string } }).Web.Domain).toBe('example.org')
  })

  it('reads what each `$Datum.…` an expression names can reach, and no more', () => {
    const root = writeTree(WITH_GLOBAL, 'datum-store')
    const read = filesRead(root)
    expect(read).toContain('Global/Domain.yml')
    expect(read).not.toContain('Global/Other.yml')
    // A `$` a YAML escape hides: any part of the store may be read.
    const escaped = writeTree(
      { ...WITH_GLOBAL, 'Roles/WebServer.yml': lines('Configurations: [Web]', 'Web: {Domain: "[x={ \\x24Datum }=]"}') },
      'datum-store',
    )
    expect(filesRead(escaped)).toEqual(expect.arrayContaining(['Global/Other.yml', 'AllNodes/Prod/web02.yml']))
  })

  it('reads the whole store for handlers of your own, whose results no file shows', () => {
    const root = writeTree(WITH_GLOBAL, 'datum-store')
    const handlers = { 'Datum.InvokeCommand::InvokeCommand': () => undefined }
    expect(filesRead(root, { ...NODE, handlers })).toEqual(
      expect.arrayContaining(['Global/Other.yml', 'AllNodes/Prod/web02.yml']),
    )
  })

  it('keeps a folder it found missing among the missing paths of an error, to watch it', async () => {
    const root = writeTree({ 'Datum.yml': nodesAt('./Data/Nowhere/Nodes') }, 'datum-store')
    const error = await render(join(root, 'Datum.yml'), { root, datum: { node: 'n1' } }).catch((e: unknown) => e)
    expect(isMergedYamlError(error) && error.code).toBe('MY_DATUM_STORE_NOT_FOUND')
    expect(isMergedYamlError(error) && error.dependencies?.missing).toEqual([join(root, 'Data/Nowhere')])
  })
})

describe("a store's fingerprint", () => {
  it('changes when a layer is edited or a file appears in a folder the store listed, not for a file not read', () => {
    const root = writeTree(STORE, 'datum-store')
    const fingerprint = prepare(root).fingerprint
    expect(prepare(root).fingerprint).toBe(fingerprint)
    writeFileSync(join(root, 'AllNodes/Prod/web02.yml'), lines('NodeName: WEB-PROD-2', 'Environment: Test'))
    expect(prepare(root).fingerprint).toBe(fingerprint)
    writeFileSync(join(root, 'Baselines/Server.yml'), `${STORE['Baselines/Server.yml']}Extra: 1\n`)
    const edited = prepare(root).fingerprint
    expect(edited).not.toBe(fingerprint)
    writeFileSync(join(root, 'Roles/Database.yml'), lines('Db: {}'))
    expect(prepare(root).fingerprint).not.toBe(edited)
  })

  it('covers the source text of handlers of your own', () => {
    const root = writeTree(WITH_GLOBAL, 'datum-store')
    const handler = (result: string) => ({ 'Datum.InvokeCommand::InvokeCommand': () => result })
    expect(prepare(root, { ...NODE, handlers: handler('a') }).fingerprint).toBe(
      prepare(root, { ...NODE, handlers: handler('b') }).fingerprint,
    )
    expect(
      prepare(root, { ...NODE, handlers: { 'Datum.InvokeCommand::InvokeCommand': () => 'a' } }).fingerprint,
    ).not.toBe(prepare(root, { ...NODE, handlers: { 'Datum.InvokeCommand::InvokeCommand': () => 'b' } }).fingerprint)
  })
})

describe('entries and stores', () => {
  it('refuses datum.node for an entry that is not a store', async () => {
    const root = writeTree({ 'layer.yaml': 'a: 1\n', 'app.merged.yaml': lines('#include', 'layer.yaml') }, 'datum')
    const error = await render(join(root, 'app.merged.yaml'), { root, datum: { node: 'web01' } }).catch(
      (e: unknown) => e,
    )
    expect(isMergedYamlError(error) && error.diagnostics[0]).toMatchObject({ code: 'MY_DATUM_NOT_A_STORE', line: 1 })
  })

  it('reads a precedence entry that is not a path as Datum can (strict: an error; lenient: skipped)', async () => {
    const files = {
      ...STORE,
      'Datum.yml': STORE['Datum.yml']!.replace('  - Baselines\\Server', '  - {Baselines: Server}'),
    }
    expect(await storeError(files, NODE)).toMatchObject({ code: 'MY_DATUM_INVALID_PRECEDENCE', line: 5 })
    const root = writeTree(files, 'datum-store')
    const result = await render(join(root, 'Datum.yml'), { root, strict: false, datum: { ...NODE, lookup: 'Time' } })
    expect(result.value).toBeNull()
    expect(result.warnings.map((w) => w.code)).toContain('MY_DATUM_INVALID_PRECEDENCE')
  })

  it('refuses a DatumStructure entry without a name or a path', async () => {
    const files = {
      'Datum.yml': lines('DatumStructure:', '  - StoreProvider: Datum::File', 'ResolutionPrecedence: []'),
    }
    expect(await storeError(files, { node: 'n1' })).toMatchObject({ code: 'MY_DATUM_INVALID_STORE', line: 2 })
  })

  it('reads the first document of a store file, as powershell-yaml does (strict: an error)', async () => {
    const files = { ...STORE, 'Roles/WebServer.yml': lines('Configurations: [Web]', 'Web: {Port: 81}', '---', 'X: 1') }
    expect(await storeError(files, NODE)).toMatchObject({ code: 'MY_DATUM_EXTRA_DOCUMENTS', line: 3 })
    const root = writeTree(files, 'datum-store')
    const result = await render(join(root, 'Datum.yml'), { root, strict: false, datum: { ...NODE, lookup: 'Web' } })
    expect(result.value).toEqual({ Port: 8080, Debug: true })
  })
})
