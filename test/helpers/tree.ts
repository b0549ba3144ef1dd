import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'

/** Writes a folder of files (paths relative to it) into a fresh temporary directory. */
export function writeTree(files: Record<string, string | Uint8Array>, prefix = 'tree'): string {
  const root = mkdtempSync(join(tmpdir(), `my-${prefix}-`))
  for (const [path, content] of Object.entries(files)) {
    const file = join(root, path)
    mkdirSync(dirname(file), { recursive: true })
    writeFileSync(file, content)
  }
  return root
}

/** Lines joined with \n and a final newline, so fixtures read like files. */
export const lines = (...text: string[]): string => `${text.join('\n')}\n`

/**
 * A monorepo in a fresh temporary directory: an app package `apps/web` under a root that `marker`
 * makes a workspace root (a package.json with `workspaces` by default), and `files` beside them.
 */
export function writeMonorepo(
  files: Record<string, string>,
  marker: Record<string, string> = { 'package.json': '{ "private": true, "workspaces": ["apps/*"] }\n' },
): string {
  return writeTree({ ...marker, 'apps/web/package.json': '{ "name": "web" }\n', ...files }, 'monorepo')
}
