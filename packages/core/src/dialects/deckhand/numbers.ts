// Whether a number was an int or a float for Python: `str(80)` is '80' but `str(80.0)` is '80.0',
// and JavaScript has one number type. The answer comes from how the YAML scalar was written: first
// at the substitution's own source path, else from every scalar of the document set with that value.
import type { YamlVersion } from '../../yaml/types.ts'
import type { DeckhandDocument } from './document.ts'
import { PatternMismatch } from './pyerrors.ts'
import type { NumberKind } from './pystr.ts'
import { getOwn, isMapping } from '../../values.ts'

type Kind = 'int' | 'float'
type Path = (string | number)[]

/** How the scalar starting `text` reads: a float, an int, or undefined when it is not a plain number. */
export function classifyScalar(text: string, version: YamlVersion): Kind | undefined {
  let rest = text.replace(/^&\S+\s+/, '')
  const tag = /^!!(int|float)\s+/.exec(rest) ?? /^!<tag:yaml\.org,2002:(int|float)>\s+/.exec(rest)
  if (tag) return tag[1] as Kind
  rest = rest.replace(/^&\S+\s+/, '')
  const token = /^[^\s,\]}#]+/.exec(rest)?.[0]
  if (!token || token.startsWith('!') || token.startsWith('*')) return undefined
  if (/^[-+]?\.(?:inf|Inf|INF|nan|NaN|NAN)$/.test(token)) return 'float'
  if (/^[-+]?0[xX]/.test(token) || /^0[ob]/.test(token)) return 'int'
  if (token.includes('.') || (version === '1.2' && /[eE]/.test(token))) return 'float'
  return /^[-+]?[0-9][0-9_:]*$/.test(token) ? 'int' : undefined
}

function find(value: unknown, target: number, path: Path, out: Path[]): void {
  if (typeof value === 'number') {
    if (value === target) out.push([...path])
  } else if (Array.isArray(value)) {
    value.forEach((item, i) => find(item, target, [...path, i], out))
  } else if (isMapping(value)) {
    for (const key of Object.keys(value)) find(value[key], target, [...path, key], out)
  }
}

export class NumberKinds {
  private readonly known = new Map<number, Kind>()

  constructor(
    private readonly documents: readonly DeckhandDocument[],
    private readonly version: YamlVersion,
  ) {}

  private kindAt(doc: DeckhandDocument, path: Path): Kind | undefined {
    const text = doc.source.scalarSource?.(['data', ...path])
    return text === undefined ? undefined : classifyScalar(text, this.version)
  }

  /** What every scalar of the set with this value says. */
  private global(value: number): Kind {
    const cached = this.known.get(value)
    if (cached) return cached
    const kinds = new Set<Kind | undefined>()
    for (const doc of this.documents) {
      const paths: Path[] = []
      find(getOwn(doc.raw, 'data'), value, [], paths)
      for (const path of paths) kinds.add(this.kindAt(doc, path))
    }
    if (kinds.size !== 1 || kinds.has(undefined))
      throw new PatternMismatch(
        `the number ${value}, which the document set writes ` +
          `${kinds.size > 1 ? 'both as an integer and as a float' : 'in a way this dialect cannot read back'}: ` +
          `Python's str() prints 80 and 80.0 differently`,
      )
    const kind = [...kinds][0]!
    this.known.set(value, kind)
    return kind
  }

  /** The kinds for a value read at `path` of `source`'s data: that scalar first, when it is the one. */
  forSource(source: DeckhandDocument, path: Path | undefined, secret: unknown): NumberKind {
    return (value) => {
      if (!Number.isInteger(value)) return 'float'
      if (path !== undefined && secret === value) {
        let node: unknown = getOwn(source.raw, 'data')
        for (const key of path) node = isMapping(node) || Array.isArray(node) ? (node as never)[key] : undefined
        if (node === value) {
          const kind = this.kindAt(source, path)
          if (kind) return kind
        }
      }
      return this.global(value)
    }
  }
}
