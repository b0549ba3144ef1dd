// rolldown.config.mjs
import MergedYaml from 'unplugin-merged-yaml/rolldown'

export default {
  input: 'playground/examples/main.js',
  output: { dir: 'dist/rolldown', format: 'es' },
  plugins: [MergedYaml({ vars: { mode: 'production' } })],
}
