// Writing declarations: only when their text changed, batched, never touching a file needlessly
// (a write that changes nothing would wake watchers and editors, and could loop a rebuild).
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { basename, dirname, extname, join, relative, resolve } from 'node:path'
import {
  DeclarationMarks,
  generateDeclarationMap,
  resolveMarks,
  sourceMappingComment,
} from '../codegen/declaration-map.ts'
import type { Mapping } from '../codegen/declaration-map.ts'
import { generateDeclarationWithMap, generatedHeader, generateMarkedAmbientModule } from '../codegen/declaration.ts'
import type { GeneratedDeclaration } from '../codegen/declaration.ts'
import type { DeclarationInput } from '../codegen/declaration.ts'
import { formatQuery } from './entry-id.ts'
import type { EntryId } from './entry-id.ts'
import type { ResolvedDtsOptions } from './options.ts'

export interface DeclarationWriter {
  /**
   * Records what an entry's declaration is generated from — its merged values, one per mode the
   * declaration covers, in a fixed order (see mode-values.ts), and its JSON Schema if any — and
   * writes the declaration shortly after (or on `flush`).
   */
  update(entry: EntryId, input: DeclarationInput): void
  /** Writes what is pending now (end of a build). */
  flush(): void
}

/** `app.merged.yaml` → `app.merged.d.yaml.ts`, the name TypeScript's `allowArbitraryExtensions` looks for. */
export function sidecarPath(file: string): string {
  const ext = extname(file)
  return join(dirname(file), `${basename(file, ext)}.d${ext}.ts`)
}

/** Writes `text` unless the file already holds exactly that. */
function writeIfChanged(path: string, text: string): void {
  if (existsSync(path) && readFileSync(path, 'utf8') === text) return
  mkdirSync(dirname(path), { recursive: true })
  writeFileSync(path, text)
}

/**
 * Writes a declaration's map, or removes the one an earlier run wrote: TypeScript reads
 * `<declaration>.map` even when the declaration names no map, and would follow stale positions.
 */
function writeMap(declaration: string, map: string | undefined): void {
  const path = `${declaration}.map`
  if (map) writeIfChanged(path, map)
  else if (existsSync(path)) rmSync(path)
}

const ENTRY_MARKER = '// @entry '

/** The blocks of an ambient file we wrote before, by entry key, so entries not loaded yet keep their types. */
function readAmbientBlocks(path: string): Map<string, string> {
  const blocks = new Map<string, string>()
  if (!existsSync(path)) return blocks
  const lines = readFileSync(path, 'utf8').split('\n')
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

function createSidecarWriter(options: ResolvedDtsOptions): Pick<DeclarationWriter, 'update'> & { write(): void } {
  const pending = new Map<string, GeneratedDeclaration>()
  return {
    update(entry, input) {
      // TypeScript resolves a sidecar only for the plain specifier, not `?lookup=…`.
      if (formatQuery(entry.query)) return
      const path = sidecarPath(entry.file)
      pending.set(path, generateDeclarationWithMap(input, options, path, basename(entry.file)))
    },
    write() {
      for (const [path, { text, map }] of pending) {
        writeIfChanged(path, text)
        writeMap(path, map)
      }
      pending.clear()
    },
  }
}

function createAmbientWriter(
  options: ResolvedDtsOptions,
  root: string,
): Pick<DeclarationWriter, 'update'> & { write(): void } {
  // Entry key (path relative to root, with query) → block without its `declare module` line's specifier.
  let blocks: Map<string, string> | undefined
  // Entry key → the mappings of its block (lines from the block's first), for the declaration map.
  const blockMappings = new Map<string, Mapping[]>()
  const inputs = new Map<string, DeclarationInput>()
  let dirty = false
  const entryPath = (key: string) => key.replace(/\?.*$/, '')
  const load = (): Map<string, string> => {
    blocks ??= new Map(
      [...readAmbientBlocks(options.file)].filter(([key]) => existsSync(resolve(root, entryPath(key)))),
    )
    return blocks
  }
  return {
    update(entry, input) {
      load()
      inputs.set(relative(root, entry.file).replaceAll('\\', '/') + formatQuery(entry.query), input)
      dirty = true
    },
    write() {
      if (!dirty) return
      dirty = false
      const known = load()
      const keys = [...new Set([...known.keys(), ...inputs.keys()])].sort()
      const specifiers = ambientSpecifiers(keys.map(entryPath))
      const mappings: Mapping[] = []
      let line = 1 // the header's
      const parts = keys.map((key) => {
        const specifier = specifiers.get(entryPath(key))! + key.slice(entryPath(key).length)
        const input = inputs.get(key)
        let block: string
        if (input) {
          const marks = new DeclarationMarks()
          const marked = resolveMarks(
            generateMarkedAmbientModule(specifier, input, options, options.file, marks),
            marks,
          )
          block = marked.text
          blockMappings.set(key, marked.mappings)
        } else
          block = known.get(key)!.replace(/^declare module .*\{$/m, `declare module ${JSON.stringify(specifier)} {`)
        known.set(key, block)
        // A blank line, the entry marker, then the block.
        const first = line + 2
        for (const mapping of blockMappings.get(key) ?? []) mappings.push({ ...mapping, line: mapping.line + first })
        line = first + block.split('\n').length
        return `${ENTRY_MARKER}${key}\n${block}\n`
      })
      const text = [generatedHeader('the *.merged.yaml entries imported so far'), ...parts].join('\n')
      const map = mappings.length > 0 ? generateDeclarationMap(options.file, mappings) : undefined
      writeIfChanged(options.file, map ? text + sourceMappingComment(`${options.file}.map`) : text)
      writeMap(options.file, map)
    },
  }
}

/** Batches writes: at most one write per file every `delay` ms, and all of them on `flush`. */
export function createDeclarationWriter(options: ResolvedDtsOptions, root: string, delay = 100): DeclarationWriter {
  const writer = options.mode === 'ambient' ? createAmbientWriter(options, root) : createSidecarWriter(options)
  let timer: ReturnType<typeof setTimeout> | undefined
  const flush = () => {
    if (timer) clearTimeout(timer)
    timer = undefined
    writer.write()
  }
  return {
    update(entry, input) {
      writer.update(entry, input)
      timer ??= setTimeout(flush, delay)
    },
    flush,
  }
}
