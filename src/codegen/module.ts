// The merged value as an ES module: pure string building, byte-deterministic for a given value.
import { isExportableName, propertyKey } from './names.ts'

/**
 * Top-level values whose JSON is longer than this are emitted as `JSON.parse('…')`. Vite uses 10 kB,
 * where V8 starts to parse JSON faster than object literals at run time; for the build, one string
 * literal spares the bundler parsing, minifying and printing an object literal, which measured ~30%
 * of a whole Vite build of the m50 benchmark corpus (bench/). Small values stay readable JSON text.
 */
export const JSON_PARSE_THRESHOLD = 1000

type PlainObject = Record<string, unknown>

export function isPlainObject(value: unknown): value is PlainObject {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false
  const proto = Object.getPrototypeOf(value)
  return proto === Object.prototype || proto === null
}

function isJsonScalar(value: unknown): boolean {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return true
  return typeof value === 'number' && Number.isFinite(value) && !Object.is(value, -0)
}

/**
 * How the value can be emitted as JSON: 'expression' when its JSON text is a JS expression for
 * exactly the value, 'parse' when only `JSON.parse` gives it back (a `__proto__` key would set the
 * prototype in an object literal), undefined when JSON cannot hold it. Iterative and allocation-free
 * per node: it runs over every merged value.
 */
function jsonForm(root: unknown): 'expression' | 'parse' | undefined {
  if (typeof root !== 'object' || root === null) return isJsonScalar(root) ? 'expression' : undefined
  let form: 'expression' | 'parse' = 'expression'
  const stack: object[] = [root]
  while (stack.length > 0) {
    const value = stack.pop()!
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) {
        const item: unknown = value[i]
        if (typeof item === 'object' && item !== null) stack.push(item)
        else if (!isJsonScalar(item)) return undefined
      }
      continue
    }
    if (!isPlainObject(value)) return undefined
    for (const key in value) {
      if (key === '__proto__') form = 'parse'
      const item = value[key]
      if (typeof item === 'object' && item !== null) stack.push(item)
      else if (!isJsonScalar(item)) return undefined
    }
  }
  return form
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
    const members = Object.keys(value).map(
      (key) => `${propertyKey(key, 'code')}: ${literal(value[key], `${path}.${key}`)}`,
    )
    return members.length === 0 ? '{}' : `{${members.join(', ')}}`
  }
  throw new TypeError(`unplugin-merged-yaml: cannot emit ${Object.prototype.toString.call(value)} at ${path}`)
}

/** Inside single quotes, JSON text needs only backslashes, quotes and the two JS line separators escaped. */
function singleQuoted(text: string): string {
  // String replacements run natively; a regular expression with a callback costs a call per match.
  let escaped = text.replaceAll('\\', '\\\\').replaceAll("'", "\\'")
  if (escaped.includes('\u2028')) escaped = escaped.replaceAll('\u2028', '\\u2028')
  if (escaped.includes('\u2029')) escaped = escaped.replaceAll('\u2029', '\\u2029')
  return `'${escaped}'`
}

/**
 * A top-level value: `JSON.parse('…')` when its JSON is large (parsing JSON is faster than parsing
 * JS), else its JSON text when that is a JS expression for it (as Vite emits JSON; JSON.stringify
 * is native), else a literal (NaN, -0, bytes, `__proto__` keys).
 */
function topLevel(value: unknown, path: string, plainJson: boolean): string {
  const form = plainJson ? 'expression' : jsonForm(value)
  if (form === undefined) return literal(value, path)
  const json = JSON.stringify(value)
  if (typeof value === 'object' && value !== null && json.length > JSON_PARSE_THRESHOLD)
    return `/* #__PURE__ */ JSON.parse(${singleQuoted(json)})`
  return form === 'expression' ? json : literal(value, path)
}

/**
 * ES module code for a merged value. The default export is the value; each top-level key that can
 * name a binding is also a named export, and the default object refers to those bindings, so an
 * unused key is dropped by tree-shaking and a used one is emitted once. `plainJson`: the value is
 * known to be plain JSON data (RenderResult.plainJson), which spares a walk over it; the code is
 * the same either way.
 */
export function generateModule(value: unknown, { plainJson = false }: { plainJson?: boolean } = {}): string {
  if (!isPlainObject(value)) return `export default ${topLevel(value, 'default', plainJson)};\n`
  const out: string[] = []
  const members: string[] = []
  for (const key of Object.keys(value)) {
    if (isExportableName(key)) {
      out.push(`export const ${key} = ${topLevel(value[key], key, plainJson)};`)
      members.push(key)
    } else {
      members.push(`${propertyKey(key, 'code')}: ${topLevel(value[key], key, plainJson)}`)
    }
  }
  out.push(members.length === 0 ? 'export default {};' : `export default {${members.join(', ')}};`)
  return `${out.join('\n')}\n`
}
