// The fast path: js-yaml reads plain data about ten times faster than `yaml` builds its AST. Its
// schemas (js-yaml.ts) resolve plain scalars with ../scalars.ts, exactly as the precise path does;
// whatever it cannot read to the same value (anchors and aliases, explicit tags, duplicate, null or
// collection keys, directives, merge keys, warnings, any error) makes it give up, and ../precise.ts
// decides instead. What the text alone tells it to give up on is in rules.ts. Everything a parse
// learns lives in that parse's call.
import type { LoadOptions, State } from 'js-yaml'
import { DEFAULT_MAX_DEPTH } from '../cst-limits.ts'
import { documentsOf, outsideJson } from '../documents.ts'
import type { ParseYamlOptions, TreeFacts, YamlDocument } from '../types.ts'
import { leafSize } from '../../values.ts'
import { jsYamlReader, NEEDS_PRECISE, PLAIN_TAG } from './js-yaml.ts'
import { hasEmptyItem, textIsSafe } from './rules.ts'

/** What the listener sees of js-yaml's state (the typings leave these fields out). */
interface NodeState extends State {
  tag: string | null
  anchor: string | null
}

// `yaml` refuses implicit keys this long; js-yaml accepts them.
const MAX_KEY_LENGTH = 1024

interface Inspection extends TreeFacts {
  /** A list holds a null. */
  nullItem: boolean
}

/**
 * Undefined when a scalar needs the precise path, or when a mapping has a key only a null key, a
 * collection key or an over-long key produces. Learns the tree's facts on the way (js-yaml's trees
 * share no node) and freezes its containers (parsed documents are shared and never changed;
 * freezing here spares the render cache a walk of its own).
 */
function inspect(root: object): Inspection | undefined {
  let nullItem = false
  let size = 0
  let plainJson = true
  const stack: object[] = [root]
  while (stack.length > 0) {
    const value = stack.pop()!
    if (value === NEEDS_PRECISE) return undefined
    size += 2
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) {
        const item: unknown = value[i]
        if (typeof item === 'object' && item !== null) stack.push(item)
        else {
          if (item === null) nullItem = true
          else if (typeof item === 'number' && outsideJson(item)) plainJson = false
          size += leafSize(item)
        }
      }
      Object.freeze(value)
      continue
    }
    const record = value as Record<string, unknown>
    if (Object.hasOwn(record, 'null') || Object.hasOwn(record, '[object Object]')) return undefined
    for (const key in record) {
      if (key.length > MAX_KEY_LENGTH) return undefined
      if (key === '__proto__') plainJson = false
      const item = record[key]
      size += key.length + 3
      if (typeof item === 'object' && item !== null) stack.push(item)
      else {
        if (typeof item === 'number' && outsideJson(item)) plainJson = false
        size += leafSize(item)
      }
    }
    Object.freeze(record)
  }
  return { nullItem, size, plainJson }
}

/**
 * Reads a YAML stream with js-yaml, or returns undefined when the result might differ from the
 * precise path's. The documents locate paths by parsing the text with `yaml` on the first call.
 */
export function parseYamlStreamFast(
  text: string,
  options: ParseYamlOptions,
  locateWith: (text: string) => YamlDocument[],
): YamlDocument[] | undefined {
  if (!textIsSafe(text, options)) return undefined
  const reader = jsYamlReader()
  // What this parse learns on the way (js-yaml's warnings, a node it must hand over): its own.
  let unsafe = false
  const flagged = options.version === '1.2' && options.flagVersionDifferences === true
  const load: LoadOptions & { maxDepth: number } = {
    schema: reader.schemas[flagged ? '1.2 flagged' : options.version],
    // js-yaml counts every node where the precise path counts collections: it refuses at least
    // everything the precise path refuses (and hands that over), plus documents at the limit.
    maxDepth: options.maxDepth ?? DEFAULT_MAX_DEPTH,
    onWarning: () => {
      unsafe = true
    },
  }
  // Anchors need `&` and tags `!`: most files have neither, and skip the per-node listener.
  if (text.includes('&') || text.includes('!')) {
    load.listener = (event, state) => {
      if (event !== 'close') return
      const node = state as NodeState
      if (node.anchor !== null || (node.tag !== null && node.tag !== PLAIN_TAG)) unsafe = true
    }
  }
  let values: unknown[]
  try {
    values = reader.loadAll(text, null, load)
  } catch {
    return undefined
  }
  // An empty document (null) may be `~` or nothing at all; only the precise path tells them apart.
  // A scalar at the root may be a block scalar whose content js-yaml ends at column 0.
  if (unsafe || values.length === 0) return undefined
  let nullItem = false
  const trees: TreeFacts[] = []
  for (const value of values) {
    if (typeof value !== 'object' || value === null) return undefined
    const inspection = inspect(value)
    if (inspection === undefined) return undefined
    nullItem ||= inspection.nullItem
    trees.push({ size: inspection.size, plainJson: inspection.plainJson })
  }
  if (nullItem && hasEmptyItem(text)) return undefined
  const docs = documentsOf(text, values, trees, locateWith)
  // Any difference would have sent the text to the precise path.
  if (flagged) for (const doc of docs) doc.versionDifferences = []
  return docs
}
