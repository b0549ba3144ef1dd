// The precise path's part of reading YAML 1.1 as PyYAML does, done on the composed document (the
// `yaml` schema resolves each scalar alone, without its place): plain scalars PyYAML resolves but
// cannot construct, and block scalars cut by the end of the text, to which `yaml` (like the YAML
// test suite) adds a final line break PyYAML does not add. With flagVersionDifferences, the same
// walk notes where 1.1 reads a 1.2 document otherwise (version-differences.ts).
import type { Document, LineCounter, Node, Scalar, YAMLParseError } from 'yaml'
import { isMergeTag } from './merge-tags.ts'
import { EXPLICIT_CONSTRUCTORS } from './pyyaml-explicit.ts'
import { PyYamlUnreadable, resolvePlain11 } from './scalars.ts'
import type { ParseYamlOptions } from './types.ts'
import { mayDiffer, plainDifference, sameValue } from './version-differences.ts'
import type { VersionDifference } from './version-differences.ts'
import { yamlModule } from './yaml-module.ts'

const TAG = 'tag:yaml.org,2002:'

// The tags PyYAML's SafeConstructor constructs, and the non-specific `!`; any other raises.
const PYYAML_TAGS = new Set([
  '!',
  ...['null', 'bool', 'int', 'float', 'binary', 'timestamp', 'omap', 'pairs', 'set', 'str', 'seq', 'map'].map(
    (name) => `${TAG}${name}`,
  ),
])

/** Both readings hold the same bytes. */
function sameBytes(a: Uint8Array, b: unknown): boolean {
  return b instanceof Uint8Array && a.length === b.length && a.every((byte, i) => byte === b[i])
}

export interface VersionWalk {
  /** PyYAML would raise on these (1.1): each makes the document unusable. */
  errors: YAMLParseError[]
  /** With flagVersionDifferences (1.2), in text order. */
  differences: VersionDifference[] | undefined
}

/** A block scalar whose last line the text's end cuts before its line break. */
function cutByEnd(scalar: Scalar, text: string): boolean {
  const end = scalar.range?.[1]
  if (end !== text.length || end === 0) return false
  const last = text.charCodeAt(end - 1)
  return last !== 0x0a && last !== 0x0d && typeof scalar.value === 'string' && scalar.value.endsWith('\n')
}

/**
 * Walks `doc` once. In 1.1 it also fixes the value of block scalars cut by the end of the text (the
 * document is not shared yet). Returns what PyYAML raises on and, flagged, the version differences.
 */
export function walkVersions(doc: Document, text: string, lines: LineCounter, options: ParseYamlOptions): VersionWalk {
  const { isMap, isPair, isScalar, isSeq, Scalar: ScalarNode, YAMLParseError: ParseError } = yamlModule()
  const flagged = options.version === '1.2' && options.flagVersionDifferences === true
  const result: VersionWalk = { errors: [], differences: flagged ? [] : undefined }
  const at = (scalar: Scalar) => {
    const { line, col } = lines.linePos(scalar.range?.[0] ?? 0)
    return { line, column: col }
  }
  /** YAML 1.2, flagged: where 1.1 reads the scalar otherwise. */
  const noteDifference = (scalar: Scalar, source: string, key: boolean): void => {
    if (scalar.tag !== undefined) {
      const construct = EXPLICIT_CONSTRUCTORS[scalar.tag]
      if (construct === undefined || !Object.hasOwn(EXPLICIT_CONSTRUCTORS, scalar.tag)) return
      // What PyYAML's constructor for the tag makes of the text.
      const value11 = construct(source)
      const yaml11 = value11 instanceof PyYamlUnreadable ? { raises: value11.reason } : { value: value11 }
      if ('value' in yaml11) {
        const same = value11 instanceof Uint8Array ? sameBytes(value11, scalar.value) : sameValue(value11, scalar.value)
        if (same) return
      }
      const shown = `!!${scalar.tag.slice(TAG.length)} ${source}`
      result.differences!.push({ kind: 'tag', source: shown, yaml11, yaml12: scalar.value, position: at(scalar) })
      return
    }
    if (scalar.type !== ScalarNode.PLAIN || source === '' || !mayDiffer(source)) return
    const difference = plainDifference(source, scalar.value, key, at(scalar))
    if (difference) result.differences!.push(difference)
  }
  /** YAML 1.1: what PyYAML resolves but cannot construct makes the document unusable. */
  const checkReadable = (scalar: Scalar, source: string, key: boolean): void => {
    let unreadable = scalar.value instanceof PyYamlUnreadable ? scalar.value : undefined
    // `=` and a `<<` value resolve to tags SafeLoader cannot construct (`<<` as a key merges).
    if (unreadable === undefined && scalar.tag === undefined && scalar.type === ScalarNode.PLAIN) {
      if (source === '=' || (source === '<<' && !key)) unreadable = resolvePlain11(source) as PyYamlUnreadable
    }
    if (unreadable === undefined) return
    scalar.value = source
    const start = scalar.range?.[0] ?? 0
    const shown =
      scalar.tag === undefined ? `the plain scalar '${source}'` : `!!${scalar.tag.slice(TAG.length)} '${source}'`
    const error = new ParseError(
      [start, start + Math.max(source.length, 1)],
      'MY_YAML_UNREADABLE_SCALAR' as YAMLParseError['code'],
      `PyYAML (YAML 1.1) cannot read ${shown} (${unreadable.reason}), so the document does not load; ` +
        'quote it or write it as PyYAML reads it',
    )
    error.linePos = [lines.linePos(start)]
    result.errors.push(error)
  }
  /** A tag PyYAML's SafeLoader has no constructor for: 1.1 cannot load the document (ConstructorError). */
  const checkTag = (node: Node): void => {
    const tag = node.tag
    // Compose's merge tags are the entry's syntax, not the reader's: the values dialect applies them and
    // every other dialect warns of them at the read stage, whichever YAML version reads the file.
    if (tag === undefined || PYYAML_TAGS.has(tag) || isMergeTag(tag)) return
    const start = node.range?.[0] ?? 0
    if (flagged) {
      const { line, col } = lines.linePos(start)
      const raises = `ConstructorError: could not determine a constructor for the tag '${tag}'`
      const yaml12 = isScalar(node) ? node.value : node.toJSON()
      result.differences!.push({
        kind: 'tag',
        source: tag,
        yaml11: { raises },
        yaml12,
        position: { line, column: col },
      })
      return
    }
    const error = new ParseError(
      [start, start + 1],
      'MY_YAML_UNKNOWN_TAG' as YAMLParseError['code'],
      `PyYAML (YAML 1.1) has no constructor for the tag '${tag}' (safe_load raises ConstructorError), so the ` +
        'document does not load; remove the tag',
    )
    error.linePos = [lines.linePos(start)]
    result.errors.push(error)
  }
  /** YAML 1.2, flagged: `!!omap` and `!!pairs` are lists of one-pair mappings, of (key, value) tuples in PyYAML. */
  const notePairList = (seq: Node): void => {
    if (seq.tag !== `${TAG}omap` && seq.tag !== `${TAG}pairs`) return
    const yaml12 = seq.toJSON() as Record<string, unknown>[]
    const yaml11 = { value: yaml12.map((pair) => Object.entries(pair)[0]) }
    const { line, col } = lines.linePos(seq.range?.[0] ?? 0)
    const source = `!!${seq.tag.slice(TAG.length)}`
    result.differences!.push({ kind: 'tag', source, yaml11, yaml12, position: { line, column: col } })
  }
  const visitScalar = (scalar: Scalar, key: boolean): void => {
    const block = scalar.type === ScalarNode.BLOCK_LITERAL || scalar.type === ScalarNode.BLOCK_FOLDED
    if (block && cutByEnd(scalar, text)) {
      const value = scalar.value as string
      if (!flagged) scalar.value = value.slice(0, -1)
      else {
        const yaml11 = { value: value.slice(0, -1) }
        result.differences!.push({ kind: 'block-end', source: value, yaml11, yaml12: value, position: at(scalar) })
      }
      return
    }
    const source = scalar.source
    if (typeof source !== 'string') return
    if (scalar.tag === '!') {
      // The non-specific tag: a string in YAML 1.2, resolved as a plain scalar by PyYAML (`! 12` is 12).
      const value11 = resolvePlain11(source)
      if (flagged && !sameValue(value11, scalar.value)) {
        const yaml11 = value11 instanceof PyYamlUnreadable ? { raises: value11.reason } : { value: value11 }
        result.differences!.push({
          kind: 'tag',
          source: `! ${source}`,
          yaml11,
          yaml12: scalar.value,
          position: at(scalar),
        })
      } else if (options.version === '1.1') {
        scalar.value = value11
        checkReadable(scalar, source, key)
      }
      return
    }
    if (flagged) noteDifference(scalar, source, key)
    else if (options.version === '1.1') checkReadable(scalar, source, key)
  }
  // Depth first, in text order (the differences are reported in it).
  const stack: [unknown, boolean][] = [[doc.contents, false]]
  while (stack.length > 0) {
    const [node, key] = stack.pop()!
    if (isScalar(node) || isSeq(node) || isMap(node)) checkTag(node)
    if (isScalar(node)) visitScalar(node, key)
    else if (isSeq(node)) {
      if (flagged) notePairList(node)
      for (let i = node.items.length - 1; i >= 0; i--) stack.push([node.items[i], false])
    } else if (isMap(node)) {
      for (let i = node.items.length - 1; i >= 0; i--) {
        const pair = node.items[i]
        if (!isPair(pair)) continue
        stack.push([pair.value, false], [pair.key as Node, true])
      }
    }
  }
  result.differences?.sort((a, b) => a.position.line - b.position.line || a.position.column - b.position.column)
  return result
}
