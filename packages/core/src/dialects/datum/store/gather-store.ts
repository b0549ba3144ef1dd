// A Datum store gathered for one node: the file-reading phase of rendering a store, run by the
// dialect's gather hook before the entry's fingerprint. It opens the store (Datum.yml, which is the
// entry), finds and converts the node, resolves its ResolutionPrecedence, and reads every file and
// folder a lookup can then reach: the whole subtree of each layer path, and of each `$Datum.…` an
// expression in what was read names (to a fixed point). Rendering (render-store.ts) reads nothing.
import type { DialectGatherAccess, GatherEntry } from '../../types.ts'
import type { Reporter } from '../../../reporter.ts'
import { isMapping } from '../../../values.ts'
import { namesNode, readDatumOptions } from '../datum-options.ts'
import { isStoreDefinition } from '../directives.ts'
import type { HandlerEnvironment } from '../handlers/registry.ts'
import type { DatumOptions } from '../types.ts'
import { convertNode, findNode } from './node.ts'
import type { StoreNode } from './node.ts'
import { resolvePrecedence } from './precedence.ts'
import type { StoreLayerPath } from './precedence.ts'
import { peekStoreFile, readStoreFile } from './read-file.ts'
import { GatheredStoreFiles } from './store-files.ts'
import { openStore } from './store.ts'
import type { DatumStore } from './store.ts'
import { StoreFile, StoreFolder } from './tree.ts'

/** What rendering a store needs, every file it can read read: the store, its node, the node's layers. */
export interface StoreSnapshot {
  options: DatumOptions
  store: DatumStore
  node: StoreNode
  /** The node's layer paths, most specific first. */
  layers: readonly StoreLayerPath[]
  env: HandlerEnvironment
}

/**
 * Datum's gather hook, loaded on the first entry with `datum.node` (the registry entry's `gather`): the
 * store whose Datum.yml is the entry, gathered for that node; undefined without it.
 * An entry that is not a store's Datum.yml fails: only a store has nodes.
 */
export function gatherStore(
  entry: GatherEntry,
  given: DatumOptions | undefined,
  access: DialectGatherAccess,
  report: Reporter,
): StoreSnapshot | undefined {
  if (!namesNode(given)) return undefined
  const options = readDatumOptions(given)
  const node = options.node!
  if (!isStoreDefinition(peekStoreFile(entry.file, entry.text, access.limits))) {
    report.fail({
      code: 'MY_DATUM_NOT_A_STORE',
      message:
        `datum.node names a node of a Datum store, but this entry is not a store's Datum.yml (a mapping with ` +
        `ResolutionPrecedence or DatumStructure): render the store's Datum.yml for '${node}'`,
      at: { file: entry.file, position: { line: 1, column: 1 }, chain: [], source: entry.text },
    })
  }
  // The store is the entry: its folder is read as the entry is.
  access.allowEntryFolder()
  const files = new GatheredStoreFiles(access, report)
  const store = openStore({
    definitionPath: entry.file,
    definitionFile: readStoreFile(entry.file, entry.text, access.limits, report),
    files,
    limits: access.limits,
    report,
    handlers: options.handlers ?? {},
  })
  const where = { doc: store.definition.doc, path: [] }
  const converted = convertNode(store, findNode(store, node, where), options.nodeProperties ?? {})
  const env: HandlerEnvironment = { node: converted.data, root: store.root, fileInfo: store.fileInfo }
  const layers = resolvePrecedence(store, env)
  readReachable(store, layers, files, entry.text, options)
  files.seal()
  return { options, store, node: converted, layers, env }
}

/** Every file below a folder, read. */
function readFolder(folder: StoreFolder): void {
  for (const child of folder.children().values()) {
    if (child instanceof StoreFolder) readFolder(child)
    else child.prefetch()
  }
}

function readAllStores(store: DatumStore): void {
  for (const folder of store.root.stores.values()) readFolder(folder)
}

/**
 * What a walk from `$Datum` along `segments` can reach: the folders on the way, and the file it
 * ends in (the rest are keys) or the whole folder it ends at. No segment: every store.
 */
function readSubtree(store: DatumStore, segments: readonly string[]): void {
  const [first, ...rest] = segments
  if (first === undefined) return readAllStores(store)
  let current: StoreFolder | StoreFile | undefined = store.root.store(first)
  for (const segment of rest) {
    if (!(current instanceof StoreFolder)) break
    current = current.find(segment)
  }
  if (current instanceof StoreFile) current.prefetch()
  else if (current instanceof StoreFolder) readFolder(current)
}

// `$Datum` (or `${Datum}`) and the literal members after it (`.Global.Domain`, `.'Global'`): what an
// expression reads from the tree lies below them, whatever follows (an index, a dynamic member).
const DATUM_READ = /\$(?:\{datum\}|datum(?!\w))((?:\.(?:\w+|'[^']*'|"[^"$`]*"))*)/gi
// A `$` written as a YAML escape in a double-quoted scalar: what follows cannot be read from the text.
const ESCAPED_DOLLAR = /\\(?:x24|u0024|U00000024)/

/** The member paths from `$Datum` a text's expressions may read (an empty path: any of them). */
function datumReads(text: string): string[][] {
  const reads: string[][] = []
  if (ESCAPED_DOLLAR.test(text)) reads.push([])
  for (const match of text.matchAll(DATUM_READ)) {
    const members = match[1]!.match(/\.(?:\w+|'[^']*'|"[^"]*")/g) ?? []
    reads.push(members.map((member) => member.slice(1).replace(/^(['"])(.*)\1$/, '$2')))
  }
  return reads
}

/** The strings of an option's value (the node properties given, which join the node's data). */
function stringsIn(value: unknown): string[] {
  if (typeof value === 'string') return [value]
  if (Array.isArray(value)) return value.flatMap(stringsIn)
  return isMapping(value) ? Object.values(value).flatMap(stringsIn) : []
}

/**
 * Reads what the render's lookups and expressions can reach. A handler of the user's (datum.handlers)
 * returns values no text shows, which Datum evaluates again: with one, the whole store is read.
 */
function readReachable(
  store: DatumStore,
  layers: readonly StoreLayerPath[],
  files: GatheredStoreFiles,
  definitionText: string,
  options: DatumOptions,
): void {
  for (const layer of layers) readSubtree(store, layer.segments)
  if (Object.keys(options.handlers ?? {}).length > 0) return readAllStores(store)
  const scanned = new Set<string>()
  let pending = [definitionText, ...stringsIn(options.nodeProperties)]
  while (pending.length > 0) {
    for (const text of pending) for (const path of datumReads(text)) readSubtree(store, path)
    pending = []
    for (const [path, text] of files.texts) {
      if (scanned.has(path)) continue
      scanned.add(path)
      pending.push(text)
    }
  }
}
