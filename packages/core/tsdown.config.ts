import { defineConfig } from 'tsdown'

export default defineConfig({
  // The public API, and what only the CLI and the plugin use (`@merged-yaml/core/internal`, no semver promise).
  entry: ['src/index.ts', 'src/internal.ts'],
  format: 'esm',
  platform: 'node',
  dts: true,
  clean: true,
  fixedExtension: false,
})
