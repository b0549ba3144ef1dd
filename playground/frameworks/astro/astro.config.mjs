// astro.config.mjs
import { defineConfig } from 'astro/config'
import MergedYaml from 'unplugin-merged-yaml/astro'

export default defineConfig({
  integrations: [MergedYaml()],
})
