// Where the nodes of a text the block reader (read.ts) read are, without `yaml`: provenance locates
// a key per merge event, and parsing each layer again with `yaml` for that cost more than the merge.
// The text is known to be block mappings and lists of one-line scalars and literals, so one pass over
// its lines finds each key and value where `yaml`'s nodes start. Where that is less certain (an empty
// value, a literal, a quoted key), the locator answers with `yaml`'s parse instead (`fallback`).
// The version differences the reader found are located here too, from their offsets.
import type { Position } from '../../diagnostics.ts'
import { COLON, DOUBLE, HASH, LF, PIPE, SINGLE, SPACE } from '../chars.ts'
import { createTextPositions } from '../text-positions.ts'
import type { PathSegment } from '../types.ts'
import type { VersionDifference } from '../version-differences.ts'
import { LineScanner } from './line-scanner.ts'

/** A node's offset (-1: ask `yaml`), its keys' offsets and nodes, its items. */
interface Located {
  at: number
  keys?: Map<string, { keyAt: number; node: Located }>
  items?: Located[]
}

type Locate = (path: readonly PathSegment[], target?: 'key' | 'value') => Position

// Thrown where the text holds what this pass leaves to `yaml` as a whole (a quoted key).
const ASK_YAML: unique symbol = Symbol('ask yaml')

class PositionScanner extends LineScanner {
  collection(indent: number): Located {
    const start = this.at + indent
    if (this.isItem(start)) return this.list(indent)
    return this.mapping(indent, start, this.keyColon(start))
  }

  /** The `:` of the plain key at `i` (the block reader read the line as a key), -1 for a scalar. */
  keyColon(i: number): number {
    const { text } = this
    const c = text.charCodeAt(i)
    if (c === DOUBLE || c === SINGLE) {
      // A quoted key's name needs its escapes read: leave such a text to `yaml`.
      const end = this.text.indexOf(String.fromCharCode(c), i + 1)
      if (end < 0 || text.slice(end + 1, this.lineEnd(end)).includes(':')) throw ASK_YAML
      return -1
    }
    for (let j = i; ; j++) {
      const d = text.charCodeAt(j)
      if (d === LF || j >= text.length) return -1
      if (d === HASH && text.charCodeAt(j - 1) === SPACE) return -1
      if (d === COLON) {
        const next = text.charCodeAt(j + 1)
        if (next === SPACE || next === LF || j + 1 === text.length) return j
      }
    }
  }

  mapping(indent: number, start: number, firstColon: number): Located {
    const { text } = this
    const keys = new Map<string, { keyAt: number; node: Located }>()
    for (let i = start, colon = firstColon; ;) {
      let end = colon
      while (text.charCodeAt(end - 1) === SPACE) end--
      keys.set(text.slice(i, end), { keyAt: i, node: this.value(indent, colon + 1) })
      this.seekContent()
      if (this.indent !== indent) return { at: start, keys }
      i = this.at + indent
      colon = this.keyColon(i)
    }
  }

  list(indent: number): Located {
    const { text } = this
    const start = this.at + indent
    const items: Located[] = []
    for (;;) {
      let i = this.at + indent + 1
      while (text.charCodeAt(i) === SPACE) i++
      const colon = this.keyColon(i)
      if (colon >= 0) items.push(this.mapping(i - this.at, i, colon))
      else {
        items.push({ at: i })
        this.at = this.lineEnd(i) + 1
      }
      this.seekContent()
      if (this.indent !== indent || !this.isItem(this.at + indent)) return { at: start, items }
    }
  }

  /** The value after a key's `:` at `from`; leaves the current line after it. */
  value(indent: number, from: number): Located {
    const { text } = this
    let i = from
    while (text.charCodeAt(i) === SPACE) i++
    const c = text.charCodeAt(i)
    if (c === LF || c === HASH || i >= text.length) {
      this.at = this.lineEnd(i) + 1
      this.seekContent()
      if (this.indent > indent) return this.collection(this.indent)
      if (this.indent === indent && this.isItem(this.at + indent)) return this.collection(indent)
      // An empty value: where `yaml` puts its null node is its own affair.
      return { at: -1 }
    }
    this.at = this.lineEnd(i) + 1
    if (c !== PIPE) return { at: i }
    // A literal: its lines are blank or indented more than the key.
    for (;;) {
      let k = this.at
      while (text.charCodeAt(k) === SPACE) k++
      if (this.at >= text.length || (text.charCodeAt(k) !== LF && k < text.length && k - this.at <= indent)) break
      this.at = this.lineEnd(k) + 1
    }
    return { at: -1 }
  }
}

/**
 * `locate` for the one document of `text`, which the block reader read: the node at `path` (its key
 * with 'key'), else its nearest ancestor, as `yaml` places them; `fallback` answers what this pass
 * does not know.
 */
export function createBlockLocator(text: string, fallback: Locate): Locate {
  let root: Located | undefined
  let positionOf: ((offset: number) => Position) | undefined
  return (path, target = 'value') => {
    if (root === undefined) {
      const scanner = new PositionScanner(text)
      try {
        scanner.seekContent()
        root = scanner.collection(scanner.indent)
      } catch (error) {
        if (error !== ASK_YAML) throw error
        root = { at: -1 }
      }
      positionOf = createTextPositions(text)
    }
    let node: Located = root
    let at = root.at
    for (let index = 0; index < path.length; index++) {
      const segment = path[index]!
      const entry: { keyAt: number; node: Located } | undefined = node.keys?.get(String(segment))
      const child: Located | undefined =
        entry?.node ?? (typeof segment === 'number' ? node.items?.[segment] : undefined)
      if (!child) break
      at = index === path.length - 1 && target === 'key' && entry ? entry.keyAt : child.at
      node = child
      if (at < 0) break
    }
    return at < 0 ? fallback(path, target) : positionOf!(at)
  }
}

/** The differences with their offsets turned into lines and columns, in one pass over the text. */
export function locateDifferences(
  text: string,
  found: readonly { offset: number; difference: VersionDifference }[],
): VersionDifference[] {
  let line = 1
  let lineStart = 0
  let at = 0
  return found.map(({ offset, difference }) => {
    for (; at < offset; at++) {
      if (text.charCodeAt(at) === LF) {
        line++
        lineStart = at + 1
      }
    }
    return { ...difference, position: { line, column: offset - lineStart + 1 } }
  })
}
