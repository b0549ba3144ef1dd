// Feeds random and mutated bytes to render() under a time and memory budget and fails on any
// exception that is not a located MergedYamlError, on a hang and on a crash. Each worker is a child
// process with a heap limit, so an out-of-memory or a V8 abort is caught and its input kept.
//
//   CI:        a short budget (FUZZ_SECONDS, default 15)
//   npm run fuzz: FUZZ_SECONDS=600; FUZZ_SEED, FUZZ_TIMEOUT_MS, FUZZ_MEMORY_MB, FUZZ_REPORT (JSON path)
import { fork } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { build } from 'esbuild'
import { describe, expect, it } from 'vitest'
import { prepareSeeds } from './seeds.ts'
import type { SeedManifest } from './seeds.ts'
import type { RunInput, WorkerConfig, WorkerMessage } from './worker.ts'

const SECONDS = Number(process.env.FUZZ_SECONDS ?? 15)
const LONG_RUN = process.env.FUZZ_SECONDS !== undefined
const SEED = Number(process.env.FUZZ_SEED ?? (LONG_RUN ? Date.now() % 2 ** 31 : 1))
const TIMEOUT_MS = Number(process.env.FUZZ_TIMEOUT_MS ?? 20_000)
const MEMORY_MB = Number(process.env.FUZZ_MEMORY_MB ?? 768)
const SLOW_MS = 2000

interface Finding {
  kind: string
  detail: string
  input?: RunInput
  saved?: string
}

interface Totals {
  executions: number
  outcomes: Record<string, number>
  slow: number
  slowest: { ms: number; input: RunInput } | undefined
  maxHeapMb: number
  workers: number
}

/**
 * The worker and the engine's sources as one module; packages stay imports, resolved from the repo's
 * node_modules (the engine loads `yaml` with require() on first use), so the bundle lives there too.
 */
async function bundleWorker(): Promise<string> {
  const cache = join(import.meta.dirname, '..', '..', 'node_modules', '.cache', 'merged-yaml-fuzz')
  mkdirSync(cache, { recursive: true })
  const file = join(mkdtempSync(join(cache, 'worker-')), 'worker.mjs')
  await build({
    entryPoints: [join(import.meta.dirname, 'worker.ts')],
    outfile: file,
    bundle: true,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'error',
  })
  return file
}

/** Runs one worker until it finishes, hangs or dies; returns how it ended. */
function runWorker(script: string, config: WorkerConfig, totals: Totals, findings: Finding[]): Promise<void> {
  return new Promise((resolve) => {
    const child = fork(script, [JSON.stringify(config)], {
      execArgv: [`--max-old-space-size=${MEMORY_MB}`],
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    })
    let stderr = ''
    let done = false
    let hung = false
    let base = { executions: totals.executions, outcomes: { ...totals.outcomes }, slow: totals.slow }
    child.stderr!.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-4000)
    })
    let watchdog = setTimeout(onHang, TIMEOUT_MS + 5000)
    function onHang(): void {
      hung = true
      child.kill('SIGKILL')
    }
    child.on('message', (message: WorkerMessage) => {
      clearTimeout(watchdog)
      watchdog = setTimeout(onHang, TIMEOUT_MS)
      if (message.type === 'progress') {
        totals.executions = base.executions + message.executions
        totals.slow = base.slow + message.slow
        for (const [code, n] of Object.entries(message.outcomes)) totals.outcomes[code] = (base.outcomes[code] ?? 0) + n
        totals.maxHeapMb = Math.max(totals.maxHeapMb, message.heapMb)
        if (message.slowest && (!totals.slowest || message.slowest.ms > totals.slowest.ms))
          totals.slowest = message.slowest
      } else if (message.type === 'finding') {
        findings.push({
          kind: message.kind,
          detail: message.detail.slice(0, 2000),
          input: message.input,
          saved: message.saved,
        })
      } else {
        done = true
      }
    })
    child.on('exit', (code, signal) => {
      clearTimeout(watchdog)
      if (!done) {
        const current = join(config.work, 'current.json')
        const input = existsSync(current) ? (JSON.parse(readFileSync(current, 'utf8')) as RunInput) : undefined
        const kind = hung ? 'hang' : /heap out of memory|Allocation failed/i.test(stderr) ? 'out-of-memory' : 'crash'
        const saved = join(config.findings, `${kind}-${config.seed}`)
        if (input) {
          cpSync(input.caseDir, saved, { recursive: true })
          writeFileSync(join(saved, 'finding.json'), JSON.stringify({ kind, input, code, signal, stderr }, null, 2))
        }
        findings.push({
          kind,
          detail: `exit ${code ?? signal}${hung ? ` (no progress for ${TIMEOUT_MS} ms)` : ''}: ${stderr.slice(-1500)}`,
          ...(input ? { input, saved } : {}),
        })
      }
      base = { executions: totals.executions, outcomes: totals.outcomes, slow: totals.slow }
      resolve()
    })
  })
}

function summary(manifest: SeedManifest, totals: Totals, findings: Finding[], seconds: number): string {
  const outcomes = Object.entries(totals.outcomes)
    .sort((a, b) => b[1] - a[1])
    .map(([code, n]) => `${code} ${n}`)
    .join(', ')
  return [
    `fuzz: ${totals.executions} executions in ${seconds.toFixed(0)} s (seed ${SEED}, ${totals.workers} worker process(es), heap ≤ ${MEMORY_MB} MB, hang timeout ${TIMEOUT_MS} ms)`,
    `  seeds: ${manifest.cases.length} cases — files: ${Object.entries(manifest.counts)
      .map(([k, n]) => `${k} ${n}`)
      .join(', ')}`,
    `  outcomes: ${outcomes}`,
    `  slow runs (> ${SLOW_MS} ms): ${totals.slow}; slowest ${totals.slowest ? `${totals.slowest.ms.toFixed(0)} ms (${totals.slowest.input.applied.join('; ')})` : '-'}; max heap ${totals.maxHeapMb} MB`,
    `  findings: ${findings.length === 0 ? 'none' : findings.map((f) => `${f.kind}${f.saved ? ` (${f.saved})` : ''}`).join(', ')}`,
  ].join('\n')
}

describe('fuzzing render()', () => {
  it(
    `survives ${SECONDS} s of random and mutated inputs`,
    async () => {
      const scratch = mkdtempSync(join(tmpdir(), 'my-fuzz-'))
      const seeds = join(scratch, 'seeds')
      const findingsDir = join(scratch, 'findings')
      mkdirSync(findingsDir)
      const manifest = prepareSeeds(seeds)
      expect(manifest.cases.length).toBeGreaterThan(1)
      const script = await bundleWorker()
      const totals: Totals = { executions: 0, outcomes: {}, slow: 0, slowest: undefined, maxHeapMb: 0, workers: 0 }
      const findings: Finding[] = []
      const started = Date.now()
      const deadline = started + SECONDS * 1000
      // A worker that dies is replaced by a fresh one on a fresh copy, until the budget is spent.
      while (Date.now() < deadline - 500) {
        const work = join(scratch, `work-${totals.workers}`)
        cpSync(seeds, work, { recursive: true })
        const config: WorkerConfig = {
          work,
          findings: findingsDir,
          seconds: (deadline - Date.now()) / 1000,
          seed: SEED + totals.workers,
          slowMs: SLOW_MS,
        }
        totals.workers++
        await runWorker(script, config, totals, findings)
        rmSync(work, { recursive: true, force: true })
        if (findings.length >= 20) break
      }
      rmSync(dirname(script), { recursive: true, force: true })
      const text = summary(manifest, totals, findings, (Date.now() - started) / 1000)
      console.log(text)
      if (process.env.FUZZ_REPORT)
        writeFileSync(
          process.env.FUZZ_REPORT,
          JSON.stringify(
            { seed: SEED, seconds: SECONDS, counts: manifest.counts, cases: manifest.cases.length, totals, findings },
            null,
            2,
          ),
        )
      // A long run keeps its slowest input (findings/slowest-*) for profiling, CI keeps only failures.
      if (findings.length === 0 && !LONG_RUN) rmSync(scratch, { recursive: true, force: true })
      else {
        rmSync(seeds, { recursive: true, force: true })
        console.log(`fuzz: inputs kept in ${findingsDir}`)
      }
      expect(totals.executions).toBeGreaterThan(0)
      // Inputs that reach the engine: some render to a value (not every run a missing entry).
      expect(totals.outcomes.value ?? 0).toBeGreaterThan(0)
      expect(totals.outcomes.MY_FILE_NOT_FOUND ?? 0).toBeLessThan(totals.executions / 2)
      expect(
        findings.map(
          (f) => `${f.kind}: ${f.detail.split('\n')[0]} — ${f.input?.applied.join('; ') ?? ''} ${f.saved ?? ''}`,
        ),
      ).toEqual([])
    },
    (SECONDS + 180) * 1000,
  )
})
