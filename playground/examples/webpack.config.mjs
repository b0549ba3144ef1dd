// webpack.config.mjs
import { resolve } from 'node:path'
import MergedYaml from 'unplugin-merged-yaml/webpack'

export default {
  mode: 'production', // also `${mode}` in include lines
  entry: './playground/examples/main.js',
  output: { path: resolve('dist/webpack') },
  plugins: [MergedYaml()],
}
