// Writing declarations: batched, never touching a file needlessly (declaration-files.ts), in the
// sidecar (sidecar-writer.ts) or ambient (ambient-writer.ts) form. Generating one costs about a fifth
// of rendering its entry, so it is skipped when its key (a hash of everything it is generated from:
// see `declarationKey` in mode-values.ts; `declare` keys an entry) is the one its file was last
// written from and the file is as that write left it; and it happens after the module code is
// returned: batched, on `flush` (the end of a build) or shortly after a burst of updates, in slices
// between which a dev server answers requests. It is kept whole: the batching, the keys and the failure
// reports share one queue's state.
import { realpathSync } from 'node:fs'
import { dirname, isAbsolute, relative, resolve, sep } from 'node:path'
import type { Diagnostic } from '@merged-yaml/core'
import type { DeclarationInput } from '../codegen/declaration.ts'
import { createPropertySources } from '../codegen/property-sources.ts'
import type { PropertySources } from '../codegen/property-sources.ts'
import { createAmbientWriter } from './ambient-writer.ts'
import { foreignReason } from './declaration-files.ts'
import type { ForeignReason, Pending } from './declaration-files.ts'
import { createMemoryRecords } from './declaration-records.ts'
import type { DeclarationRecords } from './declaration-records.ts'
import { formatQuery } from './entry-id.ts'
import type { EntryId } from './entry-id.ts'
import type { EntryOutcome } from './entry-module.ts'
import { declarationKey } from './mode-values.ts'
import type { ModeValues } from './mode-values.ts'
import type { ResolvedDtsOptions } from './options.ts'
import { loadMapWriter } from './map-writer.ts'
import { createSidecarWriter, sidecarPath } from './sidecar-writer.ts'

export { ambientSpecifiers } from './ambient-writer.ts'
export { sidecarPath } from './sidecar-writer.ts'

/** An entry rendered for its module, as its declaration reads it (when it must be generated). */
export type RenderedEntry = Pick<Extract<EntryOutcome, { ok: true }>, 'value' | 'schema' | 'sources' | 'secret'>

export interface DeclarationWriter {
  /**
   * Whether this build's declarations say where each value came from (`dts.provenance`: by default
   * not in a one-off build, `vite build`).
   */
  withProvenance(oneOffBuild: boolean): boolean
  /**
   * Loads what this build's declarations are written with before one is declared: the map writer
   * (map-writer.ts) when they carry provenance, on the first such declaration; undefined when nothing is to wait for.
   */
  prepare(oneOffBuild: boolean): Promise<void> | undefined
  /**
   * Declares an entry rendered for its module: `modes` holds its value in each mode the declaration
   * covers. Keyed on the dts options (with or without provenance, `withProvenance`) and each mode's
   * fingerprint, so that the values, the schema and the sources are asked for only when the
   * declaration must be generated; a one-off build keeps a declaration a dev session wrote with
   * provenance from the same inputs. Returns what `updateKeyed` returns.
   */
  declare(entry: EntryId, modes: ModeValues, rendered: RenderedEntry, oneOffBuild: boolean): Diagnostic[]
  /**
   * Records what an entry's declaration is generated from — its merged values, one per mode the
   * declaration covers, in a fixed order (see mode-values.ts), and its JSON Schema if any — and
   * writes the declaration shortly after (or on `flush`). `key` hashes everything the declaration is
   * generated from, and `input` is asked for only when the declaration must be generated (its key or
   * its file changed). A file last written from `kept` is kept too (a one-off build keeps what a dev
   * session wrote with provenance from the same inputs). Nothing for an entry outside `root`: a
   * build (or a dev server's request) writes inside the project only. Returns a warning, once per
   * file, for each target left alone because the plugin did not write it (MY_DTS_NOT_OURS).
   */
  updateKeyed(entry: EntryId, key: string, input: () => DeclarationInput, kept?: string): Diagnostic[]
  /**
   * The declaration files an entry's declaration goes to (none for an entry outside the project, or a
   * sidecar for a query import), for a bundler whose persistent cache keys a module on its dependencies.
   */
  targets(entry: EntryId): string[]
  /** Writes what is pending now (end of a build). */
  flush(): void
  /** Starts writing what is pending, in slices, without waiting for `delay` (`flush` finishes it). */
  drain(): void
}

/** Whether an entry's real folder lies inside one of the folders' real paths (links resolved both sides). */
function createInsideFolders(
  folders: readonly string[],
  realpath: (path: string) => string,
): (file: string) => boolean {
  const real = (path: string): string => {
    try {
      return realpath(path)
    } catch {
      return resolve(path)
    }
  }
  const reals = folders.map(real)
  return (file) => {
    const folder = real(dirname(file))
    return reals.some((inside) => {
      const rel = relative(inside, folder)
      return rel === '' || (rel !== '..' && !rel.startsWith(`..${sep}`) && !isAbsolute(rel))
    })
  }
}

/** What the warning for a target left alone says, and what it advises, by why it is left alone. */
const NOT_OURS_TEXTS: Record<ForeignReason, (what: string) => string> = {
  // A link is never written through, even to a declaration of ours: removing it loses nothing of the user's.
  link: (what) =>
    `this ${what} is a link: left as it is, as the plugin writes plain files and never through a link; ` +
    'replace it by a plain file (or remove it) to have it generated, or set `dts: false`',
  unreadable: (what) =>
    `this ${what} cannot be read (its permissions?): left as it is, neither rewritten nor deleted; ` +
    'make it readable and writable to have it generated, or set `dts: false`',
  'not-ours': (what) =>
    `this ${what} was not written by unplugin-merged-yaml (no generated header or marker): left as it is, ` +
    'neither rewritten nor deleted; remove it to have it generated, or set `dts: false`',
}

/** The warning for a declaration or map the plugin leaves alone, located at the file itself. */
function notOurs(path: string): Diagnostic {
  const what = path.endsWith('.map') ? 'declaration map' : 'declaration file'
  const message = NOT_OURS_TEXTS[foreignReason(path)](what)
  return { code: 'MY_DTS_NOT_OURS', severity: 'warning', message, file: path, line: 1, column: 1, chain: [] }
}

/**
 * The warning for a declaration that could not be generated or written (a read-only folder, a full
 * disk), located at its file: the build goes on, its output unaffected.
 */
function unwritable(path: string, error: unknown): Diagnostic {
  const what = path.endsWith('.map') ? 'declaration map' : 'declaration file'
  const text = error instanceof Error ? error.message : String(error)
  // `EROFS: read-only file system, open '…tmp'`: the reason, without the temporary file's name.
  const code = (error as NodeJS.ErrnoException | undefined)?.code
  const reason = typeof code === 'string' && text.startsWith(`${code}:`) ? text.split(', ')[0]! : text.split('\n')[0]!
  const message =
    `could not write this ${what} (${reason}); the build goes on and its output is right, but the entry's types ` +
    'are not updated (this warning is given once per build): make the folder writable, or set `dts: false` to ' +
    'turn declarations off'
  return { code: 'MY_DTS_UNWRITABLE', severity: 'warning', message, file: path, line: 1, column: 1, chain: [] }
}

/** Where the first declared mode's value came from, when the build records sources (see `withProvenance`). */
function propertySourcesOf(modes: ModeValues): PropertySources | undefined {
  const provenance = modes.provenance()
  return provenance && createPropertySources(provenance.sources, provenance.value)
}

/** How long a slice of writing lasts when a timer runs it (a dev server answers requests between slices). */
const SLICE_MS = 10
/** The longest a burst of updates postpones writing, in delays. */
const MAX_WAIT = 10

/** How the writer keeps its records and when it writes. */
export interface DeclarationWriterSchedule {
  /** What each declaration was last written from (the disk cache's, when `cache` is on); else the writer's own. */
  records?: DeclarationRecords
  /** The project's folders besides the root: declarations are written for entries inside these or the root only. */
  folders?: readonly string[]
  /**
   * Wait until updates pause for `delay` ms (at most MAX_WAIT delays after the first update of a
   * burst): a dev server answering the imports of a hot update keeps its event loop for them. A
   * build rather writes `delay` ms after the first update, between its loads, while the bundler
   * works on other threads.
   */
  debounce?: boolean
  /**
   * Shows a warning outside any load (a declaration that could not be written, MY_DTS_UNWRITABLE):
   * the first failure of each build (until `flush`), or of each round of writes (with `debounce`).
   */
  report?: (warning: Diagnostic) => void
  /**
   * A path's real path: the render cache's, which a build asks the disk for once per folder (every
   * entry of a folder shares it), not once per entry.
   */
  realpath?: (path: string) => string
}

/**
 * Batches writes: they start `delay` ms after the first update of a burst (or its pause, see
 * `debounce`), in slices of SLICE_MS, and `flush` writes all that is pending.
 */
export function createDeclarationWriter(
  options: ResolvedDtsOptions,
  root: string,
  delay = 100,
  {
    records,
    debounce = false,
    folders = [],
    report = () => {},
    realpath = realpathSync.native,
  }: DeclarationWriterSchedule = {},
): DeclarationWriter {
  // Records of the writer's own (no `cache`) are compared only by later builds of this process.
  const ownRecords = records === undefined
  records ??= createMemoryRecords()
  const writer =
    options.mode === 'ambient' ? createAmbientWriter(options, root, records) : createSidecarWriter(options, records)
  let timer: ReturnType<typeof setTimeout> | undefined
  // When the first update of the pending burst came (with `debounce`).
  let burstStarted: number | undefined
  // Whether this round's failure was reported: a read-only folder fails every declaration in it, said once.
  let failureReported = false
  const fail = (path: string, error: unknown) => {
    if (failureReported) return
    failureReported = true
    report(unwritable(path, error))
  }
  /**
   * Writes (until `deadline`), the failures reported. Runs from timers: nothing it throws may escape
   * (the writers catch each target's errors; this catches the rest).
   */
  const write = (deadline?: number): boolean => {
    let done = true
    try {
      done = writer.write(fail, deadline)
    } catch (error) {
      // The ambient writer's one file throws here; the sidecar writer catches each of its own.
      fail(options.mode === 'ambient' ? options.file : root, error)
    }
    // A dev server's round of writes ends; a build's ends at `flush`.
    if (done && debounce) failureReported = false
    return done
  }
  const flush = () => {
    if (timer) clearTimeout(timer)
    timer = undefined
    burstStarted = undefined
    write()
    failureReported = false
  }
  const slice = () => {
    timer = undefined
    burstStarted = undefined
    if (!write(performance.now() + SLICE_MS)) timer = setTimeout(slice, 0)
  }
  const schedule = () => {
    if (!debounce) {
      timer ??= setTimeout(slice, delay)
      return
    }
    const now = performance.now()
    burstStarted ??= now
    if (timer && now - burstStarted > delay * MAX_WAIT) return
    if (timer) clearTimeout(timer)
    timer = setTimeout(slice, delay)
  }
  const insideProject = createInsideFolders([root, ...folders], realpath)
  // Each file left alone is reported once, not on every load of its entry.
  const reported = new Set<string>()
  const update = (entry: EntryId, pending: Pending): Diagnostic[] => {
    if (!insideProject(entry.file)) return []
    const foreign = writer.update(entry, pending).filter((path) => !reported.has(path))
    schedule()
    for (const path of foreign) reported.add(path)
    return foreign.map(notOurs)
  }
  const withProvenance = (oneOffBuild: boolean): boolean =>
    options.provenance === 'always' || (options.provenance === 'watching' && !oneOffBuild)
  const keyWith = (modes: ModeValues, provenance: boolean): string =>
    declarationKey({ ...options, provenance: provenance ? 'always' : 'never' }, modes)
  return {
    withProvenance,
    prepare: (oneOffBuild) => (withProvenance(oneOffBuild) ? loadMapWriter() : undefined),
    declare(entry, modes, rendered, oneOffBuild) {
      const input = () => ({
        values: modes.values(),
        schema: rendered.schema(),
        sources: propertySourcesOf(modes),
        secret: rendered.secret,
      })
      // A one-off build without the cache keys nothing: its records die with the process, and a later
      // build in it (a framework's second) generating again costs what hashing every entry's files would.
      if (oneOffBuild && ownRecords) return update(entry, { key: undefined, input })
      const provenance = withProvenance(oneOffBuild)
      // A one-off build keeps a declaration a dev session wrote with provenance from the same inputs.
      const kept = options.provenance === 'watching' && !provenance ? keyWith(modes, true) : undefined
      return update(entry, { key: keyWith(modes, provenance), kept, input })
    },
    updateKeyed: (entry, key, input, kept) => update(entry, { key, kept, input }),
    targets(entry) {
      if (!insideProject(entry.file)) return []
      if (options.mode === 'ambient') return [options.file]
      return formatQuery(entry.query) ? [] : [sidecarPath(entry.file)]
    },
    flush,
    drain() {
      if (timer) clearTimeout(timer)
      timer = setTimeout(slice, 0)
    },
  }
}
