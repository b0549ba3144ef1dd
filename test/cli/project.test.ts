// The CLI in a project with a merged-yaml.config.*: every command reads it (flags win, `--config`,
// `--no-config`), `check` without entries checks the project's, `sync` writes the declarations the
// plugin writes and lists the inputs for a build cache.
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { build, REPO } from '../plugin/bundlers.ts'
import { run } from './helpers.ts'

const dirs: string[] = []
afterEach(() => {
  vi.restoreAllMocks()
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

function project(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'my-project-'))
  dirs.push(dir)
  // A project has a package.json: the config file is looked for up to it, never above.
  for (const [name, text] of Object.entries({ 'package.json': '{ "private": true }', ...files })) {
    mkdirSync(join(dir, name, '..'), { recursive: true })
    writeFileSync(join(dir, name), text)
  }
  return dir
}

// `${region}` has a value only in the config file: without it the entry does not render.
const REGIONAL = {
  'merged-yaml.config.json': JSON.stringify({ vars: { region: 'eu' }, dts: true }),
  'config/app.merged.yaml': '#include\nbase.yaml\nregions/${region}.yaml\n',
  'config/base.yaml': 'name: shop\n',
  'config/regions/eu.yaml': 'currency: EUR\n',
  'config/regions/us.yaml': 'currency: USD\n',
  'other.json': JSON.stringify({ vars: { region: 'us' } }),
  'main.js': "import config from './config/app.merged.yaml'\nglobalThis.config = config\n",
}

describe('every command reads the project config file', () => {
  it('render, from a folder below it; a flag wins over it; --config and --no-config', async () => {
    const dir = project(REGIONAL)
    const below = join(dir, 'config', 'regions')
    expect((await run(['render', '../app.merged.yaml'], { cwd: below })).stdout).toBe('name: shop\ncurrency: EUR\n')
    expect((await run(['render', 'config/app.merged.yaml', '--var', 'region=us'], { cwd: dir })).stdout).toContain(
      'USD',
    )
    expect((await run(['render', 'config/app.merged.yaml', '--config', 'other.json'], { cwd: dir })).stdout).toContain(
      'USD',
    )
    const none = await run(['render', 'config/app.merged.yaml', '--no-config'], { cwd: dir })
    expect(none.code).toBe(1)
    expect(none.stderr).toContain('region')
    const both = await run(['render', 'config/app.merged.yaml', '--no-config', '--config', 'other.json'], { cwd: dir })
    expect(both).toMatchObject({ code: 2, stderr: expect.stringContaining('contradict') })
  })

  it("a config file's mistake is located at it (exit 2), with the option meant", async () => {
    const dir = project({ ...REGIONAL, 'merged-yaml.config.json': '{ "var": { "region": "eu" } }' })
    const r = await run(['check'], { cwd: dir })
    expect(r.code).toBe(2)
    expect(r.stderr).toContain('merged-yaml.config.json:1:1')
    expect(r.stderr).toContain('MY_INVALID_OPTION')
    expect(r.stderr).toMatch(/did you mean 'vars'/)
  })

  it('check without entries gives the verdict vite build gives, passing and failing', async () => {
    const dir = project(REGIONAL)
    vi.spyOn(process, 'cwd').mockReturnValue(dir)
    const passing = await run(['check'], { cwd: dir })
    expect(passing.stdout).toContain('1 entry checked')
    expect(passing.code).toBe(0)
    await expect(build('vite', { root: dir, entry: 'main.js' })).resolves.toContain('EUR')
    // Another project: a config file a process has loaded is not loaded again (the module cache).
    const other = project({ ...REGIONAL, 'merged-yaml.config.json': JSON.stringify({ vars: { region: 'asia' } }) })
    vi.spyOn(process, 'cwd').mockReturnValue(other)
    const failing = await run(['check'], { cwd: other })
    expect(failing.code).toBe(1)
    expect(failing.stdout).toContain('MY_INCLUDE_NOT_FOUND')
    await expect(build('vite', { root: other, entry: 'main.js' })).rejects.toThrow(/regions\/asia\.yaml/)
  })

  it('check finds no entry in an empty project: a usage error', async () => {
    const r = await run(['check'], { cwd: project({ 'README.md': '' }) })
    expect(r).toMatchObject({ code: 2, stderr: expect.stringContaining('check found no entry') })
  })
})

describe('merged-yaml sync', () => {
  it('writes every entry of the project, never one in node_modules or build output', async () => {
    const dir = project({
      ...REGIONAL,
      'node_modules/pkg/x.merged.yaml': 'a: 1\n',
      'dist/copy.merged.yaml': 'a: 1\n',
      'other/b.merged.yml': 'b: true\n',
    })
    const r = await run(['sync'], { cwd: dir })
    expect(r).toMatchObject({ code: 0, stderr: '' })
    expect(r.stdout).toContain('2 entries declared (development, production)')
    expect(readFileSync(join(dir, 'config/app.merged.d.yaml.ts'), 'utf8')).toContain('currency: string')
    expect(existsSync(join(dir, 'other/b.merged.d.yml.ts'))).toBe(true)
    expect(existsSync(join(dir, 'node_modules/pkg/x.merged.d.yaml.ts'))).toBe(false)
    expect(existsSync(join(dir, 'dist/copy.merged.d.yaml.ts'))).toBe(false)
  })

  it('declares a server-only entry, as a server build would (a declaration holds types, never its values)', async () => {
    const dir = project({ ...REGIONAL, 'config/secrets.server.merged.yaml': 'token: s3cret-token\n' })
    const r = await run(['sync'], { cwd: dir })
    expect(r).toMatchObject({ code: 0, stderr: '' })
    const declaration = readFileSync(join(dir, 'config/secrets.server.merged.d.yaml.ts'), 'utf8')
    expect(declaration).toContain('token: string')
    expect(declaration).not.toContain('s3cret-token')
  })

  it("takes the config's include and exclude", async () => {
    const dir = project({
      'merged-yaml.config.json': JSON.stringify({
        include: ['settings/*.yaml'],
        exclude: ['settings/skip.yaml'],
        dts: true,
      }),
      'settings/a.yaml': 'a: 1\n',
      'settings/skip.yaml': 'b: 1\n',
      'c.merged.yaml': 'c: 1\n',
    })
    expect((await run(['sync'], { cwd: dir })).code).toBe(0)
    expect(existsSync(join(dir, 'settings/a.d.yaml.ts'))).toBe(true)
    expect(existsSync(join(dir, 'settings/skip.d.yaml.ts'))).toBe(false)
    expect(existsSync(join(dir, 'c.merged.d.yaml.ts'))).toBe(false)
  })

  it('fails with the located errors of an entry that does not render, and writes the others', async () => {
    const dir = project({ ...REGIONAL, 'config/broken.merged.yaml': 'a: [1\n' })
    const r = await run(['sync'], { cwd: dir })
    expect(r.code).toBe(1)
    expect(r.stdout).toMatch(/config\/broken\.merged\.yaml:\d+:\d+/)
    expect(r.stdout).toContain('1 entry declared')
    expect(existsSync(join(dir, 'config/app.merged.d.yaml.ts'))).toBe(true)
  })

  it('takes no engine flag: declarations depend on the config file alone', async () => {
    const r = await run(['sync', '--yaml-version', '1.1'], { cwd: project(REGIONAL) })
    expect(r).toMatchObject({
      code: 2,
      stderr: expect.stringContaining("put '--yaml-version' in merged-yaml.config.*"),
    })
  })

  it('--list-inputs prints every file the entries read or look for, in every mode, and writes nothing', async () => {
    const dir = project({ 'merged-yaml.config.json': '{ "dts": true }' })
    // Without the declarations other tests' builds may have written beside the playground's entries.
    cpSync(join(REPO, 'playground/config'), join(dir, 'config'), {
      recursive: true,
      filter: (source) => !/\.merged\.d\.yaml\.ts(?:\.map)?$/.test(source),
    })
    const r = await run(['sync', '--list-inputs'], { cwd: dir })
    expect(r.code).toBe(0)
    const lines = r.stdout.trim().split('\n')
    expect(lines).toEqual(
      expect.arrayContaining([
        'config/app.merged.yaml',
        'config/base.yaml',
        'config/env/development.yaml',
        'config/env/production.yaml',
        'config/features/10-search.yaml',
        'config/local.yaml',
      ]),
    )
    expect(lines).toEqual([...lines].sort())
    expect(existsSync(join(dir, 'config/app.merged.d.yaml.ts'))).toBe(false)
  })
})

// The playground's layers: base, env/${mode}.yaml, a features/*.yaml glob, an optional ?local.yaml.
function layered(local: string | undefined): string {
  const dir = project({ 'merged-yaml.config.json': '{}' })
  cpSync(join(REPO, 'playground/config'), join(dir, 'config'), { recursive: true })
  if (local !== undefined) writeFileSync(join(dir, 'config/local.yaml'), local)
  return dir
}

describe('optional layers', () => {
  it('schema: keys only an optional layer or a glob match gives are optional, their objects open', async () => {
    const dir = layered('api:\n  url: http://192.0.2.1/api\nlan:\n  host: 192.0.2.1\n')
    const r = await run(['schema', 'config/app.merged.yaml'], { cwd: dir })
    expect(r.code).toBe(0)
    const schema = JSON.parse(r.stdout)
    expect(schema.required).not.toContain('lan')
    expect(schema.properties.lan).toBeDefined()
    // features/*.yaml add `search` and `billing`: optional, and the object stays open to other features.
    expect(schema.properties.features.required).toEqual(['dashboard', 'debug-panel'])
    expect(schema.properties.features.additionalProperties).toBeUndefined()
    expect(schema.additionalProperties).toBeUndefined()
    // What only the layers every checkout has give stays closed and required.
    expect(schema.properties.app).toMatchObject({ required: ['name', 'version'], additionalProperties: false })
    expect(schema.$comment).toContain('config/base.yaml')
    expect(schema.$comment).toMatch(/optional layers .*config\/local\.yaml/)
  })

  it('in production: said once per entry and file, by check --mode production, not in development', async () => {
    const dir = layered('api:\n  url: http://192.0.2.1/api\n')
    const production = await run(['check', '--mode', 'production'], { cwd: dir })
    expect(production.code).toBe(0)
    expect(production.stdout.match(/MY_OPTIONAL_LAYER_IN_PRODUCTION/g)).toHaveLength(1)
    expect(production.stdout).toContain(
      "the optional layer 'local.yaml' exists and is included in this production build",
    )
    const development = await run(['check', '--mode', 'development'], { cwd: dir })
    expect(development.stdout).not.toContain('MY_OPTIONAL_LAYER_IN_PRODUCTION')
    const without = await run(['check', '--mode', 'production'], { cwd: layered(undefined) })
    expect(without.stdout).not.toContain('MY_OPTIONAL_LAYER_IN_PRODUCTION')
  })

  it('in production: vite build says it once', async () => {
    const dir = layered('api:\n  url: http://192.0.2.1/api\n')
    writeFileSync(join(dir, 'main.js'), "import config from './config/app.merged.yaml'\nglobalThis.config = config\n")
    const { build: viteBuild } = await import('vite')
    const said: string[] = []
    await viteBuild({
      root: dir,
      configFile: false,
      logLevel: 'silent',
      mode: 'production',
      plugins: [
        (await import('../../src/vite.ts')).default({ dts: false }),
        { name: 'listen', buildStart() {}, onLog: (_level, log) => void said.push(log.message) },
      ],
      build: { write: false, rolldownOptions: { input: join(dir, 'main.js') } },
    })
    expect(said.filter((message) => message.includes('MY_OPTIONAL_LAYER_IN_PRODUCTION'))).toHaveLength(1)
  })
})
