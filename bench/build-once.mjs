#!/usr/bin/env node
// One bundler build in a fresh process (so peak memory is this build's own), reported as one JSON
// line on stdout. Run by run.mjs: node build-once.mjs '{"tool":"vite","variant":"ours",...}'
//   tool:    vite | rollup
//   variant: ours (unplugin-merged-yaml on the *.merged.yaml entries, `dts: false, cache: false`) |
//            cached (`dts: false` with the cache) | validated (ours with `schema`: one JSON Schema for
//            every entry) | dts (declarations on, `cache: false`) | dts-provenance (the same with
//            provenance, which a one-off build leaves out by default: `dts: { provenance: true }`) |
//            dts-cached (the default options:
//            declarations and the cache on) | dts-cold (the same, the cache's folder emptied before each
//            build) | json (the pre-merged JSON, natively in Vite,
//            @rollup/plugin-json in Rollup) | yaml (@rollup/plugin-yaml on plain/)
import { readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { CACHE_FOLDER, COLD_CACHE_FOLDER, DTS_CACHE_FOLDER } from './corpus.mjs'

const { tool, variant, root, input, outDir, schema } = JSON.parse(process.argv[2])
const warnings = []

/** Our plugin's options per variant (undefined: a baseline's). */
const OUR_OPTIONS = {
  ours: { dts: false, cache: false },
  cached: { dts: false, cache: CACHE_FOLDER },
  validated: { dts: false, cache: false },
  // Declarations on (in this repository `typescript` resolves, as in a TypeScript app), the cache off.
  dts: { cache: false },
  'dts-provenance': { cache: false, dts: { provenance: true } },
  // The default options (declarations and the cache on), the cache in a folder run.mjs empties before the warm-up.
  'dts-cached': { cache: DTS_CACHE_FOLDER },
  // A first build with the default options (run.mjs empties the cache's folder before each build).
  'dts-cold': { cache: COLD_CACHE_FOLDER },
}

async function plugins() {
  const options = OUR_OPTIONS[variant]
  if (options) {
    const plugin = (await import(`unplugin-merged-yaml/${tool}`)).default
    return [plugin(variant === 'validated' ? { ...options, schema } : options)]
  }
  if (variant === 'yaml') return [(await import('@rollup/plugin-yaml')).default()]
  if (tool === 'rollup') return [(await import('@rollup/plugin-json')).default()]
  return [] // Vite imports JSON itself
}

async function buildWithVite(list) {
  const { build, createLogger } = await import('vite')
  const logger = createLogger('warn', { allowClearScreen: false })
  logger.warn = (message) => void warnings.push(String(message))
  logger.warnOnce = (message) => void warnings.push(String(message))
  await build({
    root,
    configFile: false,
    logLevel: 'warn',
    customLogger: logger,
    plugins: list,
    build: { outDir, emptyOutDir: true, rolldownOptions: { input } },
  })
}

async function buildWithRollup(list) {
  const { rollup } = await import('rollup')
  const bundle = await rollup({
    input,
    plugins: list,
    onwarn: (warning) => void warnings.push(`${warning.code}: ${warning.message}`),
  })
  await bundle.write({ dir: outDir, format: 'es' })
  await bundle.close()
}

function sizeOf(dir) {
  let bytes = 0
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) bytes += statSync(join(entry.parentPath ?? entry.path, entry.name)).size
  }
  return bytes
}

/**
 * The process's CPU time, user and system, of every thread (the bundler's native workers too) since Node
 * started: steadier than wall time on a shared machine, where another process's work adds waits, not CPU.
 */
function cpuMs() {
  const { user, system } = process.cpuUsage()
  return (user + system) / 1000
}

// Loading and creating the plugin (nothing for a baseline's native JSON): a fixed cost `ms` leaves out.
const setupStart = performance.now()
const list = await plugins()
const setupMs = performance.now() - setupStart
const start = performance.now()
if (tool === 'vite') await buildWithVite(list)
else await buildWithRollup(list)
const ms = performance.now() - start
process.stdout.write(
  `${JSON.stringify({ ms, setupMs, cpuMs: cpuMs(), maxRssKb: process.resourceUsage().maxRSS, outputBytes: sizeOf(outDir), warnings })}\n`,
)
