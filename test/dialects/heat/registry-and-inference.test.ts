// Two things Heat takes from outside the environment files: the folder each file's resource_registry
// paths are relative to (heatclient resolves them per file before merging), and the parameter types
// (the templates): a merge whose result depends on a type that was only inferred is a question.
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { isMergedYamlError, render } from '@merged-yaml/core'
import type { RenderOptions } from '@merged-yaml/core'
import { writeTree } from '../../helpers/tree.ts'

async function renderTree(files: Record<string, string>, options: RenderOptions = {}, entry = 'app.merged.yaml') {
  const root = writeTree(files, 'heat-registry')
  return render(join(root, entry), { root, dialect: 'heat', ...options })
}

const registryOf = (value: unknown) => (value as { resource_registry: unknown }).resource_registry

describe('resource_registry paths, resolved per environment file as heatclient does', () => {
  const files = {
    'app.merged.yaml': '#include\nenvironments/docker-ha.yaml\nenvironments/ceph/ceph.yaml\n',
    'environments/docker-ha.yaml': [
      'resource_registry:',
      '  OS::TripleO::Services::Pacemaker: ../deployment/pacemaker.yaml',
      '  OS::TripleO::Services::Redis: OS::Heat::None',
      '  OS::TripleO::Services::Abs: /usr/share/templates/abs.yaml',
      '  OS::TripleO::Services::Url: https://example.com/t.yaml',
      '  OS::TripleO::Services::Same: ./same.yaml',
      '',
    ].join('\n'),
    'environments/ceph/ceph.yaml': [
      'resource_registry:',
      '  OS::TripleO::Services::CephMon: ../../deployment/ceph/mon.yaml',
      '  resources:',
      '    "*Controller*":',
      '      OS::TripleO::Hook: ../hooks/hook.yaml',
      '      hooks: [pre-create]',
      '',
    ].join('\n'),
  }

  it('each against its own file, then relative to the entry; types, absolute paths and URLs as written', async () => {
    const { value } = await renderTree(files)
    expect(registryOf(value)).toEqual({
      'OS::TripleO::Services::Pacemaker': 'deployment/pacemaker.yaml',
      'OS::TripleO::Services::Redis': 'OS::Heat::None',
      'OS::TripleO::Services::Abs': '/usr/share/templates/abs.yaml',
      'OS::TripleO::Services::Url': 'https://example.com/t.yaml',
      'OS::TripleO::Services::Same': 'environments/same.yaml',
      'OS::TripleO::Services::CephMon': 'deployment/ceph/mon.yaml',
      resources: { '*Controller*': { 'OS::TripleO::Hook': 'environments/hooks/hook.yaml', hooks: ['pre-create'] } },
    })
  })

  it('relative to the entry wherever it is, in heatclient mode too', async () => {
    const nested = {
      ...files,
      'config/app.merged.yaml': '#include\n../environments/docker-ha.yaml\n../environments/ceph/ceph.yaml\n',
    }
    for (const mode of ['server', 'heatclient'] as const) {
      const { value } = await renderTree(nested, { heat: { mode } }, 'config/app.merged.yaml')
      expect(registryOf(value)).toMatchObject({
        'OS::TripleO::Services::Pacemaker': '../deployment/pacemaker.yaml',
        'OS::TripleO::Services::CephMon': '../deployment/ceph/mon.yaml',
      })
    }
  })

  it('against base_url when the registry sets one', async () => {
    const { value } = await renderTree({
      'app.merged.yaml': '#include\nenv/a.yaml\nenv/b.yaml\n',
      'env/a.yaml': 'resource_registry:\n  base_url: https://example.com/tht/\n  OS::A: a.yaml\n',
      'env/b.yaml': 'resource_registry:\n  base_url: ../templates\n  OS::B: b.yaml\n',
    })
    expect(registryOf(value)).toMatchObject({
      'OS::A': 'https://example.com/tht/a.yaml',
      'OS::B': 'templates/b.yaml',
    })
  })
})

describe('merges that depend on a type only inferred from the values', () => {
  const entry = (env1: string, env2: string) => ({
    'app.merged.yaml': '#include\nenv-1.yaml\nenv-2.yaml\n',
    'env-1.yaml': `parameter_merge_strategies: {default: merge}\nparameter_defaults:\n${env1}`,
    'env-2.yaml': `parameter_defaults:\n${env2}`,
  })

  it('strict mode: a located error with every reading, asking for the type', async () => {
    const error = await renderTree(entry('  Hosts: a,b\n', '  Hosts: c\n')).catch((e: unknown) => e)
    if (!isMergedYamlError(error)) throw new Error('expected a MergedYamlError')
    expect(error.diagnostics[0]).toMatchObject({ code: 'MY_HEAT_INFERRED_TYPE', line: 2, column: 3 })
    expect(error.diagnostics[0]!.file).toMatch(/env-2\.yaml$/)
    expect(error.diagnostics[0]!.message).toBe(
      "parameter 'Hosts' has no declared type and its 'merge' depends on it " +
        '(as string: "a,bc"; as comma_delimited_list: "a,b,c"); the type inferred from its first value is string: ' +
        'declare it (heat.parameterTypes, heat.template or a template part)',
    )
  })

  it('a boolean text: Heat raises for a boolean, concatenates a string', async () => {
    const error = await renderTree(entry('  Debug: "true"\n', '  Debug: "false"\n')).catch((e: unknown) => e)
    if (!isMergedYamlError(error)) throw new Error('expected a MergedYamlError')
    expect(error.diagnostics[0]!.message).toContain(
      'as string: "truefalse"; as comma_delimited_list: "true,false"; ' +
        'as boolean: an error (Heat raises InvalidMergeStrategyForParam)',
    )
  })

  it('no question for a list: only a comma_delimited_list merges one (Heat raises for json)', async () => {
    const result = await renderTree(entry('  Servers: [a]\n', '  Servers: [b]\n'))
    expect((result.value as { parameter_defaults: unknown }).parameter_defaults).toEqual({ Servers: ['a', 'b'] })
    expect(result.warnings).toEqual([])
  })

  it('lenient mode: the inferred type, with a warning', async () => {
    const result = await renderTree(entry('  Hosts: a,b\n', '  Hosts: c\n'), { strict: false })
    expect((result.value as { parameter_defaults: unknown }).parameter_defaults).toEqual({ Hosts: 'a,bc' })
    expect(result.warnings.map((w) => w.code)).toEqual(['MY_HEAT_INFERRED_TYPE'])
  })

  it('no question when the type is declared, the value can only be json, or nothing is merged', async () => {
    const declared = await renderTree(entry('  Hosts: a,b\n', '  Hosts: c\n'), {
      heat: { parameterTypes: { Hosts: 'comma_delimited_list' } },
    })
    expect((declared.value as { parameter_defaults: unknown }).parameter_defaults).toEqual({ Hosts: 'a,b,c' })
    const json = await renderTree(entry('  Config: {a: 1}\n', '  Config: {b: 2}\n'))
    expect((json.value as { parameter_defaults: unknown }).parameter_defaults).toEqual({ Config: { a: 1, b: 2 } })
    const overwrite = await renderTree(entry('  Other: x\n', '  Hosts: c\n'))
    expect(overwrite.warnings).toEqual([])
  })
})
