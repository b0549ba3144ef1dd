// The ambient declarations file: one `declare module '*/<entry>'` block per entry imported so far
// (those of entries not loaded in this run kept as written), and its map.
import { existsSync, readFileSync } from 'node:fs'
import { relative, resolve } from 'node:path'
import { generatedHeader, generateAmbientModuleWithMappings } from '../codegen/declaration.ts'
import type { Mapping } from '../codegen/declaration-text.ts'
import { foreignTargets, isCurrent, isOwnedOrAbsent, writeIfChanged, writeMap } from './declaration-files.ts'
import type { Pending, Writer } from './declaration-files.ts'
import { recordOf, stampOfBlock } from './declaration-records.ts'
import type { DeclarationRecords } from './declaration-records.ts'
import { formatQuery } from './entry-id.ts'
import { withMap } from './map-writer.ts'
import type { ResolvedDtsOptions } from './options.ts'

const ENTRY_MARKER = '// @entry '

/** The blocks of an ambient file we wrote before, by entry key, so entries not loaded yet keep their types. */
function readAmbientBlocks(path: string): Map<string, string> {
  const blocks = new Map<string, string>()
  let lines: string[]
  try {
    lines = readFileSync(path, 'utf8').split('\n')
  } catch {
    // None yet, or unreadable (then writing it fails, and says so).
    return blocks
  }
  for (let i = 0; i < lines.length; i++) {
    if (!lines[i]!.startsWith(ENTRY_MARKER)) continue
    const end = lines.indexOf('}', i + 1)
    if (end === -1) break
    blocks.set(lines[i]!.slice(ENTRY_MARKER.length), lines.slice(i + 1, end + 1).join('\n'))
    i = end
  }
  return blocks
}

/**
 * The specifier pattern of each entry path: a star, a slash and the shortest path suffix no other
 * entry shares (`app.merged.yaml`, or `web/app.merged.yaml` when two entries are called that).
 */
export function ambientSpecifiers(paths: readonly string[]): Map<string, string> {
  const distinct = [...new Set(paths)]
  const segments = new Map(distinct.map((path) => [path, path.split('/')]))
  const specifiers = new Map<string, string>()
  for (const path of distinct) {
    const own = segments.get(path)!
    let length = 1
    const suffix = (parts: string[], n: number) => parts.slice(-n).join('/')
    while (
      length < own.length &&
      distinct.some((other) => other !== path && suffix(segments.get(other)!, length) === suffix(own, length))
    )
      length++
    specifiers.set(path, `*/${suffix(own, length)}`)
  }
  return specifiers
}

export function createAmbientWriter(options: ResolvedDtsOptions, root: string, records: DeclarationRecords): Writer {
  // Entry key (path relative to root, with query) → its block, as last written.
  let blocks: Map<string, string> | undefined
  // Entry key → the mappings of its block (lines from the block's first), for the declaration map.
  const blockMappings = new Map<string, readonly Mapping[]>()
  const inputs = new Map<string, Pending>()
  let dirty = false
  const entryPath = (key: string) => key.replace(/\?.*$/, '')
  const load = (): Map<string, string> => {
    blocks ??= new Map(
      [...readAmbientBlocks(options.file)].filter(([key]) => existsSync(resolve(root, entryPath(key)))),
    )
    return blocks
  }
  return {
    update(entry, update) {
      // A hand-written ambient file (one declaring `*.svg`, say) is never replaced.
      const foreign = foreignTargets([options.file, `${options.file}.map`])
      if (foreign.includes(options.file)) return foreign
      const key = relative(root, entry.file).replaceAll('\\', '/') + formatQuery(entry.query)
      const known = load().get(key)
      const record = records.get(key)
      if (known !== undefined && record && isCurrent(update, record)) {
        // Unchanged: its block is written as known (the file is rewritten only if someone changed it).
        if (record.stamp === stampOfBlock(known)) {
          inputs.delete(key)
          dirty = true
          return foreign
        }
      }
      inputs.set(key, update)
      dirty = true
      return foreign
    },
    // What it throws is reported by dts-writer.ts; the blocks generated are kept for the next update to write.
    write() {
      if (!dirty) return true
      dirty = false
      // Hand-written since the updates: left alone (they warned about what they found then).
      if (!isOwnedOrAbsent(options.file)) return true
      const known = load()
      const keys = [...new Set([...known.keys(), ...inputs.keys()])].sort()
      const specifiers = ambientSpecifiers(keys.map(entryPath))
      const mappings: Mapping[] = []
      let line = 1 // the header's
      const parts = keys.map((key) => {
        const specifier = specifiers.get(entryPath(key))! + key.slice(entryPath(key).length)
        const update = inputs.get(key)
        let block: string
        if (update) {
          const generated = generateAmbientModuleWithMappings(specifier, update.input(), options, options.file)
          block = generated.text
          blockMappings.set(key, generated.mappings)
        } else
          block = known.get(key)!.replace(/^declare module .*\{$/m, `declare module ${JSON.stringify(specifier)} {`)
        known.set(key, block)
        // A block's stamp is a hash of its text: the stamp recordOf compares says whether the block changed.
        if (update?.key !== undefined)
          records.set(key, recordOf(update.key, stampOfBlock(block), records.get(key), true))
        // A blank line, the entry marker, then the block.
        const first = line + 2
        for (const mapping of blockMappings.get(key) ?? []) mappings.push({ ...mapping, line: mapping.line + first })
        line = first + block.split('\n').length
        return `${ENTRY_MARKER}${key}\n${block}\n`
      })
      // Written into the blocks: what is not updated again is kept as it is.
      inputs.clear()
      const blocks = [generatedHeader('the *.merged.yaml entries imported so far'), ...parts].join('\n')
      const { text, map } = withMap(options.file, blocks, mappings)
      writeIfChanged(options.file, text)
      writeMap(options.file, map)
      records.save()
      return true
    },
  }
}
