// An entry's merged value in each mode its declaration covers (the `modes` option): the current
// mode's comes from the build; another mode's is rendered only for an entry one of whose files
// names `${mode}` — other entries have one value whatever the mode — through the same render cache,
// so the layers every mode shares are read and parsed once.
import { isMergedYamlError, prepareEntry } from '@merged-yaml/core'
import type { RenderCache } from '@merged-yaml/core'
import { dependenciesOf } from './dependencies.ts'
import type { Dependencies } from './dependencies.ts'
import type { EntryId } from './entry-id.ts'
import { resolveDeclaredModes, resolveEngineOptions, resolveMode } from './options.ts'
import type { HostInfo, ResolvedPluginOptions } from './options.ts'

const MODE_VARIABLE = Buffer.from('${mode}')

export interface ModeValues {
  /** One value per mode that rendered, in the order of `resolveDeclaredModes`. */
  values: unknown[]
  /** What the other modes read (`env/production.yaml` in dev): a change to one updates the types. */
  deps: Dependencies
}

export interface ModeValuesParts {
  options: ResolvedPluginOptions
  info: HostInfo
  renderCache: RenderCache
}

export function createModeValues({ options, info, renderCache }: ModeValuesParts) {
  // Per file content: a layer shared by many entries is searched once.
  const namesMode = new WeakMap<Uint8Array, boolean>()
  const mentionsMode = (file: string): boolean => {
    let bytes: Uint8Array
    try {
      bytes = renderCache.readFile(file)
    } catch {
      return false // a missing optional file
    }
    let found = namesMode.get(bytes)
    if (found === undefined) {
      found = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).includes(MODE_VARIABLE)
      namesMode.set(bytes, found)
    }
    return found
  }

  /** The entry's values across the declared modes, given its value (and files) in the current mode. */
  return function valuesAcrossModes(entry: EntryId, value: unknown, files: readonly string[]): ModeValues {
    const modes = resolveDeclaredModes(options, info)
    if (modes.length === 1 || !files.some(mentionsMode)) return { values: [value], deps: { files: [], dirs: [] } }
    const current = resolveMode(info)
    const values: unknown[] = []
    const read = new Set<string>()
    const dirs = new Set<string>()
    for (const mode of modes) {
      if (mode === current) {
        values.push(value)
        continue
      }
      try {
        const engine = resolveEngineOptions(options, { ...info, mode }, entry.query)
        const result = prepareEntry(entry.file, engine, { cache: renderCache }).render()
        values.push(result.value)
        const deps = dependenciesOf(result)
        for (const file of deps.files) read.add(file)
        for (const dir of deps.dirs) dirs.add(dir)
      } catch (error) {
        // A mode whose layers fail is reported when it is built; the types cover the modes that render.
        if (!isMergedYamlError(error)) throw error
        for (const file of error.dependencies?.files ?? []) read.add(file)
      }
    }
    return { values, deps: { files: [...read], dirs: [...dirs] } }
  }
}
