// Property paths. Datum normalises `\` and `/` to the OS separator; this dialect always uses `\`
// (Datum's separator on Windows), so option keys and regexes see paths like `LcmConfig\Settings`.

export const SEPARATOR = '\\'

/** Normalises both separators to `\`. */
export function normalisePath(path: string): string {
  return path.replace(/[\\/]/g, SEPARATOR)
}

/** The segments of a lookup path written with `\` or `/`. */
export function splitPath(path: string): string[] {
  return path.split(/[\\/]/)
}

/** `Join-Path $parent $key`. */
export function childPath(parent: string, key: string): string {
  return `${parent}${SEPARATOR}${key}`
}
