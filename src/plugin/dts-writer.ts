// Writing declarations: only when their text changed, batched, never touching a file needlessly
// (a write that changes nothing would wake watchers and editors, and could loop a rebuild).
// Generating one costs about a fifth of rendering its entry, so it is skipped when its key (a hash
// of everything it is generated from: see declaration-key.ts) is the one its file was last written
// from and the file is as that write left it; and it happens after the module code is returned:
// batched, on `flush` (the end of a build) or shortly after a burst of updates, in slices between
// which a dev server answers requests.
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
import type { DeclarationInput } from '../codegen/declaration.ts'
import { createMemoryRecords, stampOfBlock, stampOfFile } from './declaration-records.ts'
import type { DeclarationRecords } from './declaration-records.ts'
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
  /**
   * The same, keyed: `key` hashes everything the declaration is generated from, and `input` is
   * asked for only when the declaration must be generated (its key or its file changed).
   */
  updateKeyed(entry: EntryId, key: string, input: () => DeclarationInput): void
  /** Writes what is pending now (end of a build). */
  flush(): void
  /** Starts writing what is pending, in slices, without waiting for `delay` (`flush` finishes it). */
  drain(): void
}

/** What an update leaves to do: the key (none for a plain `update`) and how to get the input. */
interface Pending {
  key: string | undefined
  input: () => DeclarationInput
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
 * Writes a declaration's map beside it, or removes the one an earlier run wrote: TypeScript reads
 * `<file>.map` even when the declaration does not point at it.
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

interface Writer {
  update(entry: EntryId, pending: Pending): void
  /** Writes what is pending, until `deadline` (a `performance.now()` time) if given; whether all was written. */
  write(deadline?: number): boolean
}

function createSidecarWriter(options: ResolvedDtsOptions, records: DeclarationRecords): Writer {
  const pending = new Map<string, Pending & { source: string }>()
  return {
    update(entry, update) {
      // TypeScript resolves a sidecar only for the plain specifier, not `?lookup=…`.
      if (formatQuery(entry.query)) return
      const path = sidecarPath(entry.file)
      const record = records.get(path)
      if (update.key !== undefined && record?.key === update.key && record.stamp === stampOfFile(path)) {
        pending.delete(path)
        return
      }
      pending.set(path, { ...update, source: basename(entry.file) })
    },
    write(deadline) {
      for (const [path, { key, input, source }] of pending) {
        pending.delete(path)
        const { text, map } = generateDeclarationWithMap(input(), options, path, source)
        writeIfChanged(path, text)
        writeMap(path, map)
        if (key !== undefined) records.set(path, { key, stamp: stampOfFile(path) })
        if (deadline !== undefined && performance.now() > deadline) break
      }
      records.save()
      return pending.size === 0
    },
  }
}

function createAmbientWriter(options: ResolvedDtsOptions, root: string, records: DeclarationRecords): Writer {
  // Entry key (path relative to root, with query) → its block, as last written.
  let blocks: Map<string, string> | undefined
  // Entry key → the mappings of its block (lines from the block's first), for the declaration map.
  const blockMappings = new Map<string, Mapping[]>()
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
      const key = relative(root, entry.file).replaceAll('\\', '/') + formatQuery(entry.query)
      const known = load().get(key)
      const record = records.get(key)
      if (update.key !== undefined && known !== undefined && record?.key === update.key) {
        // Unchanged: its block is written as known (the file is rewritten only if someone changed it).
        if (record.stamp === stampOfBlock(known)) {
          inputs.delete(key)
          dirty = true
          return
        }
      }
      inputs.set(key, update)
      dirty = true
    },
    write() {
      if (!dirty) return true
      dirty = false
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
          const marks = new DeclarationMarks()
          const marked = generateMarkedAmbientModule(specifier, update.input(), options, options.file, marks)
          const resolved = resolveMarks(marked, marks)
          block = resolved.text
          blockMappings.set(key, resolved.mappings)
        } else
          block = known.get(key)!.replace(/^declare module .*\{$/m, `declare module ${JSON.stringify(specifier)} {`)
        known.set(key, block)
        if (update?.key !== undefined) records.set(key, { key: update.key, stamp: stampOfBlock(block) })
        // A blank line, the entry marker, then the block.
        const first = line + 2
        for (const mapping of blockMappings.get(key) ?? []) mappings.push({ ...mapping, line: mapping.line + first })
        line = first + block.split('\n').length
        return `${ENTRY_MARKER}${key}\n${block}\n`
      })
      // Written into the blocks: what is not updated again is kept as it is.
      inputs.clear()
      const text = [generatedHeader('the *.merged.yaml entries imported so far'), ...parts].join('\n')
      const map = mappings.length > 0 ? generateDeclarationMap(options.file, mappings) : undefined
      writeIfChanged(options.file, map ? text + sourceMappingComment(`${options.file}.map`) : text)
      writeMap(options.file, map)
      records.save()
      return true
    },
  }
}

/** How long a slice of writing lasts when a timer runs it (a dev server answers requests between slices). */
const SLICE_MS = 10
/** The longest a burst of updates postpones writing, in delays. */
const MAX_WAIT = 10

/** How the writer keeps its records and when it writes. */
export interface DeclarationWriterSchedule {
  /** What each declaration was last written from (the disk cache's, when `cache` is on); else the writer's own. */
  records?: DeclarationRecords
  /**
   * Wait until updates pause for `delay` ms (at most MAX_WAIT delays after the first update of a
   * burst): a dev server answering the imports of a hot update keeps its event loop for them. A
   * build rather writes `delay` ms after the first update, between its loads, while the bundler
   * works on other threads.
   */
  debounce?: boolean
}

/**
 * Batches writes: they start `delay` ms after the first update of a burst (or its pause, see
 * `debounce`), in slices of SLICE_MS, and `flush` writes all that is pending.
 */
export function createDeclarationWriter(
  options: ResolvedDtsOptions,
  root: string,
  delay = 100,
  { records = createMemoryRecords(), debounce = false }: DeclarationWriterSchedule = {},
): DeclarationWriter {
  const writer =
    options.mode === 'ambient' ? createAmbientWriter(options, root, records) : createSidecarWriter(options, records)
  let timer: ReturnType<typeof setTimeout> | undefined
  // When the first update of the pending burst came (with `debounce`).
  let burstStarted: number | undefined
  const flush = () => {
    if (timer) clearTimeout(timer)
    timer = undefined
    burstStarted = undefined
    writer.write()
  }
  const slice = () => {
    timer = undefined
    burstStarted = undefined
    if (!writer.write(performance.now() + SLICE_MS)) timer = setTimeout(slice, 0)
  }
  const schedule = () => {
    if (!debounce) {
      timer ??= setTimeout(slice, delay)
      return
    }
    const now = performance.now()
    burstStarted ??= now
    if (timer && now - burstStarted > delay * MAX_WAIT) return
    if (timer) clearTimeout(timer)
    timer = setTimeout(slice, delay)
  }
  return {
    update(entry, input) {
      writer.update(entry, { key: undefined, input: () => input })
      schedule()
    },
    updateKeyed(entry, key, input) {
      writer.update(entry, { key, input })
      schedule()
    },
    flush,
    drain() {
      if (timer) clearTimeout(timer)
      timer = setTimeout(slice, 0)
    },
  }
}
