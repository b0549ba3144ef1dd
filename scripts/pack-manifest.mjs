#!/usr/bin/env node
// The manifest a package is published with: its package.json without what only this repository
// uses — `scripts` (npm 11 warns about `prepare` as an install script of a dependency, and it would
// run tsdown), `devDependencies` and `workspaces`. npm's `publishConfig` cannot remove fields, so
// each package's `prepack` runs `strip` after building (npm packs the package.json on disk, and
// `npm publish` reads the manifest again after `prepack`) and its `postpack` runs `restore`.
//
//   node scripts/pack-manifest.mjs strip|restore      (in the package's folder, as npm runs it)
//
// `strip` keeps the original beside it (package.json.pack-backup, never packed: `files` lists what
// is) and first restores a backup a pack interrupted before `postpack` left behind.
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs'

const MANIFEST = 'package.json'
const BACKUP = 'package.json.pack-backup'
const DEV_ONLY = ['scripts', 'devDependencies', 'workspaces']

function restore() {
  if (existsSync(BACKUP)) renameSync(BACKUP, MANIFEST)
}

function strip() {
  restore()
  const text = readFileSync(MANIFEST, 'utf8')
  const manifest = JSON.parse(text)
  writeFileSync(BACKUP, text)
  for (const field of DEV_ONLY) delete manifest[field]
  writeFileSync(MANIFEST, `${JSON.stringify(manifest, null, 2)}\n`)
}

const command = process.argv[2]
if (command === 'strip') strip()
else if (command === 'restore') restore()
else {
  process.stderr.write('usage: node scripts/pack-manifest.mjs strip|restore\n')
  process.exitCode = 2
}
