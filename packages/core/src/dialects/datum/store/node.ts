// The node an RSOP is built for: a file under the AllNodes store, named by its path without
// extension (`AllNodes/Dev/DSCFile01`) or by its NodeName. Its data gets `Name` (its file's base name,
// as DscWorkshop's build gives it) and the `datum.nodeProperties`, then Get-DatumRsop converts it
// (ConvertTo-Datum): its handler values are evaluated against the node itself.
import { Reporter } from '../../../reporter.ts'
import type { SourceDocument } from '../../../source-document.ts'
import { suggestName } from '../../../suggest.ts'
import type { HandlerEnvironment } from '../handlers/registry.ts'
import { copyMap, findKey, isDatumMap } from '../keys.ts'
import { setOwn } from '../../../values.ts'
import type { DatumMap } from '../keys.ts'
import { psString } from '../powershell.ts'
import { locate } from '../types.ts'
import type { Where } from '../types.ts'
import type { DatumStore } from './store.ts'
import { StoreFile, StoreFolder } from './tree.ts'

export interface StoreNode {
  file: StoreFile
  /** The node as Get-DatumRsop holds it after converting it: `$Node` from then on. */
  data: DatumMap
}

/** Get-DatumNodesRecursive: every file below AllNodes, files of a folder before its subfolders. */
function allNodes(folder: StoreFolder): StoreFile[] {
  const nodes: StoreFile[] = []
  const queue = [folder]
  while (queue.length > 0) {
    for (const child of queue.shift()!.children().values()) {
      if (child instanceof StoreFolder) queue.push(child)
      else nodes.push(child)
    }
  }
  return nodes
}

function byPath(store: DatumStore, segments: readonly string[]): StoreFile | undefined {
  const [first, ...rest] = segments
  let current: StoreFolder | StoreFile | undefined = store.root.store(first!)
  const path = current ? rest : segments
  current ??= store.root.store('AllNodes')
  for (const [index, segment] of path.entries()) {
    if (!(current instanceof StoreFolder)) return undefined
    const last = index === path.length - 1
    current = current.child(segment) ?? (last ? current.child(segment.replace(/\.[^.]*$/, '')) : undefined)
  }
  return current instanceof StoreFile ? current : undefined
}

function setIgnoringCase(map: DatumMap, key: string, value: unknown): void {
  setOwn(map, findKey(map, key) ?? key, value)
}

/** The node's data before conversion: its file's data, `Name`, and the given properties. */
function nodeData(file: StoreFile, properties: Readonly<Record<string, unknown>>): DatumMap {
  const data = copyMap(file.value as DatumMap)
  if (findKey(data, 'Name') === undefined) setOwn(data, 'Name', file.baseName)
  for (const [key, value] of Object.entries(properties)) setIgnoringCase(data, key, value)
  return data
}

/** The node's name as its RSOP has it: NodeName, its handler expression evaluated against the node. */
function nodeNameOf(store: DatumStore, file: StoreFile): string | undefined {
  if (!isDatumMap(file.value)) return undefined
  const data = nodeData(file, {})
  const key = findKey(data, 'NodeName')
  if (key === undefined) return undefined
  const env: HandlerEnvironment = { node: data, root: store.root, fileInfo: store.fileInfo }
  return psString(store.handlers.convert(data[key], env, { doc: file.data().doc, path: [key] }))
}

/** The node `name` designates: a path under the store (AllNodes/…, or below AllNodes), else a NodeName. */
export function findNode(store: DatumStore, name: string, where: Where): StoreFile {
  const { report } = store.context
  const nodesFolder = store.root.store('AllNodes')
  if (!nodesFolder) {
    return report.fail({
      code: 'MY_DATUM_NODE_NOT_FOUND',
      message: `the store has no AllNodes folder, so there is no node '${name}'`,
      ...locate(where),
    })
  }
  const segments = name.split(/[\\/]/).filter(Boolean)
  const file = byPath(store, segments)
  if (file) return file
  const nodes = allNodes(nodesFolder)
  const named = nodes.filter((node) => nodeNameOf(store, node)?.toLowerCase() === name.toLowerCase())
  const matches = named.length > 0 ? named : nodes.filter((node) => node.baseName.toLowerCase() === name.toLowerCase())
  if (matches.length === 1) return matches[0]!
  const paths = nodes.map((node) => node.source.replaceAll('\\', '/'))
  if (matches.length > 1) {
    report.fail({
      code: 'MY_DATUM_NODE_AMBIGUOUS',
      message:
        `several nodes are named '${name}' (${matches.map((m) => m.source.replaceAll('\\', '/')).join(', ')}): ` +
        'name one by its path',
      ...locate(where),
    })
  }
  const suggestion = suggestName(name, [...paths, ...nodes.map((node) => node.baseName)])
  return report.fail({
    code: 'MY_DATUM_NODE_NOT_FOUND',
    message:
      `no node '${name}' in the store: name one by its path ` +
      `(${paths.slice(0, 12).join(', ')}${paths.length > 12 ? ', …' : ''}) or its NodeName`,
    ...locate(where),
    ...(suggestion ? { suggestion } : {}),
  })
}

/** A top-level list of the node: Datum replaces it in the node's copy, but converts its mappings in place. */
function listInStore(raw: readonly unknown[], converted: unknown): unknown[] {
  if (!Array.isArray(converted) || converted.length !== raw.length) return [...raw]
  return raw.map((item, index) => (isDatumMap(item) ? converted[index] : item))
}

/**
 * Converts the node (Get-DatumRsop's `$node | ConvertTo-Datum`). Every handler value of the node is
 * evaluated with `$Node` reading the node as it is before conversion: Datum converts its keys one
 * by one in a .NET Hashtable's order, and in DscWorkshop's reference RSOPs the keys read through
 * `$Node` (Environment) had not been converted yet. Nested mappings are converted in place in Datum,
 * so lookups then read them converted; where the order changes a value, a warning says so.
 */
export function convertNode(
  store: DatumStore,
  file: StoreFile,
  properties: Readonly<Record<string, unknown>>,
): StoreNode {
  const { report } = store.context
  const doc = file.data().doc
  if (!isDatumMap(file.value)) {
    report.fail({
      code: 'MY_DATUM_NOT_A_MAPPING',
      message: "a node's file must be a mapping of its properties",
      doc,
      path: [],
    })
  }
  const raw = nodeData(file, properties)
  const before: HandlerEnvironment = { node: raw, root: store.root, fileInfo: store.fileInfo }
  const data: DatumMap = {}
  const inStore = copyMap(raw)
  for (const key of Object.keys(raw)) {
    const value = raw[key]
    const converted = store.handlers.convert(value, before, { doc, path: [key] })
    setOwn(data, key, converted)
    if (isDatumMap(value)) setOwn(inStore, key, converted)
    else if (Array.isArray(value)) setOwn(inStore, key, listInStore(value, converted))
  }
  file.replaceValue(inStore)
  warnOrderDependence(store, raw, data, doc)
  return { file, data }
}

function warnOrderDependence(store: DatumStore, raw: DatumMap, data: DatumMap, doc: SourceDocument): void {
  const { report } = store.context
  const after: HandlerEnvironment = { node: data, root: store.root, fileInfo: store.fileInfo }
  // Evaluated again with the converted node, quietly: only a different value matters here.
  const quiet = store.handlers.withReporter(new Reporter(false))
  for (const key of Object.keys(raw)) {
    let other: unknown
    try {
      other = quiet.convert(raw[key], after, { doc, path: [key] })
    } catch {
      continue
    }
    if (JSON.stringify(other) === JSON.stringify(data[key])) continue
    report.warn({
      code: 'MY_DATUM_NODE_ORDER',
      message:
        `Datum's value of ${key} depends on the order it converts the node's keys (a .NET Hashtable's): this ` +
        `is its value when ${key} is converted before the keys it reads through $Node (as in DscWorkshop's ` +
        `reference RSOPs), ${JSON.stringify(other)} otherwise`,
      doc,
      path: [key],
    })
  }
}
