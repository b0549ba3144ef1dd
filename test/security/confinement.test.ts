// Every way an include line could read outside `root` fails with a located MY_INCLUDE_OUTSIDE_ROOT,
// unless an `allow` folder permits it; URLs other than file:// are refused outright.
import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { describe, expect, it } from 'vitest'
import { createRenderCache, render } from '@merged-yaml/core'
import type { Diagnostic, RenderOptions } from '@merged-yaml/core'
import { lines, writeTree } from '../helpers/tree.ts'
import { firstDiagnostic, renderFailure } from './helpers.ts'

const entry = 'app.merged.yaml'

/** A folder next to the project holding a file the project must not read. */
function createOutside(): string {
  const outside = mkdtempSync(join(tmpdir(), 'my-outside-'))
  writeFileSync(join(outside, 'secret.yaml'), 'secret: leaked\n')
  mkdirSync(join(outside, 'nested'))
  writeFileSync(join(outside, 'nested', 'deep.yaml'), 'deep: leaked\n')
  return outside
}

async function renderError(root: string, options: RenderOptions = {}): Promise<Diagnostic> {
  const d = await firstDiagnostic(entry, { root, ...options })
  expect(d.file).toBe(join(root, entry))
  return d
}

/** The include line (1-based) of a two-line `#include` entry. */
const INCLUDE_LINE = 2

describe('includes cannot leave the root', () => {
  const outside = createOutside()
  // Projects live next to a folder `outside/` that holds a secret, for the relative forms.
  const projectParent = mkdtempSync(join(tmpdir(), 'my-parent-'))
  mkdirSync(join(projectParent, 'outside'))
  writeFileSync(join(projectParent, 'outside', 'secret.yaml'), 'secret: leaked\n')

  const escapes: [string, (root: string) => string][] = [
    ['a relative path with ..', () => '../outside/secret.yaml'],
    ['a relative path that climbs out and back in under another name', () => 'sub/../../outside/secret.yaml'],
    ['an absolute path', () => join(outside, 'secret.yaml')],
    ['a file:// URL', () => pathToFileURL(join(outside, 'secret.yaml')).href],
    ['a file:// URL with percent-encoded dots', (root) => `${pathToFileURL(root).href}/%2e%2e/outside/secret.yaml`],
    ['a glob below ..', () => '../*/secret.yaml'],
    ['a glob with .. after the magic', () => 'sub/*/../../../outside/*.yaml'],
    ['an absolute glob', () => join(outside, '*.yaml')],
    ['a recursive glob through ..', () => '../**/secret.yaml'],
    ['a glob with .. inside braces', () => '{..,.}/outside/*.yaml'],
  ]

  for (const [name, target] of escapes) {
    it(`refuses ${name}`, async () => {
      const root = mkdtempSync(join(projectParent, 'project-'))
      mkdirSync(join(root, 'sub', 'x'), { recursive: true })
      writeFileSync(join(root, 'sub', 'x', 'inside.yaml'), 'inside: 1\n')
      writeFileSync(join(root, entry), lines('#include', target(root)))
      const d = await renderError(root)
      expect(d.code).toBe('MY_INCLUDE_OUTSIDE_ROOT')
      expect(d.line).toBe(INCLUDE_LINE)
      expect(d.column).toBe(1)
      expect(d.message).toMatch(/outside the folders includes may read/)
    })
  }

  it('refuses a symbolic link to a file outside', async () => {
    const root = writeTree({ [entry]: lines('#include', 'link.yaml') })
    symlinkSync(join(outside, 'secret.yaml'), join(root, 'link.yaml'))
    const d = await renderError(root)
    expect(d).toMatchObject({ code: 'MY_INCLUDE_OUTSIDE_ROOT', line: INCLUDE_LINE, column: 1 })
    expect(d.message).toContain('through a symbolic link')
  })

  it('refuses a file inside a symbolically linked folder that points outside', async () => {
    const root = writeTree({ [entry]: lines('#include', 'linked/secret.yaml') })
    symlinkSync(outside, join(root, 'linked'))
    expect(await renderError(root)).toMatchObject({ code: 'MY_INCLUDE_OUTSIDE_ROOT', line: INCLUDE_LINE })
  })

  it('refuses a glob match that is a symbolic link out of the root', async () => {
    const root = writeTree({ [entry]: lines('#include', 'conf.d/*.yaml'), 'conf.d/10-a.yaml': 'a: 1\n' })
    symlinkSync(join(outside, 'secret.yaml'), join(root, 'conf.d', '20-b.yaml'))
    expect(await renderError(root)).toMatchObject({ code: 'MY_INCLUDE_OUTSIDE_ROOT', line: INCLUDE_LINE })
  })

  it('refuses a recursive glob that walks into a linked folder outside', async () => {
    const root = writeTree({ [entry]: lines('#include', 'conf.d/**/*.yaml'), 'conf.d/a.yaml': 'a: 1\n' })
    symlinkSync(outside, join(root, 'conf.d', 'linked'))
    expect(await renderError(root)).toMatchObject({ code: 'MY_INCLUDE_OUTSIDE_ROOT', line: INCLUDE_LINE })
  })

  it('refuses an include that reaches outside through an include variable', async () => {
    const root = writeTree({ [entry]: lines('#include', 'layers/${env}.yaml') })
    // A variable's value is a name (#38): a path in it is refused before confinement needs to.
    const d = await renderError(root, { vars: { env: `../../${outside.split('/').pop()}/secret` } })
    expect(d).toMatchObject({ code: 'MY_INCLUDE_VARIABLE_NOT_A_NAME', line: INCLUDE_LINE })
  })

  it('refuses an include that reaches outside through a variable next to a path in the line', async () => {
    const name = outside.split('/').pop()!
    const root = writeTree({ [entry]: lines('#include', `../${name}/\${file}.yaml`) })
    const d = await renderError(root, { vars: { file: 'secret' } })
    expect(d).toMatchObject({ code: 'MY_INCLUDE_OUTSIDE_ROOT', line: INCLUDE_LINE })
  })

  it('refuses an include outside the root from a nested include, with the chain', async () => {
    const root = writeTree({
      [entry]: lines('#include', 'layers/base.yaml'),
      'layers/base.yaml': lines('#include', join(outside, 'secret.yaml')),
    })
    const error = await renderFailure(entry, { root })
    expect(error.diagnostics[0]).toMatchObject({
      code: 'MY_INCLUDE_OUTSIDE_ROOT',
      file: join(root, 'layers/base.yaml'),
      line: 2,
      chain: [{ file: join(root, entry), line: 2 }],
    })
  })

  it('refuses an optional include outside the root instead of skipping it', async () => {
    const root = writeTree({ [entry]: lines('#include', `?${join(outside, 'missing.yaml')}`) })
    expect(await renderError(root)).toMatchObject({ code: 'MY_INCLUDE_OUTSIDE_ROOT', line: INCLUDE_LINE })
  })
})

describe('allow', () => {
  const outside = createOutside()

  it('permits an absolute path, a file:// URL and a symbolic link into an allowed folder', async () => {
    const root = writeTree({
      [entry]: lines(
        '#include',
        join(outside, 'secret.yaml'),
        pathToFileURL(join(outside, 'nested', 'deep.yaml')).href,
        'link.yaml',
      ),
      'local.yaml': 'local: 1\n',
    })
    symlinkSync(join(outside, 'secret.yaml'), join(root, 'link.yaml'))
    const { value, files } = await render(join(root, entry), { root, allow: [outside] })
    expect(value).toEqual({ secret: 'leaked', deep: 'leaked' })
    expect(files).toContain(join(outside, 'nested', 'deep.yaml'))
  })

  it('resolves relative allow folders against the root', async () => {
    const parent = mkdtempSync(join(tmpdir(), 'my-allow-'))
    const root = join(parent, 'app')
    mkdirSync(join(parent, 'shared'), { recursive: true })
    mkdirSync(root)
    writeFileSync(join(parent, 'shared', 'base.yaml'), 'base: 1\n')
    writeFileSync(join(root, entry), lines('#include', '../shared/*.yaml'))
    expect((await render(join(root, entry), { root, allow: ['../shared'] })).value).toEqual({ base: 1 })
  })

  it('permits only the allowed folder, not its parent', async () => {
    const root = writeTree({ [entry]: lines('#include', join(outside, 'secret.yaml')) })
    const d = await renderError(root, { allow: [join(outside, 'nested')] })
    expect(d).toMatchObject({ code: 'MY_INCLUDE_OUTSIDE_ROOT' })
    expect(d.message).toContain("add its folder to the 'allow' option")
  })

  it('does not treat a folder that only shares a name prefix as inside', async () => {
    const parent = mkdtempSync(join(tmpdir(), 'my-prefix-'))
    const root = join(parent, 'app')
    mkdirSync(join(parent, 'app-secrets'), { recursive: true })
    mkdirSync(root)
    writeFileSync(join(parent, 'app-secrets', 'key.yaml'), 'key: leaked\n')
    writeFileSync(join(root, entry), lines('#include', '../app-secrets/key.yaml'))
    expect(await renderError(root)).toMatchObject({ code: 'MY_INCLUDE_OUTSIDE_ROOT' })
  })
})

describe('deny', () => {
  it('refuses environment files, keys and git data inside the root, at the include line', async () => {
    const root = writeTree({
      '.env': 'SECRET=leaked\n',
      'config/.env.production': 'SECRET=leaked\n',
      'certs/server.pem': 'leaked\n',
      '.git/config': 'leaked: true\n',
      'base.yaml': 'base: 1\n',
    })
    for (const target of ['.env', 'config/.env.production', 'certs/server.pem', '.git/config', './config/../.env']) {
      writeFileSync(join(root, entry), lines('#include', 'base.yaml', target))
      const d = await firstDiagnostic(entry, { root })
      expect(d, target).toMatchObject({ code: 'MY_INCLUDE_DENIED', file: join(root, entry), line: 3, column: 1 })
      expect(d.message).toContain("is kept out of builds by the 'deny' option")
    }
  })

  it('ignores case, as the dev server (Vite) does: `.ENV` is refused as `.env` is', async () => {
    // On macOS and Windows `.ENV` is `.env`; on a case-sensitive disk it is still a file named like a secret.
    const root = writeTree({ '.ENV': 'SECRET=leaked\n', 'Private/Notes.YAML': 'a: 1\n', 'Server.PEM': 'leaked\n' })
    for (const [target, deny] of [
      ['.ENV', undefined],
      ['Server.PEM', undefined],
      ['Private/Notes.YAML', ['private/**']],
    ] as const) {
      writeFileSync(join(root, entry), lines('#include', target))
      const d = await firstDiagnostic(entry, { root, ...(deny ? { deny: [...deny] } : {}) })
      expect(d, target).toMatchObject({ code: 'MY_INCLUDE_DENIED', line: 2 })
    }
  })

  it('refuses a link to a denied file, and a denied name linking to an ordinary one', async () => {
    const root = writeTree({ '.env': 'SECRET=leaked\n', 'plain.yaml': 'a: 1\n' })
    symlinkSync(join(root, '.env'), join(root, 'innocent.yaml'))
    symlinkSync(join(root, 'plain.yaml'), join(root, 'id.key'))
    writeFileSync(join(root, entry), lines('#include', 'innocent.yaml'))
    expect(await firstDiagnostic(entry, { root })).toMatchObject({
      code: 'MY_INCLUDE_DENIED',
      message: expect.stringContaining("'innocent.yaml' (a link to .env)"),
    })
    writeFileSync(join(root, entry), lines('#include', 'id.key'))
    expect(await firstDiagnostic(entry, { root })).toMatchObject({ code: 'MY_INCLUDE_DENIED' })
  })

  it("applies to files in allowed folders, to a dialect's files, and takes patterns of its own", async () => {
    const outside = createOutside()
    writeFileSync(join(outside, '.env.local'), 'SECRET=leaked\n')
    const root = writeTree({ 'private/notes.yaml': 'a: 1\n', 'a.yaml': 'parameters: {x: 1}\n', '.env': 'b: 2\n' })
    writeFileSync(join(root, entry), lines('#include', join(outside, '.env.local')))
    expect(await firstDiagnostic(entry, { root, allow: [outside] })).toMatchObject({ code: 'MY_INCLUDE_DENIED' })
    writeFileSync(join(root, entry), lines('#include', 'a.yaml'))
    expect(await firstDiagnostic(entry, { root, dialect: 'heat', heat: { template: '.env' } })).toMatchObject({
      code: 'MY_INCLUDE_DENIED',
    })
    writeFileSync(join(root, entry), lines('#include', 'private/notes.yaml'))
    expect(await firstDiagnostic(entry, { root, deny: ['private/**'] })).toMatchObject({ code: 'MY_INCLUDE_DENIED' })
    // `deny: []` lets everything inside the root be included, as before the option existed.
    writeFileSync(join(root, entry), lines('#include', '.env'))
    expect((await render(join(root, entry), { root, deny: [] })).value).toEqual({ b: 2 })
  })

  it('refuses in every entry of a build, whatever the other entries of the build included', async () => {
    // A build checks each path once and keeps what passed: a refusal must not be kept as a pass,
    // nor a pass under one set of rules serve another.
    const root = writeTree({
      '.env': 'SECRET: leaked\n',
      'base.yaml': 'base: 1\n',
      'a.merged.yaml': lines('#include', 'base.yaml', '.env'),
      'b.merged.yaml': lines('#include', '.env'),
      'c.merged.yaml': lines('#include', 'base.yaml'),
    })
    const cache = createRenderCache()
    cache.beginBuild()
    for (const name of ['a.merged.yaml', 'b.merged.yaml', 'a.merged.yaml']) {
      expect(await firstDiagnostic(name, { root }, { cache }), name).toMatchObject({
        code: 'MY_INCLUDE_DENIED',
        file: join(root, name),
      })
    }
    expect((await render(join(root, 'b.merged.yaml'), { root, deny: [] }, { cache })).value).toEqual({
      SECRET: 'leaked',
    })
    expect(await firstDiagnostic('b.merged.yaml', { root }, { cache })).toMatchObject({ code: 'MY_INCLUDE_DENIED' })
    expect((await render(join(root, 'c.merged.yaml'), { root }, { cache })).value).toEqual({ base: 1 })
    cache.endBuild()
  })

  it('refuses a deny option that is not a list of patterns', async () => {
    const root = writeTree({ [entry]: lines('#include') })
    expect(await firstDiagnostic(entry, { root, deny: '.env' as unknown as string[] })).toMatchObject({
      code: 'MY_INVALID_OPTION',
    })
  })
})

describe('remote and special includes', () => {
  for (const url of [
    'http://example.com/a.yaml',
    'https://example.com/a.yaml',
    'HTTPS://example.com/a.yaml',
    'ftp://example.com/a.yaml',
    'ssh://host/a.yaml',
  ]) {
    it(`refuses ${url}`, async () => {
      const root = writeTree({ [entry]: lines('#include', url) })
      const d = await renderError(root)
      expect(d).toMatchObject({ code: 'MY_INCLUDE_REMOTE', line: INCLUDE_LINE, column: 1 })
      expect(d.message).toContain('local files only')
    })
  }

  it('refuses a remote URL in an #include-once list and in an include part of a MIME message', async () => {
    const once = writeTree({ [entry]: lines('#include-once', 'https://example.com/a.yaml') })
    expect(await renderError(once)).toMatchObject({ code: 'MY_INCLUDE_REMOTE' })
    const mime = writeTree({
      [entry]: lines(
        'MIME-Version: 1.0',
        'Content-Type: multipart/mixed; boundary="B"',
        '',
        '--B',
        'Content-Type: text/x-include-url',
        '',
        'https://example.com/a.yaml',
        '--B--',
      ),
    })
    expect(await renderError(mime)).toMatchObject({ code: 'MY_INCLUDE_REMOTE', line: 7 })
  })

  it('refuses a folder', async () => {
    const root = writeTree({ [entry]: lines('#include', 'conf.d'), 'conf.d/a.yaml': 'a: 1\n' })
    expect(await renderError(root)).toMatchObject({ code: 'MY_INCLUDE_IS_DIRECTORY', line: INCLUDE_LINE })
  })

  it('treats a path with a NUL byte as a missing file, not a crash', async () => {
    const root = writeTree({ [entry]: lines('#include', 'a.yaml\0../../etc/passwd'), 'a.yaml': 'a: 1\n' })
    expect(await renderError(root)).toMatchObject({ code: 'MY_INCLUDE_NOT_FOUND', line: INCLUDE_LINE })
  })

  it('does not expand ~ to the home folder', async () => {
    const root = writeTree({ [entry]: lines('#include', '~/.ssh/id_rsa') })
    expect(await renderError(root)).toMatchObject({ code: 'MY_INCLUDE_NOT_FOUND', line: INCLUDE_LINE })
  })
})

describe('files that are not regular files', () => {
  it('refuses a FIFO instead of blocking the build on it', async () => {
    const root = writeTree({ [entry]: lines('#include', 'pipe.yaml') })
    execFileSync('mkfifo', [join(root, 'pipe.yaml')])
    expect(await renderError(root)).toMatchObject({ code: 'MY_INCLUDE_NOT_A_FILE', line: INCLUDE_LINE })
  })

  it('refuses a device even in an allowed folder', async () => {
    const root = writeTree({ [entry]: lines('#include', '/dev/zero') })
    expect(await renderError(root, { allow: ['/dev'] })).toMatchObject({
      code: 'MY_INCLUDE_NOT_A_FILE',
      line: INCLUDE_LINE,
    })
  })

  it('reports a reader failure as a located diagnostic', async () => {
    const root = writeTree({ [entry]: lines('#include', 'a.yaml'), 'a.yaml': 'a: 1\n' })
    const readFile = (path: string): Uint8Array => {
      if (path.endsWith('a.yaml')) throw Object.assign(new Error('permission denied'), { code: 'EACCES' })
      return readFileSync(path)
    }
    const error = await renderFailure(entry, { root }, { readFile })
    expect(error.diagnostics[0]).toMatchObject({
      code: 'MY_FILE_UNREADABLE',
      file: join(root, entry),
      line: INCLUDE_LINE,
    })
    expect(error.diagnostics[0]!.message).toContain('EACCES')
  })
})
