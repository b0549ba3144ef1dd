import { defineConfig } from 'tsdown'

export default defineConfig({
  // The public API, and what only the CLI and the plugin use (`@merged-yaml/core/internal`, no semver promise).
  entry: ['src/index.ts', 'src/internal.ts'],
  format: 'esm',
  platform: 'node',
  dts: true,
  clean: true,
  fixedExtension: false,
  // The code both entries share: one name that says what it is in stack traces and profiles (Rolldown would
  // name it after one of its modules).
  outputOptions: { chunkFileNames: 'engine-[hash].js' },
})
