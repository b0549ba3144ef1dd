// What a dialect is: one folder behind one registry entry (registry.ts). The entry declares
// everything the rest of the project derives from it: the name (also the key of its options in
// RenderOptions), the import-query selectors, the CLI flags, the error codes, how finely it records
// provenance, the queries that name its own files and its YAML 1.1 reader; and what the pipeline calls:
// dependencies and gather (while gathering), detect, render and schemaChecks. It is kept whole: the one
// contract of a dialect, each member documented where a newcomer reads it.
import type { Limits, ResolvedOptions } from '../options.ts'
import type { ParsedPart } from '../parts.ts'
import type { ProvenanceRecorder } from '../provenance/recorder.ts'
import type { Problem, Reporter } from '../reporter.ts'
import type { SchemaReading } from '../schema/compile.ts'
import type { SourceDocument } from '../source-document.ts'
import type { PathSegment } from '../values.ts'
import type { YamlVersion } from '../yaml/types.ts'
import type { VersionDifference } from '../yaml/version-differences.ts'

/** A file a dialect named in `dependencies`, read with the entry. */
export interface DependencyFile {
  /** Absolute path. */
  file: string
  /** UTF-8 text, BOM removed. */
  text: string
}

/** The entry as a dialect's `gather` hook sees it. */
export interface GatherEntry {
  /** Absolute path. */
  file: string
  /** UTF-8 text, BOM removed. */
  text: string
}

/** One entry of a folder listed while gathering: a file or a folder (links followed). */
export interface FolderEntry {
  name: string
  folder: boolean
}

/** Where a problem reading a path is shown (the value that named the path); the entry when absent. */
export type GatherSite = NonNullable<Problem['at']>

/**
 * The files a dialect's `gather` hook may read, under the include rules: confined to `root` and
 * `allow`, `deny` refused, size-limited, and recorded as inputs of the entry (so part of its
 * fingerprint and watched). Paths are relative to the entry's folder, or absolute. A problem (a path
 * outside the root, a denied or unreadable file) is reported at `at` and stops the render.
 */
export interface DialectGatherAccess {
  /** The limits the reads and the parses of what they read stay within (the `limits` option). */
  readonly limits: Limits
  /** A file's UTF-8 text (BOM removed); undefined when there is no such file (watched until there is). */
  readText(path: string, at?: GatherSite): string | undefined
  /**
   * A folder's files and folders, in no particular order; undefined when there is no such folder.
   * Recorded as the glob `<folder>/*`: a file or folder added or removed there changes the entry.
   */
  list(path: string, at?: GatherSite): readonly FolderEntry[] | undefined
  /**
   * For an entry that is the root of a tree of data (a Datum store's Datum.yml): its folder may be
   * read like the entry itself, even outside `root` and `allow` (links out of it are still refused).
   */
  allowEntryFolder(): void
}

export interface DialectContext<Options = unknown, Gathered = unknown> {
  options: ResolvedOptions
  /** This dialect's own options (`RenderOptions[name]`) as given: the dialect checks them. */
  dialectOptions: Options | undefined
  /** `fail` (always an error), `lenient` (strict: error, else warning), `warn`. */
  report: Reporter
  /** Absolute path of the entry file. */
  entry: string
  /**
   * A file `dependencies` named (relative to the entry, or absolute), as read with the entry: under
   * the include rules (confined, size-limited, a dependency of the entry, part of its fingerprint).
   * A problem reading it is reported now, at the entry.
   */
  dependency(path: string): DependencyFile
  /** With the `history` or `sources` option: where the dialect records which part set each value. */
  provenance: ProvenanceRecorder | undefined
  /** What this dialect's `gather` hook returned for the entry (undefined without one). */
  gathered: Gathered | undefined
}

/** What is known of a merged value without walking it (the cloud-init merge of tree documents). */
export interface ValueBound {
  /** At most this large, as the value limits measure sizes. */
  maxSize: number
  /** Plain JSON data: no NaN, ±Infinity or -0, no bytes, no `__proto__` key. */
  plainJson: boolean
}

export interface DialectResult {
  value: unknown
  bound?: ValueBound
  /** The render decrypted a value or ran a handler of the user's (RenderResult.secret). */
  secret?: boolean
}

/**
 * A value the dialect's reference checks against a schema once it has rendered (Deckhand: each
 * concrete document's `data` against the DataSchema of its `schema`). The validate stage compiles
 * the schema, validates, and points each violation at the layer that set the value, as the history
 * records it.
 */
export interface DialectSchemaCheck {
  /** The JSON Schema, as parsed. */
  schema: unknown
  /** How the reference reads it (Deckhand's jsonschema: draft-04, `format` not checked, Python patterns). */
  reading: SchemaReading
  /** Where the schema is written (a document and the path of the schema in it), to locate one that cannot be used. */
  schemaAt: { doc: SourceDocument; path: PathSegment[] } | undefined
  /** The schema in messages: `DataSchema armada/Chart/v1`. */
  schemaName: string
  /** The value checked. */
  value: unknown
  /** Its path in the module's value (`[3, 'data']`), as the history records it. */
  modulePath: PathSegment[]
  /** What the value is, in messages: `[armada/Chart/v1] ucp-armada`. */
  subject: string
  /** The value's JSON pointer in what `subject` names (`/data`): messages give paths from there. */
  pointer: string
}

/**
 * A `merged-yaml` flag that sets one of a dialect's options. `kind` says what the option takes:
 * `string` (the default), `list` (the flag repeated), `pairs` (`name=value`, repeated, a mapping),
 * `yaml-file` (a YAML file's value), `switch` (no value: the option is set to `switchValue`); `path`
 * resolves strings as paths from the working directory.
 */
export interface DialectFlag {
  /** Without the dashes: `lookup` is `--lookup <value>`. */
  flag: string
  /** The option of the dialect it sets (`RenderOptions[name][option]`). */
  option: string
  /** How the value is shown in the help (`<A/B>`); empty for a switch. */
  value: string
  description: string
  kind?: 'string' | 'list' | 'pairs' | 'yaml-file' | 'switch'
  path?: boolean
  /** What a switch sets the option to. */
  switchValue?: unknown
}

/**
 * Every option of a dialect, spelled once (`{ lookup: true, node: true }`): the type keeps the list
 * complete and exact, and render(), the plugin and the CLI refuse any other name with a did-you-mean.
 */
export type OptionKeys<Options> = { readonly [K in keyof Required<Options>]: true }

/** An import query that names a file of a dialect's own: `{ query: 'node', files: ['Datum.yml', 'Datum.yaml'] }`. */
export interface FileQuery {
  readonly query: string
  /** Base names, matched ignoring case. */
  readonly files: readonly string[]
}

/** The table of a room's diagnostic codes, each with the line the docs give it. */
export type CodeTable = Readonly<Record<`MY_${string}`, string>>

/** What merges a dialect's entries: its `merge` module (loaded on first use but for the default dialect's). */
export interface DialectMerge<Options = unknown, Gathered = unknown> {
  /** Merges the entry's documents into the module's value. Directive keys never reach the output. */
  render(parts: readonly ParsedPart[], context: DialectContext<Options, Gathered>): DialectResult
  /**
   * The schemas the dialect's reference checks its rendered value against, besides the entry's own
   * (optional; off with `schema: false`). `value` is what `render` returned.
   */
  schemaChecks?(
    parts: readonly ParsedPart[],
    value: unknown,
    context: DialectContext<Options, Gathered>,
  ): DialectSchemaCheck[]
}

export interface Dialect<
  Name extends string = string,
  Options = unknown,
  Gathered = unknown,
  Codes extends CodeTable = CodeTable,
> {
  /** Also the key of its options in RenderOptions (`datum: {…}`), when it has any (Options is not `never`). */
  name: Name
  /**
   * Import-query parameters that set an option of the same name (`app.merged.yaml?lookup=A/B` sets
   * `datum.lookup`), in the plugin; the CLI has a flag for each (`flags`).
   */
  query: readonly string[]
  flags: readonly DialectFlag[]
  /**
   * The names of its options (`RenderOptions[name]`), which makes `name` an option of render(); a
   * dialect without options has none (defineDialect requires it exactly when Options is not `never`).
   */
  readonly optionKeys?: Readonly<Record<string, true>>
  /**
   * The YAML version the dialect's reference system reads (its files are written for it), used when
   * the `yamlVersion` option is not set. Without it (cloud-init), a scalar the versions read
   * differently is an error in strict mode and read as 1.2 with a warning otherwise.
   */
  readonly yamlVersion?: YamlVersion
  /**
   * Its diagnostic codes with their lines (its codes.ts): the registry puts every entry's table into
   * `ERROR_CODES` and `ErrorCode`.
   */
  codes: Codes
  /**
   * How finely its renders record provenance (the `history` and `sources` options): `true`, every value
   * (the part and line that set it); `false`, which layer defines each top-level key; `{ option }`, every
   * value when that option of the dialect is given (Datum's `node`), top-level keys otherwise.
   * `merged-yaml explain`, its help and the docs say it from here.
   */
  readonly recordsPerValue: boolean | { readonly option: string }
  /**
   * Import queries that name one of the dialect's own files rather than an entry (`Datum.yml?node=…`, a
   * store's node): the plugin takes such an import whatever `include` says (`exclude` still applies),
   * and judges it again on the file's base name, one of `files`, matched ignoring case.
   */
  readonly fileQueries?: readonly FileQuery[]
  /**
   * The YAML 1.1 reader of its reference system, as messages about YAML 1.1 name it (`PyYAML` for
   * `Heat`): omitted when its reference does not read YAML 1.1.
   */
  readonly yaml11Reader?: { readonly reader: string; readonly system: string }
  /**
   * Whose reading keeps a duplicate key's last value, as the duplicate-key message names it (values: `Helm
   * (go-yaml v2)`); omitted: the YAML 1.1 readers of the references.
   */
  readonly duplicateKeyReader?: string
  /**
   * The directive that marks a document as written in this dialect (a top-level key such as
   * `lookup_options`, a `schema` value, a header), or undefined: recognises an entry's dialect and
   * names both sides when an entry mixes two.
   */
  detect(value: unknown, headers: Readonly<Record<string, string>>): string | undefined
  /**
   * A marker of a part itself rather than of its value (cloud-init's: a `#cloud-config` header, a MIME
   * or archive part, a `#cloud-config-jsonp` patch, a script only cloud-init runs), or undefined.
   */
  detectPart?(part: ParsedPart): string | undefined
  /**
   * Its markers give way to another dialect's directive (cloud-init's, whose keys the other systems
   * read as data): lenient mode merges such an entry as the other dialect, strict mode refuses it.
   */
  readonly yields?: boolean
  /**
   * A place YAML 1.1 and 1.2 read differently, in its reference's words (values: what Helm reads, and the
   * edit), for a dialect without a `yamlVersion`; undefined keeps the generic message.
   */
  describeVersionDifference?(difference: VersionDifference): string | undefined
  /**
   * Lines of a part's text its reference cannot read though YAML can (values: Helm's `%YAML`, `--- {…}`),
   * each an error in strict mode and a warning otherwise, by offset in the text.
   */
  checkPartText?(text: string): readonly { offset: number; message: string }[]
  /** It applies Docker Compose's `!override` and `!reset` tags (values); another dialect's entry warns of them. */
  readonly readsMergeTags?: boolean
  /**
   * The top-level keys that are its directives, as written: a near miss of one (`merge_hwo`) is an error in
   * strict mode with the did-you-mean (pipeline/near-miss.ts).
   */
  readonly directiveKeys?: readonly string[]
  /** Files its options name (relative to the entry), read with the entry's own files. */
  dependencies?(options: Options | undefined): readonly string[]
  /**
   * Reads what else the entry's value depends on (a Datum store's files), in a module of its own: an entry
   * whose options do not ask it to read neither loads nor runs it (a build without `datum.node` never loads
   * Datum's store reader).
   */
  readonly gather?: {
    /** Whether the hook has anything to read with the dialect's options as given (Datum: `node` is given). */
    reads(options: Options | undefined): boolean
    /** Imports the hook: the engine's entry points load it (`loadGathers`) before an entry that `reads`. */
    load(): Promise<DialectGatherModule<Options, Gathered>>
  }
  /**
   * How it merges: the default dialect's given, every other's loaded on the first entry it merges (a
   * function importing its merge module, a chunk of its own: a build pays only for the dialects it uses).
   */
  readonly merge: DialectMerge<Options, Gathered> | (() => Promise<DialectMerge<Options, Gathered>>)
}

/** What a dialect's gather hook module gives (`DialectGather.load`). */
export interface DialectGatherModule<Options = unknown, Gathered = unknown> {
  /**
   * Reads, through `access` only, what else the entry's value depends on, right after the entry's own parts
   * are gathered and before the fingerprint (whatever dialect the entry turns out to have): a render never
   * reads a file. Its result reaches `render` as `context.gathered`. An error reported here stops the render.
   */
  gather(entry: GatherEntry, options: Options | undefined, access: DialectGatherAccess, report: Reporter): Gathered
}

/** A registry entry, typed by its literal name, options, what its `gather` hook returns and its code table. */
export function defineDialect<const Name extends string, Options, Gathered, Codes extends CodeTable>(
  dialect: Dialect<Name, Options, Gathered, Codes> &
    ([Options] extends [never] ? { optionKeys?: undefined } : { optionKeys: OptionKeys<Options> }),
): Dialect<Name, Options, Gathered, Codes> {
  return dialect
}
