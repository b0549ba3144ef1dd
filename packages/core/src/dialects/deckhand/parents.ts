// Parent selection, as DocumentLayering's constructor does it (`_calc_all_document_children`):
// candidates come from label pairs, a parent must be in a strictly higher layer and of the same
// schema, a closer layer replaces a farther parent, and a counter decides what is indeterminate.
import type { Problem, Reporter } from '../../reporter.ts'
import { suggestName } from '../../suggest.ts'
import { DECKHAND_CODES } from './codes.ts'
import { describeDocument } from './document.ts'
import type { DeckhandDocument } from './document.ts'
import type { LayeringPolicy } from './policy.ts'
import { pyEquals, pyTruthy, scalarKey } from './values.ts'
import { getOwn } from '../../values.ts'

export interface DocumentIndex {
  /** `_documents_by_index`: the first document of each (schema, layer, name). */
  byMeta: Map<string, DeckhandDocument>
  /** Documents by layer, in input order (duplicates included, as in Deckhand). */
  byLayer: Map<string, DeckhandDocument[]>
  /** Documents by each (key, value) pair of their parentSelector. */
  bySelectorPair: Map<string, DeckhandDocument[]>
  /** layerOrder without the layers that have no documents. */
  order: string[]
  /** The `meta` of documents that appear more than once (Deckhand tells them apart by content). */
  duplicated: Set<string>
}

/** A key equal for the documents Python's `==` finds equal (same content), as Deckhand's sets and counters use. */
export function equalityKey(doc: DeckhandDocument, index: DocumentIndex): string {
  return index.duplicated.has(doc.meta) ? `${doc.meta}\0${doc.identity}` : doc.meta
}

function pairKey(key: string, value: unknown): string {
  return JSON.stringify([key, scalarKey(value)])
}

function push<T>(map: Map<string, T[]>, key: string, value: T): void {
  const list = map.get(key)
  if (list) list.push(value)
  else map.set(key, [value])
}

const LAYER_PATH = ['metadata', 'layeringDefinition', 'layer']
const SELECTOR_PATH = ['metadata', 'layeringDefinition', 'parentSelector']

export function indexDocuments(
  documents: readonly DeckhandDocument[],
  policy: LayeringPolicy,
  report: Reporter,
  soft: Problem[],
): DocumentIndex {
  const byMeta = new Map<string, DeckhandDocument>()
  const byLayer = new Map<string, DeckhandDocument[]>()
  const bySelectorPair = new Map<string, DeckhandDocument[]>()
  const duplicated = new Set<string>()
  for (const doc of documents) {
    const first = byMeta.get(doc.meta)
    if (first) {
      duplicated.add(doc.meta)
      const problem: Problem = {
        code: DECKHAND_CODES.duplicateDocument,
        message:
          `${describeDocument(doc)} appears twice (first in ${first.source.file}); Deckhand keeps the first ` +
          `and drops this one`,
        doc: doc.source,
        path: ['metadata', 'name'],
      }
      if (first.identity === doc.identity) report.warn(problem)
      else soft.push(problem)
    } else {
      byMeta.set(doc.meta, doc)
    }
    if (doc.layer) {
      if (!policy.layerOrder.includes(doc.layer)) {
        const problem: Problem = {
          code: DECKHAND_CODES.invalidLayer,
          message:
            `layer '${doc.layer}' of ${describeDocument(doc)} is not in the layerOrder ` +
            `[${policy.layerOrder.join(', ')}] of LayeringPolicy ${policy.doc.name} (InvalidDocumentLayer)`,
          doc: doc.source,
          path: LAYER_PATH,
        }
        const suggestion = suggestName(doc.layer, policy.layerOrder)
        if (suggestion) problem.suggestion = suggestion
        // Every document with an unknown layer is reported; the set stops before it is layered.
        report.error(problem)
      }
      push(byLayer, doc.layer, doc)
    }
    for (const [key, value] of Object.entries(doc.parentSelector)) push(bySelectorPair, pairKey(key, value), doc)
  }
  const order = [...policy.layerOrder]
  for (const layer of policy.layerOrder) {
    if (!byLayer.get(layer)?.length) order.splice(order.indexOf(layer), 1)
  }
  return { byMeta, byLayer, bySelectorPair, order, duplicated }
}

export interface ParentSelection {
  /** Child meta → parent meta. */
  parents: Map<string, string>
  /** Every document that matched a selector, per child (by equalityKey, for messages). */
  matches: Map<string, DeckhandDocument[]>
}

/** `_is_actual_child_document`: whether `child`'s selector selects `parent`, raising what Deckhand raises. */
function isChild(parent: DeckhandDocument, child: DeckhandDocument, index: DocumentIndex, report: Reporter): boolean {
  if (parent.meta === child.meta && parent.identity === child.identity) return false
  const parentLayer = index.order.indexOf(parent.layer)
  const childLayer = index.order.indexOf(child.layer)
  if (childLayer < 0) {
    // Deckhand's `layerOrder.index('')` raises a ValueError here.
    report.fail({
      code: DECKHAND_CODES.invalidDocument,
      message:
        `${describeDocument(child)} has a parentSelector but no layer; Deckhand fails on it once a document ` +
        `carries one of its selector's labels`,
      doc: child.source,
      path: SELECTOR_PATH,
    })
  }
  const selected = Object.entries(child.parentSelector).every(([key, value]) =>
    pyEquals(getOwn(parent.labels, key) ?? null, value),
  )
  if (!selected) return false
  if (child.schema !== parent.schema) {
    report.fail({
      code: DECKHAND_CODES.invalidParent,
      message:
        `the parentSelector of ${describeDocument(child)} selects ${describeDocument(parent)} in ` +
        `${parent.source.file}, but their schemas do not match (InvalidDocumentParent)`,
      doc: child.source,
      path: SELECTOR_PATH,
    })
  }
  if (parentLayer >= childLayer) {
    report.fail({
      code: DECKHAND_CODES.invalidParent,
      message:
        `the parentSelector of ${describeDocument(child)} selects ${describeDocument(parent)} in ` +
        `${parent.source.file}, but a parent must be in a higher layer than its child (layerOrder ` +
        `${index.order.join(', ')}) (InvalidDocumentParent)`,
      doc: child.source,
      path: SELECTOR_PATH,
    })
  }
  return true
}

/**
 * Selects each document's parent. Deckhand counts every match and subtracts one only when a closer
 * layer replaces the current parent, so two matches in one layer are indeterminate even when a
 * lower layer also matches.
 */
export function selectParents(index: DocumentIndex, report: Reporter): ParentSelection {
  const counts = new Map<string, number>()
  const parents = new Map<string, string>()
  const matches = new Map<string, DeckhandDocument[]>()
  for (const layer of index.order) {
    for (const parent of index.byLayer.get(layer) ?? []) {
      const candidates = new Map<string, DeckhandDocument>()
      for (const [key, value] of Object.entries(parent.labels)) {
        for (const doc of index.bySelectorPair.get(pairKey(key, value)) ?? []) {
          const key = equalityKey(doc, index)
          if (!candidates.has(key)) candidates.set(key, doc)
        }
      }
      const children = [...candidates.values()].filter((child) => isChild(parent, child, index, report))
      for (const child of children) {
        const key = equalityKey(child, index)
        counts.set(key, (counts.get(key) ?? 0) + 1)
        push(matches, key, parent)
      }
      for (const child of children) {
        const current = index.byMeta.get(parents.get(child.meta) ?? '')
        if (current) {
          if (index.order.indexOf(parent.layer) > index.order.indexOf(current.layer)) {
            parents.set(child.meta, parent.meta)
            counts.set(equalityKey(child, index), counts.get(equalityKey(child, index))! - 1)
          }
        } else if (!parents.has(child.meta)) {
          parents.set(child.meta, parent.meta)
        }
      }
    }
  }
  for (const [layer, docs] of index.byLayer) {
    if (index.order.length === 0 || layer === index.order[0]) continue
    for (const doc of docs) {
      const count = counts.get(equalityKey(doc, index)) ?? 0
      if (count > 1) {
        const found = (matches.get(equalityKey(doc, index)) ?? []).map(
          (p) => `${describeDocument(p)} in ${p.source.file}`,
        )
        report.fail({
          code: DECKHAND_CODES.indeterminateParent,
          message:
            `${describeDocument(doc)} has ${count} parents by Deckhand's count ` +
            `(IndeterminateDocumentParent); its parentSelector matches ${found.join(', ')}. Each document must have ` +
            `exactly one parent, and two matches in one layer count even when a closer layer also matches`,
          doc: doc.source,
          path: SELECTOR_PATH,
        })
      }
    }
  }
  return { parents, matches }
}

/** Whether the document has a selector Deckhand reads (`parentSelector or {}`). */
export function hasSelector(doc: DeckhandDocument): boolean {
  return pyTruthy(doc.parentSelector)
}
