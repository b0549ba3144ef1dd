#!/usr/bin/env node
// Records what every render of the test suite and of the bench corpora produced (module code,
// warnings, error text) into one JSON file: `node scripts/output-snapshot/run.mjs OUT.json`.
// Compare two with compare.mjs. See README.md.
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const [outFile] = process.argv.slice(2)
if (!outFile) {
  console.error('usage: node scripts/output-snapshot/run.mjs OUT.json')
  process.exit(2)
}
const here = fileURLToPath(new URL('.', import.meta.url))
const dir = mkdtempSync(join(tmpdir(), 'my-output-snapshot-'))
const run = spawnSync('npx', ['vitest', 'run', '--config', join(here, 'vitest.config.ts')], {
  cwd: resolve(here, '../..'),
  env: { ...process.env, OUTPUT_SNAPSHOT_DIR: dir },
  stdio: ['ignore', 'inherit', 'inherit'],
})
const records = {}
for (const name of readdirSync(dir)) {
  for (const line of readFileSync(join(dir, name), 'utf8').split('\n')) {
    if (!line) continue
    const { key, ...rest } = JSON.parse(line)
    records[key] = rest
  }
}
rmSync(dir, { recursive: true, force: true })
const sorted = Object.fromEntries(
  Object.keys(records)
    .sort()
    .map((key) => [key, records[key]]),
)
writeFileSync(outFile, `${JSON.stringify(sorted, null, 1)}\n`)
console.log(`${Object.keys(sorted).length} renders recorded in ${outFile} (vitest exit ${run.status})`)
