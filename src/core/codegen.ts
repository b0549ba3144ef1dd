// The merged value as an ES module: pure string building, byte-deterministic for a given value.
import { isExportableName, propertyKey } from './names.ts'

/** Top-level values whose JSON is longer than this are emitted as `JSON.parse('…')` (Vite's rule). */
export const JSON_PARSE_THRESHOLD = 10_000

type PlainObject = Record<string, unknown>

export function isPlainObject(value: unknown): value is PlainObject {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false
  const proto = Object.getPrototypeOf(value)
  return proto === Object.prototype || proto === null
}

/** Whether `JSON.parse(JSON.stringify(value))` gives the value back exactly. */
function isJsonSafe(value: unknown): boolean {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return true
  if (typeof value === 'number') return Number.isFinite(value) && !Object.is(value, -0)
  if (Array.isArray(value)) return value.every(isJsonSafe)
  if (isPlainObject(value)) return Object.keys(value).every((key) => isJsonSafe(value[key]))
  return false
}

function literal(value: unknown, path: string): string {
  if (value === null) return 'null'
  switch (typeof value) {
    case 'string':
      return JSON.stringify(value)
    case 'boolean':
      return String(value)
    case 'number':
      if (Object.is(value, -0)) return '-0'
      return Number.isNaN(value) ? 'NaN' : String(value)
  }
  if (Array.isArray(value)) return `[${value.map((item, i) => literal(item, `${path}[${i}]`)).join(', ')}]`
  if (value instanceof Uint8Array) return `/* #__PURE__ */ new Uint8Array([${value.join(', ')}])`
  if (isPlainObject(value)) {
    const members = Object.keys(value).map((key) => `${propertyKey(key, 'code')}: ${literal(value[key], `${path}.${key}`)}`)
    return members.length === 0 ? '{}' : `{${members.join(', ')}}`
  }
  throw new TypeError(`unplugin-merged-yaml: cannot emit ${Object.prototype.toString.call(value)} at ${path}`)
}

/** Inside single quotes, JSON text needs only backslashes, quotes and the two JS line separators escaped. */
function singleQuoted(text: string): string {
  return `'${text.replace(/[\\'\u2028\u2029]/g, (c) => (c === '\\' ? '\\\\' : c === "'" ? "\\'" : `\\u${c.charCodeAt(0).toString(16)}`))}'`
}

/** A top-level value: a literal, or `JSON.parse('…')` when large (parsing JSON is faster than JS). */
function topLevel(value: unknown, path: string): string {
  if (typeof value === 'object' && value !== null && isJsonSafe(value)) {
    const json = JSON.stringify(value)
    if (json.length > JSON_PARSE_THRESHOLD) return `/* #__PURE__ */ JSON.parse(${singleQuoted(json)})`
  }
  return literal(value, path)
}

/**
 * ES module code for a merged value. The default export is the value; each top-level key that can
 * name a binding is also a named export, and the default object refers to those bindings, so an
 * unused key is dropped by tree-shaking and a used one is emitted once.
 */
export function generateModule(value: unknown): string {
  if (!isPlainObject(value)) return `export default ${topLevel(value, 'default')};\n`
  const out: string[] = []
  const members: string[] = []
  for (const key of Object.keys(value)) {
    if (isExportableName(key)) {
      out.push(`export const ${key} = ${topLevel(value[key], key)};`)
      members.push(key)
    } else {
      members.push(`${propertyKey(key, 'code')}: ${topLevel(value[key], key)}`)
    }
  }
  out.push(members.length === 0 ? 'export default {};' : `export default {${members.join(', ')}};`)
  return `${out.join('\n')}\n`
}
