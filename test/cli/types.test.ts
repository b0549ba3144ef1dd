// `merged-yaml types` prints what the plugin writes: the same code generator, from the same inputs —
// the entry's value in every mode of the plugin's `modes` (each --mode, by default development and
// production), its JSON Schema, and no provenance (as a one-off build writes the declaration).
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createMergedYaml } from '../../src/plugin/factory.ts'
import type { Options } from '../../src/plugin/options.ts'
import { sidecarPath } from '../../src/plugin/sidecar-writer.ts'
import { protectDatum } from '../dialects/datum/protect.ts'
import { lines, writeTree } from '../helpers/tree.ts'
import { run } from './helpers.ts'

/** The sidecar declaration a one-off Rollup build writes for `entry` (relative to `root`). */
async function pluginDeclaration(root: string, entry: string, options: Options = {}): Promise<string> {
  const plugin = createMergedYaml({ root, dts: true, cache: false, ...options }, 'rollup')
  const context = { meta: { watchMode: false }, addWatchFile: () => {}, warn: () => {}, error: () => {} }
  await plugin.load(context as never, join(root, entry))
  await plugin.buildEnd()
  return readFileSync(sidecarPath(join(root, entry)), 'utf8')
}

const TREE = {
  'base.yaml': lines('api: {url: http://localhost, retries: 3}', 'port: 3000', 'name: shop'),
  'env/development.yaml': lines('devtools: true', 'api: {url: http://localhost:8080, retries: 3}'),
  'env/production.yaml': lines('port: 443', 'cdn: https://cdn.example.com'),
  'app.merged.yaml': lines('#include', 'base.yaml', 'env/${mode}.yaml'),
  'plain.merged.yaml': lines('#include', 'base.yaml'),
}

describe('merged-yaml types', () => {
  // A build without a mode of its own is in NODE_ENV's: production, one of the declared modes.
  let env: string | undefined
  beforeEach(() => {
    env = process.env.NODE_ENV
    process.env.NODE_ENV = 'production'
  })
  afterEach(() => {
    process.env.NODE_ENV = env
  })

  it("prints the plugin's declaration: every default mode's value, named exports only for keys all modes have", async () => {
    const root = writeTree(TREE)
    const printed = await run(['types', 'app.merged.yaml'], { cwd: root })
    expect(printed.code).toBe(0)
    expect(printed.stdout).toBe(await pluginDeclaration(root, 'app.merged.yaml'))
    // devtools (development) and cdn (production) are optional and not named exports.
    expect(printed.stdout).toContain('  devtools?: boolean\n')
    expect(printed.stdout).toContain('  cdn?: string\n')
    expect(printed.stdout).not.toContain('export declare const cdn')
    expect(printed.stdout).toContain('export declare const port: Value["port"]')
  })

  it('covers the modes --mode names, as the plugin covers its `modes`', async () => {
    const root = writeTree(TREE)
    const printed = await run(['types', 'app.merged.yaml', '--mode', 'production', '--as-const'], { cwd: root })
    const written = await pluginDeclaration(root, 'app.merged.yaml', { modes: ['production'], dts: { asConst: true } })
    expect(printed.stdout).toBe(written)
    expect(printed.stdout).toContain('export declare const cdn: Value["cdn"]')
  })

  it('an entry that names no ${mode} has one value; a schema gives the types', async () => {
    const root = writeTree({
      ...TREE,
      'schema.json': JSON.stringify({ type: 'object', properties: { port: { type: 'integer' } } }),
    })
    const plain = await run(['types', 'plain.merged.yaml'], { cwd: root })
    expect(plain.stdout).toBe(await pluginDeclaration(root, 'plain.merged.yaml'))
    const schema = await run(['types', 'app.merged.yaml', '--schema', 'schema.json'], { cwd: root })
    expect(schema.code).toBe(0)
    expect(schema.stdout).toBe(await pluginDeclaration(root, 'app.merged.yaml', { schema: 'schema.json' }))
    expect(schema.stdout).toContain('port?: number')
  })

  it('fails, naming the mode, when a mode the declaration covers fails', async () => {
    const root = writeTree({ ...TREE, 'env/development.yaml': lines('port: [1') })
    const failed = await run(['types', 'app.merged.yaml'], { cwd: root })
    expect(failed.code).toBe(1)
    expect(failed.stdout).toBe('')
    expect(failed.stderr).toMatch(/^in mode development:\nenv\/development\.yaml:\d+:\d+: error MY_YAML_SYNTAX/)
  })

  it("never spells out a Datum store's decrypted secrets, even with --as-const, as the plugin's declarations do not", async () => {
    const secret = 'decrypted-db-password-4471'
    const root = writeTree({
      'store/Datum.yml': lines(
        'ResolutionPrecedence:',
        '  - AllNodes\\$($Node.NodeName)',
        'DatumHandlers:',
        '  Datum.ProtectedData::ProtectedDatum:',
        '    CommandOptions:',
        '      PlainTextPassword: S3cret',
      ),
      'store/AllNodes/n1.yml': lines(
        'NodeName: n1',
        'Configurations: [Base]',
        `Secret: '${protectDatum(secret, 'S3cret')}'`,
      ),
    })
    const rendered = await run(['render', 'store/Datum.yml', '--node', 'n1'], { cwd: root })
    expect(rendered.stdout).toContain(secret) // rendering asks for the value: it is there
    const printed = await run(['types', 'store/Datum.yml', '--node', 'n1', '--as-const'], { cwd: root })
    expect(printed.code).toBe(0)
    expect(printed.stdout).not.toContain(secret)
    expect(printed.stdout).toMatch(/^ {2}Secret: string$/m)
    expect(printed.stdout).toMatch(/^ {2}NodeName: string$/m)
  })
})
