// The quickest path. Most configuration is block mappings and lists of plain, quoted and literal
// scalars, one per line; this reads exactly that in one pass over the text (1.5–2× js-yaml's speed,
// cold as in a build or warm), measuring and freezing as it goes, and gives up at anything else: flow
// collections other than `[]` and `{}`, anchors, aliases, tags, folded, multi-line or keep-chomped
// scalars, directives, several documents, explicit or non-string keys, duplicate keys, tabs, CR and
// unusual characters. The js-yaml fast path (../fast/) or the precise path (../precise.ts) reads what
// it gives up on. Scalars resolve with ../scalars.ts as on both other paths; test/perf/parse-equivalence
// compares its values with the precise path's on every fixture, conformance input and generated text.
// A parse's state is its BlockReader's. One class, one pass over the text, kept whole: the readers
// call each other on the hot path.
import {
  BACKSLASH,
  BRACE,
  BRACE_END,
  BRACKET,
  BRACKET_END,
  COLON,
  DASH,
  DOUBLE,
  HASH,
  LF,
  PIPE,
  SINGLE,
  SPACE,
} from '../chars.ts'
import { DEFAULT_MAX_DEPTH } from '../cst-limits.ts'
import { documentsOf, outsideJson } from '../documents.ts'
import { PyYamlUnreadable, resolvePlain11, resolvePlain12 } from '../scalars.ts'
import type { ParseYamlOptions, YamlDocument } from '../types.ts'
import { mayDiffer, plainDifference } from '../version-differences.ts'
import type { VersionDifference } from '../version-differences.ts'
import { leafSize } from '../../values.ts'
import { unescapeDoubleQuoted } from './escapes.ts'
import { LineScanner } from './line-scanner.ts'
import { createBlockLocator, locateDifferences } from './positions.ts'

// Characters `yaml` reads otherwise or refuses in places (C0 and C1 controls, tabs, CR, NEL, line
// and paragraph separators, BOM, surrogates, non-characters): a text with any is not read here.
const UNUSUAL = /[^\n\x20-\x7e\xa0-\u2027\u202a-\ud7ff\ue000-\ufefe\uff00-\ufffd]/

// A plain scalar may not start with an indicator (`-`, `?` and `:` only before a space; `?` and `:`
// are left to the other paths either way).
const INDICATOR = new Set([...'-?:,[]{}#&*!|>\'"%@`'].map((c) => c.charCodeAt(0)))

// `yaml` refuses implicit keys this long.
const MAX_KEY_LENGTH = 1024

// Giving up is a throw: the readers nest, and unwinding them by hand costs more than it saves.
const GIVE_UP: unique symbol = Symbol('give up')

class BlockReader extends LineScanner {
  quotedTo = 0
  /** The tree's facts (TreeFacts), learnt while reading it. */
  size = 0
  plainJson = true

  /** With `flagVersionDifferences`: what 1.1 reads otherwise, located by offset until the end. */
  readonly differences: { offset: number; difference: VersionDifference }[] | undefined

  constructor(
    text: string,
    readonly resolvePlain: (source: string) => unknown,
    readonly maxDepth: number,
    flagVersionDifferences: boolean,
  ) {
    super(text)
    this.differences = flagVersionDifferences ? [] : undefined
  }

  /** Notes a plain scalar (or key) at `offset` whose 1.2 value is `value` if 1.1 reads it otherwise. */
  compare(offset: number, source: string, value: unknown, key: boolean): void {
    if (this.differences === undefined || !mayDiffer(source)) return
    const difference = plainDifference(source, value, key, { line: 0, column: 0 })
    if (difference) this.differences.push({ offset, difference })
  }

  /** The collection whose first line is the current one, at `indent`. */
  collection(indent: number, depth: number): object {
    const start = this.at + indent
    if (this.isItem(start)) return this.list(indent, depth)
    const colon = this.keyColon(start)
    if (colon < 0) throw GIVE_UP
    return this.mapping(indent, depth, start, colon)
  }

  /**
   * A block mapping at `indent` whose first key starts at `start` (which may follow `- `) and ends
   * at `firstColon`.
   */
  mapping(indent: number, depth: number, start: number, firstColon: number): Readonly<Record<string, unknown>> {
    if (depth >= this.maxDepth) throw GIVE_UP
    const map: Record<string, unknown> = {}
    for (let i = start, colon = firstColon; ;) {
      const key = this.key(i, colon)
      if (Object.hasOwn(map, key)) throw GIVE_UP
      map[key] = this.value(indent, depth, colon + 1)
      this.size += key.length + 3
      this.seekContent()
      if (this.indent !== indent) {
        if (this.indent > indent) throw GIVE_UP
        this.size += 2
        return Object.freeze(map)
      }
      i = this.at + indent
      // A list at this indentation belongs to a key with no value (`k:` then `- x`), read there.
      if (this.isItem(i)) throw GIVE_UP
      colon = this.keyColon(i)
      if (colon < 0) throw GIVE_UP
    }
  }

  /** A block list at `indent`; the current line starts with its first `- `. */
  list(indent: number, depth: number): readonly unknown[] {
    if (depth >= this.maxDepth) throw GIVE_UP
    const { text } = this
    const items: unknown[] = []
    for (;;) {
      let i = this.at + indent + 1
      if (text.charCodeAt(i) !== SPACE) throw GIVE_UP // an empty item
      while (text.charCodeAt(i) === SPACE) i++
      const c = text.charCodeAt(i)
      // Empty items, items on later lines, lists in lists and block scalars are left to the others.
      if (c === LF || c === HASH || i === text.length || this.isItem(i)) throw GIVE_UP
      const colon = this.keyColon(i)
      items.push(colon >= 0 ? this.mapping(i - this.at, depth + 1, i, colon) : this.scalar(i))
      this.seekContent()
      if (this.indent !== indent || !this.isItem(this.at + indent)) {
        if (this.indent > indent) throw GIVE_UP
        this.size += 2
        return Object.freeze(items)
      }
    }
  }

  /**
   * Where the `:` ending an implicit key that starts at `i` is, or -1 when the line holds no key
   * there. Quoted keys end at their closing quote; plain keys at the first `:` before a space or the
   * line end, unless a comment comes first.
   */
  keyColon(i: number): number {
    const { text } = this
    const c = text.charCodeAt(i)
    let j: number
    if (c === DOUBLE || c === SINGLE) {
      j = this.quotedEnd(i)
      if (j < 0) return -1
      while (text.charCodeAt(j) === SPACE) j++
      if (text.charCodeAt(j) !== COLON) return -1
    } else {
      if (INDICATOR.has(c)) return -1
      for (j = i; ; j++) {
        const d = text.charCodeAt(j)
        if (d === LF || j >= text.length) return -1
        if (d === HASH && text.charCodeAt(j - 1) === SPACE) return -1
        // `a:b` is a scalar, `a:` and `a: b` keys.
        if (d === COLON && isKeyEnd(text, j)) return j
      }
    }
    return isKeyEnd(text, j) ? j : -1
  }

  /** The key from `i` to its `:` at `colon`, as a JS property name. */
  key(i: number, colon: number): string {
    const { text } = this
    const c = text.charCodeAt(i)
    let key: string
    if (c === DOUBLE || c === SINGLE) key = this.quoted(i)
    else {
      let end = colon
      while (text.charCodeAt(end - 1) === SPACE) end--
      key = text.slice(i, end)
      // A key that resolves to another type (`1`, `true`, `~`) would become another string.
      if (this.resolvePlain(key) !== key) throw GIVE_UP
      this.compare(i, key, key, true)
    }
    // `<<` merges in YAML 1.1, a `__proto__` key is defined rather than assigned, and `null` and
    // `[object Object]` are what the other paths make of a null or a collection key.
    if (
      key.length > MAX_KEY_LENGTH ||
      key === '' ||
      key === '<<' ||
      key === '__proto__' ||
      key === 'null' ||
      key === '[object Object]'
    )
      throw GIVE_UP
    return key
  }

  /** The value after a key's `:` at `from`, up to its end; leaves the current line after it. */
  value(indent: number, depth: number, from: number): unknown {
    const { text } = this
    let i = from
    while (text.charCodeAt(i) === SPACE) i++
    const c = text.charCodeAt(i)
    if (c === LF || c === HASH || i >= text.length) {
      // Nothing on the line: a collection on the lines below, or null.
      this.at = this.lineEnd(i) + 1
      this.seekContent()
      if (this.indent > indent) return this.collection(this.indent, depth + 1)
      if (this.indent === indent && this.isItem(this.at + indent)) return this.list(indent, depth + 1)
      this.size += leafSize(null)
      return null
    }
    if (c === PIPE) return this.literal(indent, i)
    return this.scalar(i)
  }

  /** A scalar (or `[]`, `{}`) alone on the rest of the line from `i`; moves to the next line. */
  scalar(i: number): unknown {
    const { text } = this
    const c = text.charCodeAt(i)
    let value: unknown
    let end: number
    if (c === DOUBLE || c === SINGLE) {
      value = this.quoted(i)
      end = this.quotedTo
    } else if (
      (c === BRACKET && text.charCodeAt(i + 1) === BRACKET_END) ||
      (c === BRACE && text.charCodeAt(i + 1) === BRACE_END)
    ) {
      value = Object.freeze(c === BRACKET ? [] : {})
      end = i + 2
    } else {
      if (INDICATOR.has(c) && (c !== DASH || this.isItem(i))) throw GIVE_UP
      end = i
      for (;;) {
        const d = text.charCodeAt(end)
        if (d === LF || end >= text.length) break
        if (d === HASH && text.charCodeAt(end - 1) === SPACE) break
        if (d === COLON && isKeyEnd(text, end)) throw GIVE_UP // `a: b: c`
        end++
      }
      let last = end
      while (text.charCodeAt(last - 1) === SPACE) last--
      const source = text.slice(i, last)
      value = this.resolvePlain(source)
      if (value instanceof PyYamlUnreadable) throw GIVE_UP
      if (typeof value === 'number' && outsideJson(value)) this.plainJson = false
      this.compare(i, source, value, false)
    }
    // Only blanks and a comment may follow a quoted scalar or a flow collection on its line.
    if (c === DOUBLE || c === SINGLE || c === BRACKET || c === BRACE) {
      let j = end
      while (text.charCodeAt(j) === SPACE) j++
      const d = text.charCodeAt(j)
      if (!(d === LF || j >= text.length || (d === HASH && j > end))) throw GIVE_UP
      end = j
    }
    this.at = this.lineEnd(end) + 1
    this.size += typeof value === 'object' && value !== null ? 2 : leafSize(value)
    return value
  }

  /** The index after the closing quote of the one-line quoted scalar at `i`, or -1. */
  quotedEnd(i: number): number {
    const { text } = this
    const quote = text.charCodeAt(i)
    for (let j = i + 1; j < text.length; j++) {
      const c = text.charCodeAt(j)
      if (c === LF) return -1
      if (c === quote) {
        if (quote === SINGLE && text.charCodeAt(j + 1) === SINGLE) j++
        else return j + 1
      } else if (c === BACKSLASH && quote === DOUBLE) j++
    }
    return -1
  }

  /** The value of the one-line quoted scalar at `i`; `quotedTo` is where it ends. */
  quoted(i: number): string {
    const { text } = this
    const end = this.quotedEnd(i)
    if (end < 0) throw GIVE_UP
    this.quotedTo = end
    const body = text.slice(i + 1, end - 1)
    if (text.charCodeAt(i) === SINGLE) return body.includes("''") ? body.replaceAll("''", "'") : body
    if (!body.includes('\\')) return body
    const unescaped = unescapeDoubleQuoted(body)
    if (unescaped === undefined) throw GIVE_UP
    return unescaped
  }

  /**
   * A literal block scalar (`|` or `|-`) at `i`, the value of a key at `indent`: its lines are those
   * indented like its first, which must be more than the key.
   */
  literal(indent: number, i: number): string {
    const { text } = this
    let j = i + 1
    const strip = text.charCodeAt(j) === DASH
    if (strip) j++
    const header = j
    while (text.charCodeAt(j) === SPACE) j++
    if (text.charCodeAt(j) === HASH && j > header) j = this.lineEnd(j)
    if (text.charCodeAt(j) !== LF) throw GIVE_UP // `|+`, `|2`, text after the header, the text's end
    let line = j + 1
    let first = line
    while (text.charCodeAt(first) === SPACE) first++
    const content = first - line
    // Leading empty lines and empty scalars are left to the others.
    if (content <= indent || text.charCodeAt(first) === LF || first >= text.length) throw GIVE_UP
    const lines: string[] = []
    let empty = 0
    let resume = line
    while (line < text.length) {
      let k = line
      while (text.charCodeAt(k) === SPACE) k++
      const end = this.lineEnd(k)
      if (k === end) {
        // An empty line; one with more spaces than the indentation holds spaces of the content.
        if (k - line > content) throw GIVE_UP
        empty++
        line = end + 1
        continue
      }
      if (k - line < content) break
      // The last line must end with a line break: clipping keeps it, and js-yaml adds one.
      if (end === text.length) throw GIVE_UP
      for (; empty > 0; empty--) lines.push('')
      lines.push(text.slice(line + content, end))
      line = end + 1
      resume = line
    }
    // Trailing empty lines are not content (clip and strip); seekContent passes them again.
    this.at = resume
    const value = strip ? lines.join('\n') : `${lines.join('\n')}\n`
    this.size += value.length + 2
    return value
  }
}

/** A `:` at `j` that ends an implicit key: a space or the line end follows. */
function isKeyEnd(text: string, j: number): boolean {
  const next = text.charCodeAt(j + 1)
  return next === SPACE || next === LF || j + 1 === text.length
}

/**
 * Reads a one-document YAML text of block collections, or returns undefined when it holds anything
 * else (see the top of this file). Documents locate paths with positions.ts (`locateWith` for
 * what it leaves open).
 */
export function parseBlockYaml(
  text: string,
  options: ParseYamlOptions,
  locateWith: (text: string) => YamlDocument[],
): YamlDocument[] | undefined {
  if (UNUSUAL.test(text)) return undefined
  const reader = new BlockReader(
    text,
    options.version === '1.1' ? resolvePlain11 : resolvePlain12,
    options.maxDepth ?? DEFAULT_MAX_DEPTH,
    options.version === '1.2' && options.flagVersionDifferences === true,
  )
  let value: unknown
  try {
    reader.seekContent()
    if (reader.indent < 0) return undefined
    value = reader.collection(reader.indent, 1)
    reader.seekContent()
    if (reader.indent >= 0) return undefined
  } catch (error) {
    if (error === GIVE_UP) return undefined
    throw error
  }
  const [doc] = documentsOf(text, [value], [{ size: reader.size, plainJson: reader.plainJson }], locateWith)
  // Positions come from a pass over the lines; `yaml` (on first use) only for what it leaves open.
  doc!.locate = createBlockLocator(text, doc!.locate.bind(doc))
  if (reader.differences) doc!.versionDifferences = locateDifferences(text, reader.differences)
  return [doc!]
}
