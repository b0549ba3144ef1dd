// A MIME multipart message, expanded as cloud-init's `_process_msg` expands it: every leaf part typed
// and expanded in place, each multipart container opening a scope of its own.
import { GZIP_TYPES } from './classify.ts'
import { problemAt } from './context.ts'
import type { GatherContext } from './context.ts'
import { decodeText, MimeError, readMime } from './mime.ts'
import type { MimeLeaf } from './mime.ts'
import type { GatheredItem, Gathering } from './types.ts'

function binaryString(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1')
}

/** cloud-init `_process_msg` for a MIME message (`convert_string` found its version header). */
export function expandMime(bytes: Uint8Array, ctx: GatherContext, gathering: Gathering): GatheredItem[] {
  let leaves: MimeLeaf[]
  try {
    leaves = readMime(binaryString(bytes), {
      maxParts: gathering.takeMimeParts(0),
      maxDecodedSize: gathering.options.limits.maxDecodedSize,
      maxDepth: gathering.options.limits.maxIncludeDepth,
    })
  } catch (error) {
    if (error instanceof MimeError) return gathering.report.fail(problemAt(ctx, error.code, error.message, error.line))
    throw error
  }
  gathering.takeMimeParts(leaves.length)
  // Each multipart container opens a scope; leaves are grouped under the containers they are in.
  const root: GatheredItem[] = []
  const scopes = new Map<string, GatheredItem[]>()
  const target = (containers: number[]): GatheredItem[] => {
    let items = root
    for (let i = 0; i < containers.length; i++) {
      const key = containers.slice(0, i + 1).join('/')
      let scope = scopes.get(key)
      if (!scope) {
        scope = []
        scopes.set(key, scope)
        items.push({ kind: 'scope', items: scope })
      }
      items = scope
    }
    return items
  }
  for (const leaf of leaves) {
    const partCtx: GatherContext = {
      ...ctx,
      lineOffset:
        leaf.bodyLine !== undefined && ctx.lineOffset !== undefined ? ctx.lineOffset + leaf.bodyLine : undefined,
      anchor: ctx.lineOffset !== undefined ? { line: ctx.lineOffset + leaf.headerLine + 1, column: 1 } : ctx.anchor,
    }
    if (ctx.lineOffset !== undefined) {
      const base = ctx.lineOffset
      partCtx.headerLines = Object.fromEntries(
        Object.entries(leaf.headerLines).map(([name, line]) => [name, base + line + 1]),
      )
    }
    let body = leaf.body
    let headers = leaf.headers
    let declared = leaf.contentType
    if (declared && GZIP_TYPES.has(declared)) {
      body = gathering.gunzip(body, partCtx)
      partCtx.lineOffset = undefined
      // cloud-init rebuilds a decompressed part with only its filename and Launch-Index.
      headers = Object.fromEntries(Object.entries(headers).filter(([name]) => name === 'Launch-Index'))
      declared = undefined
    }
    let text: string
    try {
      text = decodeText(body, leaf.charset)
    } catch (error) {
      return gathering.report.fail(problemAt(partCtx, 'MY_MIME_INVALID', (error as Error).message))
    }
    target(leaf.containers).push(...gathering.payload(text, declared, headers, partCtx))
  }
  return root
}
