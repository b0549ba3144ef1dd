// Get-DatumRsop for one node (Datum 0.40): the converted node, then `Configurations` (the
// composition key) and every configuration it lists looked up (Resolve-NodeProperty, defaults `@()`
// and `@{}`), then the LCM settings under `LcmConfig` when Datum.yml names their key, and finally
// the whole RSOP converted once more (ConvertTo-Datum), which evaluates the handler values the
// lookups left as they were.
import { PsCredential, PsSecureString, stringOf } from '../handlers/ps-values.ts'
import type { HandlerEnvironment } from '../handlers/registry.ts'
import { copyMap, findKey, isDatumMap } from '../keys.ts'
import { setOwn } from '../../../values.ts'
import type { DatumMap } from '../keys.ts'
import type { MergeContext } from '../merge.ts'
import { splitPath } from '../path.ts'
import { psString, psTruthy } from '../powershell.ts'
import { locate } from '../types.ts'
import type { Where } from '../types.ts'
import { lookupInStore } from './lookup.ts'
import type { StoreLookup } from './lookup.ts'
import type { StoreNode } from './node.ts'
import type { StoreLayerPath } from './precedence.ts'
import type { DatumStore } from './store.ts'

const COMPOSITION_KEY = 'Configurations'

export interface NodeLookups {
  layers: readonly StoreLayerPath[]
  root: DatumStore['root']
  context: MergeContext
  /** Each lookup made, by the RSOP key it set (for the history). */
  made: Map<string, StoreLookup>
}

/**
 * Resolve-NodeProperty: the lookup's value, else `fallback`. A list counts as found when an item of
 * it is not null and the items that are not null are truthy together (`($result = …) -ne $null`).
 */
export function resolveNodeProperty(path: string, lookups: NodeLookups): StoreLookup {
  const result = lookupInStore(splitPath(path), lookups.layers, lookups.root, lookups.context)
  if (!result.found) return result
  const value = result.value
  const present = Array.isArray(value) ? psTruthy(value.filter((item) => item !== null)) : value !== null
  return present ? result : { ...result, found: false, value: null }
}

function setIgnoringCase(map: DatumMap, key: string, value: unknown): string {
  const written = findKey(map, key) ?? key
  setOwn(map, written, value)
  return written
}

export interface Rsop {
  value: DatumMap
  /** The RSOP key each lookup set, with the lookup. */
  lookups: Map<string, StoreLookup>
}

/** The RSOP of `node`, its handler values not evaluated yet (see `convertRsop`). */
export function composeRsop(store: DatumStore, node: StoreNode, lookups: NodeLookups, where: Where): Rsop {
  const { report } = store.context
  const rsop = copyMap(node.data)
  const made = new Map<string, StoreLookup>()
  const configurations = resolveNodeProperty(COMPOSITION_KEY, lookups)
  if (!configurations.found) {
    // The default `@()` is falsy, so Resolve-NodeProperty throws instead of using it.
    report.fail({
      code: 'MY_DATUM_NO_CONFIGURATIONS',
      message:
        `no layer of node ${node.file.source} gives ${COMPOSITION_KEY} (Get-DatumRsop fails: its default @() ` +
        'counts as null)',
      doc: node.file.data().doc,
      path: [],
    })
  }
  made.set(setIgnoringCase(rsop, COMPOSITION_KEY, configurations.value), configurations)
  const names = Array.isArray(configurations.value) ? configurations.value : [configurations.value]
  for (const name of names) {
    const path = psString(stringOf(name) ?? name)
    if (path === '') continue
    const result = resolveNodeProperty(path, lookups)
    made.set(setIgnoringCase(rsop, path, result.found ? result.value : {}), result)
  }
  const lcmKey = store.definition.lcmKeyName
  if (lcmKey !== undefined) {
    const result = resolveNodeProperty(lcmKey, lookups)
    if (result.found && psTruthy(result.value)) {
      // Datum stores it under LcmConfig whatever the key's name.
      made.set(setIgnoringCase(rsop, 'LcmConfig', result.value), result)
    } else {
      report.warn({
        code: 'MY_DATUM_LCM_NOT_FOUND',
        message: `DscLocalConfigurationManagerKeyName is ${lcmKey}, but no layer of node ${node.file.source} gives it`,
        ...locate(where),
      })
    }
  }
  return { value: rsop, lookups: made }
}

/** The final `ConvertTo-Datum` of the RSOP (or of one lookup's value). */
export function convertRsop(store: DatumStore, value: unknown, env: HandlerEnvironment, where: Where): unknown {
  return store.handlers.convert(value, env, where)
}

/**
 * The value as the module holds it: a decrypted PSCredential is `{ UserName, Password }` (its two
 * properties), a SecureString its text; lists and mappings are copied.
 */
export function toOutput(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(toOutput)
  if (isDatumMap(value)) {
    const out: DatumMap = {}
    for (const key of Object.keys(value)) setOwn(out, key, toOutput(value[key]))
    return out
  }
  if (value instanceof PsCredential) return { UserName: value.userName, Password: value.password }
  if (value instanceof PsSecureString) return value.text
  return stringOf(value) ?? value
}
