import type { Position } from '../diagnostics.ts'

export type PathSegment = string | number
export type YamlVersion = '1.1' | '1.2'

export interface YamlProblem {
  code: string
  message: string
  position: Position
}

/** One document of a YAML stream, as plain data plus a locator back into the source text. */
export interface YamlDocument {
  /** The document's value; `null` for an empty or comment-only document. */
  value: unknown
  /** True when the document has no content at all (empty, or only comments). */
  empty: boolean
  /** The first problem that makes this document unusable (syntax error, alias bomb, …). */
  error?: YamlProblem
  /**
   * Set when the value is a tree (no node appears twice, as without aliases) whose depth is within
   * the parse's `maxDepth`: its size as the value limits measure it, so they need not walk it.
   */
  treeSize?: number
  /** Non-fatal problems, e.g. duplicate keys accepted in lenient mode. */
  warnings: YamlProblem[]
  /** Where the node at `path` starts (its key when `target` is 'key'), falling back to the nearest ancestor. */
  locate(path: readonly PathSegment[], target?: 'key' | 'value'): Position
}

export interface ParseYamlOptions {
  version: YamlVersion
  /** Accept duplicate keys (last one wins, as PyYAML does) instead of failing. */
  allowDuplicateKeys: boolean
  /** Upper bound on the nodes produced by alias expansion (billion laughs). */
  maxAliasCount: number
  /** Nesting of mappings and lists, checked before the parser recurses. @default 100 (limits.maxDepth) */
  maxDepth?: number
}
