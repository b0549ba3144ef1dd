// bun.build.ts — run with `bun bun.build.ts`
import MergedYaml from 'unplugin-merged-yaml/bun'

await Bun.build({
  entrypoints: ['./playground/examples/main.js'],
  outdir: './dist/bun',
  plugins: [MergedYaml({ vars: { mode: 'production' } })],
})
