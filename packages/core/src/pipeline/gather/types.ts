// The gather stage's hand-off (the parts, in their scopes) and what its expanders — include lists,
// archives, MIME messages — ask of the gatherer that drives them.
import type { ChainLink } from '../../diagnostics.ts'
import type { MergedYamlError } from '../../diagnostics.ts'
import type { ResolvedOptions } from '../../options.ts'
import type { Reporter } from '../../reporter.ts'
import type { PartOrigin } from '../../source-document.ts'
import type { Confinement } from './confinement.ts'
import type { GatherContext, IncludeSite } from './context.ts'

/** A part cloud-init would hand to its cloud-config handler. */
export interface GatheredPart {
  kind: 'part'
  type: 'text/cloud-config' | 'text/cloud-config-jsonp'
  /** Headerless content (no `#cloud-config`, no MIME type) that we read as YAML where cloud-init would not. */
  headerless: boolean
  text: string
  origin: PartOrigin
  headers: Readonly<Record<string, string>>
}

/** The parts an include list, an archive or a multipart expanded to: merge declarations end with it. */
export interface GatheredScope {
  kind: 'scope'
  items: GatheredItem[]
  /** Stands for a part only cloud-init runs (a script, a boothook: skipped here): its type marks the entry. */
  userData?: string
}

export type GatheredItem = GatheredPart | GatheredScope

/** Reads a file's bytes; the plugin passes a cached reader. */
export type ReadFile = (path: string) => Uint8Array

/** What an entry depends on, filled as gathering reads: kept when it fails, so that watchers can recover. */
export interface EntryInputs {
  /** Every file read, entry first, in reading order. */
  files: string[]
  /** Files an optional include or a glob looked for and did not find (watch them too). */
  missing: string[]
  /** The entry's glob include patterns, absolute: a file added where one matches changes the entry. */
  globs: string[]
  /**
   * Files read through an optional include line (`?local.yaml`) or matched by a glob: layers the entry
   * may be without (a checkout without them renders too). A subset of `files`.
   */
  optional: string[]
  /**
   * Paths as written (an include line's, a dialect's option's) whose real path differs: a symbolic
   * link on the way, which may be pointed elsewhere without any file read changing.
   */
  links: string[]
}

/** A file a dialect's options name (Dialect.dependencies): its bytes, or why it could not be read. */
export type DependencyOutcome = { file: string; bytes: Uint8Array } | { file: string; error: MergedYamlError }

/** A schema file read with the entry. */
export interface GatheredSchema {
  /** Absolute path. */
  file: string
  bytes: Uint8Array
  /** What named it: the entry's modeline, or the `schema` option. */
  source: 'modeline' | 'option'
  /** A Standard Schema module (`schema: './app.schema.ts#appSchema'`): its export; else a JSON Schema. */
  module?: { exportName: string }
}

export interface GatherResult {
  items: GatheredItem[]
  /** The dialects' dependencies, by path as named (relative to the entry's folder, or absolute). */
  dependencies: ReadonlyMap<string, DependencyOutcome>
  /** What the dialects' gather hooks returned, by dialect (those that returned undefined left out). */
  gathered: ReadonlyMap<string, unknown>
  /** The folders the hooks listed, each with its entries (`name`, `name/` for a folder), sorted. */
  listings: ReadonlyMap<string, readonly string[]>
  /** The entry's JSON Schema (its modeline's, else the `schema` option's), read with its files. */
  schema: GatheredSchema | undefined
  /** The entry's text (empty when gzipped), for locating problems at the entry. */
  entryText: string
}

/** What the expanders of include lists, archives and MIME messages ask of the gatherer. */
export interface Gathering {
  readonly options: ResolvedOptions
  readonly report: Reporter
  readonly confinement: Confinement
  readonly inputs: EntryInputs
  /** The files being expanded, outermost first: one met again closes a cycle. */
  readonly active: readonly string[]
  /** `#include-once` targets already merged. */
  readonly onceMerged: Set<string>
  /** Reads a file under the size limits; `from` locates a problem at the include line. */
  read(file: string, from: IncludeSite | undefined): Uint8Array
  /** Expands a file's bytes (gzip, MIME, or a payload). */
  file(file: string, bytes: Uint8Array, chain: readonly ChainLink[], depth: number): GatheredItem[]
  /** Types a payload and expands it. */
  payload(
    text: string,
    declared: string | undefined,
    headers: Readonly<Record<string, string>>,
    ctx: GatherContext,
  ): GatheredItem[]
  part(
    type: GatheredPart['type'],
    headerless: boolean,
    text: string,
    headers: Readonly<Record<string, string>>,
    ctx: GatherContext,
  ): GatheredPart
  gunzip(bytes: Uint8Array, ctx: GatherContext): Uint8Array
  /** Counts one include expanded (a file, each time it is included), failing at `at` past the limit. */
  countInclude(at: IncludeSite): void
  /** Counts folder entries a glob walk visited, failing at `at` past the limit. */
  countGlobEntries(count: number, at: IncludeSite): void
  /** Counts MIME parts read; the number of parts still allowed before. */
  takeMimeParts(count: number): number
}
