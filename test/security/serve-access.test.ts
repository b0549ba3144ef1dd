// The serve guard (src/plugin/serve-access.ts) against Vite's own decision: for every path, the
// guard built from a resolved Vite config never lets the plugin read what Vite's exported
// `isFileLoadingAllowed` refuses, and allows what it allows (links aside: the guard also judges a
// path by its real path). And an error in a file the request may not read loses its text.
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ResolvedConfig } from 'vite'
import { MergedYamlError } from '@merged-yaml/core'
import { createServeGuard, redactUnservable } from '../../src/plugin/serve-access.ts'
import type { ServeGuard } from '../../src/plugin/serve-access.ts'
import { writeTree } from '../helpers/tree.ts'
import { removeDir } from '../plugin/bundlers.ts'

const base = writeTree(
  {
    'project/package.json': '{ "name": "p" }\n',
    'project/src/app.merged.yaml': 'a: 1\n',
    'project/.env': 'X=1\n',
    'shared/layer.yaml': 'b: 2\n',
    'elsewhere/secret.merged.yaml': 's: 1\n',
  },
  'serve-access',
)
const project = join(base, 'project')
let config: ResolvedConfig
let isFileLoadingAllowed: (config: ResolvedConfig, path: string) => boolean
let guard: ServeGuard

beforeAll(async () => {
  mkdirSync(join(project, 'links'))
  symlinkSync(join(base, 'elsewhere/secret.merged.yaml'), join(project, 'links/secret.merged.yaml'))
  symlinkSync(join(project, '.env'), join(project, 'links/config.yaml'))
  writeFileSync(join(project, 'README.md'), '')
  const vite = await import('vite')
  isFileLoadingAllowed = vite.isFileLoadingAllowed
  config = await vite.resolveConfig(
    {
      root: project,
      configFile: false,
      logLevel: 'silent',
      server: { fs: { allow: [project, join(base, 'shared')], deny: ['.env', '.env.*', '*.{crt,pem}', '**/.git/**'] } },
    },
    'serve',
  )
  const { strict, allow, deny } = config.server.fs
  guard = createServeGuard({ strict, allow, deny })
})

afterAll(() => removeDir(base))

describe('createServeGuard', () => {
  const paths = (): string[] => [
    join(base, 'project/src/app.merged.yaml'),
    join(base, 'project/README.md'),
    join(base, 'project/.env'),
    join(base, 'project/.env.production'),
    join(base, 'project/src/.ENV'),
    join(base, 'project/deep/key.pem'),
    join(base, 'project/deep/server.CRT'),
    join(base, 'project/.git/config'),
    join(base, 'project/sub/.git/HEAD'),
    join(base, 'shared/layer.yaml'),
    join(base, 'elsewhere/secret.merged.yaml'),
    join(base, 'project-sibling/x.merged.yaml'),
    '/etc/passwd',
    '/proc/self/environ',
    join(base, 'project/file.yaml:stream'),
    // A Windows short name's shape: an alias there, a name like any other elsewhere.
    join(base, 'project/src/db~1.yml'),
    join(base, 'project/PROGRA~1/x.yml'),
  ]

  it('refuses every path Vite refuses, and allows what Vite allows', () => {
    for (const path of paths())
      expect([path, guard.isServable(path)]).toEqual([path, isFileLoadingAllowed(config, path)])
  })

  it("serves a file a served module imports (Vite's safe module paths), unless denied, as Vite does", () => {
    const imported = join(base, 'elsewhere/secret.merged.yaml')
    const deniedImport = join(base, 'elsewhere/.env')
    const safe = (config as unknown as { safeModulePaths: Set<string> }).safeModulePaths
    safe.add(imported)
    safe.add(deniedImport)
    const { strict, allow, deny } = config.server.fs
    const withSafe = createServeGuard({ strict, allow, deny, safe: (path) => safe.has(path) })
    for (const path of [imported, deniedImport, join(base, 'elsewhere/other.merged.yaml')])
      expect([path, withSafe.isServable(path)]).toEqual([path, isFileLoadingAllowed(config, path)])
    expect(withSafe.isServable(imported)).toBe(true)
    safe.clear()
  })

  it('judges a link by where it leads as well', () => {
    // Vite takes resolved ids (its resolver follows links); a path as written is judged both ways.
    expect(guard.isServable(join(project, 'links/secret.merged.yaml'))).toBe(false)
    expect(guard.isServable(join(project, 'links/config.yaml'))).toBe(false)
  })

  it('refuses paths no rule can judge: relative, with NUL, with `..` left in', () => {
    expect(guard.isServable('src/app.merged.yaml')).toBe(false)
    expect(guard.isServable(`${project}/src/app.merged.yaml\0.txt`)).toBe(false)
    expect(guard.isServable(`${project}/src/../../elsewhere/secret.merged.yaml`)).toBe(false)
    expect(guard.isServable(`${project}/src/../src/app.merged.yaml`)).toBe(false)
  })

  it("asks Vite's own isFileLoadingAllowed where Vite exports it (7, 8), links and malformed paths still refused", () => {
    const { strict, allow, deny } = config.server.fs
    const vite = createServeGuard({ strict, allow, deny, loadable: (path) => isFileLoadingAllowed(config, path) })
    for (const path of paths())
      expect([path, vite.isServable(path)]).toEqual([path, isFileLoadingAllowed(config, path)])
    expect(vite.isServable(join(project, 'links/secret.merged.yaml'))).toBe(false)
    expect(vite.isServable(join(project, 'links/config.yaml'))).toBe(false)
    expect(vite.isServable(`${project}/src/../../elsewhere/secret.merged.yaml`)).toBe(false)
    expect(vite.isServable(`${project}/src/app.merged.yaml\0.txt`)).toBe(false)
  })

  it('allows everything when server.fs.strict is false, as Vite does', () => {
    const open = createServeGuard({ strict: false, allow: [], deny: ['.env'] })
    expect(open.isServable(join(project, '.env'))).toBe(true)
  })
})

describe('redactUnservable', () => {
  it('keeps the location of a diagnostic in a file the request may not read, not its text', () => {
    const file = join(base, 'elsewhere/secret.merged.yaml')
    const diagnostic = {
      code: 'MY_YAML_SYNTAX' as const,
      severity: 'error' as const,
      message: 'unexpected s: 1',
      file,
      line: 1,
      column: 2,
      chain: [],
      frame: '> 1 | s: 1',
    }
    const redacted = redactUnservable(new MergedYamlError([diagnostic]), guard, project)
    expect(redacted.diagnostics[0]).toMatchObject({ file, line: 1, column: 2, frame: undefined })
    expect(redacted.message).not.toContain('s: 1')
    expect(redacted.message).toContain(`${file}:1:2`)
    const allowed = new MergedYamlError([{ ...diagnostic, file: join(project, 'src/app.merged.yaml') }])
    expect(redactUnservable(allowed, guard, project)).toBe(allowed)
    expect(redactUnservable(allowed, undefined, project)).toBe(allowed)
  })
})
