// astro.config.mjs
import node from '@astrojs/node'
import { defineConfig } from 'astro/config'
import MergedYaml from 'unplugin-merged-yaml/astro'

export default defineConfig({
  // The pages that opt out of prerendering (src/pages/api/config.json.ts) run on the adapter's server.
  adapter: node({ mode: 'standalone' }),
  integrations: [MergedYaml()],
})
