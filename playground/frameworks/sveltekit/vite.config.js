// vite.config.js
import { sveltekit } from '@sveltejs/kit/vite'
import MergedYaml from 'unplugin-merged-yaml/vite'
import { defineConfig } from 'vite'

export default defineConfig({
  plugins: [MergedYaml(), sveltekit()],
})
