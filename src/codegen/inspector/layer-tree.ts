// The layer chain as a tree, from the parts the history records (each with the include chain that reached
// it): the entry at the root, each included file under the file and line that included it, a glob's
// matches under their pattern, and each part (a YAML document, a MIME part, a dialect's layer) with
// the merger set it was merged with and whether it merged. Bounded like the value tree.
import type { HistoryPart } from '@merged-yaml/core'
import type { RelativePath } from './paths.ts'

export interface LayerPart {
  /** The part's first line in its file. */
  line: number
  /** The merger set in force for it, or the dialect's name. */
  merger: string
  status: HistoryPart['status']
}

export interface LayerNode {
  file: string
  /** The line of the including file that reached it (absent for the entry). */
  via?: number
  /** The glob include pattern it matched, relative to the root. */
  glob?: string
  /** Its parts in merge order (a stream has several; a file that only includes has none). */
  parts: LayerPart[]
  children: LayerNode[]
}

const MAX_LAYER_NODES = 2_000

/** A glob pattern as a regular expression over absolute paths (`*`, `?`, `**`, `[…]`; braces literal). */
function globToRegExp(pattern: string): RegExp {
  let source = ''
  const text = pattern.replaceAll('\\', '/')
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!
    if (char === '*' && text[i + 1] === '*') {
      source += '.*'
      i++
      if (text[i + 1] === '/') i++
    } else if (char === '*') source += '[^/]*'
    else if (char === '?') source += '[^/]'
    else if (char === '[') {
      const end = text.indexOf(']', i + 1)
      if (end === -1) source += '\\['
      else {
        source += `[${text
          .slice(i + 1, end)
          .replace(/^!/, '^')
          .replaceAll('\\', '\\\\')}]`
        i = end
      }
    } else source += char.replace(/[.+^${}()|\\/]/g, '\\$&')
  }
  return new RegExp(`^${source}$`)
}

export function createLayerTree(
  entry: string,
  parts: readonly HistoryPart[],
  files: readonly string[],
  globs: readonly string[],
  rel: RelativePath,
): LayerNode {
  const root: LayerNode = { file: rel(entry), parts: [], children: [] }
  const index = new Map<string, LayerNode>([['', root]])
  const patterns = globs.map((glob) => ({ glob: rel(glob), test: globToRegExp(glob) }))
  let budget = MAX_LAYER_NODES
  const child = (parentKey: string, parent: LayerNode, via: number, file: string): [string, LayerNode] => {
    const key = `${parentKey}\0${via}\0${file}`
    let node = index.get(key)
    if (!node && budget-- > 0) {
      node = { file: rel(file), via, parts: [], children: [] }
      const glob = patterns.find((p) => p.test.test(file.replaceAll('\\', '/')))
      if (glob) node.glob = glob.glob
      parent.children.push(node)
      index.set(key, node)
    }
    return [key, node ?? parent]
  }
  for (const part of parts) {
    let key = ''
    let node = root
    part.chain.forEach((link, i) => {
      ;[key, node] = child(key, node, link.line, part.chain[i + 1]?.file ?? part.file)
    })
    if (node.parts.length < MAX_LAYER_NODES)
      node.parts.push({ line: part.line, merger: part.merger, status: part.status })
  }
  // A render without parts (a failed one): the files it read, under the entry.
  if (parts.length === 0)
    for (const file of files.slice(1, MAX_LAYER_NODES)) root.children.push({ file: rel(file), parts: [], children: [] })
  return root
}
