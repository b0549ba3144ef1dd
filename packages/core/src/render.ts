import { createHash } from 'node:crypto'
import { dirname, resolve } from 'node:path'
import type { RenderCache } from './cache.ts'
import { MergedYamlError } from './diagnostics.ts'
import type { Diagnostic } from './diagnostics.ts'
import { DIALECTS } from './dialects/index.ts'
import type { Dialect, DialectContext } from './dialects/types.ts'
import { createSourceDocument, mapPartPosition } from './gather/documents.ts'
import { diskFileSystem } from './file-system.ts'
import { canonicalJson, hashContent, hashEngine } from './fingerprint.ts'
import { createDenyMatcher } from './gather/deny.ts'
import { gatherEntry } from './gather/gather.ts'
import type { GatherResult, GatheredItem, ReadFile } from './gather/gather.ts'
import { mergeCloudInit } from './merge/cloud-init.ts'
import type { MergeStep } from './merge/cloud-init.ts'
import { ProvenanceRecorder } from './merge/provenance.ts'
import type { Provenance } from './merge/provenance.ts'
import { parseMergeString, validateSpecs } from './merge/directive.ts'
import type { DirectiveProblem } from './merge/directive.ts'
import { cloudInitDirective } from './merge/extract.ts'
import { DEFAULT_LIMITS, resolveOptions } from './options.ts'
import type { DialectName, RenderOptions, ResolvedOptions } from './options.ts'
import { Reporter } from './report.ts'
import type { Problem } from './report.ts'
import type { SourceDocument } from './source.ts'
import { parseYamlStream } from './yaml/parse.ts'
import { checkValueLimits } from './value-limits.ts'
import type { ParseYamlOptions, PathSegment } from './yaml/parse.ts'

export interface RenderResult {
  /** The merged value (`null` when the entry holds no cloud-config part at all). */
  value: unknown
  /** Every file read, entry first: the entry's dependencies for watch mode and caches. */
  files: string[]
  /** Files that optional includes and globs looked for and did not find: watch them too. */
  missing: string[]
  /** Glob include patterns (absolute): a file added where one matches changes the entry. */
  globs: string[]
  /** Problems that did not fail the render (skipped parts in lenient mode, unhandled part types). */
  warnings: Diagnostic[]
  /** The dialect the entry was merged with. */
  dialect: DialectName
  /** With the `explain` option: which part set each value, and which merger decided. */
  provenance?: Provenance
  /**
   * True when the engine knows, from reading the documents, that the value is plain JSON data:
   * `JSON.stringify` writes it exactly (no NaN, ±Infinity, -0 or bytes) and no key is `__proto__`.
   * False when it does not know (the value may still be): a consumer then checks for itself.
   */
  plainJson: boolean
}

export interface RenderHooks {
  /** Shares read files and parsed layers between the renders of one build or watch session (`createRenderCache()`). */
  cache?: RenderCache
  /** Reads a file's bytes; the plugin passes a cached reader. The bytes must not change afterwards: the engine may keep them. */
  readFile?: ReadFile
}

const DIALECT_NAMES: readonly string[] = ['cloud-init', ...DIALECTS.map((d) => d.name)]

// Every render of a build checks the same `mergeHow` (parseMergeString memoizes its parse).
const mergeHowProblems = new WeakMap<object, DirectiveProblem | null>()

function mergeHowProblem(mergeHow: string): DirectiveProblem | undefined {
  const parsed = parseMergeString(mergeHow)
  let problem = mergeHowProblems.get(parsed)
  if (problem === undefined)
    mergeHowProblems.set(parsed, (problem = [...parsed.problems, ...validateSpecs(parsed.specs)][0] ?? null))
  return problem ?? undefined
}

function validateOptions(options: ResolvedOptions): void {
  const fail = (message: string): never => {
    throw new MergedYamlError([
      { code: 'MY_INVALID_OPTION', severity: 'error', message, file: '<options>', line: 1, column: 1, chain: [] },
    ])
  }
  if (options.stack !== 'scoped' && options.stack !== 'per-part')
    fail(`option 'stack' must be 'scoped' or 'per-part', not ${JSON.stringify(options.stack)}`)
  if (options.yamlVersion !== '1.1' && options.yamlVersion !== '1.2')
    fail(`option 'yamlVersion' must be '1.1' or '1.2', not ${JSON.stringify(options.yamlVersion)}`)
  if (typeof options.strict !== 'boolean') fail(`option 'strict' must be a boolean`)
  if (options.dialect !== undefined && !DIALECT_NAMES.includes(options.dialect))
    fail(`option 'dialect' must be one of ${DIALECT_NAMES.join(', ')}, not ${JSON.stringify(options.dialect)}`)
  const problem = mergeHowProblem(options.mergeHow)
  if (problem) fail(`option 'mergeHow' (${JSON.stringify(options.mergeHow)}): ${problem.message}`)
  if (!Array.isArray(options.deny) || options.deny.some((pattern) => typeof pattern !== 'string'))
    fail(`option 'deny' must be a list of glob patterns, not ${JSON.stringify(options.deny)}`)
  try {
    createDenyMatcher(options.deny)
  } catch (error) {
    fail(`option 'deny': ${(error as Error).message}`)
  }
  for (const [name, value] of Object.entries(options.vars)) {
    if (typeof value !== 'string') fail(`option 'vars.${name}' must be a string`)
  }
  // NaN or a string would turn every comparison false and disable the limit.
  for (const [name, value] of Object.entries(options.limits)) {
    if (!Object.hasOwn(DEFAULT_LIMITS, name))
      fail(`unknown limit 'limits.${name}' (known: ${Object.keys(DEFAULT_LIMITS).join(', ')})`)
    if (typeof value !== 'number' || !(value >= 0))
      fail(`option 'limits.${name}' must be a number ≥ 0, not ${JSON.stringify(value)}`)
  }
}

/** How the parts of a render are parsed: as YAML, and as JSON patches. */
function partParseOptions(options: ResolvedOptions): { yaml: ParseYamlOptions; jsonp: ParseYamlOptions } {
  const yaml: ParseYamlOptions = {
    version: options.yamlVersion,
    allowDuplicateKeys: !options.strict,
    maxAliasCount: options.limits.maxAliasCount,
    maxDepth: options.limits.maxDepth,
  }
  // JSON is YAML 1.2; parsing it as YAML keeps positions for the patch's diagnostics.
  return { yaml, jsonp: { ...yaml, version: '1.2' } }
}

/** Parses every gathered part into documents, keeping the scope structure. */
function parseParts(
  items: readonly GatheredItem[],
  options: ResolvedOptions,
  report: Reporter,
  cache: RenderCache | undefined,
  parsing = partParseOptions(options),
): MergeStep[] {
  const steps: MergeStep[] = []
  for (const item of items) {
    if (item.kind === 'scope') {
      steps.push({ kind: 'scope', steps: parseParts(item.items, options, report, cache, parsing) })
      continue
    }
    const jsonp = item.type === 'text/cloud-config-jsonp'
    const parseOptions = jsonp ? parsing.jsonp : parsing.yaml
    const docs = cache
      ? cache.parse(item.origin.file, item.text, parseOptions)
      : parseYamlStream(item.text, parseOptions)
    docs.forEach((yaml, index) => {
      const doc = createSourceDocument(yaml, item.origin, item.text, item.headers, index)
      if (yaml.error) {
        // Reported once the dialect is known: cloud-init skips such a part, the other systems fail.
        const problem: Problem = {
          code: yaml.error.code.startsWith('MY_') ? yaml.error.code : 'MY_YAML_SYNTAX',
          message: yaml.error.message,
          at: {
            file: doc.file,
            position: mapPartPosition(item.origin, yaml.error.position),
            chain: doc.chain,
            source: item.origin.fileText,
          },
        }
        steps.push({ kind: 'invalid', problem, headerless: item.headerless })
        return
      }
      // Aliases can make a small document a huge or cyclic value: refuse it before anything walks it.
      // A tree was measured as it was read and is within the depth limit already.
      const limit =
        yaml.tree !== undefined && yaml.tree.size <= options.limits.maxValueSize
          ? undefined
          : checkValueLimits(yaml.value, options.limits)
      if (limit) report.fail({ code: limit.code, message: limit.message, doc, path: limit.path })
      for (const warning of yaml.warnings) {
        report.warn({
          code: warning.code === 'DUPLICATE_KEY' ? 'MY_YAML_DUPLICATE_KEY' : `MY_YAML_${warning.code}`,
          message: warning.message,
          at: {
            file: doc.file,
            position: mapPartPosition(item.origin, warning.position),
            chain: doc.chain,
            source: item.origin.fileText,
          },
        })
      }
      // An empty or comment-only document is a no-op, but still a cloud-config part for cloud-init.
      if (jsonp) steps.push({ kind: 'jsonp', doc })
      else steps.push({ kind: 'yaml', doc, headerless: item.headerless, empty: yaml.empty, tree: yaml.tree })
    })
  }
  return steps
}

/**
 * What cloud-init's merge of these parts is known to be without walking it, when every part is a
 * tree. Its mergers move, concatenate and drop what the documents hold, never repeat it (a
 * document included twice counts twice here) and make no number: the one expansion is
 * list(append) given a string, one item per character (3× the string's size at most). So the merge
 * is at most 3× the documents' summed sizes, no deeper than the deepest (each within the depth
 * limit as it was read), without cycles, and plain JSON when they all are. A JSON patch can copy
 * subtrees: with one, nothing is known.
 */
function mergedTreeFacts(steps: readonly MergeStep[]): { maxSize: number; plainJson: boolean } | undefined {
  let sum = 0
  let plainJson = true
  for (const step of documents(steps)) {
    if (step.kind === 'jsonp') return undefined
    if (step.kind === 'invalid' || step.empty) continue
    if (step.tree === undefined) return undefined
    sum += step.tree.size
    plainJson &&= step.tree.plainJson
  }
  return { maxSize: 3 * sum, plainJson }
}

function* documents(steps: readonly MergeStep[]): Generator<MergeStep & { kind: 'yaml' | 'jsonp' | 'invalid' }> {
  for (const step of steps) {
    if (step.kind === 'scope') yield* documents(step.steps)
    else yield step
  }
}

// Detection looks at values only: a shared (frozen) document is looked at once, not once per entry.
const directivesOfValue = new WeakMap<object, readonly (readonly [Dialect, string])[]>()

/** The dialects a document's value declares, with their directives. */
function dialectDirectives(value: unknown): readonly (readonly [Dialect, string])[] {
  const shared = typeof value === 'object' && value !== null && Object.isFrozen(value)
  const known = shared ? directivesOfValue.get(value) : undefined
  if (known !== undefined) return known
  const found: (readonly [Dialect, string])[] = []
  for (const dialect of DIALECTS) {
    const directive = dialect.detect(value)
    if (directive) found.push([dialect, directive])
  }
  if (shared) directivesOfValue.set(value, found)
  return found
}

/** Which dialect the entry is written in: the option, else the directives its documents carry. */
function detectDialect(steps: readonly MergeStep[], options: ResolvedOptions, report: Reporter): Dialect | undefined {
  if (options.dialect === 'cloud-init') return undefined
  if (options.dialect) return DIALECTS.find((d) => d.name === options.dialect)
  let found: { dialect: Dialect; doc: SourceDocument; directive: string } | undefined
  let cloudInit: { doc: SourceDocument; directive: string } | undefined
  for (const step of documents(steps)) {
    if (step.kind !== 'yaml') continue
    for (const [dialect, directive] of dialectDirectives(step.doc.value)) {
      if (found && found.dialect !== dialect) {
        report.fail({
          code: 'MY_DIALECT_MIXED',
          message: `this entry mixes ${found.dialect.name} (${found.directive} in ${found.doc.file}) and ${dialect.name} (${directive}); an entry uses one dialect`,
          doc: step.doc,
        })
      }
      found ??= { dialect, doc: step.doc, directive }
    }
    const ci = cloudInitDirective(step.doc)
    if (ci) cloudInit ??= { doc: step.doc, directive: ci }
  }
  if (found && cloudInit) {
    // The reference system of the dialect would read cloud-init's keys as plain data: lenient mode
    // does that (with a warning), strict mode refuses the mix.
    report.lenient({
      code: 'MY_DIALECT_MIXED',
      message: `this entry mixes ${found.dialect.name} (${found.directive} in ${found.doc.file}) and cloud-init (${cloudInit.directive}); an entry uses one dialect (lenient mode merges it as ${found.dialect.name}, with ${cloudInit.directive} as data)`,
      doc: cloudInit.doc,
      path: cloudInit.directive.endsWith('header') ? [] : [cloudInit.directive],
      target: 'key',
    })
  }
  if (found || cloudInit) return found?.dialect
  // No directive anywhere: dialect options given to render() / the plugin (e.g. `datum.lookupOptions`) pick the dialect.
  const configured = DIALECTS.filter((d) => options.raw[d.name] !== undefined)
  return configured.length === 1 ? configured[0] : undefined
}

/** An entry whose parts are gathered (its files read), ready to be parsed and merged. */
export interface PreparedEntry {
  /** Every file read so far, entry first (a dialect may read more while rendering). */
  files: string[]
  /** Files optional includes and globs looked for and did not find. */
  missing: string[]
  /** The entry's glob include patterns, absolute. */
  globs: string[]
  /**
   * A hash of everything the render depends on, but files a dialect reads while rendering (a Heat
   * template: the result's `files` beyond these): the engine's code, the options, and every
   * file's path and bytes in reading order, which also fix the files missing and the glob matches.
   * Equal fingerprints, equal results: what a cache that outlives the process keys on.
   */
  readonly fingerprint: string
  /** Parses and merges: renderSync's result. Once; later calls give the same result or error. */
  render(): RenderResult
}

/** The first half of renderSync: gathers the entry's parts. Throws only MergedYamlError. */
export function prepareEntry(entry: string, options: RenderOptions = {}, hooks: RenderHooks = {}): PreparedEntry {
  return lastResort(entry, options, () => prepare(entry, options, hooks))
}

/** `render()` without the promise: the engine itself is synchronous. Throws only MergedYamlError. */
export function renderSync(entry: string, options: RenderOptions = {}, hooks: RenderHooks = {}): RenderResult {
  return prepareEntry(entry, options, hooks).render()
}

function lastResort<T>(entry: string, options: RenderOptions, run: () => T): T {
  try {
    return run()
  } catch (error) {
    if (error instanceof MergedYamlError) throw error
    // The last resort: every input problem has its own check and code; reaching this is a bug.
    const file = resolve(options.root ?? process.cwd(), entry)
    const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error)
    const internal = new MergedYamlError(
      [
        {
          code: 'MY_INTERNAL',
          severity: 'error',
          message: `internal error while rendering this entry (${reason}); please report it with the input`,
          file,
          line: 1,
          column: 1,
          chain: [],
        },
      ],
      options.root,
    )
    Object.defineProperty(internal, 'cause', { value: error, configurable: true, writable: true })
    throw internal
  }
}

function prepare(entry: string, options: RenderOptions, hooks: RenderHooks): PreparedEntry {
  const resolved = resolveOptions(options)
  validateOptions(resolved)
  const report = new Reporter(resolved.strict, resolved.root)
  const cache = hooks.cache
  const fs = cache ?? diskFileSystem
  const read = hooks.readFile ?? fs.readFile
  // The bytes each file had when gathered: what the fingerprint hashes.
  const contents = new Map<string, Uint8Array>()
  const readFile = (path: string): Uint8Array => {
    const bytes = read(path)
    contents.set(path, bytes)
    return bytes
  }
  const gathered = gatherEntry(resolve(resolved.root, entry), resolved, report, {
    stat: fs.stat,
    realpath: fs.realpath,
    readFile,
    build: fs.build,
  })
  // Copies: a dialect reads more files into gathered.files while rendering.
  const inputs = { files: [...gathered.files], missing: [...gathered.missing], globs: [...gathered.globs] }
  let fingerprint: string | undefined
  let outcome: { result: RenderResult } | { error: unknown } | undefined
  return {
    ...inputs,
    get fingerprint() {
      fingerprint ??= fingerprintInputs(resolved, options, inputs, contents)
      return fingerprint
    },
    render() {
      if (outcome === undefined) {
        try {
          outcome = { result: lastResort(entry, options, () => mergeEntry(gathered, resolved, report, options, cache)) }
        } catch (error) {
          if (error instanceof MergedYamlError)
            error.dependencies ??= { files: gathered.files, missing: gathered.missing, globs: gathered.globs }
          outcome = { error }
        }
      }
      if ('error' in outcome) throw outcome.error
      return outcome.result
    },
  }
}

function fingerprintInputs(
  resolved: ResolvedOptions,
  options: RenderOptions,
  gathered: Pick<GatherResult, 'files' | 'missing' | 'globs'>,
  contents: ReadonlyMap<string, Uint8Array>,
): string {
  const hash = createHash('sha256')
  hash
    .update(hashEngine())
    .update('\0')
    .update(canonicalJson({ resolved, explain: options.explain === true }))
  for (const file of gathered.files)
    hash
      .update('\0')
      .update(file)
      .update('\0')
      .update(hashContent(contents.get(file)!))
  hash.update('\0').update(canonicalJson({ missing: gathered.missing, globs: gathered.globs }))
  return hash.digest('base64url')
}

function mergeEntry(
  gathered: GatherResult,
  resolved: ResolvedOptions,
  report: Reporter,
  options: RenderOptions,
  cache: RenderCache | undefined,
): RenderResult {
  const steps = parseParts(gathered.items, resolved, report, cache)
  const dialect = detectDialect(steps, resolved, report)
  const provenance = options.explain ? new ProvenanceRecorder() : undefined
  let value: unknown
  if (dialect) {
    const docs: SourceDocument[] = []
    for (const step of documents(steps)) {
      if (step.kind === 'invalid') report.fail(step.problem)
      else if (step.kind === 'jsonp')
        report.fail({
          code: 'MY_DIALECT_JSONP',
          message: `#cloud-config-jsonp parts are cloud-init only; this is a ${dialect.name} entry`,
          doc: step.doc,
        })
      else if (!step.empty) docs.push(step.doc)
    }
    const entryFile = gathered.files[0]!
    const dependencyAt = (from?: { doc: SourceDocument; path?: readonly PathSegment[] }) =>
      from
        ? { file: from.doc.file, position: from.doc.locate(from.path ?? []), chain: from.doc.chain }
        : { file: entryFile, position: { line: 1, column: 1 }, chain: [] }
    const listDependency: DialectContext['listDependency'] = (path, from) =>
      gathered.listDependency(resolve(dirname(entryFile), path), dependencyAt(from))
    const readDependency = (path: string, from?: { doc: SourceDocument; path?: readonly PathSegment[] }): string => {
      const at = dependencyAt(from)
      const bytes = gathered.readDependency(resolve(dirname(entryFile), path), at)
      return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
        .toString('utf8')
        .replace(/^\uFEFF/, '')
    }
    const context: DialectContext = {
      options: resolved,
      report,
      entry: entryFile,
      readDependency,
      listDependency,
      allowEntryFolder: gathered.allowEntryFolder,
    }
    if (provenance) context.provenance = provenance
    value = dialect.render(docs, context)
    provenance?.layers(docs, value, dialect.name)
  } else {
    value = mergeCloudInit(steps, { stack: resolved.stack, mergeHow: resolved.mergeHow }, report, provenance)
  }
  // Merges and JSON-patch copies can repeat subtrees that each document kept within bounds.
  const known = dialect === undefined ? mergedTreeFacts(steps) : undefined
  const limit =
    known !== undefined && known.maxSize <= resolved.limits.maxValueSize
      ? undefined
      : checkValueLimits(value, resolved.limits)
  if (limit)
    report.fail({
      code: limit.code,
      message: `merged value: ${limit.message}`,
      at: { file: gathered.files[0]!, position: { line: 1, column: 1 }, chain: [] },
      path: limit.path,
    })
  const result: RenderResult = {
    value,
    files: gathered.files,
    missing: gathered.missing,
    globs: gathered.globs,
    warnings: report.warnings,
    dialect: dialect?.name ?? 'cloud-init',
    plainJson: known?.plainJson ?? false,
  }
  if (provenance) result.provenance = provenance.result()
  return result
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
  return renderSync(entry, options, hooks)
}
