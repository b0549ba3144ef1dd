#!/usr/bin/env node
// One render of a treasuremap site in a fresh process, as a build or `merged-yaml render` does it
// (run by deckhand.mjs): imports the engine bundle, renders the entry once, prints one JSON line.
//   node deckhand-once.mjs '{"bundle":"…/internals.mjs","entry":"…/site.merged.yaml","root":"…","allow":"…"}'
import { pathToFileURL } from 'node:url'

const started = performance.now()
const { bundle, entry, root, allow } = JSON.parse(process.argv[2])
const { renderSync } = await import(pathToFileURL(bundle).href)
const imported = performance.now()
const result = renderSync(entry, { root, allow: [allow], strict: false, yamlVersion: '1.1' })
const done = performance.now()
process.stdout.write(
  `${JSON.stringify({ documents: result.value.length, importMs: imported - started, renderMs: done - imported })}\n`,
)
