// What a Standard Schema says, made ready for diagnostics: its issues' paths as key paths and their
// messages bounded (a library may put a whole value in a message), the place of the schema's export
// in its file, and whether its output is data a module can export (a transform may return a Date).
import type { StandardSchemaV1 } from '@standard-schema/spec'
import { isBytes } from '../values.ts'
import type { PathSegment } from '../values.ts'
import type { Position } from '../diagnostics.ts'

/** Characters of a library's message kept in a diagnostic; the rest is cut with an ellipsis. */
const MAX_ISSUE_MESSAGE = 500

/** A message cut to `max` characters (whole code points), `…` marking a cut. */
export function boundMessage(message: string, max = MAX_ISSUE_MESSAGE): string {
  const text = String(message).replaceAll(/\s*\n\s*/g, ' ')
  if (text.length <= max) return text
  return `${Array.from(text.slice(0, max)).slice(0, -1).join('')}…`
}

/** An issue's path as the key path it names (`{ key }` segments unwrapped, symbols as their description). */
export function issuePath(issue: StandardSchemaV1.Issue): PathSegment[] {
  const path: PathSegment[] = []
  for (const raw of issue.path ?? []) {
    const key = typeof raw === 'object' && raw !== null ? raw.key : raw
    path.push(typeof key === 'number' ? key : typeof key === 'symbol' ? String(key.description) : String(key))
  }
  return path
}

const escape = (source: string): string => source.replaceAll(/[$]/g, '\\$')

/**
 * Where the export is declared in the schema's text (`export const appSchema`, `export default`,
 * `export { appSchema }`), 1-based; the file's start when no such line is found.
 */
export function exportPosition(text: string, exportName: string): Position {
  const name = escape(exportName)
  const patterns =
    exportName === 'default'
      ? [/^[ \t]*export\s+default\b/m, /^[ \t]*module\.exports\s*=/m]
      : [
          new RegExp(`^[ \\t]*export\\s+(?:declare\\s+)?(?:const|let|var|function|class)\\s+${name}\\b`, 'm'),
          new RegExp(`^[ \\t]*export\\s*\\{[^}]*\\b${name}\\b`, 'm'),
          new RegExp(`^[ \\t]*(?:module\\.)?exports\\.${name}\\s*=`, 'm'),
        ]
  for (const pattern of patterns) {
    const match = pattern.exec(text)
    if (!match) continue
    const offset = match.index + (match[0].length - match[0].trimStart().length)
    const line = text.slice(0, offset).split('\n').length
    return { line, column: offset - text.lastIndexOf('\n', offset - 1) }
  }
  return { line: 1, column: 1 }
}

/** Why a value is no data a module can export, and where (or undefined when it is). */
interface NotData {
  path: PathSegment[]
  what: string
}

function describeNonData(value: unknown): string | undefined {
  if (value === null) return undefined
  switch (typeof value) {
    case 'string':
    case 'boolean':
    case 'number':
      return undefined
    case 'undefined':
      return 'undefined'
    case 'object': {
      if (Array.isArray(value) || isBytes(value)) return undefined
      const prototype = Object.getPrototypeOf(value) as object | null
      if (prototype === Object.prototype || prototype === null) return undefined
      const name = (prototype as { constructor?: { name?: unknown } }).constructor?.name
      return typeof name === 'string' && name !== '' ? `a ${name}` : 'an object of a class'
    }
    default:
      return `a ${typeof value}`
  }
}

const EXIT = Symbol('exit')

/**
 * The first place in `value` that is no YAML data (what a layer could have written: mappings, lists,
 * strings, numbers, booleans, null, bytes), depth-first, or a value met twice on its own path (a cycle).
 * Iterative: a transform's output may be as deep as it likes.
 */
export function findNonData(value: unknown): NotData | undefined {
  const stack: { node: unknown; path: PathSegment[] }[] = [{ node: value, path: [] }]
  const onPath = new WeakSet<object>()
  const exits: object[] = []
  while (stack.length > 0) {
    const { node, path } = stack.pop()!
    if (node === EXIT) {
      onPath.delete(exits.pop()!)
      continue
    }
    const what = describeNonData(node)
    if (what) return { path, what }
    if (typeof node !== 'object' || node === null || isBytes(node)) continue
    if (onPath.has(node)) return { path, what: 'the value that contains it (a cycle)' }
    onPath.add(node)
    exits.push(node)
    stack.push({ node: EXIT, path })
    const entries = Array.isArray(node) ? [...node.keys()].map((i) => [i, node[i]] as const) : Object.entries(node)
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, child] = entries[i]!
      stack.push({ node: child, path: [...path, key] })
    }
  }
  return undefined
}
