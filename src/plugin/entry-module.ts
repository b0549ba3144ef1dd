// The module of one entry: the entry rendered into module code (or a located error) with what it
// depends on, served from the disk cache (the `cache` option) while none of its inputs changed.
import { isMergedYamlError } from '@merged-yaml/core/internal'
import type { Diagnostic, MergedYamlError, PreparedEntry, RenderOptions, RenderResult } from '@merged-yaml/core'
import type { ValueSources } from '@merged-yaml/core'
import type { DeclarationSchema } from '../codegen/declaration.ts'
import { generateModule } from '../codegen/module.ts'
import { dependenciesOf } from './dependencies.ts'
import type { Dependencies } from './dependencies.ts'
import { storeKey } from './disk-cache.ts'
import type { DiskCache, StoredModule } from './disk-cache.ts'
import type { EntryId } from './entry-id.ts'
import type { LazyEngine } from './engine.ts'
import { stampInputs, stampsHold, statForStamps } from './input-stamps.ts'
import { filesNameMode } from './mode-values.ts'
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
      /** Whether one of its files names `${mode}`, when known without reading them (served by its stamps). */
      namesMode?: boolean | undefined
      /** Its merged value: parsed and merged when first asked, if the module was served from the disk cache. */
      value: () => unknown
      /** The schema the value was validated against (the declaration is generated from it). */
      schema: () => DeclarationSchema | undefined
      /** Where the value came from (with `withProvenance`): the entry merged again with a `sources` record. */
      sources: () => ValueSources | undefined
    }
  | { ok: false; error: MergedYamlError; deps: Dependencies }

/** Renders again of an entry one of whose files changed while it was rendered (serving): a bound, not a loop. */
const MAX_RENDERS_AGAIN = 3

/** The schema a declaration is generated from: the one the value was validated against. */
function schemaOf({ schema }: RenderResult): DeclarationSchema | undefined {
  if (!schema) return undefined
  if (schema.kind === 'json') return { schema: schema.schema }
  return { module: { file: schema.file, exportName: schema.exportName } }
}

export interface EntryRenderer {
  /**
   * Renders the entry module `id` (the entry `entry`), or serves it from the disk cache: a promise (the
   * engine's `renderAsync`, which loads the entry's dialect's merge on its first entry). The pipeline is loaded.
   */
  render(id: string, entry: EntryId): EntryOutcome | Promise<EntryOutcome>
  /** Waits for the disk cache's writes started so far (the end of a build). */
  settle(): Promise<void>
}

export interface EntryRendererParts {
  options: ResolvedPluginOptions
  info: HostInfo
  /** The pipeline, with its in-memory cache of files and parsed layers (loaded before any render). */
  engine: LazyEngine
  /** The disk cache (the `cache` option), or null. */
  diskCache(): DiskCache | null
  /** Whether declarations say where each value came from (the engine's `sources`). */
  withProvenance(): boolean
  /** Whether this load is a one-off build's (`Host.oneOffBuild`). */
  oneOffBuild(): boolean
}

export function createEntryRenderer(parts: EntryRendererParts): EntryRenderer {
  const { options, info, engine, diskCache, withProvenance, oneOffBuild } = parts
  // What each entry depended on when it last rendered well: a failed render keeps watching it, so
  // that undoing the edit that broke it recovers (and failures in a row do not pile up watches).
  const lastGood = new Map<string, Dependencies>()
  // Serving, a request reads only what the dev server would serve (serve-access.ts); the host tells
  // its rules once the config is resolved, after this is made.
  const readFile = (path: string): Uint8Array => engine.renderCache().readFile(path)
  const guardedRead = createGuardedReader(readFile, () => info.serveGuard)
  /** What an entry that failed depends on: what it read and looked for, and what it read when it last worked. */
  function failed(id: string, entry: EntryId, error: unknown): EntryOutcome {
    if (!isMergedYamlError(error)) throw error
    // Keep watching what the entry read and looked for (the engine's record: a missing include,
    // once created, recovers), the entry itself, and what it depended on when it last worked.
    const before = lastGood.get(id) ?? { files: [], dirs: [] }
    const failure = dependenciesOf(error.dependencies ?? { files: [], missing: [], globs: [] })
    const files = [...new Set([entry.file, ...failure.files, ...before.files])]
    return { ok: false, error, deps: { files, dirs: [...new Set([...failure.dirs, ...before.dirs])] } }
  }

  /** The module of a rendered entry; stored in the disk cache when `store` is given. */
  function rendered(id: string, result: RenderResult, prepared: PreparedEntry, secret: boolean): EntryOutcome {
    const code = generateModule(result.value, { plainJson: result.plainJson })
    const deps = dependenciesOf(result)
    lastGood.set(id, deps)
    const schema = schemaOf(result)
    // Recorded only when a declaration is generated (after the module code is returned, and only if
    // its key changed): the parts, parsed already, are merged again with a recorder.
    const sources = () => (withProvenance() ? prepared.sources() : undefined)
    return {
      ok: true,
      code,
      secret,
      deps,
      warnings: result.warnings,
      fingerprint: () => prepared.fingerprint,
      value: () => result.value,
      schema: () => schema,
      sources,
    }
  }

  /** Whether an entry's files name `${mode}` (for the declaration: mode-values.ts), from the render cache's bytes. */
  const namesModeOf = (inputs: { files: string[]; missing: string[]; globs: string[] }): boolean =>
    filesNameMode(dependenciesOf(inputs).files, readFile)

  /** The module stored for an entry, current: its code, and its value merged only if a declaration asks. */
  function served(id: string, stored: StoredModule, prepare: () => PreparedEntry): EntryOutcome {
    const deps = dependenciesOf(stored)
    lastGood.set(id, deps)
    // Declarations ask for the value only when theirs must be generated again (dts-writer.ts),
    // synchronously: the entry's dialect's merge is loaded before this is returned (renderOnce).
    const schema = () => schemaOf(prepare().render())
    const value = () => prepare().render().value
    const sources = () => (withProvenance() ? prepare().sources() : undefined)
    const fingerprint = () => stored.fingerprint
    // A render that made secrets is never stored (renderOnce).
    const secret = false
    const { code, warnings, namesMode } = stored
    return { ok: true, code, secret, deps, warnings, namesMode, fingerprint, value, schema, sources }
  }

  /**
   * Serving, renders again (a few times at most) when a file changed while it was rendered: an
   * editor that truncates then writes a layer may be read in between, and that half of a save must
   * not be served. The render cache hands out the same bytes while a file's size and times are
   * unchanged: other bytes for a file read are a change.
   */
  async function render(id: string, entry: EntryId): Promise<EntryOutcome> {
    const given = resolveEngineOptions(options, info, entry.query)
    // The gather hooks its options ask for (Datum's store reader, with `datum.node`), loaded on their first entry.
    await engine.pipeline().loadGathers(given)
    if (!info.serving) return renderOnce(id, entry, given, undefined)
    for (let attempt = 1; ; attempt++) {
      const reads = new Map<string, Uint8Array>()
      const outcome = await renderOnce(id, entry, given, reads)
      if (attempt > MAX_RENDERS_AGAIN || ![...reads].some(([file, bytes]) => hasChanged(file, bytes))) return outcome
    }
  }

  function hasChanged(file: string, bytes: Uint8Array): boolean {
    try {
      return readFile(file) !== bytes
    } catch {
      // Gone or unreadable now: the next render says so.
      return true
    }
  }

  function renderOnce(
    id: string,
    entry: EntryId,
    given: RenderOptions,
    reads: Map<string, Uint8Array> | undefined,
  ): Promise<EntryOutcome> {
    const read = info.serveGuard ? guardedRead : readFile
    const fail = (error: unknown) => failed(id, entry, error)
    try {
      const { prepareEntry, loadDialect } = engine.pipeline()
      const renderCache = engine.renderCache()
      const store = diskCache()
      // One stored module per file and options (the query's selectors are among them): builds in
      // other modes keep their own, and spellings of one query (`?lookup=a&lookup=a`, `%61`) share one.
      const key = store ? storeKey(entry.file, given) : ''
      const stored = store?.read(key)
      let made: PreparedEntry | undefined
      // Gathered (every file read, includes expanded) only when needed: a stored module whose inputs'
      // stamps hold is served without it, until a declaration asks for the value.
      const prepare = (): PreparedEntry =>
        (made ??= prepareEntry(entry.file, given, {
          cache: renderCache,
          readFile: reads
            ? (path) => {
                const bytes = read(path)
                reads.set(path, bytes)
                return bytes
              }
            : info.serveGuard && guardedRead,
        }))
      // The entry's dialect's merge is loaded before a stored module is served: a declaration may ask for its value.
      const serve = (current: StoredModule) => loadDialect(current.dialect).then(() => served(id, current, prepare))
      // Not where a dev server guards what it serves: gathering checks each file against its rules.
      if (
        stored?.stamps &&
        stored.namesMode !== undefined &&
        !info.serveGuard &&
        stampsHold(stored.stamps, statForStamps(oneOffBuild(), renderCache.stat))
      )
        return serve(stored)
      const prepared = prepare()
      // A Standard Schema module runs asynchronously, and never from the disk cache: what its module
      // imports (a library, a shared file) is no input of the fingerprint.
      if (prepared.standardSchema || !store)
        return prepared.renderAsync().then((result) => rendered(id, result, prepared, result.secret), fail)
      if (stored && stored.fingerprint === prepared.fingerprint) {
        // Current, but its stamps were not (a fresh checkout, a restored cache): stored again with them.
        const stamps = stored.dialect === 'datum' ? undefined : stampInputs(prepared, renderCache.stat)
        if (stamps) store.write(key, { ...stored, stamps, namesMode: namesModeOf(stored) })
        return serve(stored)
      }
      return prepared.renderAsync().then((result) => {
        const { secret } = result
        const outcome = rendered(id, result, prepared, secret)
        // Kept on disk neither when the render made secrets (decided by the engine from what it did, never
        // from how a file spells a handler: SECURITY.md) nor when handler functions of the user's took part,
        // whose code no fingerprint covers.
        if (!secret && given.datum?.handlers === undefined && outcome.ok) {
          const { files, missing, globs, warnings, dialect } = result
          // Datum lists folders a glob does not name: its entries are checked by their fingerprint.
          const stamps = dialect === 'datum' ? undefined : stampInputs(result, renderCache.stat)
          store.write(key, {
            fingerprint: prepared.fingerprint,
            files,
            missing,
            globs,
            warnings,
            dialect,
            ...(stamps && { stamps, namesMode: namesModeOf(result) }),
            code: outcome.code,
          })
        }
        return outcome
      }, fail)
    } catch (error) {
      return Promise.resolve(fail(error))
    }
  }

  return {
    render,
    async settle() {
      await diskCache()?.settle()
    },
  }
}
