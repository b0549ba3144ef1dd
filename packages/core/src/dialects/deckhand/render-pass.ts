// One pass of `DocumentLayering.render()` over a prepared document set: each document's layering,
// then its substitutions, in Deckhand's render order. Each document's data is one mutable value, as
// Deckhand's `doc.data`, so that containers a shallow copy shares stay shared.
import type { Reporter } from '../../reporter.ts'
import type { YamlVersion } from '../../yaml/types.ts'
import { applyAction } from './actions.ts'
import type { ActionContext } from './actions.ts'
import type { AliasTracker } from './aliasing.ts'
import type { DeckhandDocument, RenderedDocument } from './document.ts'
import type { DeckhandHistory } from './history.ts'
import type { NumberKinds } from './numbers.ts'
import { hasSelector } from './parents.ts'
import type { DocumentIndex, ParentSelection } from './parents.ts'
import type { Replacements } from './replacement.ts'
import { substituteDocument } from './substitution.ts'
import type { SubstitutionContext } from './substitution.ts'
import { deepCopy, detached } from './values.ts'
import { getOwn, setOwn } from '../../values.ts'

export interface LayeringOptions {
  /** Deckhand's `fail_on_missing_sub_src`. */
  failOnMissingSubstitutionSource: boolean
  /** How the document set's YAML was read (for Python's str() of 1 and 1.0). */
  yamlVersion?: YamlVersion
  /** Record each value's history (for the render's provenance: its `history` or `sources` record). */
  history?: boolean
}

/** The document set, read, checked and ordered. */
export interface PreparedSet {
  documents: DeckhandDocument[]
  index: DocumentIndex
  selection: ParentSelection
  replacements: Replacements
  order: DeckhandDocument[]
  numbers: NumberKinds
}

/**
 * One pass of `DocumentLayering.render()`. Each document's data is one mutable value, as Deckhand's
 * `doc.data`: substitution changes it in place, and containers shared by a shallow copy stay shared.
 */
export class RenderPass {
  /** `doc.data`, once it may change (copied from the parsed value: parsed values never change). */
  private readonly data = new Map<DeckhandDocument, unknown>()
  /** `_documents_by_index[meta].data` where it is not `doc.data`: a replaced parent reads its replacement. */
  private readonly forChildren = new Map<DeckhandDocument, unknown>()

  constructor(
    private readonly set: PreparedSet,
    private readonly report: Reporter,
    private readonly options: LayeringOptions,
    private readonly extra: { deepcopyAll?: boolean; aliasing?: AliasTracker; history?: DeckhandHistory } = {},
  ) {}

  /**
   * Renders only `only` again; every other document keeps what `from` rendered (it neither changed
   * after its render nor reads a document that did).
   */
  renderAgain(from: RenderPass, only: ReadonlySet<DeckhandDocument>): void {
    for (const [doc, data] of from.data) if (!only.has(doc)) this.data.set(doc, data)
    for (const [doc, data] of from.forChildren) this.forChildren.set(doc, data)
    this.only = only
    this.run()
  }

  private only: ReadonlySet<DeckhandDocument> | undefined

  private dataOf = (doc: DeckhandDocument): unknown => {
    if (!this.data.has(doc)) this.data.set(doc, deepCopy(getOwn(doc.raw, 'data') ?? null))
    return this.data.get(doc)
  }

  /** The data without making it changeable (the parsed value while nothing changed it). */
  peek(doc: DeckhandDocument): unknown {
    return this.data.has(doc) ? this.data.get(doc) : (getOwn(doc.raw, 'data') ?? null)
  }

  changed(doc: DeckhandDocument): boolean {
    return this.data.has(doc)
  }

  private parentData(parent: DeckhandDocument): unknown {
    return this.forChildren.has(parent) ? this.forChildren.get(parent) : this.peek(parent)
  }

  run(): void {
    const { index, selection, replacements, order, numbers } = this.set
    const { history, ...extra } = this.extra
    const substitution: SubstitutionContext = {
      report: this.report,
      replacements,
      failOnMissingSource: this.options.failOnMissingSubstitutionSource,
      dataOf: this.dataOf,
      setData: (doc, value) => this.data.set(doc, value),
      numbers,
      ...extra,
    }
    if (history) substitution.onWrite = (write) => history.substitution(write, this.peek(write.doc))
    for (const doc of order) {
      if (doc.control || (this.only && !this.only.has(doc))) continue
      const parent = hasSelector(doc) ? index.byMeta.get(selection.parents.get(doc.meta) ?? '') : undefined
      if (parent && doc.actions.length > 0) {
        let data = this.parentData(parent)
        const context: ActionContext = { child: doc, parent, report: this.report }
        if (history) {
          history.inherit(doc, parent)
          context.onApplied = (applied) => history.action(doc, parent, applied)
        }
        for (const [position, action] of doc.actions.entries()) data = applyAction(action, position, data, context)
        this.data.set(doc, data)
        this.forChildren.delete(doc)
      }
      // After the document's own layering and before its children read it (they come later in the order).
      if (doc.substitutions.length > 0) {
        substituteDocument(doc, substitution)
        this.forChildren.delete(doc)
      }
      // `parent.data = doc.data`: later children of the replaced parent layer onto the replacement's data.
      if (doc.replacement && parent) {
        this.forChildren.set(parent, this.peek(doc))
        history?.replaced(parent, doc)
      }
    }
  }

  /** The documents Deckhand returns: concrete, not replaced, `data` rendered. */
  rendered(): RenderedDocument[] {
    const rendered: RenderedDocument[] = []
    for (const doc of this.set.index.byMeta.values()) {
      if (doc.abstract || this.set.replacements.replacedBy.has(doc.meta)) continue
      let value = detached(doc.raw)
      if (this.changed(doc)) {
        value = { ...doc.raw }
        for (const key of Object.keys(value)) setOwn(value, key, detached(value[key]))
        setOwn(value, 'data', deepCopy(this.peek(doc)))
      }
      rendered.push({ doc, value })
    }
    return rendered.sort((a, b) => compareDocuments(a.doc, b.doc))
  }
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
}

/** Output order: by schema, then metadata.name, then layer (the order the conformance data uses). */
export function compareDocuments(a: DeckhandDocument, b: DeckhandDocument): number {
  return compareText(a.schema, b.schema) || compareText(a.name, b.name) || compareText(a.layer, b.layer)
}
