// DocumentLayering end to end: read the documents, run Deckhand's set-up checks, report what strict
// mode rejects, then render every document in dependency order: layering, then substitution.
import { isMergedYamlError } from '../../diagnostics.ts'
import { Reporter } from '../../reporter.ts'
import type { Problem } from '../../reporter.ts'
import type { SourceDocument } from '../../source-document.ts'
import { AliasTracker, describeAliasing, groupByShare } from './aliasing.ts'
import { DECKHAND_CODES } from './codes.ts'
import { describeDocument, readDeckhandDocument } from './document.ts'
import type { DeckhandDocument } from './document.ts'
import { DeckhandHistory } from './history.ts'
import { NumberKinds } from './numbers.ts'
import { dependents, renderOrder } from './order.ts'
import { hasSelector, indexDocuments, selectParents } from './parents.ts'
import type { DocumentIndex, ParentSelection } from './parents.ts'
import { findLayeringPolicy } from './policy.ts'
import { checkReplacements } from './replacement.ts'
import { compareDocuments, RenderPass } from './render-pass.ts'
import type { RenderedDocument } from './document.ts'
import type { LayeringOptions, PreparedSet } from './render-pass.ts'
import { sameData } from './values.ts'

export type { RenderedDocument } from './document.ts'
export type { LayeringOptions } from './render-pass.ts'

export interface LayeringResult {
  /** The concrete documents, control documents included, abstract and replaced ones left out. */
  rendered: RenderedDocument[]
  /** Every document read (for messages about documents that are not rendered). */
  documents: DeckhandDocument[]
  /** With `history`: the history of every rendered value. */
  history?: DeckhandHistory
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

/** A reporter for the comparison render: its problems were (or will be) reported by the real one. */
class SilentReporter extends Reporter {
  override warn(): void {}
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
  // Each document on its own: every malformed document of the set is reported in one run.
  const documents: DeckhandDocument[] = []
  for (const source of sources) {
    const doc = report.collect(() => readDeckhandDocument(source, report, soft))
    if (doc) documents.push(doc)
  }
  report.throwErrors()
  const policy = findLayeringPolicy(documents, sources[0], report, soft)
  const index = indexDocuments(documents, policy, report, soft)
  report.throwErrors()
  const selection = selectParents(index, report)
  const replacements = checkReplacements(index, selection, report, soft)
  const order = renderOrder(index, selection, replacements, report)
  // What Deckhand passes over silently, every instance (strict mode fails on them all at once).
  for (const problem of [...soft, ...selectionProblems(index, selection)]) report.collect(() => report.lenient(problem))
  report.throwErrors()

  const numbers = new NumberKinds(documents, options.yamlVersion ?? '1.2')
  const set: PreparedSet = { documents, index, selection, replacements, order, numbers }
  const aliasing = new AliasTracker()
  const history = options.history ? new DeckhandHistory() : undefined
  const pass = new RenderPass(set, report, options, history ? { aliasing, history } : { aliasing })
  pass.run()
  reportAliasing(set, pass, aliasing, report, options)
  const result: LayeringResult = { rendered: pass.rendered(), documents }
  if (history) result.history = history
  return result
}
