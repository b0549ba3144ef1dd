// Generates the benchmark corpora with ../shared/bench/gen-corpus.mjs (outside the repo). The
// generator imports `yaml`, which does not resolve from its own folder, so it runs from a scratch
// copy whose node_modules links to ours.
import { spawnSync } from 'node:child_process'
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..')
export const GEN_CORPUS = resolve(REPO_ROOT, '../shared/bench/gen-corpus.mjs')

/** The `cache` option's folder in a corpus, for the `cached` variant. */
export const CACHE_FOLDER = '.merged-yaml-cache'
/** The same for the `dts-cached` variant (default options with `cache`), and `dts-cold` (emptied before each build). */
export const DTS_CACHE_FOLDER = '.merged-yaml-cache-dts'
export const COLD_CACHE_FOLDER = '.merged-yaml-cache-cold'
/** The browser the dev-server measurements drive (headless, through playwright-core). */
export const CHROMIUM = process.env.BENCH_CHROMIUM ?? '/usr/bin/chromium'

/** The three reference corpora of ../shared/bench/README.md, and a scale point. */
export const CORPORA = {
  m50: { entries: 50, depth: 6, size: 'medium' },
  s200: { entries: 200, depth: 6, size: 'small' },
  l5: { entries: 5, depth: 4, size: 'large' },
  // The scale point: s200's shape with five times the entries.
  s1000: { entries: 1000, depth: 6, size: 'small' },
}

function yamlPackageDir() {
  const require = createRequire(join(REPO_ROOT, 'package.json'))
  let dir = dirname(require.resolve('yaml'))
  while (!existsSync(join(dir, 'package.json'))) dir = dirname(dir)
  return dir
}

/**
 * Writes a corpus into `out` (reusing it when its manifest has the same parameters) and returns the
 * manifest (corpus.json).
 */
export function generateCorpus(out, { entries, depth, size, seed = '1' }) {
  const manifestPath = join(out, 'corpus.json')
  if (existsSync(manifestPath)) {
    const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'))
    const p = manifest.params
    if (p.entries === entries && p.depth === depth && p.size === size && p.seed === String(seed)) return manifest
  }
  if (!existsSync(GEN_CORPUS)) throw new Error(`the corpus generator is missing: ${GEN_CORPUS}`)
  const scratch = mkdtempSync(join(tmpdir(), 'my-gen-corpus-'))
  try {
    copyFileSync(GEN_CORPUS, join(scratch, 'gen-corpus.mjs'))
    mkdirSync(join(scratch, 'node_modules'))
    symlinkSync(yamlPackageDir(), join(scratch, 'node_modules', 'yaml'), 'dir')
    mkdirSync(out, { recursive: true })
    const args = [
      '--entries',
      String(entries),
      '--depth',
      String(depth),
      '--size',
      String(size),
      '--seed',
      String(seed),
      '--out',
      out,
    ]
    const run = spawnSync(process.execPath, [join(scratch, 'gen-corpus.mjs'), ...args], { encoding: 'utf8' })
    if (run.status !== 0) throw new Error(`gen-corpus.mjs ${args.join(' ')} failed:\n${run.stderr}`)
  } finally {
    rmSync(scratch, { recursive: true, force: true })
  }
  return JSON.parse(readFileSync(manifestPath, 'utf8'))
}
