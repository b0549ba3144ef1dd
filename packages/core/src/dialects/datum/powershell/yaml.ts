// YAML as PowerShell reads it with powershell-yaml's `ConvertFrom-Yaml -Ordered` (0.4.x, over
// YamlDotNet), which is how Datum reads every `.yml` / `.yaml` file of a store: a plain scalar is
// typed by .NET's TryParse (int, long, double, boolean, decimal with NumberStyles.Any and the
// invariant culture), then `''`, `~` and `null` (any case) are null, and everything else is a
// string; quoted and block scalars are strings; keys are their scalars' text; a repeated key keeps
// the first spelling and the last value; only the first document counts. The YAML room reads the
// syntax with `yaml` (its positions too: yaml/node-tree.ts, through yaml/parse.ts); only the typing
// is PowerShell's, here. Where YAML 1.2 would type a scalar differently (`1,000`, `tRuE`, `0x1F`,
// `Infinity`), a `TYPING` problem says so. Typing and positions come from one walk of the nodes.
import type { Position } from '../../../diagnostics.ts'
import type { PathSegment } from '../../../values.ts'
import { readYamlNodes } from '../../../yaml/parse.ts'
import type { YamlNode, YamlProblem, YamlScalarNode } from '../../../yaml/parse.ts'
import { createTreeLocator } from './located-tree.ts'
import type { LocatedNode } from './located-tree.ts'

/** What PowerShell reads silently (see PowerShellYamlDocument.notes). */
export type PowerShellYamlNote = 'TYPING' | 'DUPLICATE_KEY' | 'EXTRA_DOCUMENTS'

export interface PowerShellYamlDocument {
  /** The first document's value (null for an empty file). */
  value: unknown
  /** The problem that makes the file unusable (syntax, limits, an unsupported tag or key). */
  error?: YamlProblem
  /**
   * What PowerShell reads silently: `TYPING` (a plain scalar YAML 1.2 types otherwise),
   * `DUPLICATE_KEY` (the first spelling and last value are kept), `EXTRA_DOCUMENTS` (ignored).
   */
  notes: (YamlProblem & { code: PowerShellYamlNote })[]
  locate(path: readonly PathSegment[], target?: 'key' | 'value'): Position
}

export interface PowerShellYamlOptions {
  maxAliasCount: number
  maxDepth?: number
}

// NumberStyles.Any: blanks, a leading or trailing sign or parentheses, the currency symbol (¤ in
// the invariant culture), group separators, a decimal point and an exponent.
const DOTNET_NUMBER = /^[\t-\r ]*(\(|[+-])?¤?((?:\d[\d,]*)?(?:\.\d*)?)(?:[eE]([+-]?\d+))?¤?([+-]|\))?[\t-\r ]*$/
const DOTNET_BOOLEAN = /^[\s\0]*(true|false)[\s\0]*$/i
const NULLS = new Set(['', '~', 'null'])

/** `[int]`, `[long]`, `[double]`::TryParse with NumberStyles.Any (invariant culture), as .NET Framework does it. */
export function parseDotNetNumber(text: string): number | undefined {
  if (text === 'NaN') return Number.NaN
  if (text.trim() === 'Infinity') return Number.POSITIVE_INFINITY
  if (text.trim() === '-Infinity') return Number.NEGATIVE_INFINITY
  const match = DOTNET_NUMBER.exec(text)
  if (!match) return undefined
  const [, lead, mantissa = '', exponent, trail] = match
  if (!/\d/.test(mantissa)) return undefined
  if (lead && trail && (lead !== '(' || trail !== ')')) return undefined
  if ((lead === '(') !== (trail === ')')) return undefined
  const value = Number(`${mantissa.replaceAll(',', '')}${exponent === undefined ? '' : `e${exponent}`}`)
  // .NET Framework's double.TryParse fails on overflow, so the text stays a string.
  if (!Number.isFinite(value)) return undefined
  return lead === '-' || lead === '(' || trail === '-' ? -value : value
}

/** A plain scalar's value as Convert-ValueToProperType gives it. */
export function resolvePowerShellPlain(text: string): unknown {
  const number = parseDotNetNumber(text)
  if (number !== undefined) return number
  const boolean = DOTNET_BOOLEAN.exec(text)
  if (boolean) return boolean[1]!.toLowerCase() === 'true'
  if (NULLS.has(text.toLowerCase())) return null
  return text
}

class Unsupported extends Error {
  constructor(
    readonly offset: number,
    message: string,
  ) {
    super(message)
  }
}

function sameValue(a: unknown, b: unknown): boolean {
  return Object.is(a, b) || (typeof a === 'number' && typeof b === 'number' && a === b)
}

/** A tagged scalar (`!!int '5'`), as powershell-yaml converts the tags it knows. */
function resolveTagged(tag: string, text: string, offset: number): unknown {
  switch (tag) {
    case 'tag:yaml.org,2002:str':
      return text
    case 'tag:yaml.org,2002:null':
      return null
    case 'tag:yaml.org,2002:bool': {
      const boolean = DOTNET_BOOLEAN.exec(text)
      if (!boolean) throw new Unsupported(offset, `'${text}' is not a boolean (!!bool)`)
      return boolean[1]!.toLowerCase() === 'true'
    }
    case 'tag:yaml.org,2002:int': {
      const radix = text.length > 2 ? { '0o': 8, '0x': 16 }[text.slice(0, 2)] : undefined
      const value = radix ? Number.parseInt(text.slice(2), radix) : parseDotNetNumber(text)
      if (value === undefined || Number.isNaN(value) || !Number.isInteger(value))
        throw new Unsupported(offset, `'${text}' is not an integer (!!int)`)
      return value
    }
    case 'tag:yaml.org,2002:float': {
      if (/^[-+]?\.inf$/i.test(text)) return text.startsWith('-') ? -Infinity : Infinity
      const value = parseDotNetNumber(text)
      if (value === undefined) throw new Unsupported(offset, `'${text}' is not a number (!!float)`)
      return value
    }
    case 'tag:yaml.org,2002:timestamp':
      throw new Unsupported(offset, 'a !!timestamp becomes a .NET DateTime in PowerShell, which has no JSON value here')
    default:
      return undefined
  }
}

type Converted = { value: unknown; located: LocatedNode }

class Converter {
  readonly notes: PowerShellYamlDocument['notes'] = []
  // An anchored node is converted once and shared by its aliases (no alias expansion blow-up);
  // one still being converted when an alias refers to it contains that alias.
  private readonly converted = new Map<YamlNode, Converted | 'active'>()

  constructor(readonly position: (offset: number) => Position) {}

  convert(node: YamlNode): Converted {
    const known = this.converted.get(node)
    const at = node.at ?? 0
    if (known === 'active')
      throw new Unsupported(at, 'this alias refers to a node that contains it: the value would be infinite')
    if (known) return known
    if (node.kind !== 'empty') this.converted.set(node, 'active')
    const result = this.convertNode(node, at)
    if (node.kind !== 'empty') this.converted.set(node, result)
    return result
  }

  private convertNode(node: YamlNode, at: number): Converted {
    if (node.kind === 'scalar') return { value: this.scalar(node, at), located: { at } }
    if (node.kind === 'list') {
      const items = node.items.map((item) => this.convert(item))
      return { value: items.map((i) => i.value), located: { at, items: items.map((i) => i.located) } }
    }
    if (node.kind === 'map') {
      const value: Record<string, unknown> = {}
      const keys = new Map<string, { keyAt: number; node: LocatedNode }>()
      const spelling = new Map<string, string>()
      for (const pair of node.pairs) {
        const keyNode = pair.key
        const keyAt = pair.keyAt ?? keyNode.at ?? at
        if (keyNode.kind !== 'scalar')
          throw new Unsupported(keyAt, 'a mapping or a list as a key has no PowerShell value')
        const written = keyNode.source ?? String(keyNode.value ?? '')
        const child = this.convert(pair.value)
        const first = spelling.get(written.toLowerCase())
        if (first !== undefined) {
          this.notes.push({
            code: 'DUPLICATE_KEY',
            message:
              `the key '${written}' repeats '${first}' (line ${this.position(keys.get(first)?.keyAt ?? at).line}; ` +
              'keys ignore case): PowerShell keeps the last value',
            position: this.position(keyAt),
          })
        }
        const key = first ?? written
        spelling.set(written.toLowerCase(), key)
        Object.defineProperty(value, key, { value: child.value, enumerable: true, writable: true, configurable: true })
        keys.set(key, { keyAt: first === undefined ? keyAt : (keys.get(key)?.keyAt ?? keyAt), node: child.located })
      }
      return { value, located: { at, keys } }
    }
    // An empty value (`key:`) has no node.
    return { value: null, located: { at } }
  }

  private scalar(node: YamlScalarNode, at: number): unknown {
    // YamlDotNet gives every scalar as its text (`yaml` keeps it as `source` before a tag resolves it:
    // `!!binary` bytes, `!!int` numbers); a tag powershell-yaml does not know (`!!binary`, `!`,
    // `!local`) leaves the text to be typed by its style, as an untagged scalar is.
    const text = node.source ?? String(node.value ?? '')
    const tagged = node.tag ? resolveTagged(node.tag, text, at) : undefined
    if (tagged !== undefined || node.tag === 'tag:yaml.org,2002:null') return tagged
    const value = node.plain ? resolvePowerShellPlain(text) : text
    if (!sameValue(value, node.value)) {
      const show = (v: unknown) =>
        typeof v === 'string' ? `the string '${v}'` : v instanceof Uint8Array ? `${v.length} bytes` : `${v}`
      this.notes.push({
        code: 'TYPING',
        message: `'${text}' is ${show(value)} for PowerShell (powershell-yaml), ${show(node.value)} in YAML 1.2`,
        position: this.position(at),
      })
    }
    return value
  }
}

/** Reads a store file's YAML as PowerShell does. Never throws for bad input. */
export function parsePowerShellYaml(text: string, options: PowerShellYamlOptions): PowerShellYamlDocument {
  const tree = readYamlNodes(text, options)
  if (tree.error) {
    const { position } = tree.error
    return { value: null, error: tree.error, notes: [], locate: () => position }
  }
  if (!tree.root) return { value: null, notes: [], locate: () => ({ line: 1, column: 1 }) }
  const converter = new Converter(tree.positionOf)
  try {
    const { value, located } = converter.convert(tree.root)
    const notes = [...converter.notes]
    if (tree.secondDocumentAt !== undefined) {
      notes.push({
        code: 'EXTRA_DOCUMENTS',
        message: 'ConvertFrom-Yaml reads only the first document of a file; the others are ignored',
        position: tree.positionOf(tree.secondDocumentAt),
      })
    }
    return { value, notes, locate: createTreeLocator(located, tree.positionOf) }
  } catch (error) {
    if (!(error instanceof Unsupported)) throw error
    const position = tree.positionOf(error.offset)
    return {
      value: null,
      error: { code: 'MY_YAML_UNSUPPORTED', message: error.message, position },
      notes: [],
      locate: () => position,
    }
  }
}
