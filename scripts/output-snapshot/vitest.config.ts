// The test suite with `@merged-yaml/core` replaced by recorder.ts, plus the bench corpora: see README.md.
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  root: fileURLToPath(new URL('../..', import.meta.url)),
  resolve: {
    // Tests that import the engine's index by its path are recorded too.
    alias: [
      { find: /^@merged-yaml\/core$/, replacement: fileURLToPath(new URL('./recorder.ts', import.meta.url)) },
      // What only the CLI and the plugin use: the same sources the recorder passes through (dist/ would
      // be a second engine, whose MergedYamlError the sources' isMergedYamlError does not recognise).
      {
        find: /^@merged-yaml\/core\/internal$/,
        replacement: fileURLToPath(new URL('../../packages/core/src/internal.ts', import.meta.url)),
      },
      {
        find: /^(?:\.\.\/)+packages\/core\/src\/index\.ts$/,
        replacement: fileURLToPath(new URL('./recorder.ts', import.meta.url)),
      },
    ],
  },
  test: {
    include: ['test/**/*.test.ts', 'scripts/output-snapshot/*.snapshot.ts'],
    // Random inputs (fuzzing) and watch-mode tests, whose renders depend on when the watcher fires,
    // record nothing comparable.
    exclude: [
      'test/fuzz/**',
      'test/e2e/**',
      'test/plugin/watch.test.ts',
      'test/plugin/vite-hmr.test.ts',
      'test/security/watch-resilience.test.ts',
      'test/perf/watch-counts.test.ts',
      '**/node_modules/**',
    ],
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
})
