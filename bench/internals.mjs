// The engine's internals (parser, merger) and the plugin's codegen for the in-process measurements: bundled from the
// sources with esbuild into bench/.corpus/, so the package exports stay the public API only.
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { build } from 'esbuild'
import { REPO_ROOT } from './corpus.mjs'

const ENTRY = `
export { parseYamlStream, parseYamlStreamPrecise } from './packages/core/src/yaml/parse.ts'
export { createSourceDocument } from './packages/core/src/source-document.ts'
export { mergeCloudInit } from './packages/core/src/dialects/cloud-init/merge.ts'
export { Reporter } from './packages/core/src/reporter.ts'
export { DEFAULT_MERGE_HOW } from './packages/core/src/options.ts'
export { generateModule } from './src/codegen/module.ts'
export { createRenderCache, renderSync } from './packages/core/src/index.ts'
`

export async function loadInternals(outDir) {
  mkdirSync(outDir, { recursive: true })
  const outfile = join(outDir, 'internals.mjs')
  await build({
    stdin: { contents: ENTRY, resolveDir: REPO_ROOT, loader: 'ts', sourcefile: 'bench-internals.ts' },
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    outfile,
    logLevel: 'warning',
  })
  return import(`${pathToFileURL(outfile).href}?t=${Date.now()}`)
}
