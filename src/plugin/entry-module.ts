// The module of one entry: the entry rendered into module code (or a located error) with what it
// depends on, served from the disk cache (the `cache` option) while none of its inputs changed.
import { isMergedYamlError, prepareEntry } from '@merged-yaml/core'
import type { Diagnostic, MergedYamlError, RenderCache, RenderResult, ValueSources } from '@merged-yaml/core'
import { generateModule } from '../codegen/module.ts'
import { dependenciesOf } from './dependencies.ts'
import type { Dependencies } from './dependencies.ts'
import type { DiskCache } from './disk-cache.ts'
import type { EntryId } from './entry-id.ts'
import { resolveEngineOptions } from './options.ts'
import { createGuardedReader } from './serve-access.ts'
import type { HostInfo, ResolvedPluginOptions } from './options.ts'

/** What an entry rendered to: module code, or the error to report; what it depends on either way. */
export type EntryOutcome =
  | {
      ok: true
      code: string
      /** The render made secrets (RenderResult.secret): nothing of it is written to disk. */
      secret: boolean
      deps: Dependencies
      warnings: Diagnostic[]
      /** The fingerprint of everything the entry read (see PreparedEntry.fingerprint). */
      fingerprint: () => string
      /** Its merged value: parsed and merged when first asked, if the module was served from the disk cache. */
      value: () => unknown
      /** The JSON Schema the value was validated against (the declaration is generated from it). */
      schema: () => { schema: unknown } | undefined
      /** Where the value came from (with `withProvenance`): the entry merged again with a `sources` record. */
      sources: () => ValueSources | undefined
    }
  | { ok: false; error: MergedYamlError; deps: Dependencies }

/** The schema a declaration is generated from: the JSON Schema the value was validated against. */
const schemaOf = (result: RenderResult) => result.schema && { schema: result.schema.schema }

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
  /** The disk cache (the `cache` option), or null. */
  diskCache(): DiskCache | null
  /** Whether declarations say where each value came from (the engine's `sources`). */
  withProvenance(): boolean
}

export function createEntryRenderer(parts: EntryRendererParts): EntryRenderer {
  const { options, info, renderCache, diskCache, withProvenance } = parts
  // What each entry depended on when it last rendered well: a failed render keeps watching it, so
  // that undoing the edit that broke it recovers (and failures in a row do not pile up watches).
  const lastGood = new Map<string, Dependencies>()
  // Serving, a request reads only what the dev server would serve (serve-access.ts); the host tells
  // its rules once the config is resolved, after this is made.
  const guardedRead = createGuardedReader(renderCache.readFile, () => info.serveGuard)
  function render(id: string, entry: EntryId): EntryOutcome {
    try {
      const engine = resolveEngineOptions(options, info, entry.query)
      const prepared = prepareEntry(entry.file, engine, {
        cache: renderCache,
        readFile: info.serveGuard && guardedRead,
      })
      const fingerprint = () => prepared.fingerprint
      // Recorded only when a declaration is generated (after the module code is returned, and only if
      // its key changed): the parts, parsed already, are merged again with a recorder.
      const sources = () => (withProvenance() ? prepared.sources() : undefined)
      const store = diskCache()
      // One stored module per file and options (the query's selectors are among them): builds in
      // other modes keep their own, and spellings of one query (`?lookup=a&lookup=a`, `%61`) share one.
      const key = store ? `${entry.file}\0${JSON.stringify(engine)}` : ''
      const hit = store?.read(key, prepared.fingerprint)
      if (hit) {
        const deps = dependenciesOf(hit)
        lastGood.set(id, deps)
        // Declarations ask for the value only when theirs must be generated again (dts-writer.ts).
        const schema = () => schemaOf(prepared.render())
        const value = () => prepared.render().value
        // A render that made secrets is never stored (below).
        const secret = false
        return { ok: true, code: hit.code, secret, deps, warnings: hit.warnings, fingerprint, value, schema, sources }
      }
      const result = prepared.render()
      const code = generateModule(result.value, { plainJson: result.plainJson })
      const { secret } = result
      // Kept on disk neither when the render made secrets (decided by the engine from what it did, never
      // from how a file spells a handler: SECURITY.md) nor when handler functions of the user's took part,
      // whose code no fingerprint covers.
      if (store && !secret && engine.datum?.handlers === undefined) {
        const { files, missing, globs, warnings, dialect } = result
        store.write(key, { fingerprint: prepared.fingerprint, files, missing, globs, warnings, dialect, code })
      }
      const deps = dependenciesOf(result)
      lastGood.set(id, deps)
      const schema = schemaOf(result)
      return {
        ok: true,
        code,
        secret,
        deps,
        warnings: result.warnings,
        fingerprint,
        value: () => result.value,
        schema: () => schema,
        sources,
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
      await diskCache()?.settle()
    },
  }
}
