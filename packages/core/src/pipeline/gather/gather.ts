// Gathering: turns an entry file into the ordered tree of parts cloud-init's UserDataProcessor
// would produce (cloudinit/user_data.py), with our build-time include rules (README, "Gathering
// parts"). The Gatherer reads files and types payloads; include lists, archives and MIME messages
// expand in their own modules, calling back into it: one recursion, kept whole.
import { createHash } from 'node:crypto'
import type { BigIntStats } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { gunzipSync } from 'node:zlib'
import type { ErrorCode } from '../../codes.ts'
import { MergedYamlError } from '../../diagnostics.ts'
import { weakMemo } from '../../memo.ts'
import type { ChainLink } from '../../diagnostics.ts'
import { decodeUtf8Escaped } from '../../file-system.ts'
import type { FileSystem } from '../../file-system.ts'
import type { ResolvedOptions } from '../../options.ts'
import type { Problem, Reporter } from '../../reporter.ts'
import { expandArchive } from './archive.ts'
import { isGzip, nearHeader, resolvePartType } from './classify.ts'
import { Confinement } from './confinement.ts'
import { problemAt, siteAt } from './context.ts'
import type { GatherContext, IncludeSite } from './context.ts'
import { gatherDialects } from './dialect-gather.ts'
import type { DialectRequests } from './dialect-gather.ts'
import { expandInclude } from './include.ts'
import { expandMime } from './multipart.ts'
import { gatherSchema } from './schema.ts'
import type { DependencyOutcome, EntryInputs, GatheredItem, GatheredPart, GatherResult, Gathering } from './types.ts'

export type {
  DependencyOutcome,
  EntryInputs,
  GatheredItem,
  GatheredPart,
  GatheredSchema,
  GatherResult,
  ReadFile,
} from './types.ts'
export type { DialectGatherHook, DialectRequests } from './dialect-gather.ts'

/** The headers of a part read from a plain file (no MIME message, no archive): one shared, empty. */
export const NO_HEADERS: Readonly<Record<string, string>> = Object.freeze({})

interface DecodedBlob {
  text: string
  /** cloud-init's test: a MIME message declares its version in its first 4 KiB. */
  mime: boolean
}

function decodeBlob(bytes: Uint8Array): DecodedBlob {
  return { text: decodeUtf8Escaped(bytes), mime: /mime-version:/i.test(binaryString(bytes.subarray(0, 4096))) }
}

// The render cache hands every entry the same bytes of a file, and a gatherer the same decoded bytes
// of a gzip part included again: decoding them once also gives every entry (and every include of the
// part) the same string, which the parsed-text lookups then find at once.
const decodedFiles = weakMemo<Uint8Array, DecodedBlob>(
  'gather: the text of a file',
  'the bytes the render cache hands out never change (an edited file is read into new bytes)',
)

function binaryString(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1')
}

class Gatherer implements Gathering {
  readonly confinement: Confinement
  readonly active: string[] = []
  readonly onceMerged = new Set<string>()
  private readonly seen = new Set<string>()
  private mimeParts = 0
  private includes = 0
  private globEntries = 0
  private textSize = 0
  private decodedSize = 0
  /** Each file's bytes as first read: a file included again is the same text (and parsed once). */
  private readonly bytesRead = new Map<string, Uint8Array>()
  /** gzip content decoded, by its hash: a part included again is not decoded again. */
  private readonly gunzipped = new Map<string, Uint8Array>()

  constructor(
    readonly options: ResolvedOptions,
    readonly report: Reporter,
    private readonly fs: FileSystem,
    readonly inputs: EntryInputs,
  ) {
    this.confinement = new Confinement(options, report, fs)
  }

  countInclude(at: IncludeSite): void {
    const limit = this.options.limits.maxIncludes
    if (++this.includes <= limit) return
    this.report.fail(
      problemAt(
        at.ctx,
        'MY_INCLUDE_EXPANSION',
        `more than ${limit} includes expanded in one entry, a file counted each time it is included ` +
          `(limits.maxIncludes): do files include the same files again?`,
        at.line,
        at.column,
      ),
    )
  }

  countGlobEntries(count: number, at: IncludeSite): void {
    const limit = this.options.limits.maxGlobEntries
    this.globEntries += count
    if (this.globEntries <= limit) return
    this.report.fail(
      problemAt(
        at.ctx,
        'MY_GLOB_WALK_LIMIT',
        `the glob include lines of this entry visit more than ${limit} folder entries (limits.maxGlobEntries): ` +
          `start the pattern in a smaller folder`,
        at.line,
        at.column,
      ),
    )
  }

  takeMimeParts(count: number): number {
    const left = this.options.limits.maxMimeParts - this.mimeParts
    this.mimeParts += count
    return left
  }

  /**
   * Reads a file a dialect refers to (a Heat template, …) under the same rules as an include:
   * confined to root/allow, size-limited, recorded as a dependency. Problems point at `at`.
   */
  dependency(path: string, at: NonNullable<Problem['at']>): Uint8Array {
    const from = siteAt(at)
    const real = this.confinement.confine(path, from, path, false)
    this.confinement.refuseDenied(path, real, from, path)
    return this.read(real, from)
  }

  /** The entry's parts, and its bytes as read (a dialect's gather hook gets their text). */
  entry(path: string): { items: GatheredItem[]; bytes: Uint8Array } {
    const file = resolve(path)
    const bytes = this.read(file, undefined)
    return { items: this.file(file, bytes, [], 0), bytes }
  }

  /** Reads a file, enforcing the size limit; `from` locates the problem at the include line. */
  read(file: string, from: IncludeSite | undefined): Uint8Array {
    const known = this.bytesRead.get(file)
    if (known !== undefined) return known
    const fail = (code: ErrorCode, message: string): never => {
      if (from) this.report.fail(problemAt(from.ctx, code, message, from.line, from.column))
      this.report.fail({ code, message, at: { file, position: { line: 1, column: 1 }, chain: [] } })
    }
    const tooLarge = (size: number): never =>
      fail(
        'MY_FILE_TOO_LARGE',
        `'${file}' is ${size} bytes, over the limit of ${this.options.limits.maxFileSize} (limits.maxFileSize)`,
      )
    let stat: BigIntStats
    try {
      stat = this.fs.stat(file)
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code
      if (code === 'ENOENT') return fail('MY_FILE_NOT_FOUND', `file not found: ${file}`)
      return fail('MY_FILE_UNREADABLE', `cannot read '${file}': ${code ?? (error as Error).message}`)
    }
    if (stat.isDirectory()) fail('MY_INCLUDE_IS_DIRECTORY', `'${file}' is a directory, not a file`)
    // A FIFO or a device would block the build or never end: only regular files are read.
    if (!stat.isFile()) fail('MY_INCLUDE_NOT_A_FILE', `'${file}' is not a regular file (a FIFO, socket or device)`)
    if (stat.size > this.options.limits.maxFileSize) tooLarge(Number(stat.size))
    if (!this.seen.has(file)) {
      this.seen.add(file)
      this.inputs.files.push(file)
      if (this.inputs.files.length > this.options.limits.maxIncludeCount && from) {
        fail(
          'MY_INCLUDE_COUNT',
          `more than ${this.options.limits.maxIncludeCount} files in one entry (limits.maxIncludeCount)`,
        )
      }
    }
    let bytes: Uint8Array
    try {
      bytes = this.fs.readFile(file)
    } catch (error) {
      if (error instanceof MergedYamlError) throw error
      return fail(
        'MY_FILE_UNREADABLE',
        `cannot read '${file}': ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
      )
    }
    // The file may have grown since it was stat'ed (a layer being written while watching).
    if (bytes.byteLength > this.options.limits.maxFileSize) tooLarge(bytes.byteLength)
    this.bytesRead.set(file, bytes)
    return bytes
  }

  file(file: string, bytes: Uint8Array, chain: readonly ChainLink[], depth: number): GatheredItem[] {
    this.active.push(file)
    try {
      const gzipped = isGzip(bytes)
      const raw = gzipped
        ? this.gunzip(bytes, {
            file,
            fileText: '',
            chain,
            lineOffset: undefined,
            anchor: { line: 1, column: 1 },
            depth,
          })
        : bytes
      const blob = decodedFiles.get(raw, decodeBlob)
      const fileText = blob.text
      const ctx: GatherContext = {
        file,
        fileText,
        chain,
        lineOffset: gzipped ? undefined : 0,
        anchor: { line: 1, column: 1 },
        depth,
      }
      return blob.mime ? expandMime(raw, ctx, this) : this.payload(fileText, undefined, NO_HEADERS, ctx)
    } finally {
      this.active.pop()
    }
  }

  gunzip(bytes: Uint8Array, ctx: GatherContext): Uint8Array {
    const key = createHash('sha256').update(bytes).digest('hex')
    const known = this.gunzipped.get(key)
    if (known !== undefined) return known
    let decoded: Uint8Array
    try {
      decoded = gunzipSync(bytes, { maxOutputLength: this.options.limits.maxDecodedSize })
    } catch (error) {
      const tooBig =
        (error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE' ||
        /maxOutputLength|Cannot create a Buffer/i.test(String(error))
      return this.report.fail(
        problemAt(
          ctx,
          tooBig ? 'MY_DECODED_TOO_LARGE' : 'MY_GZIP_INVALID',
          tooBig
            ? `gzip content expands past ${this.options.limits.maxDecodedSize} bytes (limits.maxDecodedSize)`
            : `invalid gzip data: ${(error as Error).message}`,
        ),
      )
    }
    this.gunzipped.set(key, decoded)
    // What gzip content decodes to counts too, also when no part comes of it (a skipped script).
    this.decodedSize += decoded.byteLength
    if (this.decodedSize > this.options.limits.maxEntrySize)
      this.report.fail(
        problemAt(
          ctx,
          'MY_ENTRY_TOO_LARGE',
          `the gzip content of this entry decodes to more than ${this.options.limits.maxEntrySize} bytes ` +
            `together (limits.maxEntrySize)`,
        ),
      )
    return decoded
  }

  /** Types a payload and expands it: include lists and archives in place, cloud-config as a part. */
  payload(
    text: string,
    declared: string | undefined,
    headers: Readonly<Record<string, string>>,
    ctx: GatherContext,
  ): GatheredItem[] {
    const type = resolvePartType(declared, text)
    switch (type) {
      case 'text/x-include-url':
      case 'text/x-include-once-url':
        return [{ kind: 'scope', items: expandInclude(text, ctx, this) }]
      case 'text/cloud-config-archive':
        return [{ kind: 'scope', items: expandArchive(text, ctx, this) }]
      case 'text/cloud-config':
      case 'text/cloud-config-jsonp':
        return [this.part(type, false, text, headers, ctx)]
      case undefined:
      case 'text/x-not-multipart': {
        const near = nearHeader(text)
        if (near !== undefined) {
          const line = text.slice(0, near.offset).split('\n').length - 1
          const column = near.offset - (text.lastIndexOf('\n', near.offset - 1) + 1)
          this.report.lenient(
            problemAt(
              ctx,
              'MY_HEADER_NEAR_MISS',
              `the first line is nearly the header ${near.suggestion} but is not one: did you mean ` +
                `${near.suggestion}? Without it the lines below are YAML (lenient mode reads them so)`,
              line,
              column,
              near.suggestion,
            ),
          )
        }
        // A plain file without a `#cloud-config` line: YAML to us (cloud-init would not handle it).
        return [this.part('text/cloud-config', true, text, headers, ctx)]
      }
      case 'text/jinja2':
        this.report.lenient(
          problemAt(
            ctx,
            'MY_JINJA_UNSUPPORTED',
            'jinja templates are rendered by cloud-init at boot with instance data, which a build does not have; ' +
              'the part is skipped',
            0,
          ),
        )
        return [{ kind: 'scope', items: [], userData: type }]
      default:
        this.report.warn(
          problemAt(
            ctx,
            'MY_PART_UNHANDLED',
            `part of type ${type} is not cloud-config and is skipped, as cloud-init's cloud-config handler skips it`,
            0,
          ),
        )
        return [{ kind: 'scope', items: [], userData: type }]
    }
  }

  part(
    type: GatheredPart['type'],
    headerless: boolean,
    text: string,
    headers: Readonly<Record<string, string>>,
    ctx: GatherContext,
  ): GatheredPart {
    this.textSize += text.length
    const limit = this.options.limits.maxEntrySize
    if (this.textSize > limit)
      this.report.fail(
        problemAt(
          ctx,
          'MY_ENTRY_TOO_LARGE',
          `the parts of this entry hold more than ${limit} characters together, a file counted each time it ` +
            `is included (limits.maxEntrySize)`,
          0,
        ),
      )
    return {
      kind: 'part',
      type,
      headerless,
      text,
      headers,
      origin: {
        file: ctx.file,
        fileText: ctx.fileText,
        chain: ctx.chain,
        lineOffset: ctx.lineOffset,
        anchor: ctx.anchor,
        ...(ctx.headerLines ? { headerLines: ctx.headerLines } : {}),
      },
    }
  }
}

/**
 * Gathers an entry's parts, then reads the files the dialects' options name, under the include rules
 * (a problem with one is kept for its dialect to report), then runs the dialects' gather hooks.
 * Throws MergedYamlError for errors; warnings go to the reporter; what was read goes to `inputs` as
 * it is read.
 */
export function gatherEntry(
  entry: string,
  requests: DialectRequests,
  options: ResolvedOptions,
  report: Reporter,
  fs: FileSystem,
  inputs: EntryInputs,
): GatherResult {
  const gatherer = new Gatherer(options, report, fs, inputs)
  const { items, bytes } = gatherer.entry(entry)
  // The text gathering decoded already (the same memo): the schema modeline and a dialect's hook cost
  // nothing more. A gzipped entry has no text of its own.
  const entryText = isGzip(bytes) ? '' : decodedFiles.get(bytes, decodeBlob).text
  const readDependency = (file: string, at: NonNullable<Problem['at']>) => gatherer.dependency(file, at)
  const schema = gatherSchema(inputs.files[0]!, entryText, options, report, readDependency, inputs)
  const dependencies = new Map<string, DependencyOutcome>()
  const at = { file: inputs.files[0]!, position: { line: 1, column: 1 }, chain: [] }
  for (const path of requests.dependencies) {
    if (dependencies.has(path)) continue
    const file = resolve(dirname(at.file), path)
    try {
      dependencies.set(path, { file, bytes: gatherer.dependency(file, at) })
    } catch (error) {
      if (!(error instanceof MergedYamlError)) throw error
      dependencies.set(path, { file, error })
    }
  }
  const gathered = gatherDialects(requests.hooks, { file: at.file, text: entryText }, gatherer, fs)
  return { items, dependencies, gathered: gathered.results, listings: gathered.listings, schema, entryText }
}
