// The official YAML test suite (../shared/yaml-test-suite, README there): its cases, and how a value
// of ours compares with a case's in.json.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'

/** `../shared/yaml-test-suite/data` beside the checkout (present in CI); the runners skip when it is absent. */
export const YAML_SUITE = resolve(import.meta.dirname, '../../../shared/yaml-test-suite/data')

export interface SuiteCase {
  /** The case's id, with its sub-case (`2G84/01`). */
  id: string
  title: string
  text: string
  /** A conforming parser must reject the input. */
  error: boolean
  /** The documents' values (absent for error cases and for values JSON cannot hold). */
  json?: unknown[]
}

/** The JSON texts of an in.json, one per document, one after another. */
export function parseJsonStream(text: string): unknown[] {
  const values: unknown[] = []
  let start = 0
  let depth = 0
  let inString = false
  const flush = (end: number) => {
    const chunk = text.slice(start, end).trim()
    if (chunk !== '') values.push(JSON.parse(chunk))
    start = end
  }
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!
    if (inString) {
      if (c === '\\') i++
      else if (c === '"') {
        inString = false
        if (depth === 0) flush(i + 1)
      }
    } else if (c === '"') inString = true
    else if (c === '{' || c === '[') depth++
    else if (c === '}' || c === ']') {
      if (--depth === 0) flush(i + 1)
    } else if (depth === 0 && /\s/.test(c)) flush(i + 1)
  }
  flush(text.length)
  return values
}

/** Every case of the suite, sub-cases included, in id order. */
export function loadSuiteCases(): SuiteCase[] {
  const cases: SuiteCase[] = []
  const read = (id: string, dir: string) => {
    const json = join(dir, 'in.json')
    cases.push({
      id,
      title: readFileSync(join(dir, '==='), 'utf8').trim(),
      text: readFileSync(join(dir, 'in.yaml'), 'utf8'),
      error: existsSync(join(dir, 'error')),
      ...(existsSync(json) ? { json: parseJsonStream(readFileSync(json, 'utf8')) } : {}),
    })
  }
  // Case ids are four characters; `tags/` lists cases by tag.
  for (const name of readdirSync(YAML_SUITE).sort()) {
    if (!/^[0-9A-Z]{4}$/.test(name)) continue
    const dir = join(YAML_SUITE, name)
    if (existsSync(join(dir, 'in.yaml'))) read(name, dir)
    else for (const sub of readdirSync(dir).sort()) read(`${name}/${sub}`, join(dir, sub))
  }
  return cases
}

/**
 * How `ours` differs from the suite's `expected` value, or undefined when equal: key order aside,
 * plain objects and arrays only (a Set, Map or Date is a difference, never an empty mapping), bytes
 * equal to the base64 text the suite writes for `!!binary`. `bytes` counts the bytes met.
 */
export function suiteDifference(
  ours: unknown,
  expected: unknown,
  bytes = { count: 0 },
  path = '$',
): string | undefined {
  if (ours instanceof Uint8Array && typeof expected === 'string') {
    bytes.count++
    return Buffer.from(ours).toString('base64') === expected.replace(/\s/g, '') ? undefined : `${path}: other bytes`
  }
  if (typeof ours !== 'object' || ours === null || typeof expected !== 'object' || expected === null) {
    return Object.is(ours, expected) || ours === expected
      ? undefined
      : `${path}: ${JSON.stringify(ours)} instead of ${JSON.stringify(expected)}`
  }
  const prototype = Object.getPrototypeOf(ours)
  if (Array.isArray(ours) !== Array.isArray(expected)) return `${path}: a list and a mapping`
  if (prototype !== Array.prototype && prototype !== Object.prototype && prototype !== null)
    return `${path}: a ${(ours as object).constructor?.name ?? 'non-plain object'}, not plain data`
  const keys = Object.keys(ours)
  const wanted = Object.keys(expected)
  if (keys.length !== wanted.length || !wanted.every((key) => Object.hasOwn(ours, key)))
    return `${path}: keys ${JSON.stringify(keys)} instead of ${JSON.stringify(wanted)}`
  for (const key of wanted) {
    const d = suiteDifference(
      (ours as Record<string, unknown>)[key],
      (expected as Record<string, unknown>)[key],
      bytes,
      `${path}.${key}`,
    )
    if (d) return d
  }
  return undefined
}

/** Where a value holds something other than plain data and bytes (a Set, Map, Date…), or undefined. */
export function notPlainData(value: unknown, path = '$'): string | undefined {
  if (typeof value !== 'object' || value === null || value instanceof Uint8Array) return undefined
  const prototype = Object.getPrototypeOf(value)
  if (prototype !== Array.prototype && prototype !== Object.prototype && prototype !== null)
    return `${path}: a ${(value as object).constructor?.name ?? 'non-plain object'}, not plain data`
  for (const [key, item] of Object.entries(value)) {
    const d = notPlainData(item, `${path}.${key}`)
    if (d) return d
  }
  return undefined
}
