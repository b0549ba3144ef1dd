// The entries under the root, for the inspector's list: every `*.merged.yaml` the dev server may
// serve, found by a bounded walk (no node_modules, no dot folders, no links followed).
import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import type { Servable } from './access.ts'

const ENTRY = /\.merged\.ya?ml$/
const LIMITS = { dirs: 5_000, entries: 1_000, depth: 16 }

export function findEntries(root: string, servable: Servable, limits = LIMITS): string[] {
  const found: string[] = []
  let dirs = 0
  const walk = (dir: string, depth: number): void => {
    if (dirs++ >= limits.dirs || depth > limits.depth) return
    let items
    try {
      items = readdirSync(dir, { withFileTypes: true })
    } catch {
      return // unreadable: nothing to list
    }
    items.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    for (const item of items) {
      if (found.length >= limits.entries) return
      const path = join(dir, item.name)
      if (item.isDirectory()) {
        if (item.name !== 'node_modules' && !item.name.startsWith('.')) walk(path, depth + 1)
      } else if (item.isFile() && ENTRY.test(item.name) && servable(path)) found.push(path)
    }
  }
  walk(root, 0)
  return found
}
