// ajv, loaded on first use: an entry without a schema never pays for it (loading ajv and compiling a
// meta-schema costs tens of milliseconds of a build's start). One instance per way of reading a
// schema, renewed after a few hundred compilations: ajv keeps every schema it compiled, and a watch
// session compiles each edit anew.
import { createRequire } from 'node:module'
import type { default as AjvCore, Options } from 'ajv/dist/core.js'
import type { RegExpEngine } from 'ajv/dist/types/index.js'
import { compileEcma } from '../linear-regex.ts'
import type { EcmaReading } from '../linear-regex.ts'
import { useLengthKeywords } from './length-keywords.ts'

/** The JSON Schema drafts ajv validates with. */
export type SchemaDraft = 'draft-04' | 'draft-06' | 'draft-07' | '2019-09' | '2020-12'

/** How a schema is read: its draft, whether `format` is checked, and as which validator reads it. */
export interface SchemaReading {
  draft: SchemaDraft
  formats: boolean
  /**
   * As Python's jsonschema reads it (Deckhand's): `pattern` as `re.search` reads it, and a `$ref`
   * resolved only when validation reaches it (ajv resolves every `$ref` when compiling).
   */
  python: boolean
}

/** The keyword a `$ref` Python's jsonschema could not resolve becomes: it fails when reached. */
export const UNRESOLVED_REF = 'x-merged-yaml-unresolved-ref'

type AjvClass = new (options: Options) => AjvCore

const require = createRequire(import.meta.url)

function ajvClass(draft: SchemaDraft): AjvClass {
  const load = (id: string) => (require(id) as { default: AjvClass }).default
  switch (draft) {
    case 'draft-04':
      return load('ajv-draft-04')
    case '2019-09':
      return load('ajv/dist/2019')
    case '2020-12':
      return load('ajv/dist/2020')
    default:
      return load('ajv')
  }
}

/**
 * How a schema's `pattern` and `patternProperties` are read: ECMA-262 with `u` (as ajv reads them),
 * or, for Deckhand's jsonschema, `$` as Python's `re.search` reads it (before a final newline too: a
 * block scalar ends with one) and otherwise as JavaScript reads it without `u`, which accepts the
 * identity escapes (`\-`) Python accepts. Either runs on RE2 in linear time (linear-regex.ts): a
 * pattern from a schema never backtracks.
 */
export function schemaPatternReading(python: boolean, flags = 'u'): EcmaReading {
  return { unicode: !python && flags.includes('u'), ignoreCase: false, pythonDollar: python }
}

/** ajv keys the patterns of a schema on their `toString()`: each its own. */
const keyed = <T extends object>(regex: T, pattern: string, flags: string): T =>
  Object.assign(regex, { toString: () => `/${pattern}/${flags}` })

const ecmaRegExp: RegExpEngine = Object.assign(
  (pattern: string, flags: string) => keyed(compileEcma(pattern, schemaPatternReading(false, flags)), pattern, flags),
  { code: 'ecmaLinearRegExp' },
)

const pythonRegExp: RegExpEngine = Object.assign(
  (pattern: string) => keyed(compileEcma(pattern, schemaPatternReading(true)), pattern, 'python'),
  { code: 'pythonLinearRegExp' },
)

/** A new ajv instance for a reading: every error (all violations in one run), with the data for messages. */
function createAjv(reading: SchemaReading): AjvCore {
  const options: Options = {
    allErrors: true,
    verbose: true,
    // Schemas written for editors carry their keywords (`markdownDescription`, `defaultSnippets`):
    // unknown keywords and formats are ignored, as editors and the JSON Schema specification do.
    strict: false,
    logger: false,
    validateFormats: reading.formats,
    // ajv's code optimisation halves little of the validation time and doubles the compilation's.
    code: { optimize: false, regExp: reading.python ? pythonRegExp : ecmaRegExp },
  }
  const ajv = new (ajvClass(reading.draft))(options)
  useLengthKeywords(ajv)
  if (reading.python) ajv.addKeyword({ keyword: UNRESOLVED_REF, schemaType: 'string', validate: () => false })
  if (reading.draft === 'draft-06') ajv.addMetaSchema(require('ajv/dist/refs/json-schema-draft-06.json') as object)
  if (reading.formats) (require('ajv-formats') as { default: (ajv: AjvCore) => void }).default(ajv)
  return ajv
}

const RENEW_AFTER = 256

export const readingKey = (reading: SchemaReading): string => `${reading.draft}|${reading.formats}|${reading.python}`

const instances = new Map<string, { ajv: AjvCore; compiled: number }>()

/** The ajv instance for a reading, renewed after RENEW_AFTER compilations. */
export function ajvFor(reading: SchemaReading): AjvCore {
  const key = readingKey(reading)
  let entry = instances.get(key)
  if (!entry || entry.compiled >= RENEW_AFTER) {
    entry = { ajv: createAjv(reading), compiled: 0 }
    instances.set(key, entry)
  }
  entry.compiled++
  return entry.ajv
}

/** Forgets the instance of a reading (after a compilation left it in an unknown state). */
export function dropAjv(reading: SchemaReading): void {
  instances.delete(readingKey(reading))
}
