#!/usr/bin/env node
// Compares two output snapshots (run.mjs):
//   node scripts/output-snapshot/compare.mjs BEFORE AFTER [BEFORE-AGAIN] [--rename FROM=TO]… [--ignore TEXT]…
// BEFORE-AGAIN is a second snapshot of the BEFORE code: keys whose output differs between the two runs
// (random inputs) are left out. --rename maps a text in BEFORE's keys to its spelling in AFTER's (a test
// or a describe renamed); --ignore leaves out the keys containing a text (a property test with random
// inputs). Exit 1 when a render's output changed or went missing.
import { readFileSync } from 'node:fs'

const files = []
const renames = []
const ignored = []
const args = process.argv.slice(2)
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--rename') renames.push(args[++i].split('='))
  else if (args[i] === '--ignore') ignored.push(args[++i])
  else files.push(args[i])
}
const [beforeFile, afterFile, againFile] = files
if (!beforeFile || !afterFile || renames.some((pair) => pair.length !== 2)) {
  console.error('usage: compare.mjs BEFORE.json AFTER.json [BEFORE-AGAIN.json] [--rename FROM=TO]… [--ignore TEXT]…')
  process.exit(2)
}
const read = (file) => JSON.parse(readFileSync(file, 'utf8'))
const renamed = (key) => renames.reduce((k, [from, to]) => k.replaceAll(from, to), key)
const before = Object.fromEntries(Object.entries(read(beforeFile)).map(([key, value]) => [renamed(key), value]))
const after = read(afterFile)
const again = againFile
  ? Object.fromEntries(Object.entries(read(againFile)).map(([key, value]) => [renamed(key), value]))
  : undefined
const unstable = new Set(
  Object.keys(before).filter(
    (key) => (again && again[key]?.hash !== before[key].hash) || ignored.some((text) => key.includes(text)),
  ),
)
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
const added = Object.keys(after).filter((key) => !(key in before)).length
const compared = Object.keys(before).length - unstable.size
console.log(
  `${compared} renders compared (${unstable.size} left out): ${changed} changed, ${missing} missing, ${added} new`,
)
process.exit(changed > 0 || missing > 0 ? 1 : 0)
