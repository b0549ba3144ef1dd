// DocumentLayering end to end: read the documents, run Deckhand's set-up checks, report what strict
// mode rejects, then render every document in dependency order: layering, then substitution.
import type { Problem, Reporter } from '../../reporter.ts'
import type { SourceDocument } from '../../source-document.ts'
import { applyAction } from './actions.ts'
import { DECKHAND_CODES } from './codes.ts'
import { describeDocument, readDeckhandDocument } from './document.ts'
import type { DeckhandDocument } from './document.ts'
import { renderOrder } from './order.ts'
import { hasSelector, indexDocuments, selectParents } from './parents.ts'
import type { DocumentIndex, ParentSelection } from './parents.ts'
import { findLayeringPolicy } from './policy.ts'
import { checkReplacements } from './replacement.ts'
import { applySubstitutions } from './substitution.ts'
import type { SubstitutionContext } from './substitution.ts'
import { deepCopy } from './values.ts'
import { getOwn, setOwn } from '../../values.ts'
import type { Mapping } from './values.ts'

export interface RenderedDocument {
  doc: DeckhandDocument
  /** The document as Deckhand returns it: its own fields, `data` rendered. */
  value: Mapping
}

export interface LayeringResult {
  /** The concrete documents, control documents included, abstract and replaced ones left out. */
  rendered: RenderedDocument[]
  /** Every document read (for messages about documents that are not rendered). */
  documents: DeckhandDocument[]
}

/** Problems Deckhand passes over silently: strict mode fails on them, lenient mode warns. */
function selectionProblems(index: DocumentIndex, selection: ParentSelection): Problem[] {
  const problems: Problem[] = []
  const layering = ['metadata', 'layeringDefinition']
  for (const doc of index.byMeta.values()) {
    const parent = selection.parents.get(doc.meta)
    const actions = doc.actions.length > 0
    if (hasSelector(doc) && !parent) {
      problems.push({
        code: DECKHAND_CODES.parentNotFound,
        message:
          `the parentSelector of ${describeDocument(doc)} selects no document in a higher layer; Deckhand ` +
          `keeps the document's own data${actions ? ' and ignores its actions' : ''}`,
        doc: doc.source,
        path: [...layering, 'parentSelector'],
      })
    } else if (actions && !parent) {
      problems.push({
        code: DECKHAND_CODES.actionsIgnored,
        message: `${describeDocument(doc)} has actions but no parentSelector; Deckhand ignores the actions`,
        doc: doc.source,
        path: [...layering, 'actions'],
      })
    } else if (parent && !actions && !doc.control) {
      problems.push({
        code: DECKHAND_CODES.selectorWithoutActions,
        message:
          `${describeDocument(doc)} has a parent (${describeDocument(index.byMeta.get(parent)!)}) but no ` +
          `actions; Deckhand keeps the document's own data and uses nothing of the parent's (add actions: [{method: ` +
          `merge, path: .}] to inherit)`,
        doc: doc.source,
        path: [...layering, 'parentSelector'],
      })
    }
  }
  return problems
}

export interface LayeringOptions {
  /** Deckhand's `fail_on_missing_sub_src`. */
  failOnMissingSubstitutionSource: boolean
}

export function renderDocumentSet(
  sources: readonly SourceDocument[],
  report: Reporter,
  options: LayeringOptions = { failOnMissingSubstitutionSource: true },
): LayeringResult {
  const soft: Problem[] = []
  const documents = sources.map((source) => readDeckhandDocument(source, report, soft))
  const policy = findLayeringPolicy(documents, sources[0], report, soft)
  const index = indexDocuments(documents, policy, report, soft)
  const selection = selectParents(index, report)
  const replacements = checkReplacements(index, selection, report, soft)
  const order = renderOrder(index, selection, replacements, report)
  for (const problem of [...soft, ...selectionProblems(index, selection)]) report.lenient(problem)

  // `_documents_by_index[meta].data`: what children of each document read.
  const current = new Map<string, unknown>()
  // `doc.data` of the documents returned.
  const own = new Map<string, unknown>()
  for (const doc of index.byMeta.values()) current.set(doc.meta, getOwn(doc.raw, 'data'))
  // Substitution changes a document's data in place, as Deckhand does: it works on a copy of the
  // parsed YAML, so that the parsed values never change.
  const dataOf = (doc: DeckhandDocument): unknown => (own.has(doc.meta) ? own.get(doc.meta) : getOwn(doc.raw, 'data'))
  const ownData = (doc: DeckhandDocument): unknown => (own.has(doc.meta) ? own.get(doc.meta) : deepCopy(dataOf(doc)))
  const substitution: SubstitutionContext = {
    report,
    replacements,
    failOnMissingSource: options.failOnMissingSubstitutionSource,
    dataOf,
  }
  for (const doc of order) {
    if (doc.control) continue
    const parentMeta = hasSelector(doc) ? selection.parents.get(doc.meta) : undefined
    if (parentMeta !== undefined && doc.actions.length > 0) {
      const parent = index.byMeta.get(parentMeta)!
      let data = current.get(parentMeta)
      for (const [position, action] of doc.actions.entries())
        data = applyAction(action, position, data, { child: doc, parent, report })
      own.set(doc.meta, data)
      current.set(doc.meta, data)
    }
    // After the document's own layering and before its children read it (they come later in the order).
    if (doc.substitutions.length > 0) {
      const data = applySubstitutions(doc, ownData(doc), substitution)
      own.set(doc.meta, data)
      current.set(doc.meta, data)
    }
    // Later children of the replaced parent layer onto the replacement's data.
    if (doc.replacement && parentMeta !== undefined) current.set(parentMeta, dataOf(doc))
  }

  const rendered: RenderedDocument[] = []
  for (const doc of index.byMeta.values()) {
    if (doc.abstract || replacements.replacedBy.has(doc.meta)) continue
    const value = deepCopy(doc.raw)
    if (own.has(doc.meta)) setOwn(value, 'data', deepCopy(own.get(doc.meta)))
    rendered.push({ doc, value })
  }
  rendered.sort((a, b) => compareDocuments(a.doc, b.doc))
  return { rendered, documents }
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
}

/** Output order: by schema, then metadata.name, then layer (the order the conformance data uses). */
function compareDocuments(a: DeckhandDocument, b: DeckhandDocument): number {
  return compareText(a.schema, b.schema) || compareText(a.name, b.name) || compareText(a.layer, b.layer)
}
