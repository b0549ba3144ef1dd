// The escapes of a double-quoted scalar the block reader (read.ts) reads itself: the common ones. A
// scalar with any other (`\N`, `\U…`, a line break, a lone surrogate) is left to the other readers.

const ESCAPES: Readonly<Record<string, string>> = {
  '\\': '\\',
  '"': '"',
  '/': '/',
  n: '\n',
  t: '\t',
  r: '\r',
  '0': '\0',
  b: '\b',
  f: '\f',
  v: '\v',
  a: '\x07',
  e: '\x1b',
}

/** A double-quoted scalar's body with its escapes, or undefined when it holds one read elsewhere. */
export function unescapeDoubleQuoted(body: string): string | undefined {
  let out = ''
  let from = 0
  for (let i = body.indexOf('\\'); i !== -1; i = body.indexOf('\\', from)) {
    out += body.slice(from, i)
    const c = body[i + 1]!
    const simple = ESCAPES[c]
    if (simple !== undefined && Object.hasOwn(ESCAPES, c)) {
      out += simple
      from = i + 2
    } else if (c === 'x' || c === 'u') {
      const digits = body.slice(i + 2, i + (c === 'x' ? 4 : 6))
      if (!/^[0-9a-fA-F]+$/.test(digits) || digits.length !== (c === 'x' ? 2 : 4)) return undefined
      const code = Number.parseInt(digits, 16)
      if (code >= 0xd800 && code <= 0xdfff) return undefined
      out += String.fromCharCode(code)
      from = i + 2 + digits.length
    } else return undefined
  }
  return out + body.slice(from)
}
