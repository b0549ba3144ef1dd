#!/usr/bin/env node
// What loading the plugin and each first use load (#42, "pay for what you use"): the built files
// (dist/, the engine's dist/, libraries), their size, and the plugin's and engine's source modules
// they hold (Rolldown's `//#region` markers), per phase — importing `unplugin-merged-yaml/rollup`, the
// first values entry, the first Datum entry, the end of the build (declarations). A count, not a
// time: it does not depend on the machine's load. Run after `npm run build`:
//   node bench/loaded-modules.mjs [--provenance] [--verbose]
// (`--provenance`: declarations with provenance, whose maps load the declaration-map writer).
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { register } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const provenance = process.argv.includes('--provenance')
const verbose = process.argv.includes('--verbose')
const work = mkdtempSync(join(tmpdir(), 'my-loaded-'))
const log = join(work, 'loaded.txt')
writeFileSync(log, '')
// A load hook (it runs on the loader's thread): every file loaded, appended to the log.
const hook = `import { appendFileSync } from 'node:fs'
export async function load(url, context, next) {
  if (url.startsWith('file:')) appendFileSync(${JSON.stringify(log)}, url + '\\n')
  return next(url, context)
}`
register(`data:text/javascript,${encodeURIComponent(hook)}`)

const seen = new Set()
const packageOf = (file) => {
  const parts = file.split('/node_modules/').pop().split('/')
  return parts[0].startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]
}
function phase(name) {
  const files = readFileSync(log, 'utf8')
    .split('\n')
    .filter((url) => url && !seen.has(url))
    .map((url) => (seen.add(url), fileURLToPath(url)))
  const ours = files.filter((file) => !file.includes('/node_modules/') || file.includes('merged-yaml'))
  const libraries = [...new Set(files.filter((file) => !ours.includes(file)).map(packageOf))]
  const modules = ours.flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(/^\/\/#region (\S+)/gm)].map((m) => m[1]),
  )
  const kB = Math.round(files.reduce((sum, file) => sum + readFileSync(file).length, 0) / 1024)
  console.log(JSON.stringify({ phase: name, files: files.length, kB, modules: modules.length, libraries }))
  if (verbose) console.log(modules.join('\n'))
}

const root = join(work, 'project')
mkdirSync(root)
writeFileSync(join(root, 'app.merged.yaml'), 'a: 1\nb:\n  c: [1, 2]\n')
writeFileSync(join(root, 'datum.merged.yaml'), 'lookup_options:\n  b: deep\na: 1\nb:\n  c: 2\n')

try {
  const { default: MergedYaml } = await import('unplugin-merged-yaml/rollup')
  phase('import unplugin-merged-yaml/rollup')
  const plugin = MergedYaml({ root, cache: false, dts: { provenance } })
  const context = {
    meta: { watchMode: false },
    addWatchFile() {},
    getWatchFiles: () => [],
    warn() {},
    error(error) {
      throw new Error(error.message ?? String(error))
    },
  }
  plugin.buildStart.call(context)
  await plugin.load.handler.call(context, join(root, 'app.merged.yaml'))
  phase('first values entry')
  await plugin.load.handler.call(context, join(root, 'datum.merged.yaml'))
  phase('first Datum entry')
  await plugin.buildEnd.call(context)
  await plugin.closeBundle.call(context)
  phase('declarations written')
} finally {
  rmSync(work, { recursive: true, force: true })
}
