import { availableParallelism } from 'node:os'
import { fileURLToPath } from 'node:url'
import { configDefaults, defineConfig } from 'vitest/config'
import type { TestProjectInlineConfiguration } from 'vitest/config'
import { BaseSequencer } from 'vitest/node'
import type { TestSpecification } from 'vitest/node'
import { resolveTimeScale, scaled } from './test/helpers/time-scale.ts'

// Three projects, by folder, so that a new test file lands in the right one by where it is:
// - `unit`: everything not below; no network, no browser (`npx vitest run --project unit`).
// - `e2e`: a real browser (test/e2e, or a file named *.browser.test.ts anywhere) or the npm registry
//   (test/packaging).
// - `frameworks`: the apps of playground/frameworks built with Next.js, Nuxt, Astro, SvelteKit and
//   React Router, whose install (test/setup/frameworks.ts) starts when the run does and ends while
//   the other projects run: its files are queued last.
const E2E = ['test/e2e/**/*.test.ts', 'test/**/*.browser.test.ts', 'test/packaging/**/*.test.ts']
const FRAMEWORKS = ['test/frameworks/**/*.test.ts']

const base = {
  resolve: {
    // Tests run against the sources; plain Node and the bundlers use the built dist/.
    alias: {
      // The longer name first: an alias also matches the start of a specifier.
      '@merged-yaml/core/internal': fileURLToPath(new URL('./packages/core/src/internal.ts', import.meta.url)),
      '@merged-yaml/core': fileURLToPath(new URL('./packages/core/src/index.ts', import.meta.url)),
      'unplugin-merged-yaml/codegen': fileURLToPath(new URL('./src/codegen/index.ts', import.meta.url)),
      'unplugin-merged-yaml/config': fileURLToPath(new URL('./src/config/index.ts', import.meta.url)),
      'unplugin-merged-yaml/sync': fileURLToPath(new URL('./src/sync.ts', import.meta.url)),
    },
  },
}
// The bounds of an idle machine, scaled by the run's load (test/helpers/time-scale.ts); the workers read
// the scale from the environment, for the timeouts test files give themselves.
process.env.TEST_TIME_SCALE = String(resolveTimeScale())
const timeouts = { testTimeout: scaled(60_000), hookTimeout: scaled(120_000) }

const project = (
  name: string,
  include: string[],
  test: TestProjectInlineConfiguration['test'] = {},
): TestProjectInlineConfiguration => ({ ...base, test: { name, include, ...timeouts, ...test } })

/** vitest's order (longest or largest files first), the framework files after all the others. */
class FrameworksLast extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files)
    const last = (spec: TestSpecification) => spec.project.name === 'frameworks'
    return [...sorted.filter((spec) => !last(spec)), ...sorted.filter(last)]
  }
}

export default defineConfig({
  ...base,
  test: {
    ...timeouts,
    // dist/ built once, before any test, when the sources changed since the last build.
    // And the seed of the run's property tests and the scale of its timeouts, printed.
    globalSetup: ['test/setup/build.ts', 'test/setup/property-seed.ts', 'test/setup/time-scale.ts'],
    // vitest's default is one worker fewer than the cores: one worker on a 2-core machine, where
    // most test time is spent waiting on child processes (bundlers, tsc, npm, Chromium, frameworks).
    maxWorkers: Math.max(2, availableParallelism()),
    reporters: ['default', './test/setup/summary-reporter.ts'],
    sequence: { sequencer: FrameworksLast },
    projects: [
      project('unit', ['test/**/*.test.ts', 'packages/*/test/**/*.test.ts'], {
        exclude: [...configDefaults.exclude, ...E2E, ...FRAMEWORKS],
        setupFiles: ['test/setup/fast-check.ts'],
      }),
      project('e2e', E2E),
      project('frameworks', FRAMEWORKS, { globalSetup: ['test/setup/frameworks.ts'] }),
    ],
  },
})
