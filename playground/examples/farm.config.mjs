// farm.config.mjs
import MergedYaml from 'unplugin-merged-yaml/farm'

export default {
  compilation: {
    input: { main: './playground/examples/main.js' },
    output: { path: 'dist/farm', targetEnv: 'node' },
    mode: 'production', // also `${mode}` in include lines
  },
  plugins: [MergedYaml()],
}
