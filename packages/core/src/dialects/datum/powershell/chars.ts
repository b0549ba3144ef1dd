// PowerShell's quotes and backtick escapes, as its tokenizer reads them: shared by the data-file
// reader (psd1-lexer.ts) and the reader of handler expressions (../handlers/).

/** The characters PowerShell takes for `'` (typographic ones too). */
export const SINGLE_QUOTES = "'\u2018\u2019\u201a\u201b"
/** The characters PowerShell takes for `"`. */
export const DOUBLE_QUOTES = '"\u201c\u201d\u201e'

/** What a backtick makes of the character after it in a `"…"` string (any other stands for itself). */
export const BACKTICK_ESCAPES: Readonly<Record<string, string>> = {
  '0': '\0',
  a: '\x07',
  b: '\b',
  e: '\x1b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
  v: '\v',
}

/**
 * What is at `i` of a string quoted with `quotes`: the quote that closes it, a doubled quote (one
 * quote character, two long), or neither.
 */
export function quoteAt(text: string, i: number, quotes: string): 'closing' | 'doubled' | undefined {
  if (!quotes.includes(text[i] ?? '\0')) return undefined
  return quotes.includes(text[i + 1] ?? '\0') ? 'doubled' : 'closing'
}
