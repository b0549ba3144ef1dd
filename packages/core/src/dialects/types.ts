// What a dialect is: one folder behind one registry entry (registry.ts). The entry declares
// everything the rest of the project derives from it: the name (also the key of its options in
// RenderOptions), the import-query selectors, the CLI flags and the error codes; and what the
// pipeline calls: detect, dependencies, render and schemaChecks.
import type { ResolvedOptions } from '../options.ts'
import type { ParsedPart } from '../parts.ts'
import type { ProvenanceRecorder } from '../provenance.ts'
import type { Reporter } from '../reporter.ts'
import type { SchemaReading } from '../schema/compile.ts'
import type { SourceDocument } from '../source-document.ts'
import type { PathSegment } from '../values.ts'
import type { YamlVersion } from '../yaml/types.ts'

/** A file a dialect named in `dependencies`, read with the entry. */
export interface DependencyFile {
  /** Absolute path. */
  file: string
  /** UTF-8 text, BOM removed. */
  text: string
}

export interface DialectContext<Options = unknown> {
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
  /** With the `explain` option: where the dialect records which part set each value. */
  provenance: ProvenanceRecorder | undefined
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
}

/**
 * A value the dialect's reference checks against a schema once it has rendered (Deckhand: each
 * concrete document's `data` against the DataSchema of its `schema`). The validate stage compiles
 * the schema, validates, and points each violation at the layer that set the value, as `explain`
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
  /** Its path in the module's value (`[3, 'data']`), as `explain` records it. */
  modulePath: PathSegment[]
  /** What the value is, in messages: `[armada/Chart/v1] ucp-armada`. */
  subject: string
  /** The value's JSON pointer in what `subject` names (`/data`): messages give paths from there. */
  pointer: string
}

/** A `merged-yaml` flag that sets one of a dialect's options to a string. */
export interface DialectFlag {
  /** Without the dashes: `lookup` is `--lookup <value>`. */
  flag: string
  /** The option of the dialect it sets (`RenderOptions[name][option]`). */
  option: string
  /** How the value is shown in the help: `<A/B>`. */
  value: string
  description: string
}

/** The table of a room's diagnostic codes, each with the line the docs give it. */
export type CodeTable = Readonly<Record<`MY_${string}`, string>>

export interface Dialect<Name extends string = string, Options = unknown> {
  /** Also the key of its options in RenderOptions (`datum: {…}`), when it has any (Options is not `never`). */
  name: Name
  /**
   * Import-query parameters that set an option of the same name (`app.merged.yaml?lookup=A/B` sets
   * `datum.lookup`), in the plugin; the CLI has a flag for each (`flags`).
   */
  query: readonly string[]
  flags: readonly DialectFlag[]
  /**
   * The YAML version the dialect's reference system reads (its files are written for it), used when
   * the `yamlVersion` option is not set. Without it (cloud-init), a scalar the versions read
   * differently is an error in strict mode and read as 1.2 with a warning otherwise.
   */
  readonly yamlVersion?: YamlVersion
  codes: CodeTable
  /**
   * The directive that marks a document as written in this dialect (a top-level key such as
   * `lookup_options`, a `schema` value, a header), or undefined: recognises an entry's dialect and
   * names both sides when an entry mixes two.
   */
  detect(value: unknown, headers: Readonly<Record<string, string>>): string | undefined
  /** Files its options name (relative to the entry), read with the entry's own files. */
  dependencies?(options: Options | undefined): readonly string[]
  /** Merges the entry's documents into the module's value. Directive keys never reach the output. */
  render(parts: readonly ParsedPart[], context: DialectContext<Options>): DialectResult
  /**
   * The schemas the dialect's reference checks its rendered value against, besides the entry's own
   * (optional; off with `schema: false`). `value` is what `render` returned.
   */
  schemaChecks?(parts: readonly ParsedPart[], value: unknown, context: DialectContext<Options>): DialectSchemaCheck[]
}

/** A registry entry, typed by its literal name and options. */
export function defineDialect<const Name extends string, Options>(
  dialect: Dialect<Name, Options>,
): Dialect<Name, Options> {
  return dialect
}
