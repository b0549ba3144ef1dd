// Where each node of a value read by one of the store file readers (yaml.ts, psd1.ts) was written,
// and the `locate` both readers give their documents from it.
import type { Position } from '../../../diagnostics.ts'
import type { PathSegment } from '../../../values.ts'

/** A node's offset in the text, and its keys' and items' nodes. */
export interface LocatedNode {
  at: number
  keys?: Map<string, { keyAt: number; node: LocatedNode }>
  items?: LocatedNode[]
}

/** Where the node at `path` starts (its key with 'key'), else the nearest ancestor. */
export function createTreeLocator(
  root: LocatedNode,
  position: (offset: number) => Position,
): (path: readonly PathSegment[], target?: 'key' | 'value') => Position {
  return (path, target = 'value') => {
    let node: LocatedNode | undefined = root
    let found = position(root.at)
    path.forEach((segment, index) => {
      if (!node) return
      const entry = node.keys?.get(String(segment))
      const child = entry?.node ?? (typeof segment === 'number' ? node.items?.[segment] : undefined)
      if (!child) {
        node = undefined
        return
      }
      found = position(index === path.length - 1 && target === 'key' && entry ? entry.keyAt : child.at)
      node = child
    })
    return found
  }
}
