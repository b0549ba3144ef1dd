// The workspace root: the default folder includes may read from, found the way Vite's
// `searchForWorkspaceRoot` finds the default of `server.fs.allow` (vite/src/node/server/searchRoot.ts):
// from a folder upwards, the first one with a pnpm-workspace.yaml or a lerna.json, a package.json with
// `workspaces` or a deno.json(c) with `workspace`; without one, the nearest folder with a package.json;
// without one either, the folder itself. Vite's behaviour, so that an entry Vite would serve can include
// what Vite would serve.
import { existsSync, readFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'

const ROOT_FILES = ['pnpm-workspace.yaml', 'lerna.json']

/** The field of a JSON file's top-level object, or undefined when it is missing or not JSON. */
function jsonField(path: string, field: string): unknown {
  try {
    const value: unknown = JSON.parse(readFileSync(path, 'utf8'))
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[field] : undefined
  } catch {
    return undefined
  }
}

function isWorkspaceRoot(dir: string): boolean {
  return (
    ROOT_FILES.some((file) => existsSync(join(dir, file))) ||
    Boolean(jsonField(join(dir, 'package.json'), 'workspaces')) ||
    ['deno.json', 'deno.jsonc'].some((file) => Boolean(jsonField(join(dir, file), 'workspace')))
  )
}

/** The workspace root of the project `from` is in (a folder; relative to the working directory). */
export function findWorkspaceRoot(from: string): string {
  const start = resolve(from)
  let packageRoot: string | undefined
  for (let dir = start; ;) {
    if (isWorkspaceRoot(dir)) return dir
    if (packageRoot === undefined && existsSync(join(dir, 'package.json'))) packageRoot = dir
    const parent = dirname(dir)
    if (parent === dir) return packageRoot ?? start
    dir = parent
  }
}
