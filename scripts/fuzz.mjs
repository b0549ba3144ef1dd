// `npm run fuzz`: the wide random search, for a time budget (FUZZ_SECONDS, default 600). The first half
// feeds random and mutated bytes to render() (test/fuzz/fuzz.test.ts, with its FUZZ_* settings); the
// second runs every property test (scripts/property-tests.mjs) in rounds, each from a new seed and with
// PROPERTY_SCALE (default 4) times the runs `npm test` makes, until the budget is spent (a round that
// started in time ends). Each round's seed is printed; a failed round is listed at the end with its
// seed, tests and counterexamples, and the exit code is 1. Replay one:
// `PROPERTY_SEED=<seed> PROPERTY_SCALE=<scale> npx vitest run <file>`; then keep the counterexample as a
// regression case (fast-check's `examples`, or the test's list of counterexamples).
import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { propertyTestFiles, REPO } from './property-tests.mjs'

const SECONDS = Number(process.env.FUZZ_SECONDS ?? 600)
const SCALE = process.env.PROPERTY_SCALE ?? '4'
const VITEST = join(REPO, 'node_modules/vitest/vitest.mjs')
if (!(SECONDS > 0)) throw new Error(`FUZZ_SECONDS must be a positive number, not ${process.env.FUZZ_SECONDS}`)

/** Runs vitest with `args` and extra environment; its output goes to this one's. Resolves to the exit code. */
function vitest(args, env) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [VITEST, 'run', ...args], {
      cwd: REPO,
      env: { ...process.env, ...env },
      stdio: 'inherit',
    })
    child.on('error', reject)
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)))
  })
}

/** The failed tests of a vitest JSON report: name, and the lines of the message that replay it. */
function failuresOf(reportFile) {
  let report
  try {
    report = JSON.parse(readFileSync(reportFile, 'utf8'))
  } catch {
    return [{ test: '(no report: vitest did not finish)', detail: '' }]
  }
  const failures = []
  for (const file of report.testResults ?? []) {
    if (file.status === 'failed' && (file.assertionResults ?? []).every((a) => a.status !== 'failed'))
      failures.push({ test: file.name.slice(REPO.length), detail: String(file.message ?? '').slice(0, 2000) })
    for (const test of file.assertionResults ?? []) {
      if (test.status !== 'failed') continue
      const message = (test.failureMessages ?? []).join('\n')
      const replay = message
        .split('\n')
        .filter((line) => /Property failed|seed:|Counterexample:|Error:/.test(line))
        .slice(0, 6)
      failures.push({ test: `${file.name.slice(REPO.length)} > ${test.fullName}`, detail: replay.join('\n') })
    }
  }
  return failures
}

const started = Date.now()
const deadline = started + SECONDS * 1000
const bytesSeconds = Math.max(1, Math.round(SECONDS / 2))

console.log(`fuzz: ${bytesSeconds} s of random and mutated bytes (test/fuzz/fuzz.test.ts)`)
const bytesCode = await vitest(['test/fuzz/fuzz.test.ts'], { FUZZ_SECONDS: String(bytesSeconds) })

const files = propertyTestFiles()
const scratch = mkdtempSync(join(tmpdir(), 'my-fuzz-properties-'))
const rounds = []
while (Date.now() < deadline || rounds.length === 0) {
  const seed = Math.floor(Math.random() * 2 ** 31) * (Math.random() < 0.5 ? -1 : 1)
  const report = join(scratch, `round-${rounds.length}.json`)
  console.log(`\nfuzz: property round ${rounds.length + 1}, seed ${seed}, PROPERTY_SCALE=${SCALE}: ${files.join(' ')}`)
  const roundStart = Date.now()
  const code = await vitest(
    // A property with PROPERTY_SCALE times its runs takes as many times as long: so may its test.
    [
      '--project',
      'unit',
      `--testTimeout=${Math.ceil(60_000 * Math.max(1, Number(SCALE)) * 2)}`,
      '--reporter=dot',
      '--reporter=json',
      `--outputFile.json=${report}`,
      ...files,
    ],
    { PROPERTY_SEED: String(seed), PROPERTY_SCALE: SCALE },
  )
  rounds.push({ seed, seconds: (Date.now() - roundStart) / 1000, failures: code === 0 ? [] : failuresOf(report) })
}
rmSync(scratch, { recursive: true, force: true })

const failed = rounds.filter((round) => round.failures.length > 0)
console.log(
  [
    '',
    `fuzz: ${((Date.now() - started) / 1000).toFixed(0)} s; bytes: ${bytesCode === 0 ? 'no finding' : 'FAILED (above)'}`,
    `  property rounds: ${rounds.length} (${files.length} files, PROPERTY_SCALE=${SCALE}), seeds ${rounds
      .map((r) => `${r.seed} (${r.seconds.toFixed(0)} s)`)
      .join(', ')}`,
    `  failed rounds: ${failed.length === 0 ? 'none' : ''}`,
    ...failed.flatMap((round) => [
      `  - PROPERTY_SEED=${round.seed} PROPERTY_SCALE=${SCALE}`,
      ...round.failures.map((f) => `    ${f.test}\n${f.detail.replace(/^/gm, '      ')}`),
    ]),
  ].join('\n'),
)
process.exit(bytesCode === 0 && failed.length === 0 ? 0 : 1)
