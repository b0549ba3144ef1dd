// The only module that touches the `yaml` AST: it turns text into plain values and keeps a way back
// from a key path to a line and column for diagnostics.
import { isMap, isPair, isScalar, isSeq, LineCounter, parseAllDocuments, Scalar } from 'yaml'
import type { Document, Node, ScalarTag, Tags } from 'yaml'
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
}

// PyYAML's YAML 1.1 resolver: `y`/`n` stay strings, timestamps stay strings (a JS module has no
// date type we could emit faithfully), and the exotic collection tags are not produced. `!!binary`
// stays bytes: cloud-init archives use it for parts that are not text.
const PY_TRUE = /^(?:yes|Yes|YES|true|True|TRUE|on|On|ON)$/
const PY_FALSE = /^(?:no|No|NO|false|False|FALSE|off|Off|OFF)$/
const DROPPED_11_TAGS = new Set([
  'tag:yaml.org,2002:timestamp',
  'tag:yaml.org,2002:set',
  'tag:yaml.org,2002:omap',
  'tag:yaml.org,2002:pairs',
])

function pyYaml11Tags(tags: Tags): Tags {
  const kept = tags.filter((tag) => {
    const t = tag as ScalarTag
    if (DROPPED_11_TAGS.has(t.tag) && t.format === undefined) return false
    if (t.tag === 'tag:yaml.org,2002:bool') return false
    return true
  })
  const bool = (value: boolean, test: RegExp): ScalarTag => ({
    identify: (v: unknown) => v === value,
    default: true,
    tag: 'tag:yaml.org,2002:bool',
    test,
    resolve: () => new Scalar(value),
  })
  return [bool(true, PY_TRUE), bool(false, PY_FALSE), ...kept]
}

function problemOf(error: { code: string; message: string; linePos?: [{ line: number; col: number }, ...unknown[]] }): YamlProblem {
  const start = error.linePos?.[0]
  return {
    code: error.code,
    // yaml's messages end with " at line N, column M:" and a frame; we print our own.
    message: error.message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, ''),
    position: { line: start?.line ?? 1, column: start?.col ?? 1 },
  }
}

/** Key of a pair as the JS object key it becomes (the rule `yaml`'s toJS applies to scalars). */
function keyString(key: unknown): string | undefined {
  if (isScalar(key)) return key.value === null ? '' : String(key.value)
  return undefined
}

function createLocator(doc: Document, lines: LineCounter): YamlDocument['locate'] {
  const positionOf = (offset: number | undefined): Position => {
    const { line, col } = lines.linePos(offset ?? 0)
    return { line, column: col }
  }
  return (path, target = 'value') => {
    let node: unknown = doc.contents
    let position = positionOf((doc.contents as Node | null)?.range?.[0] ?? doc.range?.[0] ?? 0)
    for (let i = 0; i < path.length; i++) {
      const segment = path[i]
      let next: unknown
      let keyNode: unknown
      if (isMap(node)) {
        // The last pair with the key wins, as it does for the value.
        for (const pair of node.items) {
          if (isPair(pair) && keyString(pair.key) === String(segment)) {
            next = pair.value
            keyNode = pair.key
          }
        }
      } else if (isSeq(node) && typeof segment === 'number') {
        next = node.items[segment]
      }
      if (next === undefined && keyNode === undefined) break
      const last = i === path.length - 1
      const anchorNode = last && target === 'key' && keyNode ? keyNode : (next ?? keyNode)
      const range = (anchorNode as Node | null)?.range
      if (range) position = positionOf(range[0])
      node = next
    }
    return position
  }
}

/**
 * Parses a YAML stream into its documents. Never throws for bad input: a document that cannot be
 * used carries `error`.
 */
export function parseYamlStream(text: string, options: ParseYamlOptions): YamlDocument[] {
  const lines = new LineCounter()
  const docs = parseAllDocuments(text, {
    version: options.version,
    uniqueKeys: !options.allowDuplicateKeys,
    merge: options.version === '1.1',
    lineCounter: lines,
    prettyErrors: true,
    keepSourceTokens: false,
    ...(options.version === '1.1' ? { customTags: pyYaml11Tags } : {}),
    logLevel: 'silent',
  })
  // An empty stream is one empty document, like PyYAML's safe_load giving None.
  const list = Array.isArray(docs) ? docs : [docs]
  if (list.length === 0) {
    return [{ value: null, empty: true, warnings: [], locate: () => ({ line: 1, column: 1 }) }]
  }
  return list.map((doc) => {
    const locate = createLocator(doc as Document, lines)
    const warnings = doc.warnings.map(problemOf)
    const fatal = doc.errors.find((e) => !(options.allowDuplicateKeys && e.code === 'DUPLICATE_KEY'))
    if (fatal) return { value: null, empty: false, error: problemOf(fatal), warnings, locate }
    for (const e of doc.errors) warnings.push(problemOf(e))
    const contents = doc.contents as Node | null
    const empty = contents === null || (isScalar(contents) && contents.value === null && !contents.source)
    try {
      const value = doc.toJS({ maxAliasCount: options.maxAliasCount })
      return { value: value ?? null, empty, warnings, locate }
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error)
      const code = error instanceof RangeError && /call stack/i.test(message) ? 'MY_YAML_TOO_DEEP' : 'MY_YAML_ALIAS_LIMIT'
      const friendly =
        code === 'MY_YAML_TOO_DEEP'
          ? 'document is nested too deeply to convert'
          : `${message} (alias expansion is limited to guard against "billion laughs" documents)`
      return { value: null, empty, error: { code, message: friendly, position: locate([]) }, warnings, locate }
    }
  })
}
