import type { Reporter } from '../../reporter.ts'
import type { OptionKeys } from '../types.ts'
import { DECKHAND_CODES } from './codes.ts'

/** Options of the Deckhand dialect (`RenderOptions.deckhand`). */
export interface DeckhandOptions {
  /**
   * `metadata.name` of one rendered document: the value is then that document's `data` instead of
   * the list of rendered documents. The plugin maps the import query `?document=name` to it.
   * @default undefined (the list of rendered concrete documents)
   */
  document?: string
  /**
   * With `document`, the `schema` of the document, when documents of several schemas share the name.
   * @default undefined (the name alone must be unambiguous)
   */
  schema?: string
  /**
   * Deckhand's `fail_on_missing_sub_src`. When false, a substitution whose source document is not in
   * the set is skipped, one whose source path holds nothing writes null, and a destination Deckhand
   * cannot write is left as it is: each is then a warning (an error in strict mode) instead of an error.
   * @default true
   */
  failOnMissingSubstitutionSource?: boolean
}

/** The `deckhand` option's keys (the registry's `optionKeys`). */
export const DECKHAND_OPTION_KEYS: OptionKeys<DeckhandOptions> = {
  document: true,
  schema: true,
  failOnMissingSubstitutionSource: true,
}

export function readDeckhandOptions(raw: unknown, report: Reporter): DeckhandOptions {
  if (raw === undefined) return {}
  const fail = (message: string): never =>
    report.fail({
      code: DECKHAND_CODES.invalidOption,
      message,
      at: { file: '<options>', position: { line: 1, column: 1 }, chain: [] },
    })
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
    return fail(`option 'deckhand' must be an object such as { document: 'name' }`)
  // Its keys are checked with every option's, before anything is read (option-names.ts).
  const options = raw as Record<string, unknown>
  const result: DeckhandOptions = {}
  for (const key of ['document', 'schema'] as const) {
    const value = options[key]
    if (value === undefined) continue
    if (typeof value !== 'string' || value === '') fail(`option 'deckhand.${key}' must be a non-empty string`)
    result[key] = value as string
  }
  const failOnMissing = options.failOnMissingSubstitutionSource
  if (failOnMissing !== undefined) {
    if (typeof failOnMissing !== 'boolean')
      fail(`option 'deckhand.failOnMissingSubstitutionSource' must be true or false`)
    result.failOnMissingSubstitutionSource = failOnMissing as boolean
  }
  if (result.schema !== undefined && result.document === undefined)
    fail(`option 'deckhand.schema' only applies together with 'deckhand.document'`)
  return result
}
