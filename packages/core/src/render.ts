// render(): the pipeline composed — options → gather (+ what the dialects read with the entry, the
// schema) → fingerprint → read (parse, detect, the YAML version settled) → merge → validate. Each
// stage is a module of pipeline/; this one only wires them, a Standard Schema module's validation
// (pipeline/validate-standard.ts) the one asynchronous end. It is kept whole: the composition, its
// synchronous and asynchronous ends and the result types they share read best in one place.
import { resolve } from 'node:path'
import { DIALECTS, gatherOf, gatheringDialects, loadGathers, loadMerge } from './dialects/registry.ts'
import type { DialectName } from './dialects/registry.ts'
import type { Dialect } from './dialects/types.ts'
import { MergedYamlError } from './diagnostics.ts'
import type { Diagnostic } from './diagnostics.ts'
import { diskFileSystem } from './file-system.ts'
import type { ResolvedOptions } from './options.ts'
import { fingerprintInputs } from './pipeline/fingerprint.ts'
import { gatherEntry } from './pipeline/gather/gather.ts'
import type {
  DialectGatherHook,
  DialectRequests,
  EntryInputs,
  GatherResult,
  ReadFile,
} from './pipeline/gather/gather.ts'
import { createDialectContext, mergeAgain, mergeParts } from './pipeline/merge.ts'
import type { MergeInput } from './pipeline/merge.ts'
import { readParts } from './pipeline/read.ts'
import { validateValue } from './pipeline/validate.ts'
import type { EntrySchema, ValidateInput } from './pipeline/validate.ts'
import { awaitedOnly, validateStandard } from './pipeline/validate-standard.ts'
import type { PendingStandard } from './pipeline/validate-standard.ts'
import type { ValueHistory } from './provenance/history.ts'
import { createProvenanceRecorder, recordedHistory, requestedRecords, takeRecords } from './provenance/records.ts'
import type { RequestedRecords } from './provenance/records.ts'
import type { ValueSources } from './provenance/value-sources.ts'
import type { RenderCache } from './render-cache.ts'
import { resolveOptions, validateOptions } from './render-options.ts'
import type { RenderOptions } from './render-options.ts'
import { Reporter } from './reporter.ts'

/**
 * What a render returns. From EntryInputs: `files` (every file read, entry first: the dependencies for
 * watch mode and caches), `missing`, `globs`, and `optional` (the layers the entry may be without).
 */
export interface RenderResult extends EntryInputs {
  /** The merged value in its dialect's shape (`{}` without data; cloud-init: `null` when no part is cloud-config). */
  value: unknown
  /** Problems that did not fail the render (skipped parts in lenient mode, unhandled part types). */
  warnings: Diagnostic[]
  /** The dialect the entry was merged with. */
  dialect: DialectName
  /**
   * With the `history` option: every event of each value — which part set, merged, replaced or
   * removed it, and which merger decided.
   */
  history?: ValueHistory
  /** With the `sources` option: where each value was set (the layer line, the merger, the layer before). */
  sources?: ValueSources
  /**
   * The schema the value was validated against: a JSON Schema (the entry's modeline's or the `schema`
   * option's), or a Standard Schema module's export (the `schema` option's), whose output is `value`.
   */
  schema?: EntrySchema
  /**
   * True when the engine knows, from reading the documents, that the value is plain JSON data:
   * `JSON.stringify` writes it exactly (no NaN, ±Infinity, -0 or bytes) and no key is `__proto__`.
   * False when it does not know (the value may still be): a consumer then checks for itself.
   */
  plainJson: boolean
  /** It decrypted a value (Datum.ProtectedData) or ran `datum.handlers`: what it did, not how files spell it. */
  secret: boolean
}

export interface RenderHooks {
  /** Shares read files and parsed layers between the renders of one build or watch session (`createRenderCache()`). */
  cache?: RenderCache
  /** Reads a file's bytes (the plugin passes a cached reader). The bytes must not change afterwards: the engine may
   * keep them. */
  readFile?: ReadFile
}

/** An entry whose files are read, ready to be parsed and merged. */
export interface PreparedEntry {
  /** Every file read, entry first (the files the dialects' options name included). */
  files: string[]
  /** Files optional includes and globs looked for and did not find. */
  missing: string[]
  /** The entry's glob include patterns, absolute. */
  globs: string[]
  /** Paths as written whose real path differs (a symbolic link on the way: EntryInputs.links). */
  links: string[]
  /**
   * A hash of everything the render depends on: the engine's code, the options, and every file's
   * path and bytes in reading order, which also fix the files missing and the glob matches. Equal
   * fingerprints, equal results: what a cache that outlives the process keys on (an unread file: render()'s error).
   */
  readonly fingerprint: string
  /**
   * Whether the entry's schema is a Standard Schema module (the `schema` option names a `.ts`, `.js`, …
   * module): it is loaded and run asynchronously, by `renderAsync()` only.
   */
  readonly standardSchema: boolean
  /**
   * Parses and merges: renderSync's result. Once; later calls give the same result or error. An entry
   * whose schema is a Standard Schema module fails here (`MY_SCHEMA_ASYNC`): use `renderAsync()`.
   */
  render(): RenderResult
  /** render()'s result, with the entry's Standard Schema, if any, awaited: render()'s. Once. */
  renderAsync(): Promise<RenderResult>
  /**
   * Where each value of the result was set (see the `sources` option): the record a render with that
   * option made, else the render's parts merged again with a recorder — so a caller can leave the
   * cost to the moment it needs them. Renders first (and throws as `render()` does).
   */
  sources(): ValueSources
}

/**
 * The first half of renderSync: reads the entry's files. Throws only MergedYamlError. The gather hooks
 * its options need are loaded (`loadGathers`) or provided (the public API) before.
 */
export function prepareEntry(entry: string, options: RenderOptions = {}, hooks: RenderHooks = {}): PreparedEntry {
  const inputs: EntryInputs = { files: [], missing: [], globs: [], optional: [], links: [] }
  return guard(entry, options, inputs, () => prepare(entry, options, hooks, inputs))
}

/** `render()` without the promise: the engine itself is synchronous. Throws only MergedYamlError. */
export function renderSync(entry: string, options: RenderOptions = {}, hooks: RenderHooks = {}): RenderResult {
  return prepareEntry(entry, options, hooks).render()
}

/**
 * Renders a `*.merged.yaml` entry: gathers its parts and merges them. Resolves with the merged value,
 * the files read and the warnings; rejects with a MergedYamlError carrying located diagnostics.
 */
export async function render(
  entry: string,
  options: RenderOptions = {},
  hooks: RenderHooks = {},
): Promise<RenderResult> {
  await loadGathers(options)
  const inputs: EntryInputs = { files: [], missing: [], globs: [], optional: [], links: [] }
  return guard(entry, options, inputs, () => prepare(entry, options, hooks, inputs)).renderAsync()
}

/**
 * Runs a stage: a MergedYamlError leaves with what the entry had read (watch those, so that fixing a
 * file recovers); any other error is a bug, reported as MY_INTERNAL at the entry.
 */
function guard<T>(entry: string, options: RenderOptions, inputs: EntryInputs, run: () => T): T {
  try {
    return run()
  } catch (error) {
    const failure = error instanceof MergedYamlError ? error : internalError(entry, options, error)
    failure.dependencies ??= inputs
    throw failure
  }
}

function internalError(entry: string, options: RenderOptions, error: unknown): MergedYamlError {
  const file = resolve(entry)
  const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error)
  const message = `internal error while rendering this entry (${reason}); please report it with the input`
  const internal = new MergedYamlError(
    [{ code: 'MY_INTERNAL', severity: 'error', message, file, line: 1, column: 1, chain: [] }],
    options.root,
  )
  Object.defineProperty(internal, 'cause', { value: error, configurable: true, writable: true })
  return internal
}

function prepare(entry: string, options: RenderOptions, hooks: RenderHooks, inputs: EntryInputs): PreparedEntry {
  const resolved = resolveOptions(options)
  validateOptions(resolved)
  const report = new Reporter(resolved.strict, resolved.root, resolved.limits.maxErrors, resolved.limits.maxWarnings)
  const { cache } = hooks
  const fs = cache ?? diskFileSystem
  const read = hooks.readFile ?? fs.readFile
  // The bytes each file had when gathered: what the fingerprint hashes.
  const contents = new Map<string, Uint8Array>()
  const readFile = (path: string): Uint8Array => {
    const bytes = read(path)
    contents.set(path, bytes)
    return bytes
  }
  const files = { stat: fs.stat, realpath: fs.realpath, readFile, build: fs.build }
  // A relative entry is relative to the working directory, as for the CLI and Node's fs (README).
  const gathered = gatherEntry(resolve(entry), dialectRequests(resolved), resolved, report, files, inputs)
  const records = requestedRecords(options)
  let fingerprint: string | undefined
  type Read = ReturnType<typeof readParts>
  let reading: { read: Read } | { error: unknown } | undefined
  // Parse and detect, once: renderAsync() learns the dialect whose merge it loads before merging.
  const readOnce = (): Read => {
    if (!reading)
      try {
        reading = { read: readParts(gathered.items, resolved, report, cache) }
      } catch (error) {
        reading = { error }
      }
    if ('error' in reading) throw reading.error
    return reading.read
  }
  type Made = ReturnType<typeof mergeEntry>
  let outcome: { made: Made } | { error: unknown } | undefined
  let finished: Promise<RenderResult> | undefined
  let sources: ValueSources | undefined
  // The schema module's files, once loaded: a failed validation depends on them too.
  const loadedFiles: string[] = []
  const merge = (): Made => {
    try {
      outcome ??= {
        made: guard(entry, options, inputs, () => mergeEntry(gathered, readOnce(), inputs, resolved, report, records)),
      }
    } catch (error) {
      outcome = { error }
    }
    if ('error' in outcome) throw outcome.error
    return outcome.made
  }
  // The entry's dialect's merge, loaded: a failure to read is merge()'s to report, as renderSync's.
  const loadDialectMerge = async (): Promise<void> => {
    let dialect: Dialect
    try {
      dialect = guard(entry, options, inputs, readOnce).dialect
    } catch {
      return
    }
    await loadMerge(dialect)
  }
  return {
    ...inputs,
    get fingerprint() {
      if (inputs.files.some((file) => !contents.has(file))) this.render()
      fingerprint ??= fingerprintInputs(resolved, records, inputs, contents, gathered.listings)
      return fingerprint
    },
    get standardSchema() {
      return gathered.schema?.module !== undefined
    },
    render() {
      const made = merge()
      if (made.pending) {
        const error = awaitedOnly(entry, gathered.schema!.file, resolved.root)
        error.dependencies = inputs
        throw error
      }
      return made.result
    },
    renderAsync() {
      finished ??= (async () => {
        await loadDialectMerge()
        const made = merge()
        if (!made.pending) return made.result
        try {
          const { result } = made
          const standard = await validateStandard(made.pending, resolved, loadedFiles)
          return {
            ...result,
            value: standard.value,
            files: [...result.files, ...standard.files.filter((file) => !result.files.includes(file))],
            warnings: report.finishWarnings(inputs.files[0]!),
            // A value the schema made is checked for data, not for JSON's exactness: a consumer checks.
            plainJson: standard.unchanged && result.plainJson,
            schema: standard.schema,
          }
        } catch (error) {
          // Failing, the entry depends on the schema's own modules too: fixing one recovers.
          const files = [...inputs.files, ...loadedFiles.filter((file) => !inputs.files.includes(file))]
          return guard(entry, options, { ...inputs, files }, () => {
            throw error
          })
        }
      })()
      return finished
    },
    sources() {
      const { result, input } = merge()
      sources ??=
        result.sources ?? guard(entry, options, inputs, () => mergeAgain(input, resolved, 'sources').sources())
      return sources
    },
  }
}

/**
 * What the dialects read with the entry: the files their options name (a Heat template), and what
 * their gather hooks read (a Datum store's files), each hook with its dialect's options.
 */
function dialectRequests(options: ResolvedOptions): DialectRequests {
  const dependencies: string[] = []
  for (const dialect of DIALECTS as readonly Dialect[]) {
    const own = options.dialectOptions[dialect.name as DialectName]
    if (own !== undefined && dialect.dependencies) dependencies.push(...dialect.dependencies(own))
  }
  const hooks = gatheringDialects(options.dialectOptions).map((dialect): DialectGatherHook => {
    const hook = gatherOf(dialect)
    const own = options.dialectOptions[dialect.name as DialectName]
    return { dialect: dialect.name, gather: (entry, access, report) => hook.gather(entry, own, access, report) }
  })
  return { dependencies, hooks }
}

function mergeEntry(
  gathered: GatherResult,
  { parts, dialect }: ReturnType<typeof readParts>,
  inputs: EntryInputs,
  resolved: ResolvedOptions,
  report: Reporter,
  records: RequestedRecords,
): { result: RenderResult; input: MergeInput; pending?: PendingStandard } {
  const provenance = createProvenanceRecorder(records)
  const entry = inputs.files[0]!
  const input: MergeInput = {
    entry,
    parts,
    dialect,
    dependencies: gathered.dependencies,
    gathered: gathered.gathered,
    provenance,
  }
  const merged = mergeParts(input, resolved, report)
  const validateInput: ValidateInput = {
    entry,
    entryText: gathered.entryText,
    value: merged.value,
    parts,
    dialect,
    schema: gathered.schema,
    context: createDialectContext(input, resolved, report),
    history: () => recordedHistory(provenance) ?? mergeAgain(input, resolved, 'history').history(),
  }
  const schema = validateValue(validateInput, resolved)
  const result: RenderResult = {
    value: merged.value,
    ...inputs,
    warnings: [],
    dialect: dialect.name as DialectName,
    plainJson: merged.bound?.plainJson ?? false,
    secret: merged.secret === true,
    ...takeRecords(provenance, records),
  }
  if (schema) result.schema = schema
  const standard = gathered.schema
  // The warnings are finished once the Standard Schema has run: its issues may be among them.
  if (standard?.module)
    return { result, input, pending: { input: validateInput, schema: { ...standard, module: standard.module } } }
  result.warnings = report.finishWarnings(entry)
  return { result, input }
}
