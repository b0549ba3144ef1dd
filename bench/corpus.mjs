// Generates the benchmark corpora with ../shared/bench/gen-corpus.mjs (outside the repo). The
// generator imports `yaml`, which does not resolve from its own folder, so it runs from a scratch
// copy whose node_modules links to ours.
import { spawnSync } from 'node:child_process'
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parse, stringify } from 'yaml'

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
  // A typical app: a few entries of a few small layers, where fixed costs (loading the plugin, first
  // calls) weigh most; its include lines name `${mode}` and a glob (see `shapeLikeAnApp`).
  t3: { entries: 3, depth: 5, size: 'small', appShaped: true },
  // The same shapes in the values dialect, the default a frontend app merges in: the layers without
  // their cloud-init directives (see `shapeAsValues`).
  'values-m50': { entries: 50, depth: 6, size: 'medium', dialect: 'values' },
  'values-s200': { entries: 200, depth: 6, size: 'small', dialect: 'values' },
  'values-l5': { entries: 5, depth: 4, size: 'large', dialect: 'values' },
  'values-t3': { entries: 3, depth: 5, size: 'small', appShaped: true, dialect: 'values' },
}

/** The modes a build of t3 renders in: Vite's build, Rollup's (no mode: `development`), declarations' both. */
const APP_MODES = ['development', 'production']
const APP_SHAPE_VERSION = 1

/**
 * Rewrites each entry of a generated corpus as an app writes it, without changing what it merges to
 * (so json/ and plain/, gen-corpus's pre-merged baselines, stay right): its env layer
 * `env/<env>.yaml` becomes `env/<env>.${mode}.yaml` (a copy per mode of APP_MODES), and its feature
 * layers become one glob line, `features/<app>/*.yaml`, matching copies numbered in chain order (a
 * glob's matches merge sorted by path). The manifest's chains and layers name the files read.
 */
function shapeLikeAnApp(out, manifest) {
  const layers = {}
  for (const entry of manifest.entries) {
    const app = entry.entry.replace(/\.merged\.yaml$/, '')
    const lines = ['#include']
    const chain = []
    let feature = 0
    for (const file of entry.chain) {
      if (file.startsWith('env/')) {
        const stem = file.replace(/\.yaml$/, '')
        for (const mode of APP_MODES) copyFileSync(join(out, file), join(out, `${stem}.${mode}.yaml`))
        lines.push(`${stem}.\${mode}.yaml`)
        chain.push(`${stem}.production.yaml`)
      } else if (file.startsWith('feature/')) {
        const copy = `features/${app}/${String(++feature).padStart(2, '0')}-${file.slice('feature/'.length)}`
        mkdirSync(join(out, 'features', app), { recursive: true })
        copyFileSync(join(out, file), join(out, copy))
        if (feature === 1) lines.push(`features/${app}/*.yaml`)
        chain.push(copy)
      } else {
        lines.push(file)
        chain.push(file)
      }
    }
    writeFileSync(join(out, entry.entry), `${lines.join('\n')}\n`)
    for (let i = 0; i < chain.length; i++) layers[chain[i]] = manifest.layers[entry.chain[i]]
    entry.chain = chain
  }
  manifest.layers = layers
  manifest.totals.uniqueLayerFiles = Object.keys(layers).length
  manifest.totals.uniqueLayerYamlBytes = Object.values(layers).reduce((sum, layer) => sum + layer.bytes, 0)
  manifest.appShaped = APP_SHAPE_VERSION
  writeFileSync(join(out, 'corpus.json'), `${JSON.stringify(manifest, null, 2)}\n`)
  return manifest
}

const VALUES_SHAPE_VERSION = 3
/** A top-level cloud-init directive and the lines that continue it (indented, or a list's items). */
const DIRECTIVE = /^(?:merge_how|merge_type):.*\n(?:[ -].*\n)*/gm
/** The generator's YAML output options (no line folding). */
const PLAIN_YAML = { lineWidth: 0 }

const isMapping = (value) => value !== null && typeof value === 'object' && !Array.isArray(value)

/**
 * Helm's merge of values files (`MergeMaps`, `helm template -f a -f b`): mappings merge key by key, anything
 * else the later layer gives replaces, lists whole, a null too. Independent of the engine, so that the
 * baseline does not measure the engine against itself.
 */
function mergeValues(base, layer) {
  if (!isMapping(base) || !isMapping(layer)) return layer
  const merged = { ...base }
  for (const [key, value] of Object.entries(layer))
    merged[key] = key in merged ? mergeValues(merged[key], value) : value
  return merged
}

/**
 * Rewrites a generated corpus's layers as a values-dialect app writes them: without `merge_how` and
 * `merge_type`, so no part carries a dialect marker and every entry merges as Helm merges values
 * files. The generator's pre-merged baselines (json/, plain/) append lists as its directives say, which
 * made them half as large again as what the values dialect gives (l5: 15.0 against 10.2 MB); they are
 * written again from each entry's chain merged as values, so the native import compared with is the
 * same data.
 */
function shapeAsValues(out, manifest) {
  const walk = (dir) =>
    readdirSync(dir, { withFileTypes: true }).flatMap((dirent) =>
      dirent.isDirectory()
        ? ['json', 'plain'].includes(dirent.name) && dir === out
          ? []
          : walk(join(dir, dirent.name))
        : /\.ya?ml$/.test(dirent.name) && !dirent.name.endsWith('.merged.yaml')
          ? [join(dir, dirent.name)]
          : [],
    )
  for (const file of walk(out)) {
    const text = readFileSync(file, 'utf8')
    const stripped = text.replace(DIRECTIVE, '')
    if (stripped !== text) writeFileSync(file, stripped)
  }
  const layers = new Map()
  const layer = (file) => layers.get(file) ?? layers.set(file, parse(readFileSync(join(out, file), 'utf8'))).get(file)
  manifest.totals.mergedJsonBytes = 0
  manifest.totals.mergedPlainYamlBytes = 0
  for (const entry of manifest.entries) {
    const merged = entry.chain.reduce((value, file) => mergeValues(value, layer(file) ?? {}), {})
    const json = JSON.stringify(merged)
    const plain = stringify(merged, PLAIN_YAML)
    writeFileSync(join(out, entry.json), json)
    writeFileSync(join(out, entry.plain), plain)
    entry.jsonBytes = Buffer.byteLength(json)
    entry.plainBytes = Buffer.byteLength(plain)
    manifest.totals.mergedJsonBytes += entry.jsonBytes
    manifest.totals.mergedPlainYamlBytes += entry.plainBytes
  }
  manifest.dialect = 'values'
  manifest.valuesShaped = VALUES_SHAPE_VERSION
  writeFileSync(join(out, 'corpus.json'), `${JSON.stringify(manifest, null, 2)}\n`)
  return manifest
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
export function generateCorpus(out, { entries, depth, size, seed = '1', appShaped = false, dialect }) {
  const manifestPath = join(out, 'corpus.json')
  if (existsSync(manifestPath)) {
    const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'))
    const p = manifest.params
    const shape = appShaped ? APP_SHAPE_VERSION : undefined
    if (
      p.entries === entries &&
      p.depth === depth &&
      p.size === size &&
      p.seed === String(seed) &&
      manifest.appShaped === shape &&
      manifest.valuesShaped === (dialect === 'values' ? VALUES_SHAPE_VERSION : undefined)
    )
      return manifest
    rmSync(out, { recursive: true, force: true })
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
  const generated = JSON.parse(readFileSync(manifestPath, 'utf8'))
  const manifest = appShaped ? shapeLikeAnApp(out, generated) : generated
  return dialect === 'values' ? shapeAsValues(out, manifest) : manifest
}
