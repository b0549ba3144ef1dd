// Paths as the inspector writes them: relative to the root, with forward slashes.
import { relative } from 'node:path'

export type RelativePath = (file: string) => string

export function createRelativePath(root: string): RelativePath {
  return (file) => {
    const path = relative(root, file).replaceAll('\\', '/')
    return path === '' ? '.' : path
  }
}
