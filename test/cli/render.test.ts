// `merged-yaml render`: the merged value as YAML or JSON, engine options as flags, problems on
// stderr with exit 1, usage mistakes with exit 2.
import { join } from 'node:path'
import { DIALECT_NAMES } from '../../packages/core/src/dialects/registry.ts'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { lines, writeMonorepo, writeTree } from '../helpers/tree.ts'
import { FIXTURES, run } from './helpers.ts'

const layers = {
  server: { port: 443, tls: true, host: '127.0.0.1' },
  packages: ['git', 'curl', 'nginx'],
  log_level: 'warn',
}

describe('merged-yaml render', () => {
  it('prints the merged value as YAML by default', async () => {
    const r = await run(['render', 'layers/app.merged.yaml'])
    expect(r.code).toBe(0)
    expect(r.stderr).toBe('')
    expect(parse(r.stdout)).toEqual(layers)
    expect(r.stdout).toContain('packages:\n  - git\n')
  })

  it('prints JSON with --format json', async () => {
    const r = await run(['render', 'layers/app.merged.yaml', '--format', 'json'])
    expect(r.code).toBe(0)
    expect(JSON.parse(r.stdout)).toEqual(layers)
  })

  it('resolves the entry against the working directory, absolute paths as given', async () => {
    const r = await run(['render', join(FIXTURES, 'layers/app.merged.yaml'), '--format=json'], {
      cwd: join(FIXTURES, 'layers'),
    })
    expect(JSON.parse(r.stdout)).toEqual(layers)
    const relative = await run(['render', 'app.merged.yaml', '--format=json'], { cwd: join(FIXTURES, 'layers') })
    expect(JSON.parse(relative.stdout)).toEqual(layers)
  })

  it('passes --merge-how to the engine', async () => {
    const r = await run([
      'render',
      'layers/app.merged.yaml',
      '--format',
      'json',
      '--merge-how',
      'dict(no_replace,recurse_list)+list(append)+str()',
    ])
    expect(r.code).toBe(0)
    // Without replace, the base's scalars stick and the production layer only adds.
    expect(JSON.parse(r.stdout)).toMatchObject({
      server: { host: '0.0.0.0', port: 8080, tls: true },
      log_level: 'info',
    })
  })

  it('passes --yaml-version; without it, a scalar the versions read differently is an error', async () => {
    const v12 = await run(['render', 'yaml11/app.merged.yaml', '--format', 'json', '--yaml-version', '1.2'])
    const v11 = await run(['render', 'yaml11/app.merged.yaml', '--format', 'json', '--yaml-version', '1.1'])
    expect(JSON.parse(v12.stdout)).toEqual({ enabled: 'yes', mode: 755 })
    expect(JSON.parse(v11.stdout)).toEqual({ enabled: true, mode: 493 })
    const unset = await run(['render', 'yaml11/app.merged.yaml', '--format', 'json'])
    expect([unset.code, unset.stdout]).toEqual([1, ''])
    expect(unset.stderr).toContain(
      "yaml11/app.merged.yaml:2:10: error MY_YAML_VERSION_AMBIGUOUS: 'yes' is the boolean true in YAML 1.1",
    )
  })

  it('writes bytes as !!binary in YAML and as {"$base64": …} in JSON, both reading back', async () => {
    const root = writeTree({ 'app.merged.yaml': lines('#cloud-config', 'key: !!binary aGVsbG8=', 'size: 1') })
    const json = await run(['render', 'app.merged.yaml', '--format', 'json'], { cwd: root })
    expect(JSON.parse(json.stdout)).toEqual({ key: { $base64: 'aGVsbG8=' }, size: 1 })
    for (const version of [undefined, '1.1', '1.2'] as const) {
      const flags = version ? ['--yaml-version', version] : []
      const yaml = (await run(['render', 'app.merged.yaml', ...flags], { cwd: root })).stdout
      expect(yaml).toBe('key: !!binary |-\n  aGVsbG8=\nsize: 1\n')
      expect(parse(yaml, { version: version ?? '1.1' })).toEqual({ key: Buffer.from('hello'), size: 1 })
    }
  })

  it('without --yaml-version, writes YAML that both versions read back alike', async () => {
    const strings = ['yes', 'on', '0755', '0o17', '1_000', '1:20', '-.5', '1e3', '=', '<<', 'plain']
    const root = writeTree({ 'app.merged.yaml': `${strings.map((s, i) => `k${i}: "${s}"`).join('\n')}\n` })
    const yaml = (await run(['render', 'app.merged.yaml'], { cwd: root })).stdout
    const expected = Object.fromEntries(strings.map((s, i) => [`k${i}`, s]))
    expect(parse(yaml, { version: '1.2' })).toEqual(expected)
    expect(parse(yaml, { version: '1.1', merge: true })).toEqual(expected)
    expect(yaml).toContain('k10: plain\n')
  })

  it('writes YAML that reads back to the same value with the same --yaml-version', async () => {
    for (const version of ['1.1', '1.2'] as const) {
      const json = JSON.parse(
        (await run(['render', 'yaml11/app.merged.yaml', '--format', 'json', '--yaml-version', version])).stdout,
      )
      const yaml = (await run(['render', 'yaml11/app.merged.yaml', '--yaml-version', version])).stdout
      expect(parse(yaml, { version })).toEqual(json)
    }
    const strings = writeTree({ 'app.merged.yaml': lines('a: "yes"', 'b: "0755"') })
    expect((await run(['render', 'app.merged.yaml', '--yaml-version', '1.1'], { cwd: strings })).stdout).toBe(
      'a: "yes"\nb: "0755"\n',
    )
  })

  it('writes a __proto__ key as data', async () => {
    const root = writeTree({ 'app.merged.yaml': lines('__proto__:', '  polluted: true', 'a: 1') })
    const r = await run(['render', 'app.merged.yaml', '--format', 'json'], { cwd: root })
    expect(r.stdout).toBe('{\n  "__proto__": {\n    "polluted": true\n  },\n  "a": 1\n}\n')
    expect((await run(['render', 'app.merged.yaml'], { cwd: root })).stdout).toBe(
      '__proto__:\n  polluted: true\na: 1\n',
    )
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })

  it('fills ${mode} from --mode (and --var), else NODE_ENV, else development, as the plugin does', async () => {
    const withMode = await run(['render', 'layers/by-mode.merged.yaml', '--format', 'json', '--mode', 'production'])
    expect(withMode.code).toBe(0)
    expect(JSON.parse(withMode.stdout)).toMatchObject({ server: { port: 443 }, log_level: 'warn' })
    const withVar = await run(['render', 'layers/by-mode.merged.yaml', '--format', 'json', '--var', 'mode=production'])
    expect(JSON.parse(withVar.stdout)).toEqual(JSON.parse(withMode.stdout))
    const fromEnv = await run(['render', 'layers/by-mode.merged.yaml', '--format', 'json'], {
      env: { NODE_ENV: 'production' },
    })
    expect(JSON.parse(fromEnv.stdout)).toEqual(JSON.parse(withMode.stdout))
    // No env/development.yaml in the fixture: the default mode is named in the missing include.
    const without = await run(['render', 'layers/by-mode.merged.yaml'])
    expect(without.code).toBe(1)
    expect(without.stdout).toBe('')
    expect(without.stderr).toMatch(
      /^layers\/by-mode\.merged\.yaml:3:1: error MY_INCLUDE_NOT_FOUND: .*development\.yaml/,
    )
  })

  it('names the known variables of an unknown one and how to set it', async () => {
    const root = writeTree({ 'app.merged.yaml': lines('#include', 'env/${stage}.yaml') })
    const r = await run(['render', 'app.merged.yaml'], { cwd: root })
    expect(r.code).toBe(1)
    expect(r.stderr).toContain(
      "unknown variable '${stage}' in include line (known: mode); give it a value with the 'vars' option " +
        '(merged-yaml: --var stage=value)',
    )
  })

  it('lets an entry outside the working directory read its layers inside the workspace root', async () => {
    const root = writeMonorepo({
      'config/app.merged.yaml': lines('#include', 'base.yaml', 'env/${mode}.yaml'),
      'config/base.yaml': lines('port: 8080', 'host: localhost'),
      'config/env/development.yaml': lines('port: 3000'),
    })
    const web = join(root, 'apps/web')
    const r = await run(['render', '../../config/app.merged.yaml', '--format', 'json'], { cwd: web })
    expect([r.code, r.stderr]).toEqual([0, ''])
    expect(JSON.parse(r.stdout)).toEqual({ port: 3000, host: 'localhost' })
    // --root overrides the default: the app's folder only.
    const confined = await run(['render', '../../config/app.merged.yaml', '--root', '.'], { cwd: web })
    expect(confined.code).toBe(1)
    expect(confined.stderr).toContain(`${join(root, 'config/app.merged.yaml')}:2:1: error MY_INCLUDE_OUTSIDE_ROOT`)
  })

  it('reads inside --allow besides --root, relative to the working directory; never what --deny names', async () => {
    const root = writeMonorepo({
      'config/app.merged.yaml': lines('#include', 'base.yaml', 'secrets.yaml'),
      'config/base.yaml': lines('port: 8080'),
      'config/secrets.yaml': lines('token: abc'),
    })
    const web = join(root, 'apps/web')
    const entry = '../../config/app.merged.yaml'
    const allowed = await run(['render', entry, '--root', '.', '--allow', '../../config', '--format', 'json'], {
      cwd: web,
    })
    expect([allowed.code, allowed.stderr]).toEqual([0, ''])
    expect(JSON.parse(allowed.stdout)).toEqual({ port: 8080, token: 'abc' })
    const denied = await run(['render', entry, '--allow', '../../config', '--deny', 'secrets.yaml'], { cwd: web })
    expect(denied.code).toBe(1)
    expect(denied.stderr).toContain(`${join(root, 'config/app.merged.yaml')}:3:1: error MY_INCLUDE_DENIED`)
  })

  it('keeps includes inside --root', async () => {
    const r = await run(['render', 'layers/app.merged.yaml', '--root', 'layers/env'])
    expect(r.code).toBe(1)
    expect(r.stderr).toMatch(/error MY_\w+/)
  })

  it('exits 1 with the located diagnostic on stderr and nothing on stdout', async () => {
    const r = await run(['render', 'broken/app.merged.yaml'])
    expect(r.code).toBe(1)
    expect(r.stdout).toBe('')
    expect(r.stderr).toContain("broken/overrides.yaml:2:12: error MY_UNKNOWN_MERGER: unknown merger 'lst'")
    expect(r.stderr).toContain("did you mean 'list'?")
    expect(r.stderr).toContain('included from broken/app.merged.yaml:3')
    expect(r.stderr).toContain('> 2 | merge_how: dict(replace)+lst(append)')
  })

  it('with --no-strict, renders what cloud-init would and prints the warning on stderr', async () => {
    const r = await run(['render', 'broken/app.merged.yaml', '--no-strict', '--format', 'json'])
    expect(r.code).toBe(0)
    expect(JSON.parse(r.stdout)).toEqual({ packages: ['git'] })
    expect(r.stderr).toContain('broken/overrides.yaml:2:12: warning MY_UNKNOWN_MERGER')
  })

  it('prints its help with --help and -h', async () => {
    for (const flag of ['--help', '-h']) {
      const r = await run(['render', flag])
      expect(r.code).toBe(0)
      expect(r.stdout).toMatch(/^Usage: merged-yaml render <entry>/)
      for (const option of [
        '--format',
        '--stack',
        '--no-strict',
        '--yaml-version',
        '--merge-how',
        '--root',
        '--var',
        '--mode',
      ])
        expect(r.stdout).toContain(option)
    }
  })

  it.each([
    [['render'], 'render needs an entry'],
    [['render', 'a.yaml', 'b.yaml'], 'render takes one entry, not 2'],
    [['render', 'layers/app.merged.yaml', '--format', 'toml'], "--format must be 'yaml' or 'json', not 'toml'"],
    [
      ['render', 'layers/app.merged.yaml', '--stack', 'layered'],
      "--stack must be 'scoped' or 'per-part', not 'layered'",
    ],
    [['render', 'layers/app.merged.yaml', '--yaml-version', '1.3'], "--yaml-version must be '1.2' or '1.1', not '1.3'"],
    [
      ['render', 'layers/app.merged.yaml', '--dialect', 'hiera'],
      `--dialect must be one of ${DIALECT_NAMES.map((name) => `'${name}'`).join(', ')}, not 'hiera'`,
    ],
    [['render', 'layers/app.merged.yaml', '--var', 'mode'], "--var takes name=value, not 'mode'"],
    [['render', 'layers/app.merged.yaml', '--strict', '--no-strict'], '--strict and --no-strict contradict each other'],
    [['render', 'layers/app.merged.yaml', '--colour'], "unknown option '--colour'\n"],
    [['render', 'layers/app.merged.yaml', '--no-strcit'], "unknown option '--no-strcit'; did you mean '--no-strict'?"],
    [
      ['render', 'layers/app.merged.yaml', '--yaml-verison', '1.1'],
      "unknown option '--yaml-verison'; did you mean '--yaml-version'?",
    ],
    [['render', 'layers/app.merged.yaml', '--mode', 'a', '--mode', 'b'], 'render renders one mode: give --mode once'],
    [['render', 'layers/app.merged.yaml', '--root'], "Option '--root <value>' argument missing"],
    [
      ['render', 'layers/app.merged.yaml', '--merge-how', 'dict(replace)+lst()'],
      '--merge-how ("dict(replace)+lst()"): unknown merger \'lst\'',
    ],
  ])('%j is a usage error (exit 2)', async (argv, message) => {
    const r = await run(argv)
    expect(r.code).toBe(2)
    expect(r.stdout).toBe('')
    expect(r.stderr).toContain(`error: ${message}`)
    expect(r.stderr).toContain("Run 'merged-yaml render --help' for usage.")
  })

  it('resolves one Datum lookup with --lookup and one Deckhand document with --document', async () => {
    const datum = writeTree({
      'node.merged.yaml': lines('#include', 'base.yaml', 'node.yaml'),
      'base.yaml': lines('lookup_options: {Roles: deep}', 'Roles: {web: {port: 80, tls: false}}'),
      'node.yaml': lines('Roles: {web: {tls: true}}'),
    })
    const lookup = await run(['render', 'node.merged.yaml', '--format', 'json', '--lookup', 'Roles/web'], {
      cwd: datum,
    })
    expect(lookup.code).toBe(0)
    // Datum resolves `Roles\\web` as a lookup of its own: `Roles: deep` does not apply to it, so the
    // most specific layer wins — unlike walking into the deep-merged `Roles`.
    expect(JSON.parse(lookup.stdout)).toEqual({ tls: true })
    const parent = await run(['render', 'node.merged.yaml', '--format', 'json', '--lookup', 'Roles'], { cwd: datum })
    expect(JSON.parse(parent.stdout)).toEqual({ web: { tls: true, port: 80 } })

    const deckhand = writeTree({
      'site.merged.yaml': lines(
        'schema: deckhand/LayeringPolicy/v1',
        'metadata: {schema: metadata/Control/v1, name: layering-policy}',
        'data: {layerOrder: [global]}',
        '---',
        'schema: example/Kind/v1',
        'metadata: {schema: metadata/Document/v1, name: web, layeringDefinition: {layer: global}}',
        'data: {port: 80}',
      ),
    })
    const document = await run(['render', 'site.merged.yaml', '--format', 'json', '--document', 'web'], {
      cwd: deckhand,
    })
    expect(document.code).toBe(0)
    expect(JSON.parse(document.stdout)).toEqual({ port: 80 })
  })
})
