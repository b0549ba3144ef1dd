// A printed property's provenance: a JSDoc line saying which layer line set its value and how it
// was merged (`env/production.yaml:12 — dict(replace) over base.yaml:4`), after what the schema
// says of it, and the marks that map its name to that line in the declaration map.
import { cleanCommentText } from './declaration-map.ts'
import type { DeclarationMarks } from './declaration-map.ts'
import type { PathStep, ValueSource, ValueSources } from './value-sources.ts'

/** What a printer needs to describe the sources of the properties it prints. */
export interface SourceNotes {
  sources: ValueSources
  marks: DeclarationMarks
  /** A layer's path as the declaration shows it (relative to the declaration's folder). */
  display(file: string): string
}

/** The one-line account of a value's source. */
export function sourceText(source: ValueSource, display: (file: string) => string): string {
  const where = `${display(source.file)}:${source.line}`
  const over = source.over ? ` over ${display(source.over.file)}:${source.over.line}` : ''
  // `set`, `replaced` and `defined` (another dialect's layer) go without saying.
  const action = ['set', 'replaced', 'defined'].includes(source.action) ? '' : ` (${source.action})`
  // A dialect that records top-level keys: the line is the key's, in the layer that set the value.
  const within = source.inheritedFrom === undefined ? '' : ` (in ${source.inheritedFrom})`
  return `${where}${within} — ${source.merger}${action}${over}`
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
  doc(): string
  /** The marks to put before and after the property's name (the second also after its type). */
  marks: [string, string]
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
  const start = notes.marks.mark(source)
  // The key's end: what TypeScript maps the end of the name to (a span, not a point).
  const after = notes.marks.mark({ file: source.file, line: source.line, column: source.column + source.length })
  return { doc: () => docBlock([...lead, sourceText(source, notes.display)], pad), marks: [start, after] }
}
