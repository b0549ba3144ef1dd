// `maxLength` and `minLength` count code points, as JSON Schema says; ajv counts the whole string
// (ucs2length) for every check. The #38 shape — a 12 MB string aliased five times against a 13-rule
// `allOf` — spent 1.4 s of a 4 s render there. A string has between half its UTF-16 length and its
// length in code points, so nearly every check is decided by its length alone; only a limit between
// the two counts. Same results and messages as ajv's keywords, in the same place among the others.
import type { FuncKeywordDefinition } from 'ajv/dist/core.js'

/** Code points of `text` whose UTF-16 length is not enough to decide: a surrogate pair is one. */
function codePoints(text: string): number {
  let count = text.length
  for (let i = 0; i < text.length - 1; i++) {
    const unit = text.charCodeAt(i)
    if (unit >= 0xd800 && unit <= 0xdbff && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      count--
      i++
    }
  }
  return count
}

/** `text` has more than `limit` code points. */
export function longerThan(text: string, limit: number): boolean {
  if (text.length <= limit) return false
  if (Math.ceil(text.length / 2) > limit) return true
  return codePoints(text) > limit
}

/** `text` has fewer than `limit` code points. */
export function shorterThan(text: string, limit: number): boolean {
  if (text.length < limit) return true
  if (Math.ceil(text.length / 2) >= limit) return false
  return codePoints(text) < limit
}

function lengthKeyword(keyword: 'maxLength' | 'minLength'): FuncKeywordDefinition {
  const fails = keyword === 'maxLength' ? longerThan : shorterThan
  const comparison = keyword === 'maxLength' ? 'more' : 'fewer'
  const validate = (limit: number, data: string, parentSchema?: object): boolean => {
    if (!fails(data, limit)) return true
    const message = `must NOT have ${comparison} than ${limit} characters`
    // ajv adds the path, the schema and the data (verbose); its own keywords give parentSchema too.
    validate.errors = [{ keyword, message, params: { limit }, parentSchema }]
    return false
  }
  validate.errors = [] as object[]
  // ajv's own are first among a string's keywords, before `pattern`.
  return { keyword, type: 'string', schemaType: 'number', errors: true, validate, before: 'pattern' }
}

/** Replaces ajv's `maxLength` and `minLength` with these (on an instance no schema was compiled with). */
export function useLengthKeywords(ajv: {
  removeKeyword(keyword: string): unknown
  addKeyword(definition: FuncKeywordDefinition): unknown
}): void {
  for (const keyword of ['maxLength', 'minLength'] as const) {
    ajv.removeKeyword(keyword)
    ajv.addKeyword(lengthKeyword(keyword))
  }
}
