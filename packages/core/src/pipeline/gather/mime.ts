// A MIME (RFC 2045/2046) reader sufficient for cloud-init user-data: headers with folding, nested
// multiparts flattened in document order, base64 / quoted-printable transfer encodings, charsets.
// It works on a "binary string" (one char per byte) so that byte-exact payloads survive and line
// numbers of identity-encoded parts map straight back to the file. One parser, one pass, kept whole.

export interface MimeLeaf {
  /** Header names exactly as written (cloud-init matches them case-sensitively); last one wins. */
  headers: Record<string, string>
  /** Lower-cased media type without parameters, or undefined when the part has no Content-Type. */
  contentType: string | undefined
  /** The decoded payload bytes. */
  body: Uint8Array
  /** Charset parameter of Content-Type, lower-cased. */
  charset: string | undefined
  /** 0-based line where the payload starts in the message, when it was not transfer-encoded. */
  bodyLine: number | undefined
  /** 0-based line of the part's first header line. */
  headerLine: number
  /** 0-based line of each header (of its last occurrence), by exact name. */
  headerLines: Record<string, number>
  /** Depth of multipart nesting (0 = the message itself is the leaf, 1 = a part of the top multipart). */
  depth: number
  /** Index path of multipart containers this leaf is in, used to open one scope per container. */
  containers: number[]
}

export class MimeError extends Error {
  constructor(
    message: string,
    readonly line: number,
    /** The diagnostic code: a malformed message, or a limit it exceeds. */
    readonly code:
      | 'MY_MIME_INVALID'
      | 'MY_MIME_TOO_DEEP'
      | 'MY_MIME_TOO_MANY_PARTS'
      | 'MY_DECODED_TOO_LARGE' = 'MY_MIME_INVALID',
  ) {
    super(message)
  }
}

interface RawPart {
  text: string
  line: number
}

function splitHeaders(part: RawPart): { headers: [string, string, number][]; bodyStart: number; bodyLine: number } {
  const { text } = part
  const headers: [string, string, number][] = []
  let pos = 0
  let line = part.line
  for (;;) {
    const end = text.indexOf('\n', pos)
    const rawLine = end === -1 ? text.slice(pos) : text.slice(pos, end)
    const next = end === -1 ? text.length : end + 1
    const content = rawLine.endsWith('\r') ? rawLine.slice(0, -1) : rawLine
    if (content === '') return { headers, bodyStart: next, bodyLine: line + 1 }
    if ((content[0] === ' ' || content[0] === '\t') && headers.length > 0) {
      const last = headers[headers.length - 1]!
      last[1] += ` ${content.trim()}`
    } else {
      const colon = content.indexOf(':')
      // A line that is not a header ends the header block (Python's email parser is as forgiving).
      if (colon <= 0) return { headers, bodyStart: pos, bodyLine: line }
      headers.push([content.slice(0, colon).trim(), content.slice(colon + 1).trim(), line])
    }
    if (end === -1) return { headers, bodyStart: text.length, bodyLine: line + 1 }
    pos = next
    line++
  }
}

/** `type/sub; a=b; c="d"` → type and parameters (names lower-cased). */
export function parseContentType(value: string): { type: string; params: Record<string, string> } {
  const [type = '', ...rest] = splitParams(value)
  const params: Record<string, string> = {}
  for (const param of rest) {
    const eq = param.indexOf('=')
    if (eq === -1) continue
    let v = param.slice(eq + 1).trim()
    if (v.startsWith('"') && v.endsWith('"') && v.length >= 2) v = v.slice(1, -1).replace(/\\(.)/g, '$1')
    params[param.slice(0, eq).trim().toLowerCase()] = v
  }
  return { type: type.trim().toLowerCase(), params }
}

function splitParams(value: string): string[] {
  const out: string[] = []
  let current = ''
  let quoted = false
  for (const ch of value) {
    if (ch === '"') quoted = !quoted
    if (ch === ';' && !quoted) {
      out.push(current)
      current = ''
    } else current += ch
  }
  out.push(current)
  return out
}

function bytesOf(binary: string): Uint8Array {
  const out = new Uint8Array(binary.length)
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i) & 0xff
  return out
}

function decodeQuotedPrintable(binary: string): Uint8Array {
  const bytes: number[] = []
  const text = binary.replace(/[ \t]+(\r?\n)/g, '$1')
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!
    if (ch === '=') {
      if (text[i + 1] === '\n') {
        i += 1
        continue
      }
      if (text[i + 1] === '\r' && text[i + 2] === '\n') {
        i += 2
        continue
      }
      const hex = text.slice(i + 1, i + 3)
      if (/^[0-9A-Fa-f]{2}$/.test(hex)) {
        bytes.push(Number.parseInt(hex, 16))
        i += 2
        continue
      }
    }
    bytes.push(text.charCodeAt(i) & 0xff)
  }
  return Uint8Array.from(bytes)
}

function decodeBody(
  binary: string,
  encoding: string | undefined,
  line: number,
): { body: Uint8Array; identity: boolean } {
  switch ((encoding ?? '7bit').toLowerCase()) {
    case 'base64': {
      const clean = binary.replace(/[^A-Za-z0-9+/=]/g, '')
      return { body: new Uint8Array(Buffer.from(clean, 'base64')), identity: false }
    }
    case 'quoted-printable':
      return { body: decodeQuotedPrintable(binary), identity: false }
    case '7bit':
    case '8bit':
    case 'binary':
      return { body: bytesOf(binary), identity: true }
    default:
      throw new MimeError(`unknown Content-Transfer-Encoding '${encoding}'`, line)
  }
}

function splitMultipart(part: RawPart, bodyStart: number, bodyLine: number, boundary: string): RawPart[] {
  const delimiter = `--${boundary}`
  const parts: RawPart[] = []
  const text = part.text
  let pos = bodyStart
  let line = bodyLine
  let start: { pos: number; line: number } | undefined
  while (pos <= text.length) {
    const end = text.indexOf('\n', pos)
    const rawLine = end === -1 ? text.slice(pos) : text.slice(pos, end)
    const content = rawLine.replace(/[ \t\r]+$/, '')
    if (content === delimiter || content === `${delimiter}--`) {
      if (start) {
        // The line break before the delimiter belongs to the delimiter (RFC 2046 §5.1.1).
        let stop = pos
        if (text[stop - 1] === '\n') stop--
        if (text[stop - 1] === '\r') stop--
        parts.push({ text: text.slice(start.pos, Math.max(start.pos, stop)), line: start.line })
      }
      if (content.endsWith('--') && content !== delimiter) return parts
      start = { pos: end === -1 ? text.length : end + 1, line: line + 1 }
    }
    if (end === -1) break
    pos = end + 1
    line++
  }
  if (start && start.pos < text.length) parts.push({ text: text.slice(start.pos), line: start.line })
  return parts
}

export interface MimeLimits {
  maxParts: number
  /** Multiparts nested in multiparts: the walk recurses once per level. */
  maxDepth: number
  maxDecodedSize: number
}

/**
 * Walks a MIME message depth-first, like Python's `msg.walk()`, returning its non-multipart parts.
 * `binary` is the message as a binary string; lines are counted from `firstLine` (0-based).
 */
export function readMime(binary: string, limits: MimeLimits, firstLine = 0): MimeLeaf[] {
  const leaves: MimeLeaf[] = []
  let containers = 0
  const walk = (part: RawPart, depth: number, path: number[]): void => {
    const { headers, bodyStart, bodyLine } = splitHeaders(part)
    const record: Record<string, string> = {}
    const headerLines: Record<string, number> = {}
    for (const [name, value, line] of headers) {
      record[name] = value
      headerLines[name] = line
    }
    const typeHeader = headers.findLast(([n]) => n.toLowerCase() === 'content-type')?.[1]
    const { type, params } = typeHeader
      ? parseContentType(typeHeader)
      : { type: undefined, params: {} as Record<string, string> }
    if (type?.startsWith('multipart/')) {
      const boundary = params.boundary
      if (!boundary) throw new MimeError(`${type} part has no boundary parameter`, part.line)
      if (depth + 1 > limits.maxDepth)
        throw new MimeError(
          `multipart parts nest deeper than ${limits.maxDepth} levels (limits.maxIncludeDepth)`,
          part.line,
          'MY_MIME_TOO_DEEP',
        )
      const id = containers++
      for (const child of splitMultipart(part, bodyStart, bodyLine, boundary)) walk(child, depth + 1, [...path, id])
      return
    }
    if (leaves.length >= limits.maxParts)
      throw new MimeError(
        `more than ${limits.maxParts} MIME parts (limits.maxMimeParts)`,
        part.line,
        'MY_MIME_TOO_MANY_PARTS',
      )
    const encoding = headers.findLast(([n]) => n.toLowerCase() === 'content-transfer-encoding')?.[1]
    const { body, identity } = decodeBody(part.text.slice(bodyStart), encoding, part.line)
    if (body.length > limits.maxDecodedSize)
      throw new MimeError(
        `a MIME part decodes to more than ${limits.maxDecodedSize} bytes (limits.maxDecodedSize)`,
        part.line,
        'MY_DECODED_TOO_LARGE',
      )
    leaves.push({
      headers: record,
      contentType: type || undefined,
      body,
      charset: params.charset?.toLowerCase(),
      bodyLine: identity ? bodyLine : undefined,
      headerLine: part.line,
      headerLines,
      depth,
      containers: path,
    })
  }
  walk({ text: binary, line: firstLine }, 0, [])
  return leaves
}

/** Decodes payload bytes with the part's charset (UTF-8 when none is given, as cloud-init does). */
export function decodeText(bytes: Uint8Array, charset: string | undefined): string {
  const label = !charset || charset === 'us-ascii' || charset === 'ascii' ? 'utf-8' : charset
  let decoder: InstanceType<typeof TextDecoder>
  try {
    decoder = new TextDecoder(label)
  } catch {
    throw new MimeError(`unknown charset '${charset}'`, 0)
  }
  return decoder.decode(bytes)
}
