import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  resolve: {
    // Tests run against the sources; plain Node and the bundlers use the built dist/.
    alias: {
      '@merged-yaml/core': fileURLToPath(new URL('./packages/core/src/index.ts', import.meta.url)),
      'unplugin-merged-yaml/codegen': fileURLToPath(new URL('./src/codegen/index.ts', import.meta.url)),
    },
  },
  test: {
    include: ['test/**/*.test.ts', 'packages/*/test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
})
