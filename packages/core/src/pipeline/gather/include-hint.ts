// What a missing include's error adds: the closest name among the files of its folder (a misspelt
// `env/prodution.yaml`), and that a `?` in front makes the line optional. The folder listing is
// bounded and read only for the error.
import { readdirSync } from 'node:fs'
import { basename, dirname, join } from 'node:path'
import { suggestName } from '../../suggest.ts'

/** Names of a folder considered for the did-you-mean, at most. */
const MAX_LISTED = 10_000

/**
 * The message's tail and the corrected line for an include of `path`, written `written`, that is not
 * there. `denied` keeps the files the `deny` option names out of the suggestions.
 */
export function missingIncludeHint(
  path: string,
  written: string,
  denied: (path: string) => boolean,
): { hint: string; suggestion?: string } {
  const optional = `; a line starting with '?' is optional ('?${written}' skips a file that is not there)`
  let names: string[]
  try {
    names = readdirSync(dirname(path)).slice(0, MAX_LISTED)
  } catch {
    return { hint: optional }
  }
  const folder = dirname(path)
  const name = suggestName(
    basename(path),
    names.filter((name) => !denied(join(folder, name))),
  )
  if (name === undefined) return { hint: optional }
  const slash = Math.max(written.lastIndexOf('/'), written.lastIndexOf('\\'))
  const suggestion = `${written.slice(0, slash + 1)}${name}`
  return { hint: `: did you mean '${suggestion}'?${optional}`, suggestion }
}
