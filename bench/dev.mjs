// The Vite dev server, as a frontend team runs it: how long from `vite` starting to the page holding
// every entry, and how long a hot update takes to reach the page, with our plugin against the
// pre-merged JSON imported natively. Each session runs in a fresh process (dev-once.mjs) that drives
// headless Chromium; sessions are interleaved like the builds (every pair runs each variant once, in
// a rotating order, after a warm-up round that is not counted and fills `dts-cached`'s cache).
import { spawnSync } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { CHROMIUM, DTS_CACHE_FOLDER } from './corpus.mjs'
import { summarize } from './stats.mjs'

export const DEV_VARIANTS = ['dts', 'dts-cached', 'json']
// The file the hot-update measurement edits: `base.yaml` is the first layer of every entry; the
// baseline's every entry module (a wrapper of its pre-merged JSON) imports `dev-base.json`.
const OURS_EDIT = { file: 'base.yaml', check: '' }
const JSON_EDIT = { file: 'dev-base.json', check: 'base' }

/** Why the dev-server measurements cannot run here, or undefined. */
export function devUnavailable() {
  if (!existsSync(CHROMIUM)) return `no browser at ${CHROMIUM} (set BENCH_CHROMIUM)`
  return undefined
}

// Records the Vite client's update events; imported by the app module, never updated itself.
const PROBE = `globalThis.__benchUpdates = []
globalThis.__benchPage = Math.random()
const now = () => performance.timeOrigin + performance.now()
let arrived
import.meta.hot.on('vite:beforeUpdate', () => { arrived = now() })
import.meta.hot.on('vite:afterUpdate', () => { globalThis.__benchUpdates.push({ arrived, applied: now() }) })
`

function writeApp(dir, name, imports) {
  const lines = [
    "import './dev-probe.js'",
    ...imports.map((path, k) => `import app${k} from '${path}'`),
    `globalThis.__mergedYamlBench = [${imports.map((_, k) => `app${k}`).join(', ')}]`,
    'globalThis.__benchLoadedAt = performance.timeOrigin + performance.now()',
    'import.meta.hot.accept()',
    '',
  ]
  writeFileSync(join(dir, name), lines.join('\n'))
  return name
}

/**
 * A copy of the corpus for the dev server (the hot-update measurement edits a layer, and restores
 * it), with the app modules: ours imports every entry; the baseline imports every pre-merged JSON
 * (`start`) or, for hot updates, one module per entry that imports its JSON and `dev-base.json`
 * (base.yaml's data), as an app whose every module imports one shared JSON file.
 */
export function prepareDevCorpus(corpusDir, devDir) {
  rmSync(devDir, { recursive: true, force: true })
  mkdirSync(devDir, { recursive: true })
  cpSync(corpusDir, devDir, {
    recursive: true,
    filter: (source) => !/[/\\](out|\.merged-yaml-cache[^/\\]*|bench-main-[^/\\]*)$/.test(source),
  })
  const manifest = JSON.parse(readFileSync(join(devDir, 'corpus.json'), 'utf8'))
  writeFileSync(join(devDir, 'dev-probe.js'), PROBE)
  const base = readFileSync(join(devDir, 'base.yaml'), 'utf8')
  writeFileSync(join(devDir, 'dev-base.json'), JSON.stringify({ size: base.length }))
  mkdirSync(join(devDir, 'dev-json'))
  for (const [k, e] of manifest.entries.entries())
    writeFileSync(
      join(devDir, 'dev-json', `app-${k}.js`),
      `import base from '../dev-base.json'\nimport own from '../${e.json}'\nexport default { base, own }\n`,
    )
  return {
    count: manifest.entries.length,
    mains: {
      ours: writeApp(
        devDir,
        'dev-main-ours.js',
        manifest.entries.map((e) => `./${e.entry}`),
      ),
      json: writeApp(
        devDir,
        'dev-main-json.js',
        manifest.entries.map((e) => `./${e.json}`),
      ),
      shared: writeApp(
        devDir,
        'dev-main-json-shared.js',
        manifest.entries.map((_, k) => `./dev-json/app-${k}.js`),
      ),
    },
  }
}

function runSession(benchDir, session) {
  const child = spawnSync(process.execPath, [join(benchDir, 'dev-once.mjs'), JSON.stringify(session)], {
    cwd: session.root,
    encoding: 'utf8',
    maxBuffer: 16 * 1024 * 1024,
    timeout: 600_000,
  })
  const line = child.stdout?.trim().split('\n').at(-1)
  if (child.status !== 0 || !line?.startsWith('{'))
    throw new Error(`dev session ${session.variant} in ${session.root} failed:\n${child.stderr}\n${child.stdout}`)
  return JSON.parse(line)
}

const ratios = (runs, field, variant, baseline) =>
  summarize(runs[variant].map((run, i) => run[field] / runs[baseline][i][field]))

/**
 * Start: `pairs` interleaved sessions per variant on `startCorpus`; hot updates: on `hmrCorpus`,
 * `edits` measured edits per session (their median is the session's time).
 */
export function measureDevServer({ benchDir, corpusDir, startCorpus, hmrCorpus, pairs, edits, log }) {
  const fmt = (n) => n.toFixed(0)
  const start = prepareDevCorpus(join(corpusDir, startCorpus), join(corpusDir, `dev-${startCorpus}`))
  const hmr = prepareDevCorpus(join(corpusDir, hmrCorpus), join(corpusDir, `dev-${hmrCorpus}`))
  const startRoot = join(corpusDir, `dev-${startCorpus}`)
  const hmrRoot = join(corpusDir, `dev-${hmrCorpus}`)
  const runs = {
    start: Object.fromEntries(DEV_VARIANTS.map((v) => [v, []])),
    hmr: Object.fromEntries(DEV_VARIANTS.map((v) => [v, []])),
  }
  for (const root of [startRoot, hmrRoot]) rmSync(join(root, DTS_CACHE_FOLDER), { recursive: true, force: true })
  for (let round = 0; round <= pairs; round++) {
    log(round === 0 ? 'dev server: warm-up round' : `dev server: pair ${round}/${pairs}`)
    for (let i = 0; i < DEV_VARIANTS.length; i++) {
      const variant = DEV_VARIANTS[(i + round) % DEV_VARIANTS.length]
      const ours = variant !== 'json'
      const started = runSession(benchDir, {
        variant,
        root: startRoot,
        main: ours ? start.mains.ours : start.mains.json,
        count: start.count,
      })
      const updated = runSession(benchDir, {
        variant,
        root: hmrRoot,
        main: ours ? hmr.mains.ours : hmr.mains.shared,
        count: hmr.count,
        edit: ours ? OURS_EDIT : JSON_EDIT,
        edits,
      })
      const median = (field) => summarize(updated.updates.map((u) => u[field])).median
      const hot = { appliedMs: median('appliedMs'), arrivedMs: median('arrivedMs'), startMs: updated.startMs }
      if (round > 0) {
        runs.start[variant].push(started)
        runs.hmr[variant].push(hot)
      } else {
        log(
          `  ${variant}: ${startCorpus} start ${fmt(started.startMs)} ms; ${hmrCorpus} hot update ` +
            `${fmt(hot.appliedMs)} ms (message ${fmt(hot.arrivedMs)} ms)`,
        )
      }
    }
  }
  const summary = { startCorpus, hmrCorpus, pairs, edits, start: {}, hmr: {} }
  for (const variant of DEV_VARIANTS) {
    summary.start[variant] = summarize(runs.start[variant].map((r) => r.startMs))
    summary.hmr[variant] = {
      appliedMs: summarize(runs.hmr[variant].map((r) => r.appliedMs)),
      arrivedMs: summarize(runs.hmr[variant].map((r) => r.arrivedMs)),
    }
  }
  summary.startRatio = Object.fromEntries(
    ['dts', 'dts-cached'].map((v) => [v, ratios(runs.start, 'startMs', v, 'json')]),
  )
  summary.hmrRatio = Object.fromEntries(
    ['dts', 'dts-cached'].map((v) => [
      v,
      { applied: ratios(runs.hmr, 'appliedMs', v, 'json'), arrived: ratios(runs.hmr, 'arrivedMs', v, 'json') },
    ]),
  )
  rmSync(startRoot, { recursive: true, force: true })
  rmSync(hmrRoot, { recursive: true, force: true })
  return summary
}
