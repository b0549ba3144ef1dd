// Deckhand on a real Airship site: the treasuremap site's render by Deckhand's own engine (the
// oracle in ../shared/realworld/oracle, Python, with PyYAML reading the files) against ours, in the
// same run, interleaved. Ours is measured twice: a fresh process that imports the engine and renders
// once (what a CLI run or a cold build pays), and the median of renders in a warm process without
// a cache. Reported as ratios (Deckhand's time ÷ ours); never asserted.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { REPO_ROOT } from './corpus.mjs'
import { median, summarize } from './stats.mjs'

const SHARED = join(REPO_ROOT, '..', 'shared', 'realworld')

/** Why the measurement cannot run here, or undefined. */
export function deckhandUnavailable(site) {
  if (!existsSync(join(SHARED, 'deckhand', 'sites.json'))) return `../shared/realworld is absent`
  const sites = JSON.parse(readFileSync(join(SHARED, 'deckhand', 'sites.json'), 'utf8')).sites
  if (!sites.some((s) => s.site === site)) return `unknown site ${site} (${sites.map((s) => s.site).join(', ')})`
  if (spawnSync('python3', ['-c', 'import yaml'], { stdio: 'ignore' }).status !== 0)
    return 'python3 with PyYAML is missing'
  return undefined
}

function timed(command, args, options = {}) {
  const started = performance.now()
  const child = spawnSync(command, args, { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024, ...options })
  const wallMs = performance.now() - started
  if (child.status !== 0) throw new Error(`${command} ${args[0]} failed:\n${child.stderr.slice(-2000)}`)
  return { wallMs, stdout: child.stdout }
}

/**
 * `rounds` renders of `site` by each side, interleaved; `internals` is the esbuild bundle of the
 * engine (loadInternals), `bundlePath` its file for the fresh processes.
 */
export function measureDeckhand(internals, bundlePath, { site, rounds, log }) {
  const corpus = realpathSync(SHARED)
  const oracle = join(corpus, 'oracle')
  const sites = JSON.parse(readFileSync(join(corpus, 'deckhand', 'sites.json'), 'utf8')).sites
  const { type } = sites.find((s) => s.site === site)
  const files = timed('python3', [join(oracle, 'treasuremap_files.py'), site])
    .stdout.trim()
    .split('\n')
  const tree = join(corpus, 'deckhand', 'treasuremap-v1.9')
  const dir = mkdtempSync(join(tmpdir(), 'merged-yaml-deckhand-'))
  try {
    const entry = join(dir, `${site}.merged.yaml`)
    writeFileSync(
      entry,
      `#include\n${tree}/global/**/*.yaml\n${tree}/type/${type}/**/*.yaml\n${tree}/site/${site}/**/*.yaml\n`,
    )
    const options = { root: dir, allow: [corpus], strict: false, yamlVersion: '1.1' }
    const once = JSON.stringify({ bundle: bundlePath, entry, root: dir, allow: corpus })
    const deckhand = []
    const fresh = []
    const freshRender = []
    const warm = []
    let documents
    // The warm process's first render pays for compiling the engine: not counted.
    internals.renderSync(entry, options)
    for (let round = 0; round < rounds; round++) {
      const python = timed('python3', [join(oracle, 'dh_ref.py'), ...files], {
        env: { ...process.env, PYTHONWARNINGS: 'ignore' },
      })
      deckhand.push(python.wallMs)
      const expected = JSON.parse(python.stdout).length
      const child = timed(process.execPath, [join(REPO_ROOT, 'bench', 'deckhand-once.mjs'), once])
      fresh.push(child.wallMs)
      const line = JSON.parse(child.stdout.trim().split('\n').at(-1))
      documents = line.documents
      freshRender.push(line.renderMs)
      if (documents !== expected)
        throw new Error(`${site}: ${documents} documents rendered, Deckhand renders ${expected}`)
      const started = performance.now()
      internals.renderSync(entry, options)
      warm.push(performance.now() - started)
      log(
        `  round ${round + 1}/${rounds}: Deckhand ${(python.wallMs / 1000).toFixed(1)} s, ` +
          `ours fresh process ${fresh.at(-1).toFixed(0)} ms, warm ${warm.at(-1).toFixed(0)} ms`,
      )
    }
    return {
      site,
      files: files.length,
      documents,
      deckhandMs: summarize(deckhand),
      oursFreshProcessMs: summarize(fresh),
      /** The render alone in the fresh process (without starting Node and importing the engine). */
      oursFreshRenderMs: summarize(freshRender),
      oursWarmMs: summarize(warm),
      ratio: {
        freshProcess: summarize(deckhand.map((t, i) => t / fresh[i])),
        warm: summarize(deckhand.map((t, i) => t / warm[i])),
      },
      medianRatio: { freshProcess: median(deckhand) / median(fresh), warm: median(deckhand) / median(warm) },
    }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}
