import type { Position } from '../diagnostics.ts'
import type { PathSegment } from '../values.ts'
import type { VersionDifference } from './version-differences.ts'

export type { PathSegment }
export type YamlVersion = '1.1' | '1.2'

export type MergeTagName = '!override' | '!reset'

/** A node of a document tagged with one of Docker Compose's merge tags (merge-tags.ts): where it is, and which tag. */
export interface MergeTag {
  path: PathSegment[]
  tag: MergeTagName
}

export interface YamlProblem {
  code: string
  message: string
  position: Position
}

/** A mapping key a JS object cannot hold as written: null (`~:`, `? `) becomes "", a collection its YAML text. */
export interface StringifiedKey {
  kind: 'null' | 'collection'
  /** Where the key starts (its `?` or its value's `:` when the key is empty). */
  position: Position
  offset: number
}

/** One document of a YAML stream, as plain data plus a locator back into the source text. */
export interface YamlDocument {
  /** The document's value; `null` for an empty or comment-only document. */
  value: unknown
  /** True when the document has no content at all (empty, or only comments). */
  empty: boolean
  /** The first problem that makes this document unusable (syntax error, alias bomb, …). */
  error?: YamlProblem
  /** Set when the value is a tree (no node appears twice, as without aliases): what was seen reading it. */
  tree?: TreeFacts
  /** Non-fatal problems, e.g. duplicate keys when they are allowed (code DUPLICATE_KEY). */
  warnings: YamlProblem[]
  /** Docker Compose's `!override` and `!reset` tags in the document (merge-tags.ts), when it has any. */
  mergeTags?: MergeTag[]
  /** Null and collection keys, in text order, when the document has any (only the precise reader reads them). */
  stringifiedKeys?: StringifiedKey[]
  /** With `flagVersionDifferences`: where YAML 1.1 (PyYAML) reads this document otherwise, in text order. */
  versionDifferences?: VersionDifference[]
  /** Where the node at `path` starts (its key when `target` is 'key'), falling back to the nearest ancestor. */
  locate(path: readonly PathSegment[], target?: 'key' | 'value'): Position
}

/** What reading a tree found out, so that nothing walks it again to learn it. */
export interface TreeFacts {
  /** Its size as the value limits measure it; its depth is within the parse's `maxDepth`. */
  size: number
  /** Plain JSON data: no NaN, ±Infinity or -0, no bytes, no `__proto__` key. */
  plainJson: boolean
}

export interface ParseYamlOptions {
  version: YamlVersion
  /** Accept duplicate keys (last one wins, as PyYAML does; each is a DUPLICATE_KEY warning) instead of failing. */
  allowDuplicateKeys: boolean
  /**
   * With version '1.2': also note where YAML 1.1 as PyYAML reads it would give another value
   * (YamlDocument.versionDifferences). For readers that did not choose a version. @default false
   */
  flagVersionDifferences?: boolean
  /** Upper bound on the nodes produced by alias expansion (billion laughs). */
  maxAliasCount: number
  /** Nesting of mappings and lists, checked before the parser recurses. @default 100 (limits.maxDepth) */
  maxDepth?: number
}
