// rollup.config.mjs
import MergedYaml from 'unplugin-merged-yaml/rollup'

export default {
  input: 'playground/examples/main.js',
  output: { dir: 'dist/rollup', format: 'es' },
  // Rollup has no mode of its own: `${mode}` comes from NODE_ENV unless `vars.mode` is set.
  plugins: [MergedYaml({ vars: { mode: 'production' } })],
}
