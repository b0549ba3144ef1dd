// Opening a store (New-DatumStructure -DefinitionFile): Datum.yml read as Datum reads it, its
// handlers, and the tree of stores `$Datum` stands for.
import { dirname, isAbsolute, relative, resolve, sep } from 'node:path'
import type { Limits } from '../../../options.ts'
import type { Reporter } from '../../../reporter.ts'
import type { ValueFile } from '../handlers/deferred.ts'
import { DatumHandlers } from '../handlers/registry.ts'
import { locate } from '../types.ts'
import type { DatumHandlerFunction } from '../types.ts'
import { readDefinition } from './definition.ts'
import type { DatumDefinition } from './definition.ts'
import type { StoreFileData } from './read-file.ts'
import type { StoreFileSystem } from './store-files.ts'
import { DatumRoot, FileInfoView, StoreFolder } from './tree.ts'
import type { StoreContext } from './tree.ts'

export interface DatumStore {
  definition: DatumDefinition
  root: DatumRoot
  handlers: DatumHandlers
  /** Datum.yml as a value's file (`$File` of a ResolutionPrecedence expression). */
  definitionFile: ValueFile
  /** `$File` for a value of `file`. */
  fileInfo(file: ValueFile | undefined): FileInfoView | null
  context: StoreContext
}

export interface OpenStoreOptions {
  /** Absolute path of Datum.yml. */
  definitionPath: string
  /** Datum.yml as the store reader read it (the entry: gathering read its text). */
  definitionFile: StoreFileData
  files: StoreFileSystem
  limits: Limits
  report: Reporter
  handlers: Readonly<Record<string, DatumHandlerFunction>>
}

export function openStore(open: OpenStoreOptions): DatumStore {
  const { definitionPath, files, limits, report, handlers } = open
  const base = dirname(definitionPath)
  const definition = readDefinition(open.definitionFile.doc, handlers, report)
  const registry = new DatumHandlers(definition.handlers, definition.throwOnError, report)
  const context: StoreContext = { files, limits, report, base, handlers: registry }
  const stores = new Map<string, StoreFolder>()
  const segmentsOf = (path: string): string[] => relative(base, path).split(sep).filter(Boolean)
  if (definition.stores) {
    for (const store of definition.stores) {
      const path = isAbsolute(store.path) ? store.path : resolve(base, store.path)
      if (
        files.exists(path, store.where.doc ? { doc: store.where.doc, path: store.where.path } : undefined) !== 'folder'
      ) {
        report.fail({
          code: 'MY_DATUM_STORE_NOT_FOUND',
          message: `the store ${store.name} has no folder ${path} (New-DatumStructure fails here)`,
          ...locate(store.where),
        })
      }
      if (!stores.has(store.name.toLowerCase()))
        stores.set(store.name.toLowerCase(), new StoreFolder(context, path, segmentsOf(path)))
    }
  } else {
    const folders = [...(files.list(base) ?? [])].filter((e) => e.folder).map((e) => e.name)
    folders.sort((a, b) => (a.toUpperCase() < b.toUpperCase() ? -1 : a.toUpperCase() > b.toUpperCase() ? 1 : 0))
    for (const name of folders) {
      if (!stores.has(name.toLowerCase()))
        stores.set(name.toLowerCase(), new StoreFolder(context, resolve(base, name), [name]))
    }
  }
  const baseName = base.split(/[\\/]/).filter(Boolean).at(-1) ?? ''
  const definitionFile: ValueFile = {
    path: definitionPath,
    segments: segmentsOf(definitionPath),
    source: segmentsOf(definitionPath)
      .join('\\')
      .replace(/\.[^.\\]*$/, ''),
  }
  return {
    definition,
    root: new DatumRoot(stores, definition.value),
    handlers: registry,
    definitionFile,
    fileInfo: (file) => (file ? new FileInfoView(file, baseName) : null),
    context,
  }
}
