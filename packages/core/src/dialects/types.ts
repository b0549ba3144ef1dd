// What a dialect is: one folder behind one registry entry (registry.ts). The entry declares
// everything the rest of the project derives from it: the name (also the key of its options in
// RenderOptions), the import-query selectors, the CLI flags and the error codes; and what the
// pipeline calls: detect, dependencies and render.
import type { ResolvedOptions } from '../options.ts'
import type { ParsedPart } from '../parts.ts'
import type { ProvenanceRecorder } from '../provenance.ts'
import type { Reporter } from '../reporter.ts'
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
}

/** A registry entry, typed by its literal name and options. */
export function defineDialect<const Name extends string, Options>(
  dialect: Dialect<Name, Options>,
): Dialect<Name, Options> {
  return dialect
}
