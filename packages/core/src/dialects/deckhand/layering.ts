// DocumentLayering end to end: read the documents, run Deckhand's set-up checks, report what strict
// mode rejects, then render every document in dependency order: layering, then substitution.
import { isMergedYamlError } from '../../diagnostics.ts'
import { Reporter } from '../../report.ts'
import type { Problem } from '../../report.ts'
import type { SourceDocument } from '../../source.ts'
import type { YamlVersion } from '../../yaml/types.ts'
import { applyAction } from './actions.ts'
import type { ActionContext } from './actions.ts'
import { AliasTracker, describeAliasing, groupByShare } from './aliasing.ts'
import { DECKHAND_CODES } from './codes.ts'
import { describeDocument, readDeckhandDocument } from './document.ts'
import type { DeckhandDocument } from './document.ts'
import { DeckhandExplainer } from './explain.ts'
import { NumberKinds } from './numbers.ts'
import { dependents, renderOrder } from './order.ts'
import { hasSelector, indexDocuments, selectParents } from './parents.ts'
import type { DocumentIndex, ParentSelection } from './parents.ts'
import { findLayeringPolicy } from './policy.ts'
import { checkReplacements } from './replacement.ts'
import type { Replacements } from './replacement.ts'
import { substituteDocument } from './substitution.ts'
import type { SubstitutionContext } from './substitution.ts'
import { deepCopy, detached, getOwn, sameData, setOwn } from './values.ts'
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
  /** With `explain`: the history of every rendered value. */
  explainer?: DeckhandExplainer
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
        message: `the parentSelector of ${describeDocument(doc)} selects no document in a higher layer; Deckhand keeps the document's own data${actions ? ' and ignores its actions' : ''}`,
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
        message: `${describeDocument(doc)} has a parent (${describeDocument(index.byMeta.get(parent)!)}) but no actions; Deckhand keeps the document's own data and uses nothing of the parent's (add actions: [{method: merge, path: .}] to inherit)`,
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
  /** How the document set's YAML was read (for Python's str() of 1 and 1.0). */
  yamlVersion?: YamlVersion
  /** Record each value's history (the `explain` option). */
  explain?: boolean
}

interface PreparedSet {
  documents: DeckhandDocument[]
  index: DocumentIndex
  selection: ParentSelection
  replacements: Replacements
  order: DeckhandDocument[]
  numbers: NumberKinds
}

/** A reporter for the comparison render: its problems were (or will be) reported by the real one. */
class SilentReporter extends Reporter {
  override warn(): void {}
}

/**
 * One pass of `DocumentLayering.render()`. Each document's data is one mutable value, as Deckhand's
 * `doc.data`: substitution changes it in place, and containers shared by a shallow copy stay shared.
 */
class RenderPass {
  /** `doc.data`, once it may change (copied from the parsed value: parsed values never change). */
  private readonly data = new Map<DeckhandDocument, unknown>()
  /** `_documents_by_index[meta].data` where it is not `doc.data`: a replaced parent reads its replacement. */
  private readonly forChildren = new Map<DeckhandDocument, unknown>()

  constructor(
    private readonly set: PreparedSet,
    private readonly report: Reporter,
    private readonly options: LayeringOptions,
    private readonly extra: { deepcopyAll?: boolean; aliasing?: AliasTracker; explainer?: DeckhandExplainer } = {},
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
    const { explainer, ...extra } = this.extra
    const substitution: SubstitutionContext = {
      report: this.report,
      replacements,
      failOnMissingSource: this.options.failOnMissingSubstitutionSource,
      dataOf: this.dataOf,
      setData: (doc, value) => this.data.set(doc, value),
      numbers,
      ...extra,
    }
    if (explainer) substitution.onWrite = (write) => explainer.substitution(write, this.peek(write.doc))
    for (const doc of order) {
      if (doc.control || (this.only && !this.only.has(doc))) continue
      const parent = hasSelector(doc) ? index.byMeta.get(selection.parents.get(doc.meta) ?? '') : undefined
      if (parent && doc.actions.length > 0) {
        let data = this.parentData(parent)
        const context: ActionContext = { child: doc, parent, report: this.report }
        if (explainer) {
          explainer.inherit(doc, parent)
          context.onApplied = (applied) => explainer.action(doc, parent, applied)
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
        explainer?.replaced(parent, doc)
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

/**
 * Where Deckhand's aliasing changed the result (compared with a render in which every substitution
 * copies its value deeply), a warning at each substitution whose shared value was written through.
 */
/** The documents a render with copies could give otherwise: those aliasing touched, and their dependents. */
function affectedByAliasing(set: PreparedSet, aliasing: AliasTracker): Set<DeckhandDocument> {
  const reach = dependents(set.index, set.selection, set.replacements)
  const affected = new Set<DeckhandDocument>()
  const visit = (doc: DeckhandDocument): void => {
    if (affected.has(doc)) return
    affected.add(doc)
    for (const dependent of reach.get(doc) ?? []) visit(dependent)
  }
  for (const { share, writer } of aliasing.writes) for (const doc of [share.source, share.sharer, writer]) visit(doc)
  return affected
}

/**
 * Where Deckhand's aliasing changed the result (compared with a render in which every substitution
 * copies its value deeply), a warning at each substitution whose shared value was written through.
 */
function reportAliasing(
  set: PreparedSet,
  pass: RenderPass,
  aliasing: AliasTracker,
  report: Reporter,
  options: LayeringOptions,
): void {
  if (aliasing.writes.length === 0) return
  const copied = new RenderPass(set, new SilentReporter(false, report.root), options, { deepcopyAll: true })
  const affected = affectedByAliasing(set, aliasing)
  let differing: string[]
  try {
    copied.renderAgain(pass, affected)
    differing = [...affected]
      .filter((doc) => !doc.abstract && !set.replacements.replacedBy.has(doc.meta))
      .filter((doc) => !sameData(pass.peek(doc), copied.peek(doc)))
      .sort(compareDocuments)
      .map((doc) => `[${doc.schema}] ${doc.name}`)
  } catch (error) {
    if (!isMergedYamlError(error)) throw error
    differing = [`every document (with copies, Deckhand would fail: ${error.diagnostics[0]!.message})`]
  }
  if (differing.length === 0) return
  for (const [share, writes] of groupByShare(aliasing.writes)) {
    report.warn({
      code: DECKHAND_CODES.aliasedSubstitution,
      message: describeAliasing(share, writes, differing),
      doc: share.sharer.source,
      path: ['metadata', 'substitutions', share.sub.index, 'src'],
    })
  }
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

  const numbers = new NumberKinds(documents, options.yamlVersion ?? '1.2')
  const set: PreparedSet = { documents, index, selection, replacements, order, numbers }
  const aliasing = new AliasTracker()
  const explainer = options.explain ? new DeckhandExplainer() : undefined
  const pass = new RenderPass(set, report, options, explainer ? { aliasing, explainer } : { aliasing })
  pass.run()
  reportAliasing(set, pass, aliasing, report, options)
  const result: LayeringResult = { rendered: pass.rendered(), documents }
  if (explainer) result.explainer = explainer
  return result
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
}

/** Output order: by schema, then metadata.name, then layer (the order the conformance data uses). */
function compareDocuments(a: DeckhandDocument, b: DeckhandDocument): number {
  return compareText(a.schema, b.schema) || compareText(a.name, b.name) || compareText(a.layer, b.layer)
}
