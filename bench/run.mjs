#!/usr/bin/env node
// `npm run bench`: the performance of merged-yaml against importing the pre-merged data.
//
//   node bench/run.mjs [--pairs 10] [--corpora m50,s200,l5] [--tools vite,rollup] [--rounds 9]
//                      [--no-build] [--skip-builds] [--skip-inprocess] [--report file.json]
//                      [--deckhand-site seaworthy] [--deckhand-rounds 3] [--skip-deckhand]
//
// 1. Generates the corpora with ../shared/bench/gen-corpus.mjs into bench/.corpus/ (kept between
//    runs while their parameters do not change).
// 2. Builds an app importing every entry of a corpus, each build in a fresh process, interleaved
//    (every pair runs each variant once, in a rotating order) after one warm-up round:
//    Vite 8 with our plugin, with the pre-merged JSON (native import) and with @rollup/plugin-yaml
//    on the pre-merged YAML; Rollup 4 with our plugin, @rollup/plugin-json and @rollup/plugin-yaml.
//    Our plugin runs with `dts: false`, as in a JavaScript project (TypeScript, installed in this
//    repository, would turn declarations on; they are not what the baselines compare to).
//    Our plugin runs twice: as configured by default (every build parses and merges) and with the
//    `cache` option after the warm-up round stored every module (`cached`: a rebuild with nothing
//    changed). Prints median times, median per-pair ratios (ours ÷ baseline) with their spread,
//    peak memory, and any PLUGIN_TIMINGS warning. On m50 our plugin also runs with a JSON Schema
//    (`validated`: one schema for every entry, inferred from them by `merged-yaml schema`), and
//    the ratio validated ÷ ours is validation's cost.
// 3. In-process: parse MB/s, merge and codegen against a hand-written merge and JSON.stringify.
// 4. Deckhand (deckhand.mjs): a real Airship site rendered by Deckhand's own engine (the oracle in
//    ../shared/realworld) and by ours, interleaved, as ratios; skipped with a message without it.
// 5. Writes everything, with the machine, to bench/results/<date>.json. It never asserts on time.
import { execFileSync, spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { cpus, totalmem, type, release, arch } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { CACHE_FOLDER, CORPORA, REPO_ROOT, generateCorpus } from './corpus.mjs'
import { deckhandUnavailable, measureDeckhand } from './deckhand.mjs'
import { measureInProcess } from './inprocess.mjs'
import { loadInternals } from './internals.mjs'
import { summarize } from './stats.mjs'

const USAGE = `Usage: npm run bench -- [options]

  --pairs N          interleaved build pairs per corpus and tool (default 10)
  --corpora LIST     comma-separated, of m50, s200, l5 (default all three)
  --tools LIST       comma-separated, of vite, rollup (default both)
  --rounds N         rounds of each in-process measurement (default 9)
  --no-build         measure the plugin as built in dist/ (skips \`npm run build\`)
  --skip-builds      in-process measurements only
  --skip-inprocess   whole builds only
  --report FILE      where the JSON report goes (default bench/results/<date>.json)
  --deckhand-site S  the treasuremap site Deckhand's engine and ours render (default seaworthy)
  --deckhand-rounds N  renders by each side (default 3; Deckhand's take ~15 s each)
  --skip-deckhand    no Deckhand measurement
  -h, --help         this text
`

function readArgs() {
  try {
    const { values } = parseArgs({
      options: {
        pairs: { type: 'string', default: '10' },
        corpora: { type: 'string', default: 'm50,s200,l5' },
        tools: { type: 'string', default: 'vite,rollup' },
        rounds: { type: 'string', default: '9' },
        'no-build': { type: 'boolean', default: false },
        'skip-builds': { type: 'boolean', default: false },
        'skip-inprocess': { type: 'boolean', default: false },
        'deckhand-site': { type: 'string', default: 'seaworthy' },
        'deckhand-rounds': { type: 'string', default: '3' },
        'skip-deckhand': { type: 'boolean', default: false },
        report: { type: 'string' },
        help: { type: 'boolean', short: 'h', default: false },
      },
    })
    if (values.help) {
      process.stdout.write(USAGE)
      process.exit(0)
    }
    const problems = [
      ...['pairs', 'rounds', 'deckhand-rounds']
        .filter((k) => !/^[1-9]\d*$/.test(values[k]))
        .map((k) => `--${k} must be a positive whole number, not "${values[k]}"`),
      ...values.corpora
        .split(',')
        .filter((c) => c && !(c in CORPORA))
        .map((c) => `unknown corpus "${c}" (known: ${Object.keys(CORPORA).join(', ')})`),
      ...values.tools
        .split(',')
        .filter((t) => t && !['vite', 'rollup'].includes(t))
        .map((t) => `unknown tool "${t}" (known: vite, rollup)`),
    ]
    if (problems.length) throw new Error(problems.join('\n'))
    return values
  } catch (error) {
    process.stderr.write(`bench: ${error.message}\n\n${USAGE}`)
    process.exit(2)
  }
}

const args = readArgs()

const BENCH_DIR = join(REPO_ROOT, 'bench')
const CORPUS_DIR = join(BENCH_DIR, '.corpus')
// `cached`: our plugin with the `cache` option, its folder emptied before the warm-up round, so
// every counted build finds the modules the warm-up stored (a rebuild with nothing changed).
const VARIANTS = ['ours', 'cached', 'json', 'yaml']
const OURS = ['ours', 'cached']
// Validation's cost is measured on this corpus: `validated` is `ours` with the `schema` option.
const VALIDATED_CORPUS = 'm50'
const variantsOf = (corpus) => (corpus === VALIDATED_CORPUS ? [...VARIANTS, 'validated'] : VARIANTS)
const BASELINE_NAMES = {
  vite: { json: 'native JSON import', yaml: '@rollup/plugin-yaml' },
  rollup: { json: '@rollup/plugin-json', yaml: '@rollup/plugin-yaml' },
}
const corpora = args.corpora.split(',').filter(Boolean)
const tools = args.tools.split(',').filter(Boolean)
const pairs = Number(args.pairs)

const log = (line = '') => process.stdout.write(`${line}\n`)
const fmt = (n, digits = 2) => (Number.isFinite(n) ? n.toFixed(digits) : String(n))
const versionOf = (name) =>
  JSON.parse(readFileSync(join(REPO_ROOT, 'node_modules', name, 'package.json'), 'utf8')).version

/** The app entry of a variant: imports every entry of the corpus and keeps every value alive. */
function writeMain(dir, manifest, variant) {
  const ours = [...OURS, 'validated'].includes(variant)
  const source = (e) => (ours ? `./${e.entry}` : variant === 'json' ? `./${e.json}` : `./${e.plain}`)
  const lines = manifest.entries.map((e, k) => `import app${k} from '${source(e)}'`)
  lines.push(`globalThis.__mergedYamlBench = [${manifest.entries.map((_, k) => `app${k}`).join(', ')}]`, '')
  const file = join(dir, `bench-main-${variant}.js`)
  writeFileSync(file, lines.join('\n'))
  return file
}

// The schema of the `validated` variant: one for every entry (as a project writes one schema for a
// family of entries), inferred from all of them by `merged-yaml schema` and cut to SCHEMA_DEPTH
// levels, as a hand-written schema constrains the upper levels. Inferred in full, the corpus's
// random keys make a schema as large as the values (~550 KB per entry).
const SCHEMA_DEPTH = 3

/** The schema with the levels of `properties` below `depth` allowing anything. */
function pruneSchema(schema, depth) {
  if (typeof schema !== 'object' || schema === null) return schema
  if (depth === 0) return {}
  const pruned = { ...schema }
  if (schema.properties) {
    pruned.properties = Object.fromEntries(
      Object.entries(schema.properties).map(([key, value]) => [key, pruneSchema(value, depth - 1)]),
    )
  }
  if (schema.items) pruned.items = pruneSchema(schema.items, depth - 1)
  if (schema.anyOf) pruned.anyOf = schema.anyOf.map((member) => pruneSchema(member, depth))
  return pruned
}

/** Writes the `validated` variant's schema beside the corpus (once) and returns its path from the corpus. */
function writeSchema(dir, manifest) {
  const file = `app.schema-${SCHEMA_DEPTH}.json`
  if (!existsSync(join(dir, file))) {
    const cli = join(REPO_ROOT, 'packages/cli/dist/index.js')
    const entries = manifest.entries.map((e) => e.entry)
    const text = execFileSync(process.execPath, [cli, 'schema', ...entries, '--mode', 'production'], {
      cwd: dir,
      encoding: 'utf8',
      maxBuffer: 256 * 1024 * 1024,
    })
    writeFileSync(join(dir, file), JSON.stringify(pruneSchema(JSON.parse(text), SCHEMA_DEPTH), null, 2))
  }
  return file
}

function runBuild(tool, variant, corpus, input, schema) {
  const root = join(CORPUS_DIR, corpus)
  const outDir = join(CORPUS_DIR, 'out', `${tool}-${corpus}-${variant}`)
  const started = performance.now()
  const child = spawnSync(
    process.execPath,
    [join(BENCH_DIR, 'build-once.mjs'), JSON.stringify({ tool, variant, root, input, outDir, schema })],
    {
      cwd: root,
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    },
  )
  const wallMs = performance.now() - started
  const line = child.stdout.trim().split('\n').at(-1)
  if (child.status !== 0 || !line?.startsWith('{'))
    throw new Error(`${tool} ${variant} build of ${corpus} failed:\n${child.stderr}\n${child.stdout}`)
  return { ...JSON.parse(line), wallMs }
}

function measureBuilds() {
  const results = {}
  const inputs = {}
  const schemas = {}
  for (const corpus of corpora) {
    const dir = join(CORPUS_DIR, corpus)
    const manifest = JSON.parse(readFileSync(join(dir, 'corpus.json'), 'utf8'))
    inputs[corpus] = Object.fromEntries(variantsOf(corpus).map((v) => [v, writeMain(dir, manifest, v)]))
    if (corpus === VALIDATED_CORPUS) schemas[corpus] = writeSchema(dir, manifest)
    rmSync(join(dir, CACHE_FOLDER), { recursive: true, force: true })
    for (const tool of tools) results[`${tool}/${corpus}`] = Object.fromEntries(variantsOf(corpus).map((v) => [v, []]))
  }
  // Round 0 warms the disk cache and checks that every build works; it is not counted.
  for (let round = 0; round <= pairs; round++) {
    log(round === 0 ? 'warm-up round' : `pair ${round}/${pairs}`)
    for (const corpus of corpora) {
      for (const tool of tools) {
        const variants = variantsOf(corpus)
        for (let i = 0; i < variants.length; i++) {
          const variant = variants[(i + round) % variants.length]
          const schema = variant === 'validated' ? schemas[corpus] : undefined
          const run = runBuild(tool, variant, corpus, inputs[corpus][variant], schema)
          if (round > 0) results[`${tool}/${corpus}`][variant].push(run)
          else
            log(
              `  ${tool} ${corpus} ${variant}: ${fmt(run.ms, 0)} ms, ${fmt(run.maxRssKb / 1024, 0)} MiB, output ${fmt(run.outputBytes / 1048576, 1)} MiB`,
            )
        }
      }
    }
  }
  const summary = {}
  for (const [key, runs] of Object.entries(results)) {
    const [tool, corpus] = key.split('/')
    const ratio = (variant, baseline, field) =>
      summarize(runs[variant].map((run, i) => run[field] / runs[baseline][i][field]))
    const ratios = (field) =>
      Object.fromEntries(OURS.map((v) => [v, { json: ratio(v, 'json', field), yaml: ratio(v, 'yaml', field) }]))
    summary[key] = {
      tool,
      corpus,
      ms: Object.fromEntries(Object.keys(runs).map((v) => [v, summarize(runs[v].map((r) => r.ms))])),
      // Validation's cost: the same build with a JSON Schema ÷ without (m50 only).
      validationRatio: runs.validated ? { time: ratio('validated', 'ours', 'ms') } : undefined,
      wallMs: Object.fromEntries(VARIANTS.map((v) => [v, summarize(runs[v].map((r) => r.wallMs))])),
      maxRssMiB: Object.fromEntries(VARIANTS.map((v) => [v, summarize(runs[v].map((r) => r.maxRssKb / 1024))])),
      outputMiB: Object.fromEntries(VARIANTS.map((v) => [v, runs[v][0].outputBytes / 1048576])),
      timeRatio: ratios('ms'),
      memoryRatio: ratios('maxRssKb'),
      pluginTimingsWarnings: Object.fromEntries(
        OURS.map((v) => [v, runs[v].filter((r) => r.warnings.some((w) => w.includes('PLUGIN_TIMINGS'))).length]),
      ),
      oursWarnings: [...new Set(runs.ours.flatMap((r) => r.warnings))].slice(0, 5),
    }
  }
  return summary
}

function printBuilds(summary) {
  log()
  log('Whole builds: median ms (ours | baselines), median of per-pair ratios ours ÷ baseline [p25–p75], peak RSS ratio')
  for (const s of Object.values(summary)) {
    const names = BASELINE_NAMES[s.tool]
    log(
      `${s.tool.padEnd(6)} ${s.corpus.padEnd(5)} ours ${fmt(s.ms.ours.median, 0)} ms | cached ${fmt(s.ms.cached.median, 0)} ms | ${names.json} ${fmt(s.ms.json.median, 0)} ms | ${names.yaml} ${fmt(s.ms.yaml.median, 0)} ms`,
    )
    for (const variant of OURS) {
      for (const baseline of ['json', 'yaml']) {
        const t = s.timeRatio[variant][baseline]
        const m = s.memoryRatio[variant][baseline]
        log(
          `         ${variant.padEnd(6)} ÷ ${names[baseline].padEnd(20)} time ${fmt(t.median)} [${fmt(t.p25)}–${fmt(t.p75)}]  memory ${fmt(m.median)} (${fmt(s.maxRssMiB[variant].median, 0)} MiB)`,
        )
      }
      log(`         ${variant.padEnd(6)} PLUGIN_TIMINGS warnings: ${s.pluginTimingsWarnings[variant]}`)
    }
    if (s.validationRatio) {
      const v = s.validationRatio.time
      log(
        `         validated ${fmt(s.ms.validated.median, 0)} ms: with a JSON Schema ÷ without, time ${fmt(v.median)} [${fmt(v.p25)}–${fmt(v.p75)}]`,
      )
    }
  }
}

function printInProcess(results) {
  log()
  log('In-process (median of interleaved rounds)')
  for (const [corpus, r] of Object.entries(results)) {
    const p = r.parse.mbPerSecond
    log(
      `${corpus.padEnd(5)} parse MB/s: ours ${fmt(p.ours, 1)}, js-yaml ${fmt(p.jsYaml, 1)}, yaml ${fmt(p.yaml, 1)}, JSON.parse ${fmt(p.json, 1)}`,
    )
    log(
      `      merge: ${fmt(r.merge.mbPerSecond.ours, 0)} MB/s of layers, ÷ hand-written merge ${fmt(r.merge.oursOverHand.median)} [${fmt(r.merge.oursOverHand.p25)}–${fmt(r.merge.oursOverHand.p75)}]`,
    )
    log(
      `      codegen: ${fmt(r.codegen.times.ours.median, 1)} ms, ÷ JSON.stringify ${fmt(r.codegen.oursOverStringify.median)} [${fmt(r.codegen.oursOverStringify.p25)}–${fmt(r.codegen.oursOverStringify.p75)}]`,
    )
  }
}

function printDeckhand(d) {
  const ms = (summary) => `${fmt(summary.median, 0)} ms`
  log(
    `${d.site} (${d.files} files, ${d.documents} documents): Deckhand ${fmt(d.deckhandMs.median / 1000, 1)} s | ` +
      `ours, fresh process ${ms(d.oursFreshProcessMs)} (the render ${ms(d.oursFreshRenderMs)}), ` +
      `warm ${ms(d.oursWarmMs)} (medians)`,
  )
  for (const [name, label] of [
    ['freshProcess', 'fresh process'],
    ['warm', 'warm process'],
  ]) {
    const r = d.ratio[name]
    log(`  Deckhand ÷ ours (${label}): ${fmt(r.median, 1)}× [${fmt(r.p25, 1)}–${fmt(r.p75, 1)}]`)
  }
}

// ---------------------------------------------------------------- main
const machine = {
  cpus: cpus().length,
  cpu: cpus()[0]?.model,
  memoryGiB: Math.round(totalmem() / 2 ** 30),
  os: `${type()} ${release()} ${arch()}`,
  node: process.version,
}
const versions = Object.fromEntries(
  ['vite', 'rollup', 'rolldown', '@rollup/plugin-json', '@rollup/plugin-yaml', 'js-yaml', 'yaml'].map((n) => [
    n,
    versionOf(n),
  ]),
)
log(
  `merged-yaml benchmark — ${new Date().toISOString()} — ${machine.cpus}× ${machine.cpu}, ${machine.memoryGiB} GiB, node ${machine.node}`,
)

if (!args['no-build'] && !args['skip-builds']) {
  log('building the packages (npm run build)…')
  execFileSync('npm', ['run', 'build'], { cwd: REPO_ROOT, stdio: ['ignore', 'ignore', 'inherit'] })
}

for (const corpus of corpora) {
  const manifest = generateCorpus(join(CORPUS_DIR, corpus), CORPORA[corpus])
  const t = manifest.totals
  log(
    `corpus ${corpus}: ${manifest.entries.length} entries, ${t.uniqueLayerFiles} layers (${fmt(t.uniqueLayerYamlBytes / 1048576)} MiB YAML), merged ${fmt(t.mergedJsonBytes / 1048576)} MiB JSON`,
  )
}

const report = {
  date: new Date().toISOString(),
  machine,
  versions,
  pairs,
  builds: undefined,
  inProcess: undefined,
  deckhand: undefined,
}
if (!args['skip-builds']) {
  report.builds = measureBuilds()
  printBuilds(report.builds)
}
if (!args['skip-inprocess']) {
  const internals = await loadInternals(CORPUS_DIR)
  report.inProcess = {}
  for (const corpus of corpora) {
    const dir = join(CORPUS_DIR, corpus)
    report.inProcess[corpus] = measureInProcess(
      internals,
      dir,
      JSON.parse(readFileSync(join(dir, 'corpus.json'), 'utf8')),
      { rounds: Number(args.rounds) },
    )
  }
  printInProcess(report.inProcess)
}
if (!args['skip-deckhand']) {
  const site = args['deckhand-site']
  const unavailable = deckhandUnavailable(site)
  log()
  if (unavailable) {
    log(`Deckhand: skipped (${unavailable})`)
  } else {
    log(`Deckhand: treasuremap ${site}, Deckhand's engine (../shared/realworld/oracle/dh_ref.py) and ours, interleaved`)
    const internals = await loadInternals(CORPUS_DIR)
    report.deckhand = measureDeckhand(internals, join(CORPUS_DIR, 'internals.mjs'), {
      site,
      rounds: Number(args['deckhand-rounds']),
      log,
    })
    printDeckhand(report.deckhand)
  }
}

const out = args.report ?? join(BENCH_DIR, 'results', `${report.date.slice(0, 19).replaceAll(':', '-')}.json`)
mkdirSync(join(out, '..'), { recursive: true })
writeFileSync(out, `${JSON.stringify(report, null, 2)}\n`)
log()
log(`report: ${out}`)
