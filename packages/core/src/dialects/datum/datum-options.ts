// The `datum` field of render()'s options: checked here because only this dialect reads it.
import { invalidOption } from '../../diagnostics.ts'
import { suggestName } from '../../suggest.ts'
import { isMapping } from '../../values.ts'
import type { OptionKeys } from '../types.ts'
import type { DatumLookupOptions, DatumOptions } from './types.ts'

/** The `datum` option's keys (the registry's `optionKeys`). */
export const DATUM_OPTION_KEYS: OptionKeys<DatumOptions> = {
  lookupOptions: true,
  lookup: true,
  node: true,
  nodeProperties: true,
  handlers: true,
  version: true,
}
const LOOKUP_OPTION_NAMES = ['default_lookup_options', 'lookup_options']

function checkKeys(value: Record<string, unknown>, names: readonly string[], prefix: string): void {
  for (const key of Object.keys(value)) {
    if (!names.includes(key))
      invalidOption(`unknown option '${prefix}.${key}' (${names.join(', ')})`, suggestName(key, names))
  }
}

/** Whether the `datum` option, as given, names a store's node: only then does the gather hook read a store. */
export const namesNode = (given: DatumOptions | undefined): boolean => isMapping(given) && given.node !== undefined

/** The `datum` option, checked; `{}` when absent. */
export function readDatumOptions(value: unknown): DatumOptions {
  if (value === undefined) return {}
  if (!isMapping(value))
    invalidOption("option 'datum' must be an object ({ lookupOptions?, lookup?, node?, nodeProperties?, handlers? })")
  // Its keys are checked with every option's, before anything is read (option-names.ts).
  const options: DatumOptions = {}
  if (value.lookup !== undefined) {
    if (typeof value.lookup !== 'string' || value.lookup.split(/[\\/]/).some((segment) => segment === '')) {
      invalidOption(
        `option 'datum.lookup' must be a property path such as 'LcmConfig/Settings', not ` +
          `${JSON.stringify(value.lookup)}`,
      )
    }
    options.lookup = value.lookup
  }
  if (value.node !== undefined) {
    if (typeof value.node !== 'string' || value.node.split(/[\\/]/).every((segment) => segment === ''))
      invalidOption(
        `option 'datum.node' must name a node ('AllNodes/Dev/DSCFile01' or a NodeName), not ` +
          JSON.stringify(value.node),
      )
    options.node = value.node
  }
  if (value.nodeProperties !== undefined) {
    if (!isMapping(value.nodeProperties))
      invalidOption("option 'datum.nodeProperties' must be an object of node properties")
    options.nodeProperties = value.nodeProperties
  }
  if (value.handlers !== undefined) {
    const handlers = value.handlers
    if (!isMapping(handlers) || Object.values(handlers).some((handler) => typeof handler !== 'function'))
      invalidOption("option 'datum.handlers' must be an object of functions, by handler name ('Module::Name')")
    options.handlers = handlers as DatumOptions['handlers']
  }
  if (value.version !== undefined) {
    if (value.version !== '0.40' && value.version !== 'main')
      invalidOption(`option 'datum.version' must be '0.40' or 'main', not ${JSON.stringify(value.version)}`)
    options.version = value.version
  }
  if (value.lookupOptions !== undefined) {
    if (!isMapping(value.lookupOptions))
      invalidOption("option 'datum.lookupOptions' must be an object ({ default_lookup_options?, lookup_options? })")
    checkKeys(value.lookupOptions, LOOKUP_OPTION_NAMES, 'datum.lookupOptions')
    options.lookupOptions = value.lookupOptions as DatumLookupOptions
  }
  return options
}
