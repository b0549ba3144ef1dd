// The options every room reads, their defaults and their resolved form. The dialects' own options
// and the checks of all of them are in render-options.ts, which knows the dialect registry.
import { weakMemo } from './memo.ts'
import type { ParseYamlOptions, YamlVersion } from './yaml/types.ts'

export type StackMode = 'scoped' | 'per-part'

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
  /**
   * Includes expanded for one entry, a file counted each time an include line (or a glob's match)
   * brings it in: files that each include the same files again (a lattice) multiply. @default 10000
   */
  maxIncludes: number
  /**
   * Characters of text one entry hands to the YAML reader, its parts together (after decoding), a
   * file counted each time it is included; and, apart, bytes its gzip content decodes to, each
   * distinct content once. @default 256 MiB
   */
  maxEntrySize: number
  /** Parts of MIME messages in one entry. @default 1000 */
  maxMimeParts: number
  /** Bytes after decoding base64/quoted-printable and gunzip, for one part. @default 64 MiB */
  maxDecodedSize: number
  /** Files one glob include line may match. @default 500 */
  maxGlobMatches: number
  /** Folder entries the glob include lines of one entry may visit while walking folders. @default 100000 */
  maxGlobEntries: number
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
  /**
   * Errors one render reports: independent errors (each include line, each part, each document) are
   * all reported in one run, up to this many. @default 50
   */
  maxErrors: number
  /**
   * Warnings one render returns (lenient mode warns where strict mode fails, once per place): the
   * others are counted, and a last `MY_TOO_MANY_WARNINGS` says how many were dropped. @default 100
   */
  maxWarnings: number
}

/**
 * The options of `render()`, the bundler plugin and the CLI that every dialect shares (the
 * dialects' own are in `RenderOptions`, render-options.ts).
 */
export interface CommonOptions {
  /**
   * Which merger set merges part N: `'scoped'` keeps a part's `merge_how` in force for the parts after
   * it within the same include list / multipart / archive; `'per-part'` is cloud-init's actual
   * behaviour (each part uses its own declaration or the default). cloud-init's: an alias of
   * `'cloud-init'.stack`, and `'per-part'` chooses cloud-init for an entry without markers.
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
   * `'1.1'` reads YAML as the dialects' references do (PyYAML: cloud-init, Deckhand, Heat): `yes`/`no`/
   * `on`/`off`, `0644` octal, `1_000`, `1:20`, `<<` merge keys; `'1.2'` as the YAML 1.2 core schema.
   * Unset: Heat and Deckhand entries read 1.1 (their reference, PyYAML), Datum entries 1.2 (as
   * YamlDotNet reads these forms), and cloud-init entries 1.2 where both agree, and any plain scalar
   * the two read differently
   * (`permissions: 0644`: 420 or 644?) is an error (strict) or read as 1.2 with a warning.
   * See docs/yaml-versions.md. @default unset
   */
  yamlVersion?: YamlVersion
  /**
   * The merger set for cloud-init parts that declare none (its string format): an alias of
   * `'cloud-init'.mergeHow`; given, it chooses cloud-init for an entry without markers.
   * @default 'dict(replace)+list()+str()'
   */
  mergeHow?: string
  /**
   * Diagnostics show paths relative to this folder, and includes may read inside it (and `allow`).
   * @default process.cwd()
   */
  root?: string
  /**
   * More folders includes may read from, like Vite's `server.fs.allow`. Relative to `root`.
   * @default [] when `root` is given, else the workspace root around the working directory: from it
   * upwards, the first folder with a `pnpm-workspace.yaml`, a `lerna.json` or a package.json with
   * `workspaces`, else the nearest folder with a package.json (`findWorkspaceRoot`, as Vite finds it)
   */
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
  /** Resource limits; see `Limits`. */
  limits?: Partial<Limits>
  /**
   * Also return `history`: for each key path of the result, every event — which part (file, line)
   * set, merged, replaced, kept out or removed it, and which merger decided — what `merged-yaml
   * explain` and the inspector show. Per-value detail for values and cloud-init entries, Deckhand
   * documents and Datum nodes; Heat entries and Datum's layer lists report which layers define each
   * top-level key. Off, it costs
   * nothing. (Formerly `explain`: that name is refused, naming this one.)
   * @default false
   */
  history?: boolean
  /**
   * Also return `sources`: for each key path of the result, the layer line that set its final value,
   * how it was merged and the layer it took over from — what declarations show in the editor, at a
   * fraction of `history`'s cost (subtrees a part puts in one piece are recorded once, and positions
   * are located only for the paths asked for). Per value for values and cloud-init entries, Deckhand
   * documents and Datum nodes; for Heat entries and Datum's layer lists, the answer for the top-level
   * key holding a path.
   * @default false
   */
  sources?: boolean
  /**
   * The schema the merged value must satisfy: a path (relative to `root`), or a map from entry
   * globs (relative to `root`; the first that matches wins) to paths. A `.ts`, `.mts`, `.cts`, `.js`,
   * `.mjs` or `.cjs` path, with an optional `#export` (else the default export), is a Standard Schema
   * module (Zod, Valibot, ArkType: validated by `render()`, not `renderSync()`); any other, a JSON
   * Schema. A
   * `# yaml-language-server: $schema=…` line among the entry's first comment lines takes precedence,
   * as in editors; a Deckhand entry is also checked against its own `deckhand/DataSchema/v1`
   * documents. `false` turns every schema check off. See the README's "Validation".
   * @default undefined (the modeline, and Deckhand's DataSchemas)
   */
  schema?: SchemaOption
}

/** The `schema` option: one schema file, a map from entry globs to schema files, or `false` (no validation). */
export type SchemaOption = string | Readonly<Record<string, string>> | false

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
  /** The dialect the `dialect` option forces. */
  dialect: string | undefined
  limits: Limits
  /** As given (paths resolve against `root` when the entry is gathered). */
  schema: SchemaOption | undefined
  /** Each dialect's own options as given (`datum`, `heat`, `deckhand`), by options key: its dialect checks them. */
  dialectOptions: Readonly<Record<string, unknown>>
}

export const DEFAULT_MERGE_HOW = 'dict(replace)+list()+str()'

export const DEFAULT_LIMITS: Limits = {
  maxAliasCount: 10_000,
  maxFileSize: 16 * 1024 * 1024,
  maxIncludeDepth: 32,
  maxIncludeCount: 2000,
  maxIncludes: 10_000,
  maxEntrySize: 256 * 1024 * 1024,
  maxMimeParts: 1000,
  maxDecodedSize: 64 * 1024 * 1024,
  maxGlobMatches: 500,
  maxGlobEntries: 100_000,
  maxDepth: 100,
  maxValueSize: 64 * 1024 * 1024,
  maxErrors: 50,
  maxWarnings: 100,
}

/** Secrets that have no business in a bundle: environment files, keys and certificates, git's data. */
export const DEFAULT_DENY: readonly string[] = ['.env', '.env.*', '*.{crt,pem,key}', '**/.git/**']

export interface PartParseOptions {
  /** How a part is read as YAML. */
  yaml: ParseYamlOptions
  /** How a `#cloud-config-jsonp` part is read: as JSON, which is YAML 1.2 (read as YAML for positions). */
  jsonp: ParseYamlOptions
}

// One object per resolved options and version: the render cache keys its parses on the object first.
const partParseOptions = weakMemo<ResolvedOptions, Map<YamlVersion | undefined, PartParseOptions>>(
  'options: how a render parses its parts',
  'resolved options are never changed',
)

const newVersionMap = (): Map<YamlVersion | undefined, PartParseOptions> => new Map()

/**
 * How a render reads its parts (and a dialect the files it depends on): the one place they are
 * built. `version` is the YAML version to read; undefined: not chosen, so the parts are read as 1.2
 * and every place 1.1 reads otherwise is noted (docs/yaml-versions.md). Duplicate keys are always
 * accepted (the last wins, as in PyYAML) and reported by the parse stage.
 */
export function parseOptionsOf(options: ResolvedOptions, version: YamlVersion | undefined): PartParseOptions {
  const byVersion = partParseOptions.get(options, newVersionMap)
  let parsing = byVersion.get(version)
  if (parsing === undefined) {
    const yaml: ParseYamlOptions = {
      version: version ?? '1.2',
      allowDuplicateKeys: true,
      maxAliasCount: options.limits.maxAliasCount,
      maxDepth: options.limits.maxDepth,
      flagVersionDifferences: version === undefined,
    }
    // JSON is YAML 1.2; parsing it as YAML keeps positions for the patch's diagnostics.
    parsing = { yaml, jsonp: { ...yaml, version: '1.2', flagVersionDifferences: false } }
    byVersion.set(version, parsing)
  }
  return parsing
}
