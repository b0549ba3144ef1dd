#!/usr/bin/env node
// One bundler build in a fresh process (so peak memory is this build's own), reported as one JSON
// line on stdout. Run by run.mjs: node build-once.mjs '{"tool":"vite","variant":"ours",...}'
//   tool:    vite | rollup
//   variant: ours (unplugin-merged-yaml on the *.merged.yaml entries) | cached (the same with the
//            `cache` option) | validated (ours with `schema`: one JSON Schema for every entry) | json (the
//            pre-merged JSON, natively in Vite, @rollup/plugin-json in Rollup) | yaml
//            (@rollup/plugin-yaml on plain/)
import { readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { CACHE_FOLDER } from './corpus.mjs'

const { tool, variant, root, input, outDir, schema } = JSON.parse(process.argv[2])
const warnings = []

async function plugins() {
  if (variant === 'ours') return [(await import(`unplugin-merged-yaml/${tool}`)).default({ dts: false })]
  if (variant === 'validated') return [(await import(`unplugin-merged-yaml/${tool}`)).default({ dts: false, schema })]
  if (variant === 'cached')
    return [(await import(`unplugin-merged-yaml/${tool}`)).default({ dts: false, cache: CACHE_FOLDER })]
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

const list = await plugins()
const start = performance.now()
if (tool === 'vite') await buildWithVite(list)
else await buildWithRollup(list)
const ms = performance.now() - start
process.stdout.write(
  `${JSON.stringify({ ms, maxRssKb: process.resourceUsage().maxRSS, outputBytes: sizeOf(outDir), warnings })}\n`,
)
