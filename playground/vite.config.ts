import { defineConfig } from 'vite'
import MergedYaml from 'unplugin-merged-yaml/vite'

export default defineConfig({
  // `${mode}` in config/app.merged.yaml picks env/development.yaml (dev) or env/production.yaml (build).
  plugins: [MergedYaml({ dts: 'sidecar' })],
})
