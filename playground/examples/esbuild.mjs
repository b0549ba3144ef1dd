// esbuild.mjs — run with `node esbuild.mjs`
import { build } from 'esbuild'
import MergedYaml from 'unplugin-merged-yaml/esbuild'

await build({
  entryPoints: ['playground/examples/main.js'],
  bundle: true,
  format: 'esm',
  outdir: 'dist/esbuild',
  plugins: [MergedYaml({ vars: { mode: 'production' } })],
})
