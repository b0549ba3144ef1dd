// The sidecar declarations: `app.merged.d.yaml.ts` (and its map) next to each entry.
import { basename, dirname, extname, join } from 'node:path'
import { generateDeclarationWithMappings } from '../codegen/declaration.ts'
import { foreignTargets, isCurrent, readOwned, writeIfChanged, writeMap } from './declaration-files.ts'
import type { Pending, Writer } from './declaration-files.ts'
import { recordOf, stampOfFile } from './declaration-records.ts'
import type { DeclarationRecords } from './declaration-records.ts'
import { formatQuery } from './entry-id.ts'
import { withMap } from './map-writer.ts'
import type { ResolvedDtsOptions } from './options.ts'

/** `app.merged.yaml` → `app.merged.d.yaml.ts`, the name TypeScript's `allowArbitraryExtensions` looks for. */
export function sidecarPath(file: string): string {
  const ext = extname(file)
  return join(dirname(file), `${basename(file, ext)}.d${ext}.ts`)
}

export function createSidecarWriter(options: ResolvedDtsOptions, records: DeclarationRecords): Writer {
  const pending = new Map<string, Pending & { source: string }>()
  return {
    update(entry, update) {
      // TypeScript resolves a sidecar only for the plain specifier, not `?lookup=…`.
      if (formatQuery(entry.query)) return []
      const path = sidecarPath(entry.file)
      const record = records.get(path)
      if (record && isCurrent(update, record) && record.stamp === stampOfFile(path)) {
        pending.delete(path)
        return []
      }
      // A hand-written declaration keeps its map too; a hand-written map alone stays beside ours.
      const foreign = foreignTargets([path, `${path}.map`])
      if (foreign.includes(path)) pending.delete(path)
      else pending.set(path, { ...update, source: basename(entry.file) })
      return foreign
    },
    write(fail, deadline) {
      for (const [path, { key, input, source }] of pending) {
        pending.delete(path)
        try {
          // Hand-written since the update: left alone (the update warned about what it found then).
          const current = readOwned(path)
          if (current === undefined) continue
          const { text: declared, mappings } = generateDeclarationWithMappings(input(), options, path, source)
          const { text, map } = withMap(path, declared, mappings)
          // Written only when it changed, checked again just before (generating took a while).
          if (text !== current) writeIfChanged(path, text)
          writeMap(path, map)
          if (key !== undefined)
            records.set(path, recordOf(key, stampOfFile(path), records.get(path), text === current))
        } catch (error) {
          // Not recorded: the next update of the entry tries again.
          fail(path, error)
        }
        if (deadline !== undefined && performance.now() > deadline) break
      }
      records.save()
      return pending.size === 0
    },
  }
}
