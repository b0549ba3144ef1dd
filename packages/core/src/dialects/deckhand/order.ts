// The render order (`_topologically_sort_documents`): a child after its parent (or the parent's
// replacement), a substitution destination after its source; a cycle is an error.
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

/** Every document of the index, dependencies first. */
export function renderOrder(
  index: DocumentIndex,
  selection: ParentSelection,
  replacements: Replacements,
  report: Reporter,
): DeckhandDocument[] {
  const order: DeckhandDocument[] = []
  const done = new Set<DeckhandDocument>()
  const active: { doc: DeckhandDocument; via?: Edge }[] = []
  const visit = (doc: DeckhandDocument): void => {
    if (done.has(doc)) return
    const at = active.findIndex((entry) => entry.doc === doc)
    if (at >= 0) {
      const cycle = active.slice(at)
      const names = [...cycle.map((entry) => describeDocument(entry.doc)), describeDocument(doc)].join(' → ')
      report.fail({
        code: DECKHAND_CODES.dependencyCycle,
        message:
          `these documents depend on each other through parents and substitutions: ${names} ` +
          `(SubstitutionDependencyCycle)`,
        doc: cycle[0]!.doc.source,
        path: cycle[0]!.via?.path ?? [],
      })
    }
    const entry: { doc: DeckhandDocument; via?: Edge } = { doc }
    active.push(entry)
    for (const edge of dependencies(doc, index, selection, replacements)) {
      entry.via = edge
      visit(edge.to)
    }
    active.pop()
    done.add(doc)
    order.push(doc)
  }
  for (const doc of index.byMeta.values()) visit(doc)
  return order
}
