import { resolve } from 'node:path'
import type { DatumOptions } from './dialects/datum/types.ts'
import type { DeckhandOptions } from './dialects/deckhand/options.ts'
import type { HeatOptions } from './dialects/heat/types.ts'
import type { YamlVersion } from './yaml/parse.ts'

export type StackMode = 'scoped' | 'per-part'
export type DialectName = 'cloud-init' | 'datum' | 'heat' | 'deckhand'

/** Upper bounds that keep hostile input from hanging or exhausting the build. */
export interface Limits {
  /** Nodes that YAML alias expansion may produce in one document. @default 10000 */
  maxAliasCount: number
  /** Bytes of one file read from disk. @default 16 MiB */
  maxFileSize: number
  /** Nested includes (`#include` inside an included file, …), and multiparts nested in a MIME message. @default 32 */
  maxIncludeDepth: number
  /** Files read for one entry. @default 2000 */
  maxIncludeCount: number
  /** Parts of MIME messages in one entry. @default 1000 */
  maxMimeParts: number
  /** Bytes after decoding base64/quoted-printable and gunzip, for one part. @default 64 MiB */
  maxDecodedSize: number
  /** Files one glob include line may match. @default 500 */
  maxGlobMatches: number
  /**
   * Nesting of mappings and lists in one document and in the merged value. Checked before the YAML
   * parsers recurse, so deep input fails with a located error instead of overflowing the stack;
   * values much above 500 can overflow it anyway. @default 100
   */
  maxDepth: number
  /**
   * Approximate size in bytes of a document's or the merged value's JSON, where aliases and
   * JSON-patch copies are written out in full: a small file cannot stand for a huge module. @default 64 MiB
   */
  maxValueSize: number
}

/** Options shared by `render()`, the bundler plugin and the CLI. */
export interface RenderOptions {
  /**
   * Which merger set merges part N: `'scoped'` keeps a part's `merge_how` in force for the parts after
   * it within the same include list / multipart / archive; `'per-part'` is cloud-init's actual
   * behaviour (each part uses its own declaration or the default).
   * @default 'scoped'
   */
  stack?: StackMode
  /**
   * Fail on everything the reference system would skip, ignore or silently drop. With `false`, the
   * reference behaviour is reproduced and a warning is returned instead.
   * @default true
   */
  strict?: boolean
  /**
   * `'1.1'` reads YAML as PyYAML does (cloud-init, Heat, Deckhand: `yes`/`no`/`on`/`off`, `0644` octal,
   * `1_000`, `1:20`, `<<` merge keys); `'1.2'` as the YAML 1.2 core schema. Unset: Heat and Deckhand
   * entries read 1.1 (their reference, PyYAML), Datum entries 1.2 (as YamlDotNet reads these forms),
   * and cloud-init entries 1.2 where both agree, and any plain scalar the two read differently
   * (`permissions: 0644`: 420 or 644?) is an error (strict) or read as 1.2 with a warning.
   * See docs/yaml-versions.md. @default unset
   */
  yamlVersion?: YamlVersion
  /** The merger set for parts that declare none (cloud-init's string format). @default 'dict(replace)+list()+str()' */
  mergeHow?: string
  /** Includes may not read outside this folder (nor outside `allow`). @default process.cwd() */
  root?: string
  /** More folders includes may read from, like Vite's `server.fs.allow`. @default [] */
  allow?: string[]
  /**
   * Files no include may read even inside `root` and `allow`, like Vite's `server.fs.deny`: glob
   * patterns, matched against the file name when they have no `/`, else against the path relative
   * to the `root` or `allow` folder it is in. Both the path as written and its real path are checked.
   * @default ['.env', '.env.*', '*.{crt,pem,key}', '**\/.git/**']
   */
  deny?: string[]
  /** Values for `${name}` in include lines. The plugin fills `mode`. @default {} */
  vars?: Record<string, string>
  /** Force a dialect instead of recognising it from directive keys. */
  dialect?: DialectName
  /** Resource limits; see `Limits`. */
  limits?: Partial<Limits>
  /**
   * Also return `provenance`: for each key path of the result, which part (file, line) set it and
   * which merger decided, overridden values included. Per-value detail for cloud-init entries; the
   * other dialects report which layers define each top-level key. Off, it costs nothing.
   * @default false
   */
  explain?: boolean
  /** Heat dialect: `mode`, parameter types (`template`, `parameterTypes`), `initial`. See docs/heat.md. */
  heat?: HeatOptions
  /**
   * Datum dialect: `lookupOptions` (a Datum.yml's `default_lookup_options` / `lookup_options`, used
   * when no part declares them) and `lookup` (one property path, `A/B` or `A\B`, whose result becomes
   * the value). See docs/datum.md. @default {}
   */
  datum?: DatumOptions
  /**
   * Deckhand dialect: `document` (a rendered document's metadata.name: the value is then its `data`,
   * not the list of rendered documents) and `schema` (picks among documents sharing that name).
   * See docs/deckhand.md. @default {}
   */
  deckhand?: DeckhandOptions
}

export interface ResolvedOptions {
  stack: StackMode
  strict: boolean
  /** Undefined when not set: each dialect's default (see RenderOptions.yamlVersion). */
  yamlVersion: YamlVersion | undefined
  mergeHow: string
  root: string
  allow: string[]
  deny: string[]
  vars: Record<string, string>
  dialect: DialectName | undefined
  limits: Limits
  /** The options as given, for dialect-specific fields (`datum`, `heat`, `deckhand`). */
  raw: RenderOptions
}

export const DEFAULT_MERGE_HOW = 'dict(replace)+list()+str()'

export const DEFAULT_LIMITS: Limits = {
  maxAliasCount: 10_000,
  maxFileSize: 16 * 1024 * 1024,
  maxIncludeDepth: 32,
  maxIncludeCount: 2000,
  maxMimeParts: 1000,
  maxDecodedSize: 64 * 1024 * 1024,
  maxGlobMatches: 500,
  maxDepth: 100,
  maxValueSize: 64 * 1024 * 1024,
}

/** Secrets that have no business in a bundle: environment files, keys and certificates, git's data. */
export const DEFAULT_DENY: readonly string[] = ['.env', '.env.*', '*.{crt,pem,key}', '**/.git/**']

export function resolveOptions(options: RenderOptions = {}): ResolvedOptions {
  const root = resolve(options.root ?? process.cwd())
  return {
    stack: options.stack ?? 'scoped',
    strict: options.strict ?? true,
    yamlVersion: options.yamlVersion,
    mergeHow: options.mergeHow ?? DEFAULT_MERGE_HOW,
    root,
    allow: (options.allow ?? []).map((dir) => resolve(root, dir)),
    deny: options.deny ?? [...DEFAULT_DENY],
    vars: { ...options.vars },
    dialect: options.dialect,
    limits: { ...DEFAULT_LIMITS, ...options.limits },
    raw: options,
  }
}
