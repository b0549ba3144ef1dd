#!/usr/bin/env node
// Compares two output snapshots (run.mjs): `node scripts/output-snapshot/compare.mjs BEFORE AFTER
// [IGNORE]`. IGNORE is a third snapshot of the BEFORE code: keys whose output differs between two
// runs of the same code (random inputs) are left out. Exit 1 when a render's output changed.
import { readFileSync } from 'node:fs'

const [beforeFile, afterFile, againFile] = process.argv.slice(2)
if (!beforeFile || !afterFile) {
  console.error('usage: node scripts/output-snapshot/compare.mjs BEFORE.json AFTER.json [BEFORE-AGAIN.json]')
  process.exit(2)
}
const read = (file) => JSON.parse(readFileSync(file, 'utf8'))
const before = read(beforeFile)
const after = read(afterFile)
const again = againFile ? read(againFile) : undefined
const unstable = new Set(again ? Object.keys(before).filter((k) => again[k]?.hash !== before[k].hash) : [])
let changed = 0
let missing = 0
for (const [key, was] of Object.entries(before)) {
  if (unstable.has(key)) continue
  const now = after[key]
  if (!now) {
    missing++
    console.log(`missing  ${key}`)
  } else if (now.hash !== was.hash) {
    changed++
    console.log(`changed  ${key}\n  before: ${JSON.stringify(was.head)}\n  after:  ${JSON.stringify(now.head)}`)
  }
}
const added = Object.keys(after).filter((k) => !(k in before)).length
const compared = Object.keys(before).length - unstable.size
console.log(
  `${compared} renders compared (${unstable.size} unstable left out): ${changed} changed, ${missing} missing, ${added} new`,
)
process.exit(changed > 0 ? 1 : 0)
