// Checks a document's concrete syntax tree before `yaml` composes it. Composing recurses once per
// nesting level, and near the stack's end V8 can abort the whole process (a RegExp compiled on an
// exhausted stack) instead of throwing; resolving each alias scans all earlier anchors. So depth
// and alias count are bounded here, on the parser's tokens, with an explicit stack.
import type { CST } from 'yaml'

/** `limits.maxDepth`'s default, for callers of the YAML layer that do not pass one. */
export const DEFAULT_MAX_DEPTH = 100

export interface CstLimits {
  /** Nested mappings and lists (a flow or block collection is one level). */
  maxDepth: number
  /** Alias nodes (`*name`) in one document. */
  maxAliasCount: number
}

export interface CstProblem {
  code: 'MY_YAML_TOO_DEEP' | 'MY_YAML_ALIAS_LIMIT' | 'MY_YAML_SYNTAX'
  message: string
  /** Offset in the source of the token that passes the limit. */
  offset: number
}

/** The first limit a document token passes, or undefined. Iterative: safe on any nesting. */
export function checkDocumentTokens(document: CST.Document, limits: CstLimits): CstProblem | undefined {
  const stack: [CST.Token, number][] = []
  if (document.value) stack.push([document.value, 0])
  let aliases = 0
  while (stack.length > 0) {
    const [token, depth] = stack.pop()!
    if (token.type === 'alias') {
      aliases++
      if (aliases > limits.maxAliasCount) {
        return {
          code: 'MY_YAML_ALIAS_LIMIT',
          message:
            `more than ${limits.maxAliasCount} aliases in one document (limits.maxAliasCount), a guard ` +
            `against "billion laughs" documents`,
          offset: token.offset,
        }
      }
      continue
    }
    if (token.type !== 'block-map' && token.type !== 'block-seq' && token.type !== 'flow-collection') continue
    if (depth + 1 > limits.maxDepth) {
      return {
        code: 'MY_YAML_TOO_DEEP',
        message: `mappings and lists nest deeper than ${limits.maxDepth} levels here (limits.maxDepth)`,
        offset: token.offset,
      }
    }
    // Pushed in reverse, so that the first problem in source order is the one reported.
    for (let i = token.items.length - 1; i >= 0; i--) {
      const item = token.items[i]!
      if (item.value) stack.push([item.value, depth + 1])
      if (item.key) stack.push([item.key, depth + 1])
    }
  }
  return undefined
}
