// Where a rendered Deckhand document's value came from, for a DataSchema violation: walking from the
// document up its parents (as layering selected them), the first that set the path — a substitution
// whose destination holds it (pointing at the source document's value when it is there), else the
// document's own data. Parents are selected again only when a violation needs it.
import { Reporter } from '../../reporter.ts'
import type { Problem } from '../../reporter.ts'
import type { SourceDocument } from '../../source-document.ts'
import { getOwn, isMapping } from '../../values.ts'
import type { PathSegment } from '../../values.ts'
import type { DocumentPlace } from '../types.ts'
import { readDeckhandDocument } from './document.ts'
import type { DeckhandDocument } from './document.ts'
import { hasSelector, indexDocuments, selectParents } from './parents.ts'
import { parseDataPath, PathError } from './path.ts'
import { findLayeringPolicy } from './policy.ts'

/** A rendered document, by Deckhand's identity. */
export interface LineageTarget {
  schema: string
  name: string
  layer: string
}

export interface Lineage {
  /** The concrete document the `document` option selects (the replacement, when one replaced it). */
  selected(name: string, schema: string | undefined): LineageTarget | undefined
  /** For a missing key, `path` is the mapping lacking it: the nearest document that has the mapping. */
  locate(target: LineageTarget, path: readonly PathSegment[]): DocumentPlace
}

const metaKey = (t: LineageTarget): string => JSON.stringify([t.schema, t.layer, t.name])

/** How many segments of `path` exist in `value`. */
function depthIn(value: unknown, path: readonly PathSegment[]): number {
  let node = value
  for (const [depth, segment] of path.entries()) {
    if (!(Array.isArray(node) || isMapping(node)) || !Object.hasOwn(node, segment)) return depth
    node = (node as Record<string, unknown>)[segment]
  }
  return path.length
}

/** A substitution destination path as key segments, or undefined when it is not one Deckhand reads. */
function destinationSegments(path: unknown): PathSegment[] | undefined {
  if (typeof path !== 'string') return undefined
  try {
    return parseDataPath(path).map((step) => (step.kind === 'index' ? step.index : step.key))
  } catch (error) {
    if (error instanceof PathError) return undefined
    throw error
  }
}

const startsWith = (path: readonly PathSegment[], prefix: readonly PathSegment[]): boolean =>
  prefix.length <= path.length && prefix.every((segment, i) => String(segment) === String(path[i]))

class DocumentLineage implements Lineage {
  private documents: DeckhandDocument[] | undefined
  private parents: Map<string, string> | undefined
  private readonly byMeta = new Map<string, DeckhandDocument>()

  constructor(private readonly sources: readonly SourceDocument[]) {}

  private read(): DeckhandDocument[] {
    if (this.documents) return this.documents
    // The render read these documents and selected their parents without an error: nothing fails here.
    const report = new Reporter(false)
    const soft: Problem[] = []
    this.documents = this.sources.map((source) => readDeckhandDocument(source, report, soft))
    for (const doc of this.documents) if (!this.byMeta.has(doc.meta)) this.byMeta.set(doc.meta, doc)
    return this.documents
  }

  private parentsOf(): Map<string, string> {
    if (this.parents) return this.parents
    const documents = this.read()
    const report = new Reporter(false)
    const policy = findLayeringPolicy(documents, this.sources[0], report, [])
    this.parents = selectParents(indexDocuments(documents, policy, report, []), report).parents
    return this.parents
  }

  selected(name: string, schema: string | undefined): LineageTarget | undefined {
    const candidates = this.read().filter((d) => d.name === name && !d.abstract && (!schema || d.schema === schema))
    return candidates.find((d) => d.replacement) ?? candidates[0]
  }

  /** The document and its parents, nearest first. */
  private chain(target: LineageTarget): DeckhandDocument[] {
    this.read()
    const parents = this.parentsOf()
    const chain: DeckhandDocument[] = []
    let doc = this.byMeta.get(metaKey(target))
    while (doc && !chain.includes(doc)) {
      chain.push(doc)
      const parent = hasSelector(doc) ? parents.get(doc.meta) : undefined
      doc = parent === undefined ? undefined : this.byMeta.get(parent)
    }
    return chain
  }

  /** The last substitution of `doc` whose destination holds `path`, as the place that set it. */
  private substituted(doc: DeckhandDocument, path: readonly PathSegment[]): DocumentPlace | undefined {
    const metadata = getOwn(doc.raw, 'metadata')
    const substitutions = isMapping(metadata) ? getOwn(metadata, 'substitutions') : undefined
    if (!Array.isArray(substitutions)) return undefined
    for (let k = substitutions.length - 1; k >= 0; k--) {
      const substitution: unknown = substitutions[k]
      if (!isMapping(substitution)) continue
      const dest = getOwn(substitution, 'dest')
      for (const one of Array.isArray(dest) ? dest : [dest]) {
        if (!isMapping(one)) continue
        const segments = destinationSegments(getOwn(one, 'path'))
        if (!segments || !startsWith(path, segments)) continue
        const at: DocumentPlace = { doc: doc.source, path: ['metadata', 'substitutions', k, 'src'] }
        if (getOwn(one, 'pattern') !== undefined) return at
        return this.sourceValue(getOwn(substitution, 'src'), path.slice(segments.length)) ?? at
      }
    }
    return undefined
  }

  /** The value a substitution copied, in its source document, when it is there. */
  private sourceValue(src: unknown, rest: readonly PathSegment[]): DocumentPlace | undefined {
    if (!isMapping(src)) return undefined
    const from = destinationSegments(getOwn(src, 'path'))
    const source = this.read().find(
      (d) => d.schema === getOwn(src, 'schema') && d.name === getOwn(src, 'name') && !d.abstract,
    )
    if (!from || !source) return undefined
    const path = [...from, ...rest]
    return depthIn(getOwn(source.raw, 'data'), path) === path.length
      ? { doc: source.source, path: ['data', ...path] }
      : undefined
  }

  locate(target: LineageTarget, path: readonly PathSegment[]): DocumentPlace {
    const chain = this.chain(target)
    for (const doc of chain) {
      const substituted = this.substituted(doc, path)
      if (substituted) return substituted
      if (depthIn(getOwn(doc.raw, 'data'), path) === path.length) return { doc: doc.source, path: ['data', ...path] }
    }
    const own = chain[0] ?? this.read()[0]
    return { doc: own!.source, path: ['data', ...path] }
  }
}

export function createLineage(sources: readonly SourceDocument[]): Lineage {
  return new DocumentLineage(sources)
}
