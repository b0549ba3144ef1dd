// YAML's syntax without its typing, for a reader that types scalars its own way (Datum's store
// files, as PowerShell's powershell-yaml reads them: dialects/datum/powershell/yaml.ts). `yaml`
// parses the stream with the precise path's checks and limits (precise.ts's composeDocuments); the
// first document comes back as plain nodes: each scalar with its text, tag, style and YAML 1.2 value,
// each node with its offset. An alias is the node it names (the same object, so a reader converts it
// once; an alias inside its own anchor makes the tree a cycle, which the reader refuses).
import type { Alias, Document, LineCounter, Node } from 'yaml'
import type { Position } from '../diagnostics.ts'
import { aliasTargets } from './aliases.ts'
import { composeDocuments } from './precise.ts'
import type { YamlProblem } from './types.ts'
import { yamlModule } from './yaml-module.ts'

/** A node of the document; `at` is its offset in the text (undefined where `yaml` gives none). */
export type YamlNode = YamlScalarNode | YamlListNode | YamlMapNode | YamlEmptyNode

export interface YamlScalarNode {
  kind: 'scalar'
  at: number | undefined
  /** The scalar's text as written (its content, quotes and escapes read), when `yaml` kept it. */
  source: string | undefined
  /** Its value in YAML 1.2 (the core schema, or its tag's). */
  value: unknown
  tag: string | undefined
  plain: boolean
}

export interface YamlListNode {
  kind: 'list'
  at: number | undefined
  items: YamlNode[]
}

export interface YamlMapNode {
  kind: 'map'
  at: number | undefined
  /** `keyAt`: where the key is written (an alias key's own offset; `key.at` is its anchor's). */
  pairs: { key: YamlNode; value: YamlNode; keyAt: number | undefined }[]
}

/** No node: an empty key or value, or an alias that names no anchor. */
export interface YamlEmptyNode {
  kind: 'empty'
  at: number | undefined
}

export interface YamlNodeTree {
  /** The first document's root; undefined when the stream has no document. */
  root?: YamlNode
  /** The problem that makes the stream unusable (syntax in any document, limits); then no root. */
  error?: YamlProblem
  /** Where the second document starts, when there is one. */
  secondDocumentAt?: number
  /** The line and column of an offset. */
  positionOf(offset: number): Position
}

export interface YamlNodeTreeOptions {
  maxAliasCount: number
  maxDepth?: number
}

class NodeBuilder {
  // One plain node per `yaml` node: aliases share it.
  private readonly built = new Map<unknown, YamlNode>()
  private targets: Map<Alias, Node | undefined> | undefined

  constructor(private readonly doc: Document) {}

  node(node: unknown): YamlNode {
    const known = this.built.get(node)
    if (known) return known
    const { isMap, isPair, isScalar, isSeq } = yamlModule()
    const at = (node as Node | null)?.range?.[0]
    if (isScalar(node)) {
      const source = typeof node.source === 'string' ? node.source : undefined
      const scalar: YamlNode = {
        kind: 'scalar',
        at,
        source,
        value: node.value,
        tag: node.tag,
        plain: node.type === 'PLAIN',
      }
      this.built.set(node, scalar)
      return scalar
    }
    if (isSeq(node)) {
      const list: YamlListNode = { kind: 'list', at, items: [] }
      this.built.set(node, list)
      for (const item of node.items) list.items.push(this.node(this.resolve(item)))
      return list
    }
    if (isMap(node)) {
      const map: YamlMapNode = { kind: 'map', at, pairs: [] }
      this.built.set(node, map)
      for (const pair of node.items) {
        if (!isPair(pair)) continue
        const key = this.node(this.resolve(pair.key))
        map.pairs.push({
          key,
          value: this.node(this.resolve(pair.value)),
          keyAt: (pair.key as Node | null)?.range?.[0],
        })
      }
      return map
    }
    return { kind: 'empty', at }
  }

  private resolve(node: unknown): unknown {
    const { isAlias } = yamlModule()
    if (!isAlias(node)) return node
    this.targets ??= aliasTargets(this.doc)
    return this.targets.get(node)
  }
}

/**
 * Reads the first document of a YAML stream as plain nodes. Never throws for bad input: an error in
 * any document (as YamlDotNet's YamlStream.Load parses them all) or a limit is `error`.
 */
export function readYamlNodes(text: string, options: YamlNodeTreeOptions): YamlNodeTree {
  const lines: LineCounter = new (yamlModule().LineCounter)()
  const positionOf = (offset: number): Position => {
    const { line, col } = lines.linePos(offset)
    return { line, column: col }
  }
  const failed = (code: string, message: string, position: Position): YamlNodeTree => ({
    error: { code, message, position },
    positionOf,
  })
  const composed = composeDocuments(text, { version: '1.2', allowDuplicateKeys: true, ...options }, lines)
  if (!('docs' in composed)) return failed(composed.code, composed.message, positionOf(composed.offset))
  const [doc, second] = composed.docs
  if (!doc) return { positionOf }
  const limit = composed.limited.get(0)
  if (limit) return failed(limit.code, limit.message, positionOf(limit.offset))
  const fatal = composed.docs.flatMap((d) => d.errors).find((e) => e.code !== 'DUPLICATE_KEY')
  if (fatal) {
    const start = fatal.linePos?.[0]
    const message = fatal.message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '')
    return failed('MY_YAML_SYNTAX', message, { line: start?.line ?? 1, column: start?.col ?? 1 })
  }
  const root = new NodeBuilder(doc).node(doc.contents)
  return second ? { root, secondDocumentAt: second.range?.[0] ?? 0, positionOf } : { root, positionOf }
}
