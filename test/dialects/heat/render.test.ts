// The Heat dialect through render(): entries, detection, templates, inference, heatclient mode.
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { render } from '@merged-yaml/core'
import type { MergedYamlError, RenderOptions } from '@merged-yaml/core'
import { writeTree } from '../../helpers/tree.ts'

/** Writes `files` into a fresh folder and renders `entry` with it as root. */
async function renderTree(files: Record<string, string>, options: RenderOptions = {}, entry = 'app.merged.yaml') {
  const root = writeTree(files, 'heat')
  return { root, result: await render(join(root, entry), { root, ...options }) }
}

async function renderError(
  files: Record<string, string>,
  options: RenderOptions = {},
  entry?: string,
): Promise<MergedYamlError> {
  return renderTree(files, options, entry).then(
    () => {
      throw new Error('expected a MergedYamlError')
    },
    (error: MergedYamlError) => error,
  )
}

const TEMPLATE =
  'heat_template_version: 2021-04-16\nparameters:\n  NtpServers: {type: comma_delimited_list}\n  ExtraConfig: {type: json}\n'

describe('entries', () => {
  it('are recognised from parameter_defaults / parameter_merge_strategies, template part included', async () => {
    const { result } = await renderTree({
      'app.merged.yaml': '#include\novercloud.yaml\nbase.yaml\nprod.yaml\n',
      'overcloud.yaml': TEMPLATE,
      'base.yaml':
        'parameter_merge_strategies: {default: merge, ExtraConfig: deep_merge}\nparameter_defaults:\n  NtpServers: [a.ntp]\n  ExtraConfig: {nova: {debug: false}}\n',
      'prod.yaml': 'parameter_defaults:\n  NtpServers: [b.ntp]\n  ExtraConfig: {nova: {workers: 4}}\n',
    })
    expect(result.dialect).toBe('heat')
    expect(result.value).toEqual({
      parameters: {},
      resource_registry: {},
      parameter_defaults: { NtpServers: ['a.ntp', 'b.ntp'], ExtraConfig: { nova: { debug: false, workers: 4 } } },
      encrypted_param_names: [],
      event_sinks: [],
    })
    expect(result.files.map((f) => f.split('/').pop())).toContain('overcloud.yaml')
  })

  it('a YAML stream is a sequence of environment files', async () => {
    const { result } = await renderTree(
      { 'app.merged.yaml': 'parameter_defaults: {Debug: false}\n---\nparameter_defaults: {Debug: true}\n' },
      { heat: { parameterTypes: { Debug: 'boolean' } } },
    )
    expect((result.value as { parameter_defaults: unknown }).parameter_defaults).toEqual({ Debug: true })
  })

  it('heat.template is relative to the entry; the first declaration of a name wins', async () => {
    const { result } = await renderTree(
      {
        'config/app.merged.yaml': '#include\nenv-1.yaml\nenv-2.yaml\n',
        'config/env-1.yaml': 'parameter_merge_strategies: {default: merge}\nparameters: {Servers: a}\n',
        'config/env-2.yaml': 'parameters: {Servers: b}\n',
        'templates/root.yaml':
          'heat_template_version: 2021-04-16\nparameters:\n  Servers: {type: comma_delimited_list}\n',
        'templates/nested.yaml': 'heat_template_version: 2021-04-16\nparameters:\n  Servers: {type: string}\n',
      },
      { heat: { template: ['../templates/root.yaml', '../templates/nested.yaml'] } },
      'config/app.merged.yaml',
    )
    expect((result.value as { parameters: unknown }).parameters).toEqual({ Servers: 'a,b' })
    // The templates are dependencies of the entry: watch mode rebuilds when they change.
    expect(result.files.map((f) => f.split('/').slice(-2).join('/'))).toEqual([
      'config/app.merged.yaml',
      'config/env-1.yaml',
      'config/env-2.yaml',
      'templates/root.yaml',
      'templates/nested.yaml',
    ])
  })

  it('a missing heat.template is a located error', async () => {
    const error = await renderError(
      { 'app.merged.yaml': 'parameter_defaults: {a: 1}\n' },
      { heat: { template: 'nope.yaml' } },
    )
    expect(error.diagnostics[0]).toMatchObject({ code: 'MY_FILE_NOT_FOUND', line: 1 })
    expect(error.diagnostics[0]!.file).toMatch(/app\.merged\.yaml$/)
  })

  it('a plain config whose only key is parameters is not Heat (a values entry)', async () => {
    const { result } = await renderTree({ 'app.merged.yaml': 'parameters: {a: 1}\n' })
    expect(result.dialect).toBe('values')
  })

  it('mixing Heat directives with cloud-init merge_how names both', async () => {
    const error = await renderError({
      'app.merged.yaml': '#include\nenv.yaml\nci.yaml\n',
      'env.yaml': 'parameter_defaults: {a: 1}\n',
      'ci.yaml': 'merge_how: dict(recurse_array)+list(append)\nruncmd: [ls]\n',
    })
    expect(error.code).toBe('MY_DIALECT_MIXED')
    expect(error.message).toMatch(/heat \(parameter_defaults/)
    expect(error.message).toMatch(/cloud-init \(merge_how/)
  })

  it('invalid YAML fails even with strict: false (Heat raises ValueError; cloud-init would skip the part)', async () => {
    const error = await renderError(
      { 'app.merged.yaml': '#include\nenv.yaml\n', 'env.yaml': 'parameters: }\n' },
      { strict: false, dialect: 'heat' },
    )
    expect(error.diagnostics[0]).toMatchObject({ code: 'MY_YAML_SYNTAX', severity: 'error', line: 1, column: 13 })
  })
})

describe('types inferred when nothing is declared', () => {
  it('from the first non-null value: string, list, mapping', async () => {
    const { result } = await renderTree(
      {
        'app.merged.yaml': '#include\nenv-1.yaml\nenv-2.yaml\n',
        'env-1.yaml':
          'parameter_merge_strategies: {default: deep_merge}\nparameter_defaults:\n  Prefix: app-\n  Hosts: [a]\n  Config: {x: {y: 1}}\n  Late: null\n',
        'env-2.yaml': 'parameter_defaults:\n  Prefix: prod\n  Hosts: [b]\n  Config: {x: {z: 2}}\n  Late: set\n',
      },
      { strict: false },
    )
    expect((result.value as { parameter_defaults: unknown }).parameter_defaults).toEqual({
      Prefix: 'app-prod',
      Hosts: ['a', 'b'],
      Config: { x: { y: 1, z: 2 } },
      Late: 'set',
    })
  })
})

describe("heatclient mode (python-heatclient's deep_update)", () => {
  const files = {
    'app.merged.yaml': '#include\nenv-1.yaml\nenv-2.yaml\n',
    'env-1.yaml': 'parameters: {Hosts: [a], Config: {x: 1}}\nresource_registry:\n  resources: {r1: {A: a.yaml}}\n',
    'env-2.yaml': 'parameters: {Hosts: [b], Config: {y: 2}}\nresource_registry:\n',
  }

  it('deep-merges every section, replaces lists, and a null never clears a mapping', async () => {
    const { result } = await renderTree(files, { heat: { mode: 'heatclient' } })
    expect(result.value).toEqual({
      parameters: { Hosts: ['b'], Config: { x: 1, y: 2 } },
      resource_registry: { resources: { r1: { A: 'a.yaml' } } },
    })
  })

  it('parameter_merge_strategies are ignored there: strict refuses, lenient keeps them as data', async () => {
    const withStrategies = {
      ...files,
      'env-2.yaml': 'parameter_merge_strategies: {Hosts: merge}\nparameters: {Hosts: [b]}\n',
    }
    const error = await renderError(withStrategies, { heat: { mode: 'heatclient' } })
    expect(error.diagnostics[0]).toMatchObject({ code: 'MY_HEAT_CLIENT_STRATEGIES', line: 1, column: 1 })
    const { result } = await renderTree(withStrategies, { strict: false, heat: { mode: 'heatclient' } })
    expect((result.value as { parameter_merge_strategies: unknown }).parameter_merge_strategies).toEqual({
      Hosts: 'merge',
    })
    expect(result.warnings.map((w) => w.code)).toEqual(['MY_HEAT_CLIENT_STRATEGIES'])
  })

  it('a mapping over a scalar raises (AttributeError in heatclient)', async () => {
    const error = await renderError(
      { 'app.merged.yaml': 'parameters: {Config: text}\n---\nparameters: {Config: {x: 1}}\n' },
      { dialect: 'heat', heat: { mode: 'heatclient' } },
    )
    expect(error.diagnostics[0]).toMatchObject({ code: 'MY_HEAT_TYPE_MISMATCH', line: 3 })
  })
})

describe('YAML version', () => {
  it("reads as Heat's loader (PyYAML, YAML 1.1) does unless yamlVersion says otherwise; dates strings", async () => {
    const files = { 'app.merged.yaml': 'parameter_defaults: {Enabled: yes, Day: 2024-01-31, Mode: 0755}\n' }
    const heat = { parameterTypes: { Enabled: 'boolean', Day: 'string', Mode: 'number' } } as const
    const read = async (options: RenderOptions) =>
      ((await renderTree(files, { heat, ...options })).result.value as { parameter_defaults: unknown })
        .parameter_defaults
    expect(await read({ yamlVersion: '1.1' })).toEqual({ Enabled: true, Day: '2024-01-31', Mode: 493 })
    expect(await read({})).toEqual({ Enabled: true, Day: '2024-01-31', Mode: 493 })
    expect(await read({ yamlVersion: '1.2' })).toEqual({ Enabled: 'yes', Day: '2024-01-31', Mode: 755 })
  })
})
