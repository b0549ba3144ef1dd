// The render order (`_topologically_sort_documents`): a graph with an edge from each child to its
// parent (or the parent's replacement) and from each destination to its substitution sources; a cycle
// is an error; the order is networkx's `topological_sort` (Kahn's algorithm by generations, nodes and
// neighbours in insertion order) reversed, then the documents outside the graph in input order.
// Where substitutions alias values the result depends on this order, so it is networkx's exactly.
import type { Reporter } from '../../reporter.ts'
import { DECKHAND_CODES } from './codes.ts'
import { describeDocument } from './document.ts'
import type { DeckhandDocument } from './document.ts'
import { hasSelector } from './parents.ts'
import type { DocumentIndex, ParentSelection } from './parents.ts'
import { sourceKey } from './replacement.ts'
import type { Replacements } from './replacement.ts'

interface Edge {
  to: DeckhandDocument
  /** Where the dependency is declared, for the cycle's diagnostic. */
  path: (string | number)[]
}

function dependencies(
  doc: DeckhandDocument,
  index: DocumentIndex,
  selection: ParentSelection,
  replacements: Replacements,
): Edge[] {
  const edges: Edge[] = []
  if (hasSelector(doc)) {
    const parent = index.byMeta.get(selection.parents.get(doc.meta) ?? '')
    if (parent) {
      const replacement = replacements.replacedBy.get(parent.meta)
      // Other children of a replaced parent wait for the replacement, whose data they then see.
      edges.push({
        to: replacement && replacement !== doc ? replacement : parent,
        path: ['metadata', 'layeringDefinition', 'parentSelector'],
      })
    }
  }
  for (const sub of doc.substitutions) {
    const source = replacements.sources.get(sourceKey(sub.schema, sub.name))
    if (source) edges.push({ to: source, path: ['metadata', 'substitutions', sub.index, 'src'] })
  }
  return edges
}

/** A networkx DiGraph's adjacency: nodes, and each node's successors, in insertion order. */
class Graph {
  readonly successors = new Map<DeckhandDocument, Map<DeckhandDocument, Edge>>()
  readonly predecessors = new Map<DeckhandDocument, Set<DeckhandDocument>>()

  private addNode(node: DeckhandDocument): void {
    if (this.successors.has(node)) return
    this.successors.set(node, new Map())
    this.predecessors.set(node, new Set())
  }

  addEdge(from: DeckhandDocument, edge: Edge): void {
    this.addNode(from)
    this.addNode(edge.to)
    const out = this.successors.get(from)!
    if (!out.has(edge.to)) out.set(edge.to, edge)
    this.predecessors.get(edge.to)!.add(from)
  }
}

/** Fails with SubstitutionDependencyCycle when the graph has a cycle, naming one. */
function checkCycles(graph: Graph, report: Reporter): void {
  const done = new Set<DeckhandDocument>()
  const active: { doc: DeckhandDocument; via?: Edge }[] = []
  const onStack = new Set<DeckhandDocument>()
  const visit = (doc: DeckhandDocument): void => {
    if (done.has(doc)) return
    if (onStack.has(doc)) {
      const cycle = active.slice(active.findIndex((entry) => entry.doc === doc))
      const names = [...cycle.map((entry) => describeDocument(entry.doc)), describeDocument(doc)].join(' → ')
      report.fail({
        code: DECKHAND_CODES.dependencyCycle,
        message:
          `these documents depend on each other through parents and substitutions: ${names} ` +
          '(SubstitutionDependencyCycle)',
        doc: cycle[0]!.doc.source,
        path: cycle[0]!.via?.path ?? [],
      })
    }
    const entry: { doc: DeckhandDocument; via?: Edge } = { doc }
    active.push(entry)
    onStack.add(doc)
    for (const edge of graph.successors.get(doc)!.values()) {
      entry.via = edge
      visit(edge.to)
    }
    active.pop()
    onStack.delete(doc)
    done.add(doc)
  }
  for (const doc of graph.successors.keys()) visit(doc)
}

/** networkx's `topological_sort`: generations of nodes nobody (left) depends on, in insertion order. */
function topologicalSort(graph: Graph): DeckhandDocument[] {
  const indegree = new Map<DeckhandDocument, number>()
  let zero: DeckhandDocument[] = []
  for (const [node, preds] of graph.predecessors) {
    if (preds.size > 0) indegree.set(node, preds.size)
    else zero.push(node)
  }
  const order: DeckhandDocument[] = []
  while (zero.length > 0) {
    const generation = zero
    zero = []
    for (const node of generation) {
      for (const child of graph.successors.get(node)!.keys()) {
        const left = indegree.get(child)! - 1
        if (left === 0) {
          zero.push(child)
          indegree.delete(child)
        } else {
          indegree.set(child, left)
        }
      }
    }
    order.push(...generation)
  }
  return order
}

/** Every document of the index, in the order Deckhand renders them (dependencies first). */
export function renderOrder(
  index: DocumentIndex,
  selection: ParentSelection,
  replacements: Replacements,
  report: Reporter,
): DeckhandDocument[] {
  const graph = new Graph()
  for (const doc of index.byMeta.values()) {
    for (const edge of dependencies(doc, index, selection, replacements)) graph.addEdge(doc, edge)
  }
  checkCycles(graph, report)
  const order = topologicalSort(graph).reverse()
  const placed = new Set(order)
  for (const doc of index.byMeta.values()) if (!placed.has(doc)) order.push(doc)
  return order
}

/** Each document's dependents (children, and documents substituting from it), for what a change reaches. */
export function dependents(
  index: DocumentIndex,
  selection: ParentSelection,
  replacements: Replacements,
): Map<DeckhandDocument, DeckhandDocument[]> {
  const out = new Map<DeckhandDocument, DeckhandDocument[]>()
  for (const doc of index.byMeta.values()) {
    for (const edge of dependencies(doc, index, selection, replacements)) {
      const list = out.get(edge.to)
      if (list) list.push(doc)
      else out.set(edge.to, [doc])
    }
  }
  return out
}
