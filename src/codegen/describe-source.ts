// A printed property's provenance: a JSDoc line saying which layer line set its value and how it
// was merged (`env/production.yaml:12 — dict(replace) over base.yaml:4`), after what the schema
// says of it; the printers map its name to that line in the declaration map.
import { dirname, relative } from 'node:path'
import { cleanCommentText } from './declaration-text.ts'
import type { PathStep, PropertySources, ValueSource } from './property-sources.ts'

/** What a printer needs to describe the sources of the properties it prints. */
export interface SourceNotes {
  sources: PropertySources
  /** A layer's path as the declaration's comments show it (relative to the declaration's folder). */
  display(file: string): string
}

/** The notes of a declaration `file` (absolute) with `sources`. */
export function createSourceNotes(sources: PropertySources, file: string): SourceNotes {
  const dir = dirname(file)
  // A few layers, named once per property: each is made relative (and safe in a comment) once.
  const shown = new Map<string, string>()
  const display = (layer: string): string => {
    let text = shown.get(layer)
    if (text === undefined) shown.set(layer, (text = cleanCommentText(relative(dir, layer).replaceAll('\\', '/'))))
    return text
  }
  return { sources, display }
}

// `set`, `replaced` and `defined` (another dialect's layer) go without saying.
const PLAIN_ACTIONS = new Set(['set', 'replaced', 'defined'])

/** The one-line account of a value's source, safe in a comment. */
function sourceText(source: ValueSource, display: (file: string) => string): string {
  let text = `${display(source.file)}:${source.line}`
  // A dialect that records top-level keys: the line is the key's, in the layer that set the value.
  if (source.inheritedFrom !== undefined) text += ` (in ${cleanCommentText(source.inheritedFrom)})`
  text += ` — ${cleanCommentText(source.merger)}`
  if (!PLAIN_ACTIONS.has(source.action)) text += ` (${cleanCommentText(source.action)})`
  if (source.over) text += ` over ${display(source.over.file)}:${source.over.line}`
  return text
}

/** A JSDoc comment of `lines` at `pad`. */
export function docBlock(lines: readonly string[], pad: string): string {
  if (lines.length === 0) return ''
  const safe = lines.map(cleanCommentText)
  if (safe.length === 1) return `${pad}/** ${safe[0]} */\n`
  return `${pad}/**\n${safe.map((line) => `${pad} * ${line}`.trimEnd()).join('\n')}\n${pad} */\n`
}

export interface DescribedProperty {
  /** The property's JSDoc: `lead` (the schema's account of it), then its source. */
  doc: string
  /** Where its name maps to: the key's start, and its end (`source.length` columns on; a span, not a point). */
  source: ValueSource
}

/** The source of the property at `path`, or undefined when the record has none. */
export function describeSource(
  notes: SourceNotes,
  path: readonly PathStep[],
  pad: string,
  lead: readonly string[] = [],
): DescribedProperty | undefined {
  const source = notes.sources.at(path)
  if (!source) return undefined
  const text = sourceText(source, notes.display)
  return { doc: lead.length === 0 ? `${pad}/** ${text} */\n` : docBlock([...lead, text], pad), source }
}
