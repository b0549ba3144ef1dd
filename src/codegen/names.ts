// Which keys of the merged value become named exports, and how keys are written as properties.
// Shared by the module code and its declaration so both always agree on the export list.

const IDENTIFIER_NAME = /^[\p{ID_Start}$_][\p{ID_Continue}$\u200C\u200D]*$/u

// Words that cannot name a binding in module (strict) code.
const RESERVED = new Set([
  'await',
  'break',
  'case',
  'catch',
  'class',
  'const',
  'continue',
  'debugger',
  'default',
  'delete',
  'do',
  'else',
  'enum',
  'export',
  'extends',
  'false',
  'finally',
  'for',
  'function',
  'if',
  'implements',
  'import',
  'in',
  'instanceof',
  'interface',
  'let',
  'new',
  'null',
  'package',
  'private',
  'protected',
  'public',
  'return',
  'static',
  'super',
  'switch',
  'this',
  'throw',
  'true',
  'try',
  'typeof',
  'var',
  'void',
  'while',
  'with',
  'yield',
  'arguments',
  'eval',
])

// Globals the generated code refers to: a top-level `const JSON = …` would shadow them.
const USED_BY_CODEGEN = new Set(['JSON', 'NaN', 'Infinity', 'Uint8Array', 'undefined'])

/** A name that may follow `.` or stand unquoted as a property key. */
export function isIdentifierName(key: string): boolean {
  return IDENTIFIER_NAME.test(key)
}

/**
 * A top-level key that becomes `export const <key>`. `__proto__` is left to the default export:
 * as a binding it would be legal, but as shorthand or property access it invites prototype mix-ups.
 */
export function isExportableName(key: string): boolean {
  return isIdentifierName(key) && !RESERVED.has(key) && !USED_BY_CODEGEN.has(key) && key !== '__proto__'
}

/**
 * A key written in an object literal or a type literal. `__proto__` is computed (`["__proto__"]`)
 * in code, where the plain form would set the prototype; in types it is quoted, which is inert.
 */
export function propertyKey(key: string, context: 'code' | 'type'): string {
  if (key === '__proto__') return context === 'code' ? '["__proto__"]' : '"__proto__"'
  return isIdentifierName(key) ? key : JSON.stringify(key)
}
