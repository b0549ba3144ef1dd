// An entry's merged value in each mode its declaration covers (the `modes` option): the current
// mode's comes from the build; another mode's is rendered only for an entry one of whose files
// names `${mode}` — other entries have one value whatever the mode — through the same render cache,
// so the layers every mode shares are read and parsed once, and only when the declaration must be
// generated: its key is the entry's fingerprint in each mode, which needs only the files read. With the
// disk cache, another mode's fingerprint is stored with its inputs' stamps: while they hold, a rebuild
// takes it without gathering that mode.
import { createHash } from 'node:crypto'
import { isMergedYamlError } from '@merged-yaml/core/internal'
import type { PreparedEntry, RenderOptions, ValueSources } from '@merged-yaml/core'
import { namesMode } from '../codegen/modes.ts'
import { dependenciesOf } from './dependencies.ts'
import type { Dependencies } from './dependencies.ts'
import { hashOwnCode, storeKey } from './disk-cache.ts'
import type { DiskCache, StoredFingerprint } from './disk-cache.ts'
import type { LazyEngine } from './engine.ts'
import { createGuardedReader } from './serve-access.ts'
import type { EntryId } from './entry-id.ts'
import { stampInputs, stampsHold, statForStamps } from './input-stamps.ts'
import { resolveCurrentMode, resolveDeclaredModes, resolveEngineOptions } from './options.ts'
import type { HostInfo, ResolvedDtsOptions, ResolvedPluginOptions } from './options.ts'

export interface ModeValues {
  /**
   * One value per mode that rendered, in the order of `resolveDeclaredModes`; the other modes are
   * rendered when first asked (when the declaration must be generated).
   */
  values(): unknown[]
  /**
   * The fingerprint of the entry in each mode, in that order: with the dts options, the declaration's
   * key. Hashed when asked: a build that compares no key (dts-writer.ts) never hashes the files.
   */
  fingerprints(): string[]
  /** What the other modes read (`env/production.yaml` in dev): a change to one updates the types. */
  deps: Dependencies
  /**
   * Where the value of the first declared mode that renders came from, and that value (what the
   * declaration's JSDoc and map say): the same whichever mode the build runs in. Undefined without
   * provenance.
   */
  provenance(): { sources: ValueSources; value: unknown } | undefined
}

export interface ModeValuesParts {
  options: ResolvedPluginOptions
  info: HostInfo
  /** The pipeline, loaded by the entry's own render before its other modes are asked for. */
  engine: LazyEngine
  /** The disk cache (the `cache` option), or null: it keeps the other modes' fingerprints. */
  diskCache(): DiskCache | null
  /** Whether this build's declarations say where each value came from. */
  withProvenance(): boolean
  /** Whether this load is a one-off build's (`Host.oneOffBuild`). */
  oneOffBuild(): boolean
}

/** The entry in the current mode, as rendered (or served from the disk cache) for its module. */
export interface CurrentMode {
  fingerprint(): string
  value(): unknown
  /** Where its value came from, when the build's declarations carry provenance. */
  sources(): ValueSources | undefined
  files: readonly string[]
  /** Whether one of its files names `${mode}`, when known without reading them (a module served by its stamps). */
  namesMode?: boolean | undefined
}

/** The provenance of a render: its sources (when recorded) with its value. */
function provenanceOf(sources: ValueSources | undefined, value: () => unknown) {
  return sources && { sources, value: value() }
}

// Per file content (the render cache hands out one array per content): a layer shared by many entries is searched once.
const modeNamed = new WeakMap<Uint8Array, boolean>()

/** Whether one of the files names `${mode}` (a missing optional file names nothing). */
export function filesNameMode(files: readonly string[], readFile: (file: string) => Uint8Array): boolean {
  return files.some((file) => {
    let bytes: Uint8Array
    try {
      bytes = readFile(file)
    } catch {
      return false // a missing optional file
    }
    let found = modeNamed.get(bytes)
    if (found === undefined) {
      found = namesMode(bytes)
      modeNamed.set(bytes, found)
    }
    return found
  })
}

export function createModeValues(parts: ModeValuesParts) {
  const { options, info, engine, diskCache, withProvenance, oneOffBuild } = parts
  // Serving, a request reads only what the dev server would serve (serve-access.ts); the host tells
  // its rules once the config is resolved, after this is made.
  const readFile = createGuardedReader(
    (path) => engine.renderCache().readFile(path),
    () => info.serveGuard,
  )

  /**
   * Stamps cannot vouch where a dev server guards what it serves (gathering checks each file against its
   * rules), nor for a Datum store's node, which lists folders a glob does not name (entry-module.ts keeps no
   * stamps for it either).
   */
  const unstamped = (given: RenderOptions) => info.serveGuard !== undefined || given.datum?.node !== undefined

  /** Another mode's fingerprint stored, while its inputs' stamps hold. */
  function storedFingerprint(key: string, given: RenderOptions): StoredFingerprint | undefined {
    if (unstamped(given)) return undefined
    const stored = diskCache()?.readFingerprint(key)
    const stat = statForStamps(oneOffBuild(), engine.renderCache().stat)
    return stored && stampsHold(stored.stamps, stat) ? stored : undefined
  }

  /** Stores another mode's fingerprint with its inputs' stamps, when they can vouch for them. */
  function storeFingerprint(key: string, given: RenderOptions, prepared: PreparedEntry): void {
    const store = diskCache()
    if (!store || unstamped(given)) return
    const stamps = stampInputs(prepared, engine.renderCache().stat)
    const { fingerprint, files, missing, globs } = prepared
    if (stamps) store.writeFingerprint(key, { fingerprint, files, missing, globs, stamps })
  }

  /** The entry in several modes: each mode's fingerprint named by the mode, whichever is current. */
  function acrossModes(entry: EntryId, current: CurrentMode, modes: string[]): ModeValues {
    const currentMode = resolveCurrentMode(options, info)
    const renders: (() => { value: unknown } | undefined)[] = []
    // Per mode, in order: the first that renders gives the provenance.
    const provenances: ModeValues['provenance'][] = []
    const fingerprints: (() => string)[] = []
    const read = new Set<string>()
    const dirs = new Set<string>()
    for (const mode of modes) {
      if (mode === currentMode) {
        fingerprints.push(() => `${mode}:${current.fingerprint()}`)
        renders.push(() => ({ value: current.value() }))
        provenances.push(() => provenanceOf(current.sources(), current.value))
        continue
      }
      try {
        // The declared mode, even over the build's `vars.mode`: the declaration is the project's, not this build's.
        const given = resolveEngineOptions(options, { ...info, mode }, entry.query)
        const modeOptions = { ...given, vars: { ...given.vars, mode } }
        const hooks = { cache: engine.renderCache(), readFile: info.serveGuard && readFile }
        let made: PreparedEntry | undefined
        // Gathered now unless its stored fingerprint holds; then only if its value is asked for.
        const prepare = () => (made ??= engine.pipeline().prepareEntry(entry.file, modeOptions, hooks))
        const key = storeKey(entry.file, modeOptions)
        const stored = storedFingerprint(key, modeOptions)
        if (!stored) storeFingerprint(key, modeOptions, prepare())
        fingerprints.push(() => `${mode}:${stored?.fingerprint ?? prepare().fingerprint}`)
        const deps = dependenciesOf(stored ?? prepare())
        for (const file of deps.files) read.add(file)
        for (const dir of deps.dirs) dirs.add(dir)
        const rendered = <T>(read: () => T): T | undefined => {
          try {
            return read()
          } catch (error) {
            // A mode whose layers fail is reported when it is built; the types cover the modes that render.
            if (!isMergedYamlError(error)) throw error
            return undefined
          }
        }
        renders.push(() => rendered(() => ({ value: prepare().render().value })))
        // Recorded only when the build's declarations carry provenance (asked for as the current mode's are).
        provenances.push(() =>
          !withProvenance()
            ? undefined
            : rendered(() => {
                // Sources are recorded by merging again what the render parsed: render first.
                const { value } = prepare().render()
                return provenanceOf(prepare().sources(), () => value)
              }),
        )
      } catch (error) {
        if (!isMergedYamlError(error)) throw error
        for (const file of error.dependencies?.files ?? []) read.add(file)
        // Its files are watched: whatever fixes them changes this entry's key.
        fingerprints.push(() => `${mode}:failed`)
      }
    }
    let values: unknown[] | undefined
    return {
      values: () => (values ??= renders.flatMap((render) => render() ?? []).map((rendered) => rendered.value)),
      fingerprints: () => fingerprints.map((fingerprint) => fingerprint()),
      deps: { files: [...read], dirs: [...dirs] },
      provenance: () => {
        for (const candidate of provenances) {
          const found = candidate()
          if (found) return found
        }
        return undefined
      },
    }
  }

  /**
   * The entry across the declared modes, given it in the current mode: another mode's files are
   * read (for its fingerprint and to be watched) now, and parsed and merged only if its value is asked for.
   */
  return function valuesAcrossModes(entry: EntryId, current: CurrentMode): ModeValues {
    const modes = resolveDeclaredModes(options)
    if (!(current.namesMode ?? filesNameMode(current.files, readFile))) {
      // One value whatever the mode: its sources are every mode's.
      return {
        values: () => [current.value()],
        fingerprints: () => [current.fingerprint()],
        deps: { files: [], dirs: [] },
        provenance: () => provenanceOf(current.sources(), current.value),
      }
    }
    return acrossModes(entry, current, modes)
  }
}

/**
 * The key of an entry's declaration: the plugin's code (which generates it), the dts options and the
 * entry's fingerprint in each mode it covers (every byte each mode read, the engine, the options).
 */
export function declarationKey(dts: ResolvedDtsOptions, modes: ModeValues): string {
  const hash = createHash('sha256').update(hashOwnCode()).update('\0').update(JSON.stringify(dts))
  for (const fingerprint of modes.fingerprints()) hash.update('\0').update(fingerprint)
  return hash.digest('base64url')
}
