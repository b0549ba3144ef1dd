// A store's Datum.yml (New-DatumStructure -DefinitionFile): the resolution precedence, the stores
// (`DatumStructure`, else every folder beside Datum.yml), the handlers, the LCM key name and the
// lookup options. Datum reads it without handlers; so does this.
import type { Reporter } from '../../../reporter.ts'
import type { SourceDocument } from '../../../source-document.ts'
import { suggestName } from '../../../suggest.ts'
import { INVOKE_COMMAND, PROTECTED_DATUM } from '../handlers/registry.ts'
import type { HandlerDeclaration } from '../handlers/registry.ts'
import { findKey, getIgnoringCase, isDatumMap } from '../keys.ts'
import type { DatumMap } from '../keys.ts'
import type { DeclaredOptions } from '../lookup-options.ts'
import { psString, psTruthy } from '../powershell.ts'
import { locate } from '../types.ts'
import type { DatumHandlerFunction, Where } from '../types.ts'

export interface PrecedenceEntry {
  value: string
  where: Where
}

export interface StoreDeclaration {
  name: string
  /** The store's folder, relative to Datum.yml's (`./AllNodes`). */
  path: string
  where: Where
}

export interface DatumDefinition {
  doc: SourceDocument
  /** `$Datum.__Definition`. */
  value: DatumMap
  /** Undefined when Datum.yml leaves it empty: then the stores, in order, are the precedence. */
  precedence: PrecedenceEntry[] | undefined
  /** Undefined without `DatumStructure`: every folder beside Datum.yml is a store. */
  stores: StoreDeclaration[] | undefined
  handlers: HandlerDeclaration[]
  throwOnError: boolean
  lcmKeyName: string | undefined
  declared: DeclaredOptions
}

const BUILT_IN: Readonly<Record<string, 'invoke-command' | 'protected-datum'>> = {
  [INVOKE_COMMAND]: 'invoke-command',
  [PROTECTED_DATUM]: 'protected-datum',
}

function readPrecedence(value: unknown, where: Where, report: Reporter): PrecedenceEntry[] | undefined {
  if (value === null || (Array.isArray(value) && value.length === 0) || value === '') return undefined
  const items = Array.isArray(value) ? value : [value]
  const entries: PrecedenceEntry[] = []
  items.forEach((item, index) => {
    const at = Array.isArray(value) ? { ...where, path: [...where.path, index] } : where
    if (item === null || typeof item === 'object') {
      report.lenient({
        code: 'MY_DATUM_INVALID_PRECEDENCE',
        message: 'a ResolutionPrecedence entry must be a path such as Roles\\$($Node.Role); Datum cannot use this one',
        ...locate(at),
      })
      return
    }
    entries.push({ value: psString(item), where: at })
  })
  return entries
}

function readStores(value: unknown, where: Where, report: Reporter): StoreDeclaration[] | undefined {
  if (value === null || value === undefined) return undefined
  const items = Array.isArray(value) ? value : [value]
  return items.map((item, index): StoreDeclaration => {
    const at = Array.isArray(value) ? { ...where, path: [...where.path, index] } : where
    const name = isDatumMap(item) ? getIgnoringCase(item, 'StoreName') : undefined
    const provider = isDatumMap(item) ? getIgnoringCase(item, 'StoreProvider') : undefined
    const options = isDatumMap(item) ? getIgnoringCase(item, 'StoreOptions') : undefined
    const path = isDatumMap(options) ? getIgnoringCase(options, 'Path') : undefined
    if (typeof name !== 'string' || name === '' || typeof path !== 'string' || path === '') {
      report.fail({
        code: 'MY_DATUM_INVALID_STORE',
        message: 'a DatumStructure entry needs StoreName and StoreOptions.Path',
        ...locate(at),
      })
    }
    if (psString(provider).toLowerCase() !== 'datum::file') {
      report.fail({
        code: 'MY_DATUM_STORE_PROVIDER',
        message:
          `the store provider '${psString(provider)}' is not supported: only Datum::File (folders of files) ` +
          'is read',
        ...locate(at),
      })
    }
    return { name, path, where: at }
  })
}

function readHandlers(
  value: unknown,
  where: Where,
  given: Readonly<Record<string, DatumHandlerFunction>>,
  report: Reporter,
): HandlerDeclaration[] {
  const declarations: HandlerDeclaration[] = []
  const entries = isDatumMap(value) ? Object.keys(value) : []
  for (const name of entries) {
    const config = (value as DatumMap)[name]
    const at = { ...where, path: [...where.path, name] }
    const own = findKey(given, name)
    const builtIn = BUILT_IN[name.toLowerCase()]
    let skipDuringLoad = psTruthy(isDatumMap(config) ? getIgnoringCase(config, 'SkipDuringLoad') : undefined)
    const commandOptions = isDatumMap(config) ? getIgnoringCase(config, 'CommandOptions') : undefined
    if (own === undefined && builtIn === undefined) {
      report.lenient({
        code: 'MY_DATUM_HANDLER_UNKNOWN',
        message:
          `the handler ${name} is not built in (Datum.InvokeCommand and Datum.ProtectedData are): give its ` +
          `implementation as datum.handlers['${name}'] (without it, values it would change stay strings)`,
        ...locate(at, 'key'),
      })
    }
    if (own === undefined && builtIn === 'invoke-command' && !skipDuringLoad) {
      report.lenient({
        code: 'MY_DATUM_HANDLER_LOAD_TIME',
        message:
          `${name} without SkipDuringLoad: true evaluates expressions while files load, against whatever $Node ` +
          'is then; set SkipDuringLoad: true (lenient mode evaluates them as if it were set)',
        ...locate(at, 'key'),
      })
      skipDuringLoad = true
    }
    declarations.push({
      name,
      skipDuringLoad,
      options: isDatumMap(commandOptions) ? commandOptions : {},
      where: at,
      run: own !== undefined ? given[own] : builtIn,
    })
  }
  for (const name of Object.keys(given)) {
    if (entries.some((declared) => declared.toLowerCase() === name.toLowerCase())) continue
    report.lenient({
      code: 'MY_DATUM_HANDLER_UNDECLARED',
      message:
        `datum.handlers['${name}'] is not declared in Datum.yml's DatumHandlers, and Datum runs only the ` +
        'handlers declared there',
      ...locate(where, 'key'),
      ...(suggestName(name, entries) ? { suggestion: suggestName(name, entries) } : {}),
    })
  }
  return declarations
}

/** Reads Datum.yml's data (its document `doc`). */
export function readDefinition(
  doc: SourceDocument,
  handlers: Readonly<Record<string, DatumHandlerFunction>>,
  report: Reporter,
): DatumDefinition {
  // A store is opened only for a Datum.yml that is a mapping (gather-store.ts).
  const value = doc.value as DatumMap
  const field = (name: string): { value: unknown; where: Where } | undefined => {
    const key = findKey(value, name)
    return key === undefined ? undefined : { value: value[key], where: { doc, path: [key] } }
  }
  const precedence = field('ResolutionPrecedence')
  if (!precedence) {
    report.fail({
      code: 'MY_DATUM_NO_PRECEDENCE',
      message: "Datum.yml has no ResolutionPrecedence (New-DatumStructure throws 'Invalid Datum Hierarchy Definition')",
      doc,
      path: [],
    })
  }
  const structure = field('DatumStructure')
  const handlerField = field('DatumHandlers')
  const lcm = field('DscLocalConfigurationManagerKeyName')
  const declared: DeclaredOptions = {}
  const defaults = field('default_lookup_options')
  const options = field('lookup_options')
  if (defaults) declared.defaultLookupOptions = defaults
  if (options) declared.lookupOptions = options
  return {
    doc,
    value,
    precedence: readPrecedence(precedence.value, precedence.where, report),
    stores: structure ? readStores(structure.value, structure.where, report) : undefined,
    handlers: readHandlers(handlerField?.value, handlerField?.where ?? { doc, path: [] }, handlers, report),
    throwOnError: psTruthy(field('DatumHandlersThrowOnError')?.value),
    lcmKeyName: psTruthy(lcm?.value) ? psString(lcm!.value) : undefined,
    declared,
  }
}
