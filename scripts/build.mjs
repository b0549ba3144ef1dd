// `npm run build` (also run by `npm install`'s prepare): the engine, the CLI and the plugin, each from
// its own tsdown.config.ts, in one process through tsdown's API. Its command line warns on every run
// under Node 20 (tsdown 0.22 needs Node 22.18, so 0.21 is what works here): three warnings per install.
// It records what it built from (scripts/build-inputs.mjs), for the tests' global setup.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { dirname } from 'node:path'
import { build } from 'tsdown'
import { BUILD_STAMP, hashBuildInputs } from './build-inputs.mjs'

const PACKAGES = ['packages/core', 'packages/cli', '.']
const inputs = hashBuildInputs()
// A build that stops half-way leaves no record: the next test run builds again.
rmSync(BUILD_STAMP, { force: true })

for (const dir of PACKAGES) {
  const cwd = new URL(`../${dir}/`, import.meta.url).pathname
  // Rolldown's PLUGIN_TIMINGS check names tsdown's own plugins (type generation): nothing to act on here.
  await build({
    cwd,
    config: `${cwd}tsdown.config.ts`,
    logLevel: 'warn',
    inputOptions: { checks: { pluginTimings: false } },
  })
}

mkdirSync(dirname(BUILD_STAMP), { recursive: true })
writeFileSync(BUILD_STAMP, inputs)
