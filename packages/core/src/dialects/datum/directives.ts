// Reading an entry's documents: which ones declare lookup options (the Datum.yml part), what data
// each layer holds once the directive keys are removed, and the checks Datum makes on the way.
import type { Reporter } from '../../reporter.ts'
import type { SourceDocument } from '../../source-document.ts'
import type { PathSegment } from '../../values.ts'
import { foldCase, isDatumMap } from './keys.ts'
import { setOwn } from '../../values.ts'
import type { DatumMap } from './keys.ts'
import type { Declared, DeclaredOptions } from './lookup-options.ts'
import { psTruthy } from './powershell.ts'
import type { Layer } from './resolve.ts'

export const DIRECTIVE_NAMES = ['default_lookup_options', 'lookup_options'] as const
export type DirectiveName = (typeof DIRECTIVE_NAMES)[number]

/** The directive a top-level key names (Datum's keys ignore case), or undefined. */

const SAME_KEY = "Datum's keys ignore case, so they are the same key"
export function directiveOf(key: string): DirectiveName | undefined {
  return DIRECTIVE_NAMES.find((name) => name === foldCase(key))
}

/** The keys of a store's Datum.yml that mark a document as Datum's besides the lookup options. */
const DEFINITION_DIRECTIVES = ['resolutionprecedence', 'datumstructure']

/** The first directive key of a document, as written: lookup options, or a Datum.yml's definition. */
export function detectDirective(value: unknown): string | undefined {
  if (!isDatumMap(value)) return undefined
  const keys = Object.keys(value)
  return (
    keys.find((key) => directiveOf(key) !== undefined) ??
    keys.find((key) => DEFINITION_DIRECTIVES.includes(foldCase(key)))
  )
}

/** Whether a document is a store's definition (a Datum.yml with ResolutionPrecedence or DatumStructure). */
export function isStoreDefinition(value: unknown): boolean {
  return isDatumMap(value) && Object.keys(value).some((key) => DEFINITION_DIRECTIVES.includes(foldCase(key)))
}

/**
 * The other keys of a Datum.yml. In a part that declares lookup options they are the tree's
 * definition, not data, so a Datum.yml can be included as it is: the entry's include list stands for
 * ResolutionPrecedence, and handlers are not run.
 */
const DEFINITION_KEYS = [
  'resolutionprecedence',
  'datumstructure',
  'dsclocalconfigurationmanagerkeyname',
  'datumhandlers',
  'datumhandlersthrowonerror',
]

const CLOUD_INIT_KEYS = ['merge_how', 'merge_type']
const CLOUD_INIT_HEADERS = ['Merge-Type', 'X-Merge-Type']

/**
 * Datum builds case-insensitive dictionaries and throws on keys that differ only in case. A node met
 * again (a YAML alias) is walked once; the parse stage has refused cyclic values (MY_VALUE_CYCLE).
 */
function checkKeys(doc: SourceDocument, report: Reporter): void {
  type Step = { value: unknown; path: PathSegment[]; leave?: true }
  const stack: Step[] = [{ value: doc.value, path: [] }]
  const open = new Set<unknown>()
  const checked = new Set<unknown>()
  while (stack.length > 0) {
    const { value, path, leave } = stack.pop()!
    if (leave) {
      open.delete(value)
      checked.add(value)
      continue
    }
    if (typeof value !== 'object' || value === null || checked.has(value) || open.has(value)) continue
    open.add(value)
    stack.push({ value, path, leave: true })
    if (Array.isArray(value)) {
      value.forEach((item, index) => stack.push({ value: item, path: [...path, index] }))
      continue
    }
    const seen = new Map<string, string>()
    for (const key of Object.keys(value)) {
      const first = seen.get(foldCase(key))
      if (first !== undefined) {
        report.fail({
          code: 'MY_DATUM_DUPLICATE_KEY',
          message: `keys '${first}' and '${key}' differ only in case; ${SAME_KEY}`,
          doc,
          path: [...path, key],
          target: 'key',
        })
      }
      seen.set(foldCase(key), key)
      stack.push({ value: (value as DatumMap)[key], path: [...path, key] })
    }
  }
}

function checkCloudInitDirectives(doc: SourceDocument, value: DatumMap, report: Reporter): void {
  const key = CLOUD_INIT_KEYS.find((name) => Object.hasOwn(value, name))
  const header = CLOUD_INIT_HEADERS.find((name) => doc.headers[name])
  if (key === undefined && header === undefined) return
  report.lenient({
    code: 'MY_DATUM_MIXED_MERGE_HOW',
    message:
      `${key ?? `the ${header} header`} is a cloud-init directive; a Datum entry merges with lookup options ` +
      `only (Datum keeps ${key ?? 'it'} as ${key ? 'data' : 'nothing'})`,
    doc,
    ...(key === undefined ? {} : { path: [key], target: 'key' as const }),
  })
}

export interface DatumEntry {
  /** Layers holding data, most specific first. */
  layers: Layer[]
  declared: DeclaredOptions
}

const DECLARED_FIELD: Record<DirectiveName, keyof DeclaredOptions> = {
  default_lookup_options: 'defaultLookupOptions',
  lookup_options: 'lookupOptions',
}

/**
 * Splits the documents (base first) into layers and lookup options. A part may hold directives
 * only (a Datum.yml) or directives and data; each directive is declared by one part.
 */
export function readEntry(docs: readonly SourceDocument[], report: Reporter): DatumEntry {
  const layers: Layer[] = []
  const declared: DeclaredOptions = {}
  for (const doc of docs) {
    if (!isDatumMap(doc.value)) {
      report.lenient({
        code: 'MY_DATUM_NOT_A_MAPPING',
        message: 'a Datum layer must be a mapping of keys; this part is skipped',
        doc,
      })
      continue
    }
    const value = doc.value
    checkKeys(doc, report)
    checkCloudInitDirectives(doc, value, report)
    const data: DatumMap = {}
    const definesTree = detectDirective(value) !== undefined
    for (const key of Object.keys(value)) {
      const name = directiveOf(key)
      if (definesTree && DEFINITION_KEYS.includes(foldCase(key))) {
        if (foldCase(key) === 'datumhandlers' && psTruthy(value[key])) {
          report.lenient({
            code: 'MY_DATUM_HANDLERS',
            message:
              'DatumHandlers are not run: values such as [x={ … }=] or [ENC=…] stay strings, where Datum would ' +
              'replace them',
            doc,
            path: [key],
            target: 'key',
          })
        }
        continue
      }
      if (!name) {
        setOwn(data, key, value[key])
        continue
      }
      const field = DECLARED_FIELD[name]
      const previous: Declared | undefined = declared[field]
      if (previous) {
        report.lenient({
          code: 'MY_DATUM_DUPLICATE_DIRECTIVE',
          message:
            `${name} is already declared in ${previous.where.doc?.file ?? 'another part'}; declare the ` +
            `lookup options once (the more specific declaration is used)`,
          doc,
          path: [key],
          target: 'key',
        })
      }
      declared[field] = { value: value[key], where: { doc, path: [key] } }
    }
    if (Object.keys(data).length > 0) layers.push({ doc, data })
  }
  return { layers: layers.reverse(), declared }
}
