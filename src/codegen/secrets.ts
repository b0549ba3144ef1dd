// Which renders may hold secrets the build decrypted: a Datum store that declares
// Datum.ProtectedData (`[ENC=…]` values decrypted with the password its Datum.yml gives), or one
// rendered with handler functions of the user's (`datum.handlers`, which may decrypt too, and whose
// code no fingerprint covers). The plugin writes nothing of them to disk: the disk cache keeps no
// module of theirs, and their declarations (the plugin's and `merged-yaml types`') spell out no
// value, whatever `asConst` says. Why: the cache folder (`node_modules/.vite/merged-yaml`, …)
// outlives the build and is copied where build output is not (CI caches of node_modules, shared
// volumes, backups), and a stored module is the clear text. Rendering such a store again costs
// milliseconds. SECURITY.md says the same.
import type { DialectName, RenderOptions } from '@merged-yaml/core'
import { DIALECT_SURFACES, isQueriedFile } from '@merged-yaml/core/internal'

/** A store's definition naming the ProtectedData handler (PowerShell names ignore case). */
const PROTECTED_DATA = /protecteddata/i
/** A Datum store's definition file (`Datum.yml`): the file the registry's `?node=` query names. */
const STORE_NODE = DIALECT_SURFACES.find((dialect) => dialect.name === 'datum')!.fileQueries[0]!

/** Whether a render's value may hold decrypted secrets: `read` gives the bytes of a file it read. */
export function mayHoldSecrets(
  engine: RenderOptions,
  result: { dialect: DialectName; files: readonly string[] },
  read: (path: string) => Uint8Array,
): boolean {
  if (result.dialect !== 'datum') return false
  if (engine.datum?.handlers !== undefined) return true
  return result.files.some((file) => {
    if (!isQueriedFile(file, STORE_NODE)) return false
    try {
      return PROTECTED_DATA.test(Buffer.from(read(file)).toString('utf8'))
    } catch {
      return true // unreadable now: keep nothing rather than guess
    }
  })
}
