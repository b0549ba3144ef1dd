// Docker Compose's merge tags, `!override` and `!reset`, as compose-go's ResetProcessor finds them
// (loader/reset.go `resolveReset`): the key path of each tagged node, aliases followed to their
// target, a `<<` merge key's sources at the path of the mapping they merge into, nothing below a
// tagged node. The values dialect applies them; the reader keeps the nodes' values as it reads them.
import type { Document, Node } from 'yaml'
import type { MergeTag, MergeTagName, PathSegment } from './types.ts'
import { suggestName } from '../suggest.ts'
import { yamlModule } from './yaml-module.ts'

export type { MergeTag, MergeTagName }

// compose-go's defaultMaxNodeVisits: aliases can make a walk that follows them long.
export const MAX_TAG_VISITS = 100_000

export const isMergeTag = (tag: string | undefined): tag is MergeTagName => tag === '!override' || tag === '!reset'

/** Whether a text may hold a merge tag (the walk is skipped otherwise). */
export function mayHaveMergeTags(text: string): boolean {
  return text.includes('!reset') || text.includes('!override')
}

/**
 * The merge tags of `doc`, in document order (`mergeKeys`: `<<` is YAML 1.1's merge key, as the reader
 * read it); `'too-many'` when following its aliases visits more
 * than MAX_TAG_VISITS nodes (compose-go fails such a file too).
 */
export function findMergeTags(doc: Document, mergeKeys: boolean): MergeTag[] | 'too-many' {
  const { isAlias, isMap, isPair, isScalar, isSeq } = yamlModule()
  const found: MergeTag[] = []
  let visits = 0
  const walk = (node: unknown, path: PathSegment[]): boolean => {
    if (++visits > MAX_TAG_VISITS) return false
    const target = isAlias(node) ? (node.resolve(doc) as Node | undefined) : (node as Node | null)
    if (target === undefined || target === null) return true
    if (isMergeTag(target.tag)) {
      found.push({ path, tag: target.tag })
      return true
    }
    if (isSeq(target)) return target.items.every((item, index) => walk(item, [...path, index]))
    if (!isMap(target)) return true
    for (const pair of target.items) {
      if (!isPair(pair)) continue
      const key = isScalar(pair.key) ? pair.key.value : undefined
      // `<<` (YAML 1.1's merge key, a symbol as `yaml` reads it): compose-go drops it from the path.
      if (mergeKeys && typeof key === 'symbol' && key.description === '<<' && !isScalar(pair.value)) {
        const sources = isSeq(pair.value) ? pair.value.items : [pair.value]
        if (!sources.every((source) => walk(source, path))) return false
      } else if (!walk(pair.value, [...path, key === null || key === undefined ? '' : String(key)])) return false
    }
    return true
  }
  return walk(doc.contents, []) ? found : 'too-many'
}

/** A tag that is nearly one of Compose's (`!overide`, `!Override`, `!rest`), where it is written. */
interface MergeTagNearMiss {
  tag: string
  suggestion: MergeTagName
  offset: number
}

/** Near misses reported per text, at most (a typo repeated in a generated file says it once per place). */
const MAX_NEAR_MISSES = 20

const CONTROL_TOKENS = new Set(['\x02', '\x18', '\x1f'])

// Only a text with a local tag starting as Compose's do (in any case) is lexed.
const NEAR_MISS_GATE = /![oOrR][a-zA-Z-]/

/**
 * The tags of `text` that are nearly `!override` or `!reset` (by the lexer: not inside a quoted
 * string or a comment), whatever the YAML version it is read as.
 */
export function findMergeTagNearMisses(text: string): MergeTagNearMiss[] {
  if (!NEAR_MISS_GATE.test(text)) return []
  const { CST, Lexer } = yamlModule()
  const found: MergeTagNearMiss[] = []
  let offset = 0
  for (const token of new Lexer().lex(text)) {
    if (CST.tokenType(token) === 'tag' && token.startsWith('!') && !token.startsWith('!!') && !isMergeTag(token)) {
      const name = token.slice(1)
      const suggestion = suggestName(name, ['override', 'reset'])
      if (suggestion !== undefined) found.push({ tag: token, suggestion: `!${suggestion}` as MergeTagName, offset })
      if (found.length === MAX_NEAR_MISSES) break
    }
    // The lexer's control tokens (document start, flow end, scalar start) take no room in the text.
    if (!CONTROL_TOKENS.has(token)) offset += token.length
  }
  return found
}
