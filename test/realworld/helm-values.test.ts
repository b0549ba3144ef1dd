// Real Helm values files (../shared/realworld/helm-values: 108 public charts' values.yaml with their `ci/` and
// example override files, 595 merges) against Helm's own values path, computed at run time by the Go oracle
// beside them (../shared/realworld/oracle/helm-values: Helm's YAML parser, its MergeMaps and CoalesceValues).
// Each case is an entry of `#include` lines naming the layers, the chart's values.yaml first. With the default
// options every case gives the oracle's `-f` merge (`helm template -f a.yaml -f b.yaml`) or a located error;
// with `values: { chart: true }`, the `.Values` the chart's templates see (the oracle's `--chart` mode).
import { execFileSync, spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { render } from '@merged-yaml/core'
import type { Diagnostic, RenderOptions } from '@merged-yaml/core'
import { skipUnlessAvailable, titleUnlessAvailable } from '../helpers/available.ts'
import { createTally, NO_VALUE, REALWORLD, realworldDir, sameOrLocatedError } from './shared.ts'

interface Case {
  id: string
  kind: string
  /** Relative to helm-values/, in `-f` order, the chart's values.yaml first. */
  layers: string[]
}

const dir = realworldDir('helm-values')
const oracleDir = join(REALWORLD, 'oracle/helm-values')
const cases: Case[] = dir ? JSON.parse(readFileSync(join(dir, 'cases.json'), 'utf8')) : []

/** The oracle's binary (its build.sh compiles it once, in GOPATH mode), or why there is none. */
function buildOracle(): { binary?: string; missing?: string } {
  if (!dir || !existsSync(join(oracleDir, 'build.sh'))) return { missing: '../shared/realworld is absent' }
  const built = spawnSync(join(oracleDir, 'build.sh'), { encoding: 'utf8' })
  if (built.status !== 0) return { missing: `the Helm oracle does not build (${built.stderr.trim() || built.error})` }
  return { binary: built.stdout.trim() }
}

const oracle = dir ? buildOracle() : { missing: '../shared/realworld is absent' }

interface OracleResult {
  value: unknown
  /** Helm's log lines (`--chart`): `warning: …`. */
  logs: string[]
}

/** Helm's side: the value, or NO_VALUE where Helm fails. */
function runOracle(mode: '-f' | '--chart', layers: readonly string[]): OracleResult {
  const args = [...(mode === '--chart' ? ['--chart'] : []), ...layers.map((layer) => join(dir!, layer))]
  const run = spawnSync(oracle.binary!, args, { encoding: 'utf8', maxBuffer: 64 << 20 })
  const logs = run.stderr
    .split('\n')
    .filter((line) => line.startsWith('log: '))
    .map((line) => line.slice(5))
  if (run.status === 1 && run.stdout.startsWith('error: ')) return { value: NO_VALUE, logs }
  expect(run.status, run.stderr).toBe(0)
  return { value: JSON.parse(run.stdout), logs }
}

function writeEntry(c: Case): { entry: string; root: string } {
  const root = mkdtempSync(join(tmpdir(), 'my-realworld-helm-'))
  const entry = join(root, 'values.merged.yaml')
  writeFileSync(entry, `#include\n${c.layers.map((layer) => join(dir!, layer)).join('\n')}\n`)
  return { entry, root }
}

/** The key path a Helm log line names, the chart's name (its folder's, no dot in the corpus) left out. */
function loggedPath(line: string): string {
  const match =
    /^warning: skipped value for [^.]+\.(.*): Not a table\.$/s.exec(line) ??
    /^warning: cannot overwrite table with non table for [^.]+\.(.*?) \(.*\)$/s.exec(line) ??
    /^warning: destination for [^.]+\.(.*) is a table\. Ignoring non-table value \(.*\)$/s.exec(line)
  return match ? match[1]! : line
}

describe.skipIf(skipUnlessAvailable(oracle.missing))(
  titleUnlessAvailable('real Helm values files (../shared/realworld/helm-values)', oracle.missing),
  () => {
    const defaults = createTally()
    const chart = createTally()
    afterAll(() => {
      console.log(`realworld helm-values, default options: ${defaults.summary()}`)
      console.log(`realworld helm-values, values.chart: ${chart.summary()}`)
    })

    it('has the 595 cases', () => {
      expect(cases).toHaveLength(595)
    })

    describe("with the default options: Helm's `-f` merge or a located error", () => {
      for (const c of cases) {
        it(c.id, async () => {
          const { entry, root } = writeEntry(c)
          const { value } = runOracle('-f', c.layers)
          const run = async () => (await render(entry, { root, allow: [REALWORLD] })).value
          const outcome = await sameOrLocatedError(run, value)
          expect(['same', 'error']).toContain(outcome.kind)
          defaults.add(outcome)
        })
      }
    })

    describe("with values: { chart: true }: the chart's .Values (CoalesceValues), Helm's warnings as warnings", () => {
      for (const c of cases) {
        it(c.id, async () => {
          const { entry, root } = writeEntry(c)
          const { value, logs } = runOracle('--chart', c.layers)
          const options: RenderOptions = { root, allow: [REALWORLD], values: { chart: true } }
          let warnings: readonly Diagnostic[] = []
          const run = async () => {
            const result = await render(entry, options)
            warnings = result.warnings
            return result.value
          }
          const outcome = await sameOrLocatedError(run, value)
          chart.add(outcome)
          // The option's promise: Helm's .Values exactly, wherever Helm gives a value.
          if (value !== NO_VALUE) expect(outcome.kind).toBe('same')
          if (outcome.kind !== 'same') return
          const coalesce = warnings.filter((d) => d.code === 'MY_VALUES_CHART_NOT_A_TABLE')
          expect(coalesce.map((d) => d.path!.join('.')).sort()).toEqual(logs.map(loggedPath).sort())
        })
      }
    })
  },
)

// The oracle's own check, that it still computes what Helm's tests expect.
describe.skipIf(skipUnlessAvailable(oracle.missing))(
  titleUnlessAvailable('the Helm oracle passes its self-test', oracle.missing),
  () => {
    it('node selftest.mjs', () => {
      const out = execFileSync(process.execPath, [join(oracleDir, 'selftest.mjs')], { encoding: 'utf8' })
      expect(out).toMatch(/ 0 failed/)
    })
  },
)
