#!/usr/bin/env node
// The plugin alone on one corpus, in a fresh process, as a watch build runs it (Rollup's hooks, called
// the way Rollup calls them, with declarations on): the time of every entry's load (render, module
// code, watch registration), the number of files and folders it asks the bundler to watch, and the
// time of writing the declarations at the end of the build. Reported as one JSON line on stdout.
// Run by run.mjs for the scale point: node plugin-once.mjs '{"root":"…","entries":["app-0.merged.yaml",…]}'
// (`"watch": false`: as a one-off build runs it, which records no provenance: a first build in CI).
import { rmSync } from 'node:fs'
import { join } from 'node:path'

const { root, entries, watch = true } = JSON.parse(process.argv[2])
const { default: MergedYaml } = await import('unplugin-merged-yaml/rollup')
for (const entry of entries) rmSync(join(root, entry.replace(/(\.[^.]+)$/, '.d$1.ts')), { force: true })

const plugin = MergedYaml({ cache: false, dts: 'sidecar' })
let watched = 0
const context = {
  meta: { watchMode: watch },
  addWatchFile: () => void watched++,
  getWatchFiles: () => [],
  error: (error) => {
    throw new Error(typeof error === 'string' ? error : error.message)
  },
  warn: () => {},
}
plugin.buildStart.call(context)
const loadStarted = performance.now()
for (const entry of entries) await plugin.load.handler.call(context, join(root, entry))
const loadMs = performance.now() - loadStarted
// Rollup calls buildEnd, generates the output, then closeBundle, which finishes the declarations.
const endStarted = performance.now()
await plugin.buildEnd.call(context)
await plugin.closeBundle.call(context)
const declarationsMs = performance.now() - endStarted
process.stdout.write(`${JSON.stringify({ loadMs, declarationsMs, watched, entries: entries.length })}\n`)
