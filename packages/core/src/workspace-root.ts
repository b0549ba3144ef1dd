// The workspace root: the default folder includes may read from, found the way Vite's
// `searchForWorkspaceRoot` finds the default of `server.fs.allow` (vite/src/node/server/searchRoot.ts):
// from a folder upwards, the first one with a pnpm-workspace.yaml or a lerna.json, a package.json with
// `workspaces` or a deno.json(c) with `workspace`; without one, the nearest folder with a package.json;
// without one either, the folder itself. Vite's behaviour, so that an entry Vite would serve can include
// what Vite would serve. And the one rule for the folders includes may read (`resolveAllow`), which
// render(), the CLI and the plugin each apply to what they know.
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

/** What decides the folders includes may read besides the root. */
export interface AllowSources {
  /** The user's `allow`: taken as given (render() resolves each against the root). */
  allow: string[] | undefined
  /** The root, where the workspace root is searched from. */
  root: string
  /** Whether the user gave the root: a root given replaces the default (nothing more is allowed). */
  rootGiven: boolean
  /** The folders the bundler itself serves files from (Vite's resolved `server.fs.allow`), when it has them. */
  served?: string[] | undefined
}

/**
 * The folders includes may read besides the root, for render(), the CLI and the bundler plugin alike:
 * the user's `allow`; else none when the user gave the root; else what the bundler serves from; else
 * the workspace root around the root (`workspaceRootOf`: the plugin's keeps each answer for the build).
 */
export function resolveAllow(
  { allow, root, rootGiven, served }: AllowSources,
  workspaceRootOf: (from: string) => string = findWorkspaceRoot,
): string[] {
  if (allow !== undefined) return allow
  if (rootGiven) return []
  if (served !== undefined) return served
  return [workspaceRootOf(root)]
}
