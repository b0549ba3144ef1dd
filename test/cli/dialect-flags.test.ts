// Each dialect's own flags, derived from the dialect registry: what each kind of flag sets, and the
// usage errors of a malformed value.
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { lines, writeTree } from '../helpers/tree.ts'
import { run } from './helpers.ts'

const json = async (argv: string[], cwd: string) => {
  const r = await run([...argv, '--format', 'json'], { cwd })
  expect(r.code, r.stderr).toBe(0)
  return JSON.parse(r.stdout) as Record<string, Record<string, unknown>>
}

describe('Heat flags', () => {
  const heat = () =>
    writeTree({
      'env.merged.yaml': lines('#include', 'a.yaml', 'b.yaml'),
      'a.yaml': lines('parameter_merge_strategies:', '  default: merge', 'parameter_defaults:', '  Flags: a'),
      'b.yaml': lines('parameter_merge_strategies:', '  default: merge', 'parameter_defaults:', '  Flags: b'),
      'templates/types.yaml': lines('heat_template_version: 2021-04-16', 'parameters:', '  Flags: {type: string}'),
      'initial.yaml': lines('parameters: {Given: 1}', 'parameter_defaults: {}', 'resource_registry: {}'),
    })

  it('--heat-parameter-type and --heat-template declare the types that direct the merge', async () => {
    const cwd = heat()
    // Inferred as a string, `merge` joins the two texts (lenient mode: strict refuses the guess).
    const typed = ['render', 'env.merged.yaml', '--no-strict']
    expect((await json(typed, cwd)).parameter_defaults).toEqual({ Flags: 'ab' })
    expect((await run(['render', 'env.merged.yaml'], { cwd })).stderr).toContain('MY_HEAT_INFERRED_TYPE')
    const parameterTypes = await json([...typed, '--heat-parameter-type', 'Flags=comma_delimited_list'], cwd)
    expect(parameterTypes.parameter_defaults).toEqual({ Flags: 'a,b' })
    // Declared, the merge is no guess: strict mode renders it.
    const template = await json(['render', 'env.merged.yaml', '--heat-template', join('templates', 'types.yaml')], cwd)
    expect(template.parameter_defaults).toEqual({ Flags: 'ab' })
  })

  it('--heat-initial reads the initial environment from a YAML file; --heat-mode picks whose merge', async () => {
    const cwd = heat()
    const initial = await json(['render', 'env.merged.yaml', '--no-strict', '--heat-initial', 'initial.yaml'], cwd)
    expect(initial.parameters).toEqual({ Given: 1 })
    // heatclient's deep_update: the later value replaces (its strategies are data: lenient mode).
    const client = await json(['render', 'env.merged.yaml', '--no-strict', '--heat-mode', 'heatclient'], cwd)
    expect(client.parameter_defaults).toEqual({ Flags: 'b' })
  })

  it('refuses a pair without = and an unreadable file, as usage errors', async () => {
    const cwd = heat()
    const pair = await run(['render', 'env.merged.yaml', '--heat-parameter-type', 'Flags'], { cwd })
    expect(pair).toMatchObject({ code: 2 })
    expect(pair.stderr).toContain('--heat-parameter-type takes name=value')
    const file = await run(['render', 'env.merged.yaml', '--heat-initial', 'nope.yaml'], { cwd })
    expect(file).toMatchObject({ code: 2 })
    expect(file.stderr).toContain('--heat-initial: cannot read')
  })
})

describe('Deckhand flags', () => {
  const policy = lines(
    '---',
    'schema: deckhand/LayeringPolicy/v1',
    'metadata: {schema: metadata/Control/v1, name: layering-policy}',
    'data: {layerOrder: [site]}',
  )
  const document = (schema: string, name: string, data: string) =>
    lines(
      '---',
      `schema: ${schema}`,
      `metadata: {schema: metadata/Document/v1, name: ${name}, layeringDefinition: {layer: site}}`,
      `data: ${data}`,
    )

  it('--document with --deckhand-schema picks one of two documents sharing a name', async () => {
    const cwd = writeTree({
      'site.merged.yaml':
        policy + document('a/Chart/v1', 'x', '{chart: 1}') + document('a/Group/v1', 'x', '{group: 1}'),
    })
    expect(
      await json(['render', 'site.merged.yaml', '--document', 'x', '--deckhand-schema', 'a/Group/v1'], cwd),
    ).toEqual({
      group: 1,
    })
  })

  it('--no-fail-on-missing-source skips a substitution whose source is missing', async () => {
    const substituted = lines(
      '---',
      'schema: a/Chart/v1',
      'metadata:',
      '  schema: metadata/Document/v1',
      '  name: chart',
      '  layeringDefinition: {layer: site}',
      '  substitutions:',
      '    - src: {schema: a/Secret/v1, name: missing, path: .}',
      '      dest: {path: .password}',
      'data: {password: none}',
    )
    const cwd = writeTree({ 'site.merged.yaml': policy + substituted })
    expect((await run(['render', 'site.merged.yaml'], { cwd })).code).toBe(1)
    const lenient = await run(['render', 'site.merged.yaml', '--no-strict', '--no-fail-on-missing-source'], { cwd })
    expect(lenient.code).toBe(0)
    expect(lenient.stderr).toContain('MY_DECKHAND_SUBSTITUTION_SKIPPED')
  })
})

describe('values flags', () => {
  it("--values-chart renders the chart's .Values: the first layer is the chart's values.yaml", async () => {
    const cwd = writeTree({
      'values.merged.yaml': lines('#include', 'chart/values.yaml', 'prod.yaml'),
      'chart/values.yaml': lines('image: {repository: nginx, tag: null}', 'replicas: 1'),
      'prod.yaml': lines('replicas: null'),
    })
    expect(await json(['render', 'values.merged.yaml'], cwd)).toEqual({
      image: { repository: 'nginx', tag: null },
      replicas: null,
    })
    expect(await json(['render', 'values.merged.yaml', '--values-chart'], cwd)).toEqual({
      image: { repository: 'nginx' },
    })
  })
})
