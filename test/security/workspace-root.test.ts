// The default allowed area: the workspace root, found as Vite's `searchForWorkspaceRoot` finds it,
// so that in a monorepo an entry outside the app's folder reads its own layers; `root` and `allow`
// override it and `deny` still applies.
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { findWorkspaceRoot, render } from '@merged-yaml/core'
import { resolveOptions } from '../../packages/core/src/render-options.ts'
import { lines, writeMonorepo, writeTree } from '../helpers/tree.ts'
import { firstDiagnostic } from './helpers.ts'

/** A monorepo: `apps/web` (a package) and `config/` (layers) under a root that `marker` marks. */
const monorepo = (marker: Record<string, string>): string =>
  writeMonorepo(
    {
      'apps/web/src/main.ts': '',
      'config/app.merged.yaml': lines('#include', 'base.yaml', '?local.yaml'),
      'config/base.yaml': lines('port: 8080'),
      'config/.env': lines('SECRET=1'),
      'config/env.merged.yaml': lines('#include', '.env'),
    },
    marker,
  )

describe('findWorkspaceRoot', () => {
  const markers: [string, Record<string, string>][] = [
    ['a package.json with workspaces', { 'package.json': '{ "private": true, "workspaces": ["apps/*"] }\n' }],
    ['a pnpm-workspace.yaml', { 'pnpm-workspace.yaml': 'packages: [apps/*]\n' }],
    ['a lerna.json', { 'lerna.json': '{}\n' }],
    ['a deno.json with workspace', { 'deno.json': '{ "workspace": ["./apps/web"] }\n' }],
  ]
  for (const [name, marker] of markers) {
    it(`finds the folder with ${name} above the app`, () => {
      const root = monorepo(marker)
      expect(findWorkspaceRoot(join(root, 'apps/web/src'))).toBe(root)
      expect(findWorkspaceRoot(root)).toBe(root)
    })
  }

  it('without a workspace, takes the nearest folder with a package.json, else the folder itself', () => {
    const root = monorepo({ 'package.json': '{ "name": "not-a-workspace" }\n' })
    expect(findWorkspaceRoot(join(root, 'apps/web/src'))).toBe(join(root, 'apps/web'))
    const bare = writeTree({ 'a/b/c.txt': '' })
    expect(findWorkspaceRoot(join(bare, 'a/b'))).toBe(join(bare, 'a/b'))
  })

  it('reads a package.json that is not JSON as no workspace', () => {
    const root = monorepo({ 'package.json': '{ not json' })
    expect(findWorkspaceRoot(join(root, 'apps/web'))).toBe(join(root, 'apps/web'))
  })
})

describe('render() confines to the workspace root unless root or allow is given', () => {
  it('defaults allow to the workspace root around the working directory', () => {
    expect(resolveOptions({}).allow).toEqual([findWorkspaceRoot(process.cwd())])
    expect(resolveOptions({ root: '/somewhere' }).allow).toEqual([])
    expect(resolveOptions({ allow: ['x'] }).allow).toEqual([join(process.cwd(), 'x')])
  })

  it('reads an entry outside the app folder with the workspace root allowed, as the plugin and CLI pass it', async () => {
    const root = monorepo({ 'pnpm-workspace.yaml': 'packages: [apps/*]\n' })
    const app = join(root, 'apps/web')
    const entry = join(root, 'config/app.merged.yaml')
    const { value } = await render(entry, { root: app, allow: [findWorkspaceRoot(app)] })
    expect(value).toEqual({ port: 8080 })
    // `root` alone overrides the default: the app's folder only.
    const d = await firstDiagnostic(entry, { root: app })
    expect(d.code).toBe('MY_INCLUDE_OUTSIDE_ROOT')
    expect(d.message).toContain(`outside the folders includes may read (${app})`)
  })

  it('still applies deny inside the workspace root', async () => {
    const root = monorepo({ 'pnpm-workspace.yaml': 'packages: [apps/*]\n' })
    const app = join(root, 'apps/web')
    const d = await firstDiagnostic(join(root, 'config/env.merged.yaml'), { root: app, allow: [root] })
    expect(d.code).toBe('MY_INCLUDE_DENIED')
  })
})
