#!/usr/bin/env node
// `npm run bench`: the performance of merged-yaml against importing the pre-merged data.
//
//   node bench/run.mjs [--pairs 10] [--corpora m50,s200,l5,s1000,t3,values-t3,…] [--tools vite,rollup] [--rounds 9]
//                      [--variants ours,cached,dts,dts-provenance,dts-cached,dts-cold,yaml] [--no-build] [--skip-builds]
//                      [--skip-inprocess] [--skip-scale] [--skip-dev] [--dev-pairs 5] [--dev-edits 3]
//                      [--report file.json] [--deckhand-site seaworthy] [--deckhand-rounds 3] [--skip-deckhand]
//
// 1. Generates the corpora with ../shared/bench/gen-corpus.mjs into bench/.corpus/ (kept between
//    runs while their parameters do not change).
// 2. Builds an app importing every entry of a corpus, each build in a fresh process, interleaved
//    (every pair runs each variant once, in a rotating order) after one warm-up round:
//    Vite 8 with our plugin, with the pre-merged JSON (native import) and with @rollup/plugin-yaml
//    on the pre-merged YAML; Rollup 4 with our plugin, @rollup/plugin-json and @rollup/plugin-yaml.
//    Our plugin runs as in a JavaScript project (`ours`: `dts: false`, no cache), and with the
//    `cache` option after the warm-up round stored every module (`cached`: a rebuild with nothing
//    changed); and as in a TypeScript project, where `typescript` resolves and declarations are on
//    by default: `dts` (default options, `cache: false`: every build parses, merges and types),
//    `dts-cached` (with `cache`, a rebuild with nothing changed) and `dts-cold` (with `cache`, its
//    folder emptied before each build: what turning the cache on costs a first build), and
//    `dts-provenance` (`dts` with `dts: { provenance: true }`, which a one-off build leaves out by
//    default: dts-provenance ÷ dts is what the JSDoc and declaration maps of where each value came
//    from cost a build that writes every declaration).
//    Prints median times, median per-pair ratios (ours ÷ baseline) with their spread, peak memory, the
//    process's CPU time (every thread: steadier than wall time on a shared machine),
//    and any PLUGIN_TIMINGS warning. On m50 our plugin also runs with a JSON Schema (`validated`:
//    one schema for every entry, inferred from them by `merged-yaml schema`), and the ratio
//    validated ÷ ours is validation's cost.
// 3. Scale (with s200 and s1000): each variant's s1000 build ÷ its s200 build in the same pair, and
//    the plugin alone (plugin-once.mjs) per entry on both: loads, watch registration, declarations.
// 4. Dev server (dev.mjs, headless Chromium): `vite` start to the page holding every m50 entry, and a
//    hot update after editing the layer every s200 entry includes, against native JSON.
// 5. In-process: parse MB/s, merge and codegen against a hand-written merge and JSON.stringify.
// 6. Deckhand (deckhand.mjs): a real Airship site rendered by Deckhand's own engine (the oracle in
//    ../shared/realworld) and by ours, interleaved, as ratios; skipped with a message without it.
// 7. Writes everything, with the machine, to bench/results/<date>.json. It never asserts on time.
import { execFileSync, spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { cpus, totalmem, type, release, arch } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { CACHE_FOLDER, COLD_CACHE_FOLDER, CORPORA, DTS_CACHE_FOLDER, REPO_ROOT, generateCorpus } from './corpus.mjs'
import { deckhandUnavailable, measureDeckhand } from './deckhand.mjs'
import { devUnavailable, measureDevServer } from './dev.mjs'
import { measureInProcess } from './inprocess.mjs'
import { loadInternals } from './internals.mjs'
import { summarize } from './stats.mjs'

const USAGE = `Usage: npm run bench -- [options]

  --pairs N          interleaved build pairs per corpus and tool (default 10)
  --corpora LIST     comma-separated, of m50, s200, l5, s1000, t3 (cloud-init) and values-m50, values-s200,
                     values-l5, values-t3 (the same shapes in the values dialect); default all nine
  --tools LIST       comma-separated, of vite, rollup (default both)
  --variants LIST    our variants built, of ours, cached, dts, dts-provenance, dts-cached, dts-cold, and the yaml
                     baseline (default all; the json baseline always runs)
  --rounds N         rounds of each in-process measurement (default 9)
  --no-build         measure the plugin as built in dist/ (skips \`npm run build\`)
  --skip-builds      no whole builds
  --skip-inprocess   no in-process measurements
  --skip-scale       no per-entry plugin measurement on s200 and s1000
  --skip-dev         no dev-server measurements
  --dev-pairs N      interleaved dev-server sessions per variant (default 5)
  --dev-edits N      hot updates measured per session (default 3)
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
        corpora: { type: 'string', default: 'm50,s200,l5,s1000,t3,values-m50,values-s200,values-l5,values-t3' },
        tools: { type: 'string', default: 'vite,rollup' },
        variants: { type: 'string', default: 'ours,cached,dts,dts-provenance,dts-cached,dts-cold,yaml' },
        'skip-scale': { type: 'boolean', default: false },
        'skip-dev': { type: 'boolean', default: false },
        'dev-pairs': { type: 'string', default: '5' },
        'dev-edits': { type: 'string', default: '3' },
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
      ...['pairs', 'rounds', 'deckhand-rounds', 'dev-pairs', 'dev-edits']
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
      ...values.variants
        .split(',')
        .filter((v) => v && !SELECTABLE.includes(v))
        .map((v) => `unknown variant "${v}" (known: ${SELECTABLE.join(', ')})`),
    ]
    if (problems.length) throw new Error(problems.join('\n'))
    return values
  } catch (error) {
    process.stderr.write(`bench: ${error.message}\n\n${USAGE}`)
    process.exit(2)
  }
}

// Our variants (see build-once.mjs) and the YAML baseline, which --variants selects; the JSON baseline always runs.
const SELECTABLE = ['ours', 'cached', 'dts', 'dts-provenance', 'dts-cached', 'dts-cold', 'yaml']
const OURS_ALL = ['ours', 'cached', 'dts', 'dts-provenance', 'dts-cached', 'dts-cold']

const args = readArgs()

const BENCH_DIR = join(REPO_ROOT, 'bench')
const CORPUS_DIR = join(REPO_ROOT, 'bench', '.corpus')
// `cached` and `dts-cached`: our plugin with the `cache` option, its folder emptied before the
// warm-up round, so every counted build finds the modules the warm-up stored (a rebuild with nothing
// changed). `dts-cold`: with `cache`, its folder emptied before every build.
const selected = args.variants.split(',').filter(Boolean)
const VARIANTS = [...SELECTABLE.filter((v) => selected.includes(v)), 'json']
const OURS = OURS_ALL.filter((v) => VARIANTS.includes(v))
const BASELINES = VARIANTS.includes('yaml') ? ['json', 'yaml'] : ['json']
// Validation's cost is measured on this corpus: `validated` is `ours` with the `schema` option.
const VALIDATED_CORPUS = 'm50'
const variantsOf = (corpus) =>
  corpus === VALIDATED_CORPUS && VARIANTS.includes('ours') ? [...VARIANTS, 'validated'] : VARIANTS
// The scale point: SCALE_TO has five times SCALE_FROM's entries, of the same shape.
const SCALE_FROM = 's200'
const SCALE_TO = 's1000'
const DEV_START_CORPUS = 'm50'
const DEV_HMR_CORPUS = 's200'
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
  const ours = [...OURS_ALL, 'validated'].includes(variant)
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
    // Only when the `validated` variant runs: inferring the schema takes minutes on a loaded machine.
    if (variantsOf(corpus).includes('validated')) schemas[corpus] = writeSchema(dir, manifest)
    for (const folder of [CACHE_FOLDER, DTS_CACHE_FOLDER]) rmSync(join(dir, folder), { recursive: true, force: true })
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
          if (variant === 'dts-cold')
            rmSync(join(CORPUS_DIR, corpus, COLD_CACHE_FOLDER), { recursive: true, force: true })
          const run = runBuild(tool, variant, corpus, inputs[corpus][variant], schema)
          if (round > 0) results[`${tool}/${corpus}`][variant].push(run)
          // Every build, as it ends: a run cut short still tells what it measured.
          if (round > 0) log(`  ${tool} ${corpus} ${variant}: ${fmt(run.ms, 0)} ms`)
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
      Object.fromEntries(OURS.map((v) => [v, Object.fromEntries(BASELINES.map((b) => [b, ratio(v, b, field)]))]))
    summary[key] = {
      tool,
      corpus,
      ms: Object.fromEntries(Object.keys(runs).map((v) => [v, summarize(runs[v].map((r) => r.ms))])),
      // Validation's cost: the same build with a JSON Schema ÷ without (m50 only).
      validationRatio: runs.validated ? { time: ratio('validated', 'ours', 'ms') } : undefined,
      // What provenance in declarations costs a build that generates them all (cache off).
      provenanceRatio: runs['dts-provenance'] && runs.dts ? { time: ratio('dts-provenance', 'dts', 'ms') } : undefined,
      // The cache's cost to a first build, and its gain on a rebuild, with declarations on.
      cacheRatio:
        runs['dts-cold'] && runs.dts
          ? {
              cold: ratio('dts-cold', 'dts', 'ms'),
              warm: runs['dts-cached'] ? ratio('dts-cached', 'dts', 'ms') : undefined,
            }
          : undefined,
      wallMs: Object.fromEntries(VARIANTS.map((v) => [v, summarize(runs[v].map((r) => r.wallMs))])),
      maxRssMiB: Object.fromEntries(VARIANTS.map((v) => [v, summarize(runs[v].map((r) => r.maxRssKb / 1024))])),
      outputMiB: Object.fromEntries(VARIANTS.map((v) => [v, runs[v][0].outputBytes / 1048576])),
      timeRatio: ratios('ms'),
      // The same with loading and creating the plugin counted (a fixed cost the bundler's own time leaves out).
      timeWithSetupRatio: Object.fromEntries(
        OURS.map((v) => [
          v,
          summarize(runs[v].map((run, i) => (run.ms + run.setupMs) / (runs.json[i].ms + runs.json[i].setupMs))),
        ]),
      ),
      memoryRatio: ratios('maxRssKb'),
      // The whole process's CPU time (Node's start, imports, every thread): steadier than wall time.
      cpuRatio: ratios('cpuMs'),
      pluginTimingsWarnings: Object.fromEntries(
        OURS.map((v) => [v, runs[v].filter((r) => r.warnings.some((w) => w.includes('PLUGIN_TIMINGS'))).length]),
      ),
      oursWarnings: [...new Set(OURS.flatMap((v) => runs[v].flatMap((r) => r.warnings)))].slice(0, 5),
    }
  }
  // Scale: each variant's build of s1000 ÷ its build of s200 in the same pair (5× the entries).
  const scale = {}
  for (const tool of tools) {
    const small = results[`${tool}/${SCALE_FROM}`]
    const large = results[`${tool}/${SCALE_TO}`]
    if (!small || !large) continue
    scale[tool] = Object.fromEntries(
      VARIANTS.filter((v) => small[v] && large[v]).map((v) => [
        v,
        summarize(large[v].map((run, i) => run.ms / small[v][i].ms)),
      ]),
    )
  }
  return { summary, scale }
}

function printBuilds({ summary, scale }) {
  log()
  log('Whole builds: median ms, median of per-pair ratios ours ÷ baseline [p25–p75], peak RSS ratio')
  for (const s of Object.values(summary)) {
    const names = BASELINE_NAMES[s.tool]
    log(
      `${s.tool.padEnd(6)} ${s.corpus.padEnd(5)} ` +
        [
          ...OURS.map((v) => `${v} ${fmt(s.ms[v].median, 0)}`),
          ...BASELINES.map((b) => `${names[b]} ${fmt(s.ms[b].median, 0)}`),
        ].join(' | ') +
        ' (ms)',
    )
    for (const variant of OURS) {
      for (const baseline of BASELINES) {
        const t = s.timeRatio[variant][baseline]
        const m = s.memoryRatio[variant][baseline]
        log(
          `         ${variant.padEnd(10)} ÷ ${names[baseline].padEnd(20)} time ${fmt(t.median)} [${fmt(t.p25)}–${fmt(t.p75)}]  memory ${fmt(m.median)} (${fmt(s.maxRssMiB[variant].median, 0)} MiB)`,
        )
      }
      if (s.pluginTimingsWarnings[variant])
        log(`         ${variant.padEnd(10)} PLUGIN_TIMINGS warnings: ${s.pluginTimingsWarnings[variant]}`)
    }
    const json = (variant) => s.timeRatio[variant]?.json
    if (json('dts') || json('dts-cached')) {
      const r = (t) => (t ? `${fmt(t.median)} [${fmt(t.p25)}–${fmt(t.p75)}]` : '—')
      const setup = s.timeWithSetupRatio
      log(
        `         declarations on, ÷ ${names.json}: first build (dts, cache off) ${r(json('dts'))}, ` +
          `rebuild (dts-cached) ${r(json('dts-cached'))}; with loading the plugin: ${r(setup.dts)}, ${r(setup['dts-cached'])}; ` +
          `process CPU: ${r(s.cpuRatio.dts?.json)}, ${r(s.cpuRatio['dts-cached']?.json)}`,
      )
    }
    if (s.cacheRatio) {
      const { cold, warm } = s.cacheRatio
      log(
        `         cache, declarations on: first build (dts-cold ÷ dts) ${fmt(cold.median)} [${fmt(cold.p25)}–${fmt(cold.p75)}]` +
          (warm ? `, rebuild (dts-cached ÷ dts) ${fmt(warm.median)} [${fmt(warm.p25)}–${fmt(warm.p75)}]` : ''),
      )
    }
    if (s.provenanceRatio) {
      const p = s.provenanceRatio.time
      log(
        `         declarations with provenance ÷ without (dts-provenance ÷ dts) ${fmt(p.median)} [${fmt(p.p25)}–${fmt(p.p75)}]`,
      )
    }
    if (s.validationRatio) {
      const v = s.validationRatio.time
      log(
        `         validated ${fmt(s.ms.validated.median, 0)} ms: with a JSON Schema ÷ without, time ${fmt(v.median)} [${fmt(v.p25)}–${fmt(v.p75)}]`,
      )
    }
  }
  for (const [tool, ratios] of Object.entries(scale)) {
    log(
      `${tool.padEnd(6)} scale ${SCALE_TO} ÷ ${SCALE_FROM} (median per-pair ratio [p25–p75]): ` +
        Object.entries(ratios)
          .map(([v, r]) => `${v} ${fmt(r.median)} [${fmt(r.p25)}–${fmt(r.p75)}]`)
          .join(', '),
    )
  }
}

/**
 * The plugin alone (plugin-once.mjs) on s200 and s1000, interleaved: per entry, the loads, the files
 * and folders registered for watching and the declarations written at the end of the build.
 */
function measurePluginScale(rounds) {
  const runs = { [SCALE_FROM]: [], [SCALE_TO]: [] }
  const order = [SCALE_FROM, SCALE_TO]
  log()
  log(`plugin alone, ${SCALE_FROM} and ${SCALE_TO}: ${rounds} interleaved rounds after a warm-up`)
  for (let round = 0; round <= rounds; round++) {
    for (let i = 0; i < order.length; i++) {
      const corpus = order[(i + round) % order.length]
      const root = join(CORPUS_DIR, corpus)
      const manifest = JSON.parse(readFileSync(join(root, 'corpus.json'), 'utf8'))
      const child = spawnSync(
        process.execPath,
        [join(BENCH_DIR, 'plugin-once.mjs'), JSON.stringify({ root, entries: manifest.entries.map((e) => e.entry) })],
        { cwd: root, encoding: 'utf8' },
      )
      const line = child.stdout.trim().split('\n').at(-1)
      if (child.status !== 0 || !line?.startsWith('{'))
        throw new Error(`plugin-once on ${corpus} failed:\n${child.stderr}`)
      if (round > 0) runs[corpus].push(JSON.parse(line))
    }
  }
  const perEntry = (corpus, field) => runs[corpus].map((r) => r[field] / r.entries)
  const result = {}
  for (const field of ['loadMs', 'declarationsMs', 'watched']) {
    result[field] = {
      [SCALE_FROM]: summarize(perEntry(SCALE_FROM, field)),
      [SCALE_TO]: summarize(perEntry(SCALE_TO, field)),
      // Per entry, s1000 ÷ s200 in the same round: 1 is linear.
      ratio: summarize(perEntry(SCALE_TO, field).map((v, i) => v / perEntry(SCALE_FROM, field)[i])),
    }
  }
  return result
}

function printPluginScale(result) {
  const names = { loadMs: 'load (ms)', declarationsMs: 'declarations (ms)', watched: 'watched paths' }
  log(`Plugin alone, per entry (median): ${SCALE_FROM} | ${SCALE_TO} | per-entry ratio [p25–p75] (1 is linear)`)
  for (const [field, r] of Object.entries(result)) {
    log(
      `  ${names[field].padEnd(18)} ${fmt(r[SCALE_FROM].median, 3)} | ${fmt(r[SCALE_TO].median, 3)} | ${fmt(r.ratio.median)} [${fmt(r.ratio.p25)}–${fmt(r.ratio.p75)}]`,
    )
  }
}

function printDev(d) {
  const ms = (x) => `${fmt(x.median, 0)} ms`
  log(`Dev server (Vite, headless Chromium; ${d.pairs} interleaved sessions per variant)`)
  log(
    `  start → page holds every ${d.startCorpus} entry: dts ${ms(d.start.dts)} | dts-cached ${ms(d.start['dts-cached'])} | native JSON ${ms(d.start.json)}`,
  )
  for (const v of ['dts', 'dts-cached']) {
    const r = d.startRatio[v]
    log(`    ${v.padEnd(10)} ÷ native JSON ${fmt(r.median)} [${fmt(r.p25)}–${fmt(r.p75)}]`)
  }
  log(
    `  hot update, ${d.hmrCorpus}, the layer every entry includes vs one JSON every module imports (applied in the page; message): ` +
      `dts ${ms(d.hmr.dts.appliedMs)}; ${ms(d.hmr.dts.arrivedMs)} | dts-cached ${ms(d.hmr['dts-cached'].appliedMs)}; ${ms(d.hmr['dts-cached'].arrivedMs)} | native JSON ${ms(d.hmr.json.appliedMs)}; ${ms(d.hmr.json.arrivedMs)}`,
  )
  for (const v of ['dts', 'dts-cached']) {
    const { applied, arrived } = d.hmrRatio[v]
    log(
      `    ${v.padEnd(10)} ÷ native JSON: applied ${fmt(applied.median)} [${fmt(applied.p25)}–${fmt(applied.p75)}], message ${fmt(arrived.median)} [${fmt(arrived.p25)}–${fmt(arrived.p75)}]`,
    )
  }
}

function printInProcess(results) {
  log()
  log('In-process (median of interleaved rounds)')
  for (const [corpus, r] of Object.entries(results)) {
    const p = r.parse.mbPerSecond
    const o = r.parse.oursOverJsonLayers
    log(
      `${corpus.padEnd(5)} parse MB/s of the layers: ours ${fmt(p.ours, 1)}, ours precise ${fmt(p.precise, 1)}, ` +
        `js-yaml ${fmt(p.jsYaml, 1)}, yaml ${fmt(p.yaml, 1)}; JSON.parse of the same data as JSON ${fmt(p.jsonLayers, 1)} ` +
        `(time ours ÷ JSON.parse ${fmt(o.median)} [${fmt(o.p25)}–${fmt(o.p75)}]), of the pre-merged JSON ${fmt(p.json, 1)}`,
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

// The dev server measures m50 and s200 whatever --corpora says.
const needed = new Set([...corpora, ...(args['skip-dev'] ? [] : [DEV_START_CORPUS, DEV_HMR_CORPUS])])
for (const corpus of needed) {
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
  scale: undefined,
  pluginScale: undefined,
  dev: undefined,
  inProcess: undefined,
  deckhand: undefined,
}
if (!args['skip-builds']) {
  const { summary, scale } = measureBuilds()
  report.builds = summary
  report.scale = scale
  printBuilds({ summary, scale })
}
if (!args['skip-scale'] && corpora.includes(SCALE_FROM) && corpora.includes(SCALE_TO)) {
  report.pluginScale = measurePluginScale(Math.max(3, Math.ceil(Number(args.rounds) / 2)))
  printPluginScale(report.pluginScale)
}
if (!args['skip-dev']) {
  log()
  const unavailable = devUnavailable()
  if (unavailable) log(`dev server: skipped (${unavailable})`)
  else {
    report.dev = measureDevServer({
      benchDir: BENCH_DIR,
      corpusDir: CORPUS_DIR,
      startCorpus: DEV_START_CORPUS,
      hmrCorpus: DEV_HMR_CORPUS,
      pairs: Number(args['dev-pairs']),
      edits: Number(args['dev-edits']),
      log,
    })
    printDev(report.dev)
  }
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
