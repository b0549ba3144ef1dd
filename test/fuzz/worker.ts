// The fuzzer's child process (bundled by fuzz.test.ts with esbuild, run with a heap limit): mutates
// seed files in its own copy of the seed corpus, renders, and reports every outcome that is not a
// value or a located MergedYamlError. Before each run it writes current.json, so that the parent
// can save the input when this process hangs or dies.
import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { createRenderCache, MergedYamlError, renderSync } from '../../packages/core/src/index.ts'
import type { RenderOptions } from '../../packages/core/src/index.ts'
import { DIALECT_NAMES } from '../../packages/core/src/internal.ts'
import { mutate, Random } from './mutate.ts'
import type { SeedManifest } from './seeds.ts'

export interface WorkerConfig {
  /** This worker's copy of the seed corpus (it is mutated in place, file by file). */
  work: string
  /** Where findings are copied. */
  findings: string
  seconds: number
  seed: number
  /** A run slower than this is reported as slow (not a failure; the parent's timeout is the hang bound). */
  slowMs: number
}

export interface RunInput {
  caseDir: string
  entry: string
  targets: string[]
  applied: string[]
  options: RenderOptions
  /** Rendered with the worker's shared render cache (as the plugin renders). */
  cached: boolean
}

export type WorkerMessage =
  | {
      type: 'progress'
      executions: number
      outcomes: Record<string, number>
      heapMb: number
      slowest: { ms: number; input: RunInput } | undefined
      slow: number
    }
  | { type: 'finding'; kind: string; detail: string; input: RunInput; saved: string }
  | { type: 'done' }

const config = JSON.parse(process.argv[2]!) as WorkerConfig
const manifest = JSON.parse(readFileSync(join(config.work, 'manifest.json'), 'utf8')) as SeedManifest
const random = new Random(config.seed)
// Origins are picked evenly, so that the many single-file conformance inputs do not crowd out the
// include chains of the fixtures, the benchmark corpus and the hostile seeds.
const byOrigin = [...new Set(manifest.cases.map((seed) => seed.origin))].map((origin) =>
  manifest.cases.filter((seed) => seed.origin === origin),
)
const originals = new Map<string, Uint8Array>()
const send = (message: WorkerMessage): void => {
  process.send!(message)
}

function original(path: string): Uint8Array {
  let bytes = originals.get(path)
  if (!bytes) {
    bytes = readFileSync(path)
    originals.set(path, bytes)
  }
  return bytes
}

function randomOptions(): RenderOptions {
  const options: RenderOptions = { vars: { mode: random.pick(['development', 'production']) } }
  if (random.chance(0.3)) options.strict = false
  if (random.chance(0.2)) options.stack = 'per-part'
  if (random.chance(0.3)) options.yamlVersion = '1.1'
  if (random.chance(0.1)) options.dialect = random.pick(DIALECT_NAMES)
  return options
}

/** What a run produced, comparable across runs: the value's JSON, or the diagnostics. */
function signature(run: () => unknown): string {
  try {
    return `value ${JSON.stringify(run(), (_key, v: unknown) => (v instanceof Uint8Array ? Array.from(v) : v))}`
  } catch (error) {
    if (error instanceof MergedYamlError) return `error ${JSON.stringify(error.diagnostics)}`
    return `throw ${String(error)}`
  }
}

const PROTO_KEYS = Reflect.ownKeys(Object.prototype).length
// Shared by the runs that use it, as the plugin shares one across a build and its rebuilds: files
// change under it between runs, which is what watch mode does to it.
const cache = createRenderCache()
let findings = 0

function finding(kind: string, detail: string, input: RunInput): void {
  const saved = join(config.findings, `${kind}-${config.seed}-${findings++}`)
  cpSync(input.caseDir, saved, { recursive: true })
  writeFileSync(join(saved, 'finding.json'), JSON.stringify({ kind, detail, input }, null, 2))
  send({ type: 'finding', kind, detail, input, saved })
}

function check(input: RunInput, outcomes: Record<string, number>): void {
  const run = (withCache = input.cached) =>
    // The entry is relative to its case: render() takes a relative entry from the working directory.
    renderSync(join(input.caseDir, input.entry), { ...input.options, root: input.caseDir }, withCache ? { cache } : {})
      .value
  let outcome: string
  try {
    run()
    outcome = 'value'
  } catch (error) {
    if (!(error instanceof MergedYamlError)) {
      finding(
        'exception',
        error instanceof Error ? `${error.name}: ${error.message}\n${error.stack}` : String(error),
        input,
      )
      outcome = 'exception'
    } else {
      outcome = error.code
      if (error.code === 'MY_INTERNAL')
        finding('internal', `${error.message}\n${(error.cause as Error | undefined)?.stack ?? ''}`, input)
      for (const d of error.diagnostics) {
        if (!/^MY_[A-Z0-9_]+$/.test(d.code) || !d.file || !(d.line >= 1) || !(d.column >= 1)) {
          finding('unlocated', JSON.stringify(d), input)
          break
        }
      }
    }
  }
  outcomes[outcome] = (outcomes[outcome] ?? 0) + 1
  const probe: Record<string, unknown> = {}
  if (Reflect.ownKeys(Object.prototype).length !== PROTO_KEYS || probe.polluted !== undefined) {
    finding('prototype', 'Object.prototype changed', input)
    process.exit(3)
  }
  // Every eighth run is repeated, with and without the cache: the same input must give the same
  // value or the same diagnostics (a stale cache or a shared document changed in place would not).
  if (random.chance(0.125)) {
    const first = signature(() => run(true))
    const second = signature(() => run(false))
    if (first !== second) finding('nondeterministic', `${first.slice(0, 500)}\n≠\n${second.slice(0, 500)}`, input)
  }
}

async function main(): Promise<void> {
  const deadline = Date.now() + config.seconds * 1000
  const outcomes: Record<string, number> = {}
  let executions = 0
  let slow = 0
  let slowest: { ms: number; input: RunInput } | undefined
  let lastReport = 0
  while (Date.now() < deadline) {
    const seed = random.pick(random.pick(byOrigin))
    const caseDir = join(config.work, seed.dir)
    const entry = random.pick(seed.entries)
    const targets = random.chance(0.6) ? [entry] : [random.pick(seed.files)]
    if (random.chance(0.1)) targets.push(random.pick(seed.files))
    const applied: string[] = []
    const donorCase = random.pick(manifest.cases)
    const donor = original(join(config.work, donorCase.dir, random.pick(donorCase.files)))
    for (const target of targets) {
      const result = mutate(original(join(caseDir, target)), random, donor)
      writeFileSync(join(caseDir, target), result.bytes)
      applied.push(`${target}: ${result.applied.join(', ')}`)
    }
    const input: RunInput = { caseDir, entry, targets, applied, options: randomOptions(), cached: random.chance(0.5) }
    writeFileSync(join(config.work, 'current.json'), JSON.stringify(input))
    const started = performance.now()
    check(input, outcomes)
    const ms = performance.now() - started
    executions++
    if (ms > config.slowMs) slow++
    if (!slowest || ms > slowest.ms) {
      slowest = { ms, input }
      // Kept for the report (and for profiling): the slowest input so far, before it is restored.
      if (ms > config.slowMs) {
        const saved = join(config.findings, `slowest-${config.seed}`)
        rmSync(saved, { recursive: true, force: true })
        cpSync(caseDir, saved, { recursive: true })
        writeFileSync(join(saved, 'finding.json'), JSON.stringify({ kind: 'slowest', ms, input }, null, 2))
      }
    }
    for (const target of targets) writeFileSync(join(caseDir, target), original(join(caseDir, target)))
    if (Date.now() - lastReport > 500) {
      lastReport = Date.now()
      send({
        type: 'progress',
        executions,
        outcomes,
        heapMb: Math.round(process.memoryUsage().heapUsed / 2 ** 20),
        slowest,
        slow,
      })
      // IPC messages leave only when the event loop turns: the heartbeat must not wait for the end.
      await new Promise((resolve) => setImmediate(resolve))
    }
  }
  send({
    type: 'progress',
    executions,
    outcomes,
    heapMb: Math.round(process.memoryUsage().heapUsed / 2 ** 20),
    slowest,
    slow,
  })
  send({ type: 'done' })
  rmSync(join(config.work, 'current.json'), { force: true })
  process.disconnect()
}

await main()
