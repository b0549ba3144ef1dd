// Replacement checks (`_calc_replacements_and_substitutions` and deckhand/engine/_replacement.py):
// a `replacement: true` document takes the place of its parent, which must have the same schema and
// name; nothing else may share a parent's schema and name; a replacement cannot be replaced.
import type { Problem, Reporter } from '../../reporter.ts'
import { DECKHAND_CODES } from './codes.ts'
import { describeDocument } from './document.ts'
import type { DeckhandDocument } from './document.ts'
import type { DocumentIndex, ParentSelection } from './parents.ts'

export interface Replacements {
  /** Parent meta → the document that replaces it. */
  replacedBy: Map<string, DeckhandDocument>
  /** `(schema, name)` → the concrete document a substitution reads, replacements followed. */
  sources: Map<string, DeckhandDocument>
}

export function sourceKey(schema: string, name: string): string {
  return `${schema}\0${name}`
}

function invalid(doc: DeckhandDocument, path: string[], message: string, report: Reporter): never {
  return report.fail({
    code: DECKHAND_CODES.invalidReplacement,
    message: `${message} (InvalidDocumentReplacement)`,
    doc: doc.source,
    path,
  })
}

export function checkReplacements(
  index: DocumentIndex,
  selection: ParentSelection,
  report: Reporter,
  soft: Problem[],
): Replacements {
  const replacedBy = new Map<string, DeckhandDocument>()
  const unique = new Map<string, DeckhandDocument>()
  for (const doc of index.byMeta.values()) {
    const parent = index.byMeta.get(selection.parents.get(doc.meta) ?? '')
    if (doc.replacement) {
      if (!parent)
        invalid(
          doc,
          ['metadata', 'replacement'],
          `${describeDocument(doc)} has replacement: true but no parent; a replacement must select the document it ` +
            `replaces with its parentSelector`,
          report,
        )
      if (doc.schema !== parent.schema || doc.name !== parent.name) {
        invalid(
          doc,
          ['metadata', 'replacement'],
          `${describeDocument(doc)} replaces its parent ${describeDocument(parent)}, but a replacement must have ` +
            `the same schema and metadata.name as its parent`,
          report,
        )
      }
      const earlier = replacedBy.get(parent.meta)
      if (earlier) {
        soft.push({
          code: DECKHAND_CODES.invalidReplacement,
          message:
            `${describeDocument(parent)} is replaced twice, by ${describeDocument(earlier)} and by this ` +
            `document; Deckhand silently uses this one`,
          doc: doc.source,
          path: ['metadata', 'replacement'],
        })
      }
      replacedBy.set(parent.meta, doc)
      continue
    }
    if (parent && doc.schema === parent.schema && doc.name === parent.name) {
      invalid(
        doc,
        ['metadata', 'name'],
        `${describeDocument(doc)} has the same schema and metadata.name as its parent; add replacement: true to it ` +
          `or give it another name`,
        report,
      )
    }
    if (doc.control) continue
    const key = sourceKey(doc.schema, doc.name)
    const other = unique.get(key)
    if (other) {
      invalid(
        doc,
        ['metadata', 'name'],
        `${describeDocument(doc)} and ${describeDocument(other)} in ${other.source.file} have the same schema and ` +
          `metadata.name and neither is a replacement of the other`,
        report,
      )
    }
    unique.set(key, doc)
  }
  const sources = new Map<string, DeckhandDocument>()
  for (const doc of index.byMeta.values()) {
    const replacement = replacedBy.get(doc.meta)
    if (replacement && doc.replacement) {
      const problem: Problem = {
        code: DECKHAND_CODES.invalidReplacement,
        message:
          `${describeDocument(doc)} is a replacement and is itself replaced by ` +
          `${describeDocument(replacement)}; only one level of replacement is allowed`,
        doc: doc.source,
        path: ['metadata', 'replacement'],
      }
      // Deckhand only checks concrete documents (the substitution sources); strict mode checks all.
      if (doc.abstract) soft.push({ ...problem, code: DECKHAND_CODES.nestedReplacement })
      else report.fail({ ...problem, message: `${problem.message} (InvalidDocumentReplacement)` })
    }
    if (doc.abstract) continue
    const source = replacement ?? doc
    sources.set(sourceKey(source.schema, source.name), source)
  }
  return { replacedBy, sources }
}
