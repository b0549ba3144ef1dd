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
  /** The key paths of the warnings Helm logs while coalescing (values.chart), when the test asserts them. */
  logged?: string[]
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
      if (c.logged) {
        const logged = result.warnings.filter((d) => d.code === 'MY_VALUES_CHART_NOT_A_TABLE')
        expect(logged.map((d) => d.path!.join('.')).sort()).toEqual([...c.logged].sort())
      }
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

// Helm's coalescing tests (pkg/chart/common/util/coalesce_test.go), with the chart's Values as the first
// layer (its values.yaml) and the user's values as the `-f` files; the tests with subcharts restated for one
// chart, each saying how. Every expectation is also the Go oracle's `--chart` result
// (../shared/realworld/oracle/helm-values).
const CHART: RenderOptions = { values: { chart: true } }

describe("Helm: a chart's .Values (values: { chart: true }), as CoalesceValues makes them", () => {
  run([
    {
      upstream:
        'pkg/chart/common/util TestCoalesceValues, chart moby without its subcharts (pequod is an ordinary key): ' +
        'user nulls delete top-level and nested defaults; a null the chart lacks stays',
      layers: [
        lines(
          'back: exists',
          'bottom: exists',
          'front: exists',
          'left: exists',
          'name: moby',
          'nested: {boat: true}',
          'override: bad',
          'right: exists',
          'scope: moby',
          'top: nope',
          'global: {nested2: {l0: moby}}',
          'pequod:',
          '  boat: maybe',
          '  ahab:',
          '    boat: maybe',
          '    nested: {boat: maybe}',
        ),
        lines(
          'top: yup',
          'bottom: null',
          'right: Null',
          'left: NULL',
          'front: ~',
          'back: ""',
          'nested:',
          '  boat: null',
          'global:',
          '  name: Ishmael',
          '  subject: Queequeg',
          '  nested:',
          '    boat: true',
          'pequod:',
          '  boat: null',
          '  global:',
          '    name: Stinky',
          '    harpooner: Tashtego',
          '    nested:',
          '      boat: false',
          '      sail: true',
          '      foo2: null',
          '  ahab:',
          '    scope: whale',
          '    boat: null',
          '    nested:',
          '      foo: true',
          '      boat: null',
          '    object: null',
        ),
      ],
      options: CHART,
      expected: {
        back: '',
        global: { name: 'Ishmael', nested: { boat: true }, nested2: { l0: 'moby' }, subject: 'Queequeg' },
        name: 'moby',
        nested: {},
        override: 'bad',
        pequod: {
          ahab: { nested: { foo: true }, object: null, scope: 'whale' },
          global: { harpooner: 'Tashtego', name: 'Stinky', nested: { boat: false, foo2: null, sail: true } },
        },
        scope: 'moby',
        top: 'yup',
      },
      logged: [],
    },
    {
      upstream:
        'pkg/chart/common/util TestCoalesceTables (src the chart, dst the user): the user wins, a user null over a ' +
        "default deletes it; a user scalar over the chart's table at the top is not logged",
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
      options: CHART,
      expected: {
        occupation: 'whaler',
        address: { state: 'MA', street: '123 Spouter Inn Ct.', city: 'Nantucket' },
        details: { friends: ['Tashtego'] },
        boat: 'pequod',
        name: 'Ishmael',
      },
      logged: ['details'],
    },
    {
      upstream:
        'pkg/chart/common/util TestCoalesceValuesWarnings, without subcharts (level2.level3 are ordinary keys): ' +
        'each table against a non-table is kept from the user and logged',
      layers: [
        lines(
          'name: moby',
          'level2:',
          '  name: pequod',
          '  level3:',
          '    name: ahab',
          '    boat: true',
          '    spear:',
          '      tip: true',
          '      sail: {cotton: true}',
        ),
        lines(
          'level2:',
          '  level3:',
          '    boat: {mast: true}',
          '    spear:',
          '      tip: {sharp: true}',
          '      sail: true',
        ),
      ],
      options: CHART,
      expected: {
        name: 'moby',
        level2: {
          name: 'pequod',
          level3: { name: 'ahab', boat: { mast: true }, spear: { tip: { sharp: true }, sail: true } },
        },
      },
      logged: ['level2.level3.boat', 'level2.level3.spear.tip', 'level2.level3.spear.sail'],
    },
    {
      upstream: 'pkg/chart/common/util TestCoalesceValuesEmptyMapWithNils (#31643): a user null the chart lacks stays',
      layers: [lines('data: {}'), lines('data: {foo: bar, baz: ~}')],
      options: CHART,
      expected: { data: { foo: 'bar', baz: null } },
    },
    {
      upstream:
        "pkg/chart/common/util TestCoalesceValuesSubchartDefaultNilsCleaned (#31919), the subchart's values as the chart's",
      layers: [lines('keyMapping: {password: null}')],
      options: CHART,
      expected: { keyMapping: {} },
    },
    {
      upstream: 'pkg/chart/common/util TestCoalesceValuesUserNullErasesSubchartDefault (#31919), at the top chart',
      layers: [lines('child: {someKey: default}'), lines('child: {someKey: null}')],
      options: CHART,
      expected: { child: {} },
    },
    {
      upstream:
        'pkg/chart/common/util TestCoalesceValuesSubchartNilDoesNotShadowGlobal (#31971), one chart: global is an ' +
        "ordinary key, the chart's null is dropped",
      layers: [lines('ingress: {feature: null}'), lines('global: {ingress: {feature: true}}')],
      options: CHART,
      expected: { ingress: {}, global: { ingress: { feature: true } } },
    },
    {
      upstream:
        'pkg/chart/common/util TestCoalesceValuesSubchartNilCleanedWhenUserPartiallyOverrides, at the top chart',
      layers: [lines('keyMapping: {password: null, format: bcrypt}'), lines('keyMapping: {format: sha256}')],
      options: CHART,
      expected: { keyMapping: { format: 'sha256' } },
    },
    {
      upstream: 'coalesce.go coalesceValues: a top-level user null over a chart null or table is deleted',
      layers: [lines('a: null', 'b: {x: 1}', 'c: 1'), lines('a: null', 'b: null', 'd: null')],
      options: CHART,
      expected: { c: 1, d: null },
    },
    {
      upstream: 'coalesce.go coalesceTablesFullKey: a nested user null over a chart null stays null',
      layers: [lines('t: {a: null, b: 1}'), lines('t: {a: null}')],
      options: CHART,
      expected: { t: { a: null, b: 1 } },
    },
    {
      upstream: 'coalesce.go cleanNilValues: at every depth of a table, not inside lists',
      layers: [lines('l: [null, {x: null}]', 'm: {k: {x: null, w: 1}}', 'z: null')],
      options: CHART,
      expected: { l: [null, { x: null }], m: { k: { w: 1 } } },
    },
    {
      upstream: 'runInstall: the -f files are merged first (a null, then a table again), then coalesced',
      layers: [lines('a: {x: 1}', 'b: 2'), lines('a: null'), lines('a: {w: 1}')],
      options: CHART,
      expected: { a: { x: 1, w: 1 }, b: 2 },
    },
    {
      upstream: 'chart mode off (the default): the same layers keep a later null',
      layers: [lines('a: {x: 1}', 'b: 2'), lines('a: null')],
      expected: { a: null, b: 2 },
    },
  ])
})
