// vite.config.js
import { reactRouter } from '@react-router/dev/vite'
import MergedYaml from 'unplugin-merged-yaml/vite'
import { defineConfig } from 'vite'

export default defineConfig({
  plugins: [MergedYaml(), reactRouter()],
})
