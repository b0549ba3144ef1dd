// vite.config.js
import { sveltekit } from '@sveltejs/kit/vite'
import MergedYaml from 'unplugin-merged-yaml/vite'
import { defineConfig } from 'vite'

export default defineConfig({
  plugins: [MergedYaml(), sveltekit()],
  // SvelteKit's dev server serves src/ and its own folders only: the layers' folder too.
  server: { fs: { allow: ['config'] } },
})
