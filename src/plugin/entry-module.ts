// The module of one entry: the entry rendered into module code (or a located error) with what it
// depends on, served from the disk cache (the `cache` option) while none of its inputs changed.
import { isMergedYamlError, prepareEntry } from '@merged-yaml/core'
import type { Diagnostic, MergedYamlError, Provenance, RenderCache } from '@merged-yaml/core'
import { generateModule } from '../codegen/module.ts'
import { dependenciesOf } from './dependencies.ts'
import type { Dependencies } from './dependencies.ts'
import { createDiskCache } from './disk-cache.ts'
import type { DiskCache } from './disk-cache.ts'
import type { EntryId } from './entry-id.ts'
import { resolveDiskCacheDir, resolveEngineOptions, resolveRoot } from './options.ts'
import type { HostInfo, ResolvedPluginOptions } from './options.ts'

/** What an entry rendered to: module code, or the error to report; what it depends on either way. */
export type EntryOutcome =
  | {
      ok: true
      code: string
      deps: Dependencies
      warnings: Diagnostic[]
      value: () => unknown
      /** The JSON Schema the value was validated against (the declaration is generated from it). */
      schema: () => { schema: unknown } | undefined
      /** Where the value came from: with `withProvenance`, the engine's `explain` record. */
      provenance: () => Provenance | undefined
    }
  | { ok: false; error: MergedYamlError; deps: Dependencies }

export interface EntryRenderer {
  /** Renders the entry module `id` (the entry `entry`), or serves it from the disk cache. */
  render(id: string, entry: EntryId): EntryOutcome
  /** Waits for the disk cache's writes started so far (the end of a build). */
  settle(): Promise<void>
}

export interface EntryRendererParts {
  options: ResolvedPluginOptions
  info: HostInfo
  /** The engine's in-memory cache of files and parsed layers. */
  renderCache: RenderCache
  /** Whether declarations are written: they need each entry's merged value, stored with the code. */
  withValue(): boolean
  /** Whether declarations say where each value came from: the render records it (`explain`). */
  withProvenance(): boolean
}

export function createEntryRenderer(parts: EntryRendererParts): EntryRenderer {
  const { options, info, renderCache, withValue, withProvenance } = parts
  // What each entry depended on when it last rendered well: a failed render keeps watching it, so
  // that undoing the edit that broke it recovers (and failures in a row do not pile up watches).
  const lastGood = new Map<string, Dependencies>()
  // Opened at the first render, once the bundler has told its root.
  let diskCache: DiskCache | null | undefined
  const openDiskCache = (): DiskCache | null => {
    if (diskCache !== undefined) return diskCache
    const dir = resolveDiskCacheDir(options.cache, resolveRoot(options, info), info)
    diskCache = dir ? createDiskCache(dir) : null
    return diskCache
  }
  function render(id: string, entry: EntryId): EntryOutcome {
    try {
      const explain = withProvenance()
      const engine = { ...resolveEngineOptions(options, info, entry.query), ...(explain && { explain }) }
      const prepared = prepareEntry(entry.file, engine, { cache: renderCache })
      const store = openDiskCache()
      const storeValue = withValue()
      // One stored module per id and options: builds in other modes keep their own.
      const key = store ? `${id}\0${JSON.stringify(engine)}` : ''
      const hit = store?.read(key, prepared.fingerprint, storeValue)
      if (hit) {
        const deps = dependenciesOf(hit)
        lastGood.set(id, deps)
        const schema = hit.schema
        // The stored module has no provenance: a declaration that wants it merges the entry again.
        const provenance = () => (explain ? prepared.render().provenance : undefined)
        const { code, warnings } = hit
        return { ok: true, code, deps, warnings, value: () => hit.value, schema: () => schema, provenance }
      }
      const result = prepared.render()
      const code = generateModule(result.value, { plainJson: result.plainJson })
      if (store) {
        const { files, missing, globs, warnings, dialect } = result
        store.write(
          key,
          {
            fingerprint: prepared.fingerprint,
            files,
            missing,
            globs,
            warnings,
            dialect,
            withValue: storeValue,
            code,
          },
          storeValue ? { value: result.value, schema: result.schema && { schema: result.schema.schema } } : undefined,
        )
      }
      const deps = dependenciesOf(result)
      lastGood.set(id, deps)
      const schema = result.schema && { schema: result.schema.schema }
      const { warnings, provenance } = result
      return {
        ok: true,
        code,
        deps,
        warnings,
        value: () => result.value,
        schema: () => schema,
        provenance: () => provenance,
      }
    } catch (error) {
      if (!isMergedYamlError(error)) throw error
      // Keep watching what the entry read and looked for (the engine's record: a missing include,
      // once created, recovers), the entry itself, and what it depended on when it last worked.
      const before = lastGood.get(id) ?? { files: [], dirs: [] }
      const failed = dependenciesOf(error.dependencies ?? { files: [], missing: [], globs: [] })
      const files = [...new Set([entry.file, ...failed.files, ...before.files])]
      return { ok: false, error, deps: { files, dirs: [...new Set([...failed.dirs, ...before.dirs])] } }
    }
  }

  return {
    render,
    async settle() {
      await diskCache?.settle()
    },
  }
}
