// The `deckhand.document` option: one rendered document's data instead of the whole set.
import type { Problem, Reporter } from '../../reporter.ts'
import type { SourceDocument } from '../../source-document.ts'
import { suggestName } from '../../suggest.ts'
import { DECKHAND_CODES } from './codes.ts'
import { describeDocument } from './document.ts'
import type { LayeringResult, RenderedDocument } from './layering.ts'
import type { DeckhandOptions } from './options.ts'

/** The rendered document the `document` (and `schema`) options name. */
export function selectDocument(
  result: LayeringResult,
  options: DeckhandOptions & { document: string },
  first: SourceDocument | undefined,
  report: Reporter,
): RenderedDocument {
  const { document: name, schema } = options
  const fail = (message: string, suggestion?: string): never => {
    const problem: Problem = { code: DECKHAND_CODES.unknownDocument, message: `option deckhand.document: ${message}` }
    if (first) problem.doc = first
    if (suggestion) problem.suggestion = suggestion
    return report.fail(problem)
  }
  const named = result.rendered.filter((r) => r.doc.name === name)
  const matches = schema === undefined ? named : named.filter((r) => r.doc.schema === schema)
  if (matches.length === 1) return matches[0]!
  if (matches.length > 1) {
    return fail(
      `${matches.length} rendered documents are named '${name}' (${matches.map((r) => r.doc.schema).join(', ')}); ` +
        `choose one with deckhand.schema (import query ?schema=…, CLI --deckhand-schema)`,
    )
  }
  if (named.length > 0) {
    return fail(
      `no rendered document named '${name}' has schema '${schema}'`,
      suggestName(
        schema!,
        named.map((r) => r.doc.schema),
      ),
    )
  }
  const hidden = result.documents.find((doc) => doc.name === name && (schema === undefined || doc.schema === schema))
  if (hidden)
    return fail(
      `${describeDocument(hidden)} is ${hidden.abstract ? 'abstract' : 'not rendered'}; Deckhand returns concrete ` +
        `documents only`,
    )
  const names = [...new Set(result.rendered.map((r) => r.doc.name))]
  return fail(
    `no rendered document is named '${name}'${names.length ? `; the rendered documents are ${names.join(', ')}` : ''}`,
    suggestName(name, names),
  )
}
