// The project config file: found upward, loaded by c12 in every format the docs name (synchronously
// for the plugin, asynchronously for the CLI, with the same result), checked against the plugin's
// option table, merged under the options given inline.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { isMergedYamlError } from '../../packages/core/src/index.ts'
import type { MergedYamlError } from '../../packages/core/src/index.ts'
import {
  CONFIG_FILE_NAMES,
  defineConfig,
  findConfigFile,
  loadProjectConfig,
  mergeOptions,
} from '../../src/config/config-file.ts'
import { loadProjectConfigSync } from '../../src/config/load-sync.ts'

function project(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'my-config-'))
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(join(dir, name, '..'), { recursive: true })
    writeFileSync(join(dir, name), text)
  }
  return dir
}

async function failure(load: () => unknown): Promise<MergedYamlError> {
  try {
    await load()
  } catch (error) {
    if (isMergedYamlError(error)) return error
    throw error
  }
  throw new Error('loaded')
}

const FORMATS: Record<string, string> = {
  'merged-yaml.config.ts':
    "import type { Options } from 'nowhere'\nconst modes: string[] = ['development', 'staging']\n" +
    "export default { yamlVersion: '1.1', modes, include: [/\\.merged\\.ya?ml$/] } satisfies Options",
  'merged-yaml.config.mts': "export default { yamlVersion: '1.1', modes: ['development', 'staging'] }",
  'merged-yaml.config.js': "export default { yamlVersion: '1.1', modes: ['development', 'staging'] }",
  'merged-yaml.config.mjs': "export default { yamlVersion: '1.1', modes: ['development', 'staging'] }",
  'merged-yaml.config.json': '{ "yamlVersion": "1.1", "modes": ["development", "staging"] }',
  'merged-yaml.config.yaml': "yamlVersion: '1.1'\nmodes: [development, staging]\n",
}

describe('the project config file', () => {
  it('is looked for under the names the docs give', () => {
    expect(CONFIG_FILE_NAMES).toEqual(Object.keys(FORMATS))
  })

  for (const [name, text] of Object.entries(FORMATS))
    it(`loads ${name} found from a folder below it, the same synchronously and not`, async () => {
      const dir = project({ [name]: text, 'package.json': '{}', 'src/deep/.keep': '' })
      const from = join(dir, 'src', 'deep')
      expect(findConfigFile(from)).toBe(join(dir, name))
      const loaded = await loadProjectConfig({ cwd: from })
      expect(loaded?.options).toMatchObject({ yamlVersion: '1.1', modes: ['development', 'staging'] })
      expect(loadProjectConfigSync({ cwd: from })).toEqual(loaded)
    })

  it("is never looked for above the project (its workspace root): a file there is someone else's code", () => {
    const dir = project({
      'merged-yaml.config.json': '{ "strict": false }',
      'app/package.json': '{}',
      'app/src/.keep': '',
    })
    expect(findConfigFile(join(dir, 'app', 'src'))).toBeUndefined()
    expect(findConfigFile(dir)).toBe(join(dir, 'merged-yaml.config.json'))
  })

  it('keeps the regular expressions of include through the worker', () => {
    const dir = project({ 'merged-yaml.config.ts': FORMATS['merged-yaml.config.ts']! })
    expect(loadProjectConfigSync({ cwd: dir })?.options.include).toEqual([/\.merged\.ya?ml$/])
  })

  it('is none without a file, or with file: false (--no-config)', async () => {
    const dir = project({ 'merged-yaml.config.json': '{}' })
    expect(await loadProjectConfig({ cwd: dir, file: false })).toBeUndefined()
    expect(findConfigFile(tmpdir())).toBeUndefined()
  })

  it('takes a file by name (--config), any name, relative to the working directory', async () => {
    const dir = project({ 'ci/strict.yaml': 'strict: false\n' })
    const loaded = await loadProjectConfig({ cwd: dir, file: 'ci/strict.yaml' })
    expect(loaded).toEqual({ file: join(dir, 'ci', 'strict.yaml'), options: { strict: false } })
    const missing = await failure(() => loadProjectConfig({ cwd: dir, file: 'nope.ts' }))
    expect(missing.diagnostics[0]).toMatchObject({ code: 'MY_CONFIG_FILE', file: join(dir, 'nope.ts') })
  })

  it('refuses an unknown option with the one meant, located at the file, in both loaders', async () => {
    const dir = project({ 'merged-yaml.config.json': '{ "yamlVersoin": "1.1" }' })
    for (const load of [() => loadProjectConfig({ cwd: dir }), () => loadProjectConfigSync({ cwd: dir })]) {
      const error = await failure(load)
      expect(error.diagnostics[0]).toMatchObject({
        code: 'MY_INVALID_OPTION',
        file: join(dir, 'merged-yaml.config.json'),
        suggestion: 'yamlVersion',
      })
    }
  })

  it('takes verboseWarnings, and names it for a misspelling', async () => {
    const good = project({ 'merged-yaml.config.yaml': 'verboseWarnings: true\n' })
    expect((await loadProjectConfig({ cwd: good }))?.options).toEqual({ verboseWarnings: true })
    const bad = project({ 'merged-yaml.config.yaml': 'verboseWarning: true\n' })
    const error = await failure(() => loadProjectConfig({ cwd: bad }))
    expect(error.diagnostics[0]).toMatchObject({ code: 'MY_INVALID_OPTION', suggestion: 'verboseWarnings' })
  })

  it('refuses an option nested wrong (dts.asconst) as the plugin does', async () => {
    const dir = project({ 'merged-yaml.config.yaml': 'dts:\n  asconst: true\n' })
    const error = await failure(() => loadProjectConfig({ cwd: dir }))
    expect(error.diagnostics[0]).toMatchObject({ code: 'MY_INVALID_OPTION', suggestion: 'dts.asConst' })
  })

  it('says what is wrong with a file that does not load or holds no options (MY_CONFIG_FILE)', async () => {
    const cases = {
      'merged-yaml.config.mjs': 'export default {',
      'merged-yaml.config.js': "throw new Error('no config today')",
      'merged-yaml.config.json': '[1, 2]',
    }
    for (const [name, text] of Object.entries(cases)) {
      const dir = project({ [name]: text })
      for (const load of [() => loadProjectConfig({ cwd: dir }), () => loadProjectConfigSync({ cwd: dir })]) {
        const error = await failure(load)
        expect(error.diagnostics[0]).toMatchObject({ code: 'MY_CONFIG_FILE', file: join(dir, name) })
      }
    }
    const dir = project({ 'merged-yaml.config.mjs': 'export default { vars: { mode: () => "x" } }' })
    const error = await failure(() => loadProjectConfigSync({ cwd: dir }))
    expect(error.diagnostics[0]!.message).toMatch(/could not be cloned/)
  })

  it('resolves a relative root against its own folder', async () => {
    const dir = project({ 'merged-yaml.config.json': '{ "root": "config" }' })
    expect((await loadProjectConfig({ cwd: dir }))?.options.root).toBe(join(dir, 'config'))
  })

  it('is overridden key by key by the options given inline; defineConfig returns what it is given', () => {
    const file = defineConfig({ yamlVersion: '1.1', vars: { region: 'eu' }, dts: { asConst: true }, strict: false })
    expect(mergeOptions(file, { vars: { mode: 'production' }, dts: 'ambient', strict: undefined })).toEqual({
      yamlVersion: '1.1',
      vars: { mode: 'production' },
      dts: 'ambient',
      strict: false,
    })
  })
})
