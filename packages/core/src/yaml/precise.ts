// The precise path: `yaml` parses with positions, so diagnostics, conflicts and provenance can point
// at a line and column. It also decides every document the fast path (fast/) is unsure about.
import type { CST, Document, LineCounter, Node, Tags, YAMLError } from 'yaml'
import type { Position } from '../diagnostics.ts'
import { checkDocumentTokens, DEFAULT_MAX_DEPTH } from './cst-limits.ts'
import type { CstProblem } from './cst-limits.ts'
import { findDuplicateKeys } from './duplicate-keys.ts'
import { plainCollectionTags } from './plain-tags.ts'
import { findMergeTags, MAX_TAG_VISITS, mayHaveMergeTags } from './merge-tags.ts'
import { pyYaml11Tags } from './pyyaml-tags.ts'
import { checkStreamTokens, firstUnprintable } from './stream-checks.ts'
import { createTextPositions } from './text-positions.ts'
import type { ParseYamlOptions, StringifiedKey, YamlDocument, YamlProblem } from './types.ts'
import type { VersionDifference } from './version-differences.ts'
import { walkVersions } from './version-walk.ts'
import { yamlModule } from './yaml-module.ts'

function problemOf(error: {
  code: string
  message: string
  linePos?: [{ line: number; col: number }, ...unknown[]]
}): YamlProblem {
  const start = error.linePos?.[0]
  return {
    code: error.code,
    // yaml's messages end with " at line N, column M:" and a frame; we print our own.
    message: error.message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, ''),
    position: { line: start?.line ?? 1, column: start?.col ?? 1 },
  }
}

function positionIn(lines: LineCounter, offset: number): Position {
  const { line, col } = lines.linePos(offset)
  return { line, column: col }
}
const MERGE_TAG_WARNING = /^Unresolved tag: !(?:override|reset)$/

/** Key of a pair as the JS object key it becomes (the rule `yaml`'s toJS applies to scalars). */
function keyString(key: unknown): string | undefined {
  if (yamlModule().isScalar(key)) return key.value === null ? '' : String(key.value)
  return undefined
}

function createLocator(doc: Document, lines: LineCounter): YamlDocument['locate'] {
  const { isMap, isPair, isSeq } = yamlModule()
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

/** Where `error` is, as `yaml`'s prettyErrors would have set it (it has no position when pos is -1). */
function locateError(error: YAMLError, lines: LineCounter): void {
  if (error.pos[0] !== -1) error.linePos = [lines.linePos(error.pos[0]), lines.linePos(error.pos[1])]
}

/** Adds `extra` errors (sorted) among `errors`, each before the next one that starts after it: one pass. */
function mergeByPosition(errors: YAMLError[], extra: readonly YAMLError[]): YAMLError[] {
  if (extra.length === 0) return errors
  const out: YAMLError[] = []
  let next = 0
  for (const error of errors) {
    while (next < extra.length && extra[next]!.pos[0] < error.pos[0]) out.push(extra[next++]!)
    out.push(error)
  }
  while (next < extra.length) out.push(extra[next++]!)
  return out
}

/** The documents of a stream as `yaml`'s parseAllDocuments reads them, within the depth and alias limits. */
export function composeDocuments(
  text: string,
  options: ParseYamlOptions,
  lines: LineCounter,
):
  | {
      docs: Document[]
      limited: Map<number, CstProblem>
      differences: (VersionDifference[] | undefined)[]
      stringifiedKeys: StringifiedKey[][]
    }
  | CstProblem {
  const { Composer, Parser } = yamlModule()
  const parser = new Parser(lines.addNewLine)
  let tokens: CST.Token[]
  try {
    tokens = Array.from(parser.parse(text))
  } catch (error) {
    // The parser unwinds some nestings recursively (`a: b: c: …` on one line).
    if (!(error instanceof RangeError)) throw error
    return {
      code: 'MY_YAML_TOO_DEEP',
      message: `mappings and lists nest too deeply to parse here (limits.maxDepth)`,
      offset: parser.offset,
    }
  }
  const streamProblem = checkStreamTokens(tokens)
  if (streamProblem) return streamProblem
  const limits = { maxDepth: options.maxDepth ?? DEFAULT_MAX_DEPTH, maxAliasCount: options.maxAliasCount }
  const limited = new Map<number, CstProblem>()
  let index = 0
  for (const token of tokens) {
    if (token.type !== 'document') continue
    const problem = checkDocumentTokens(token, limits)
    if (problem) {
      limited.set(index, problem)
      // Composing recurses per level and resolves each alias against every earlier anchor: skip it.
      token.value = undefined
    }
    index++
  }
  const composer = new Composer({
    version: options.version,
    // Checked in linear time by findDuplicateKeys; `yaml` compares each key with all earlier ones.
    uniqueKeys: false,
    merge: options.version === '1.1',
    keepSourceTokens: false,
    customTags: (tags: Tags) => [
      ...plainCollectionTags(options.version),
      ...(options.version === '1.1' ? pyYaml11Tags(tags) : tags),
    ],
    logLevel: 'silent',
  })
  // Broken input can make `yaml` create an error per token; their stack traces are never used and
  // capturing them dominated the time on such input.
  const stackTraceLimit = Error.stackTraceLimit
  Error.stackTraceLimit = 0
  let docs: Document[]
  try {
    docs = Array.from(composer.compose(tokens)) as Document[]
  } finally {
    Error.stackTraceLimit = stackTraceLimit
  }
  const readsPyYaml = options.version === '1.1' || options.flagVersionDifferences === true
  const stringifiedKeys: StringifiedKey[][] = []
  const differences = docs.map((doc) => {
    const stringified: StringifiedKey[] = []
    stringifiedKeys.push(stringified)
    const duplicates = findDuplicateKeys(doc, lines, stringified)
    if (options.allowDuplicateKeys) doc.warnings = mergeByPosition(doc.warnings, duplicates)
    else doc.errors = mergeByPosition(doc.errors, duplicates)
    const walk = readsPyYaml && doc.contents !== null ? walkVersions(doc, text, lines, options) : undefined
    if (walk) doc.errors = mergeByPosition(doc.errors, walk.errors)
    for (const error of [...doc.errors, ...doc.warnings]) locateError(error, lines)
    return walk?.differences ?? (options.flagVersionDifferences === true && options.version === '1.2' ? [] : undefined)
  })
  return { docs, limited, differences, stringifiedKeys }
}

/** Parses a YAML stream with `yaml`. Never throws for bad input: a document that cannot be used carries `error`. */
export function parseYamlStreamPrecise(text: string, options: ParseYamlOptions): YamlDocument[] {
  const lines = new (yamlModule().LineCounter)()
  const unprintable = firstUnprintable(text)
  const composed: ReturnType<typeof composeDocuments> = unprintable
    ? { code: 'MY_YAML_SYNTAX', ...unprintable }
    : composeDocuments(text, options, lines)
  if (!('docs' in composed)) {
    const position = unprintable ? createTextPositions(text)(composed.offset) : positionIn(lines, composed.offset)
    return [
      {
        value: null,
        empty: false,
        error: { code: composed.code, message: composed.message, position },
        warnings: [],
        locate: () => position,
      },
    ]
  }
  const { docs: list, limited, differences, stringifiedKeys } = composed
  // An empty stream is one empty document, like PyYAML's safe_load giving None.
  if (list.length === 0) {
    return [{ value: null, empty: true, warnings: [], locate: () => ({ line: 1, column: 1 }) }]
  }
  return list.map((doc, index) => {
    const document = readDocument(doc, index)
    const found = differences[index]
    if (found !== undefined) document.versionDifferences = found
    const stringified = stringifiedKeys[index]!
    if (stringified.length > 0 && document.error === undefined) document.stringifiedKeys = stringified
    return document
  })

  function readDocument(doc: Document, index: number): YamlDocument {
    const locate = createLocator(doc, lines)
    const warnings = doc.warnings.map(problemOf)
    const limit = limited.get(index)
    if (limit) {
      const { line, col } = lines.linePos(limit.offset)
      return {
        value: null,
        empty: false,
        error: { code: limit.code, message: limit.message, position: { line, column: col } },
        warnings,
        locate,
      }
    }
    const fatal = doc.errors.find((e) => !(options.allowDuplicateKeys && e.code === 'DUPLICATE_KEY'))
    if (fatal) return { value: null, empty: false, error: problemOf(fatal), warnings, locate }
    for (const e of doc.errors) warnings.push(problemOf(e))
    const mergeTags = mayHaveMergeTags(text) ? findMergeTags(doc, options.version === '1.1') : []
    if (mergeTags === 'too-many') {
      const message = `following aliases to find !override and !reset tags visits over ${MAX_TAG_VISITS} nodes`
      return {
        value: null,
        empty: false,
        error: { code: 'MY_YAML_ALIAS_LIMIT', message, position: locate([]) },
        warnings,
        locate,
      }
    }
    const contents = doc.contents as Node | null
    const empty = contents === null || (yamlModule().isScalar(contents) && contents.value === null && !contents.source)
    try {
      const value = doc.toJS({ maxAliasCount: options.maxAliasCount })
      if (mergeTags.length === 0) return { value: value ?? null, empty, warnings, locate }
      // The tags are known to the values dialect, which reports them elsewhere (the read stage).
      const kept = warnings.filter((w) => !(w.code === 'TAG_RESOLVE_FAILED' && MERGE_TAG_WARNING.test(w.message)))
      return { value: value ?? null, empty, warnings: kept, mergeTags, locate }
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error)
      const code =
        error instanceof RangeError && /call stack/i.test(message) ? 'MY_YAML_TOO_DEEP' : 'MY_YAML_ALIAS_LIMIT'
      const friendly =
        code === 'MY_YAML_TOO_DEEP'
          ? 'document is nested too deeply to convert'
          : `${message} (alias expansion is limited to guard against "billion laughs" documents)`
      return { value: null, empty, error: { code, message: friendly, position: locate([]) }, warnings, locate }
    }
  }
}
