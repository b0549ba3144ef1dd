// The values dialect against its references' own tests: Helm's tests of merging values files
// (helm/helm e9b85e4, pkg/chart/v2/loader, pkg/chart/common/util) and compose-go's tests of the
// `!reset` and `!override` tags (compose-spec/compose-go e70e961, loader/). Each case is the behaviour
// of one upstream test, written as a values entry — the upstream files (or maps) as layers, base first:
// `#include` of 0.yaml, 1.yaml, … — and rendered through render(); the upstream test is cited per case.
// Left out, and why: docs/values.md ("Conformance").
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { isMergedYamlError, render } from '@merged-yaml/core'
import type { RenderOptions } from '@merged-yaml/core'
import { lines, writeTree } from '../helpers/tree.ts'

interface Case {
  /** The upstream test (file and function, subtest). */
  upstream: string
  /** The layers, base first. */
  layers: string[]
  options?: RenderOptions
  /** The merged value, or the code and line of the error. */
  expected: unknown
  error?: { code: string; line: number }
}

async function renderLayers(layers: readonly string[], options: RenderOptions = {}) {
  const files: Record<string, string> = {
    'app.merged.yaml': lines('#include', ...layers.map((_, i) => `${i}.yaml`)),
  }
  layers.forEach((text, i) => (files[`${i}.yaml`] = text))
  const root = writeTree(files, 'values-conformance')
  return render(join(root, 'app.merged.yaml'), { root, ...options })
}

function run(cases: readonly Case[]): void {
  for (const c of cases) {
    it(c.upstream, async () => {
      if (c.error) {
        const error = await renderLayers(c.layers, c.options).catch((e: unknown) => e)
        if (!isMergedYamlError(error)) throw new Error(`expected a located error, got ${String(error)}`)
        expect(error.diagnostics[0]).toMatchObject(c.error)
        return
      }
      const result = await renderLayers(c.layers, c.options)
      expect(result.dialect).toBe('values')
      expect(result.value).toEqual(c.expected)
    })
  }
}

// Helm's maps of TestMergeValuesV2, as values files.
const flat = lines('foo: bar', 'baz: stuff')
const nested = lines('foo: bar', 'baz:', '  cool: stuff')
const anotherNested = lines('foo: bar', 'baz:', '  cool: things', '  awesome: stuff')
const anotherFlat = lines('testing: fun')

describe('Helm: values files merged as `helm template -f a.yaml -f b.yaml` merges them', () => {
  run([
    {
      upstream: 'pkg/chart/v2/loader TestMergeValuesV2: a nested map overwrites a flat value',
      layers: [flat, nested],
      expected: { foo: 'bar', baz: { cool: 'stuff' } },
    },
    {
      upstream: 'pkg/chart/v2/loader TestMergeValuesV2: a flat value overwrites a map',
      layers: [nested, flat],
      expected: { foo: 'bar', baz: 'stuff' },
    },
    {
      upstream: 'pkg/chart/v2/loader TestMergeValuesV2: a nested map overwrites another nested map',
      layers: [nested, anotherNested],
      expected: { foo: 'bar', baz: { cool: 'things', awesome: 'stuff' } },
    },
    {
      upstream: 'pkg/chart/v2/loader TestMergeValuesV2: maps with different keys merge',
      layers: [anotherFlat, anotherNested],
      expected: { testing: 'fun', foo: 'bar', baz: { cool: 'things', awesome: 'stuff' } },
    },
    {
      upstream: 'pkg/chart/v2/loader TestLoadValues: It should load values correctly',
      layers: [lines('foo:', '  image: foo:v1', 'bar:', '  version: v2')],
      expected: { foo: { image: 'foo:v1' }, bar: { version: 'v2' } },
    },
    {
      upstream: 'pkg/chart/v2/loader TestLoadValues: ... with multiple documents in one file',
      layers: [lines('foo:', '  image: foo:v1', 'bar:', '  version: v2', '---', 'foo:', '  image: foo:v2')],
      expected: { foo: { image: 'foo:v2' }, bar: { version: 'v2' } },
    },
    ...[4096, 8192].map((size) => ({
      upstream: `pkg/chart/v2/loader TestLoadValuesEOFBoundary: size_${size} (a last line without a newline)`,
      layers: [`{"foo":"${'x'.repeat(size - 10)}"}`],
      expected: { foo: 'x'.repeat(size - 10) },
    })),
    {
      // MergeTables(dst, src): dst (the later layer) wins, nulls are kept — what MergeMaps does for `-f` files.
      upstream: 'pkg/chart/common/util TestMergeTables (first half: the later layer wins, its nulls are kept)',
      layers: [
        lines(
          'occupation: whaler',
          'address:',
          '  state: MA',
          '  street: 234 Spouter Inn Ct.',
          '  country: US',
          'details: empty',
          'boat:',
          '  mast: true',
          'hole: black',
        ),
        lines(
          'name: Ishmael',
          'address:',
          '  street: 123 Spouter Inn Ct.',
          '  city: Nantucket',
          '  country: null',
          'details:',
          '  friends: [Tashtego]',
          'boat: pequod',
          'hole: null',
        ),
      ],
      expected: {
        occupation: 'whaler',
        name: 'Ishmael',
        address: { state: 'MA', street: '123 Spouter Inn Ct.', city: 'Nantucket', country: null },
        details: { friends: ['Tashtego'] },
        boat: 'pequod',
        hole: null,
      },
    },
    {
      upstream: 'pkg/chart/common/util TestMergeTables (second half: nothing to merge keeps every value, nil too)',
      layers: [lines('name: Ishmael', 'hole: black', 'nilval: null'), ''],
      expected: { name: 'Ishmael', hole: 'black', nilval: null },
    },
    {
      // Options.MergeValues starts from an empty map and LoadValues reads a document as a map.
      upstream: 'pkg/cli/values Options.MergeValues / pkg/chart/v2/loader LoadValues: a list is not values',
      layers: [lines('a: 1'), lines('- 1')],
      expected: undefined,
      error: { code: 'MY_VALUES_NOT_A_MAPPING', line: 1 },
    },
  ])
})

describe("Compose: compose-go's !reset and !override", () => {
  run([
    {
      upstream: 'loader/reset_test.go TestResetRemove',
      layers: [
        lines('name: test-reset', 'networks:', '  test:', '    name: test', '    external: true'),
        lines('networks:', '  test: !reset {}'),
      ],
      expected: { name: 'test-reset', networks: {} },
    },
    {
      upstream: 'loader/reset_test.go TestOverrideReplace',
      layers: [
        lines('name: test-override', 'networks:', '  test:', '    name: test', '    external: true'),
        lines('networks:', '  test: !override {}'),
      ],
      expected: { name: 'test-override', networks: { test: {} } },
    },
    {
      upstream: 'loader/merge_reset_test.go Test_LoadWithReset',
      layers: [
        lines(
          'name: test',
          'services:',
          '  foo:',
          '    build:',
          '      context: .',
          '      dockerfile: foo.Dockerfile',
          '    environment:',
          '      FOO: BAR',
        ),
        lines('services:', '  foo:', '    image: foo', '    build: !reset  ', '    environment:', '      FOO: !reset'),
      ],
      expected: { name: 'test', services: { foo: { image: 'foo', environment: {} } } },
    },
    {
      upstream: 'loader/merge_reset_test.go Test_DuplicateReset (a key twice fails)',
      layers: [lines('name: test', 'services:', '  foo:', '    command: hello', '    command: !reset hello world')],
      expected: undefined,
      error: { code: 'MY_YAML_DUPLICATE_KEY', line: 5 },
    },
    {
      upstream: 'loader/reset_test.go TestResetTagWithSharedAlias (merge keys: YAML 1.1)',
      options: { yamlVersion: '1.1' },
      layers: [
        lines(
          'name: test',
          'services:',
          '  svc1:',
          '    image: alpine',
          '    ports:',
          '      - "8080:80"',
          '  svc2:',
          '    image: nginx',
          '    ports:',
          '      - "9090:90"',
        ),
        lines(
          'x-reset-ports: &reset-ports',
          '  ports: !reset []',
          '',
          'services:',
          '  svc1:',
          '    <<: *reset-ports',
          '  svc2:',
          '    <<: *reset-ports',
        ),
      ],
      expected: {
        name: 'test',
        services: { svc1: { image: 'alpine' }, svc2: { image: 'nginx' } },
        'x-reset-ports': {},
      },
    },
    {
      upstream: 'loader/reset_test.go TestOverrideTagWithSharedAlias',
      layers: [
        lines(
          'name: test',
          'networks:',
          '  net1:',
          '    external: true',
          '    name: external-net-1',
          '  net2:',
          '    external: true',
          '    name: external-net-2',
        ),
        lines('x-override: &ov !override {}', '', 'networks:', '  net1: *ov', '  net2: *ov'),
      ],
      expected: { name: 'test', networks: { net1: {}, net2: {} }, 'x-override': {} },
    },
    {
      upstream: 'loader/reset_test.go TestNestedAliasReset (merge keys: YAML 1.1)',
      options: { yamlVersion: '1.1' },
      layers: [
        lines('name: test', 'services:', '  svc:', '    image: alpine', '    ports:', '      - "8080:80"'),
        lines(
          'x-inner: &inner',
          '  ports: !reset []',
          '',
          'x-outer: &outer',
          '  <<: *inner',
          '',
          'services:',
          '  svc:',
          '    <<: *outer',
        ),
      ],
      expected: { name: 'test', services: { svc: { image: 'alpine' } }, 'x-inner': {}, 'x-outer': {} },
    },
    {
      upstream: 'loader/reset_test.go TestDirectAliasWithReset',
      layers: [
        lines(
          'name: test',
          'services:',
          '  svc1:',
          '    image: alpine',
          '    ports:',
          '      - "8080:80"',
          '  svc2:',
          '    image: nginx',
          '    ports:',
          '      - "9090:90"',
        ),
        lines(
          'x-reset: &reset !reset []',
          '',
          'services:',
          '  svc1:',
          '    ports: *reset',
          '  svc2:',
          '    ports: *reset',
        ),
      ],
      expected: { name: 'test', services: { svc1: { image: 'alpine' }, svc2: { image: 'nginx' } } },
    },
  ])
})
