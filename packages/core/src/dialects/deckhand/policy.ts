// The LayeringPolicy: the first `deckhand/LayeringPolicy*` document and its layerOrder.
import type { Problem, Reporter } from '../../reporter.ts'
import type { SourceDocument } from '../../source-document.ts'
import { DECKHAND_CODES } from './codes.ts'
import { describeDocument, LAYERING_POLICY_SCHEMA } from './document.ts'
import type { DeckhandDocument } from './document.ts'
import { pyEquals } from './values.ts'
import { getOwn, isMapping } from '../../values.ts'

export interface LayeringPolicy {
  doc: DeckhandDocument
  /** `data.layerOrder`: index 0 is the top (most general) layer. */
  layerOrder: string[]
}

function readLayerOrder(doc: DeckhandDocument, report: Reporter): string[] {
  const data = getOwn(doc.raw, 'data')
  if (!isMapping(data)) {
    return report.fail({
      code: DECKHAND_CODES.invalidDocument,
      message: `the LayeringPolicy's data must be a mapping with a layerOrder list`,
      doc: doc.source,
      path: ['data'],
    })
  }
  const order = getOwn(data, 'layerOrder') ?? []
  if (!Array.isArray(order) || order.some((layer) => typeof layer !== 'string')) {
    return report.fail({
      code: DECKHAND_CODES.invalidDocument,
      message: `layerOrder must be a list of layer names, top (most general) first`,
      doc: doc.source,
      path: ['data', 'layerOrder'],
    })
  }
  return order as string[]
}

/**
 * Deckhand uses the first LayeringPolicy and only logs a warning about the others: here that is a
 * strict-mode problem when their layer orders differ, a warning otherwise.
 */
export function findLayeringPolicy(
  documents: readonly DeckhandDocument[],
  first: SourceDocument | undefined,
  report: Reporter,
  soft: Problem[],
): LayeringPolicy {
  const policies = documents.filter((doc) => doc.schema.startsWith(LAYERING_POLICY_SCHEMA))
  const policy = policies[0]
  if (!policy) {
    const problem: Problem = {
      code: DECKHAND_CODES.layeringPolicyNotFound,
      message:
        `no ${LAYERING_POLICY_SCHEMA}/v1 document in this document set (LayeringPolicyNotFound): Deckhand ` +
        `needs one for the layer order`,
    }
    if (first) problem.doc = first
    return report.fail(problem)
  }
  const layerOrder = readLayerOrder(policy, report)
  // An identical copy is reported as a duplicate document instead.
  for (const other of policies.slice(1).filter((doc) => doc.meta !== policy.meta || doc.identity !== policy.identity)) {
    const same = pyEquals(readLayerOrder(other, report), layerOrder)
    const problem: Problem = {
      code: DECKHAND_CODES.multiplePolicies,
      message:
        `more than one LayeringPolicy: Deckhand uses the first, ${describeDocument(policy)} in ` +
        `${policy.source.file}, and ignores this one${same ? '' : ', whose layerOrder differs'}`,
      doc: other.source,
      path: ['data', 'layerOrder'],
    }
    if (same) report.warn(problem)
    else soft.push(problem)
  }
  const seen = new Set<string>()
  for (const [i, layer] of layerOrder.entries()) {
    if (seen.has(layer))
      soft.push({
        code: DECKHAND_CODES.invalidDocument,
        message: `layer '${layer}' appears twice in layerOrder`,
        doc: policy.source,
        path: ['data', 'layerOrder', i],
      })
    seen.add(layer)
  }
  return { doc: policy, layerOrder }
}
