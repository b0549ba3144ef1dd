// Global setup of every test run: dist/ built from the sources as they are now, once, before any
// test starts — the CLI's bin, the examples, the playground and the framework apps run the built
// packages. Nothing is built when dist/ already matches the sources (`npm install` built it, or an
// earlier run did): scripts/build-inputs.mjs hashes what the build reads.
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { BUILD_OUTPUTS, BUILD_STAMP, hashBuildInputs, REPO } from '../../scripts/build-inputs.mjs'
import { withLock } from './lock.ts'
import { run } from './run.ts'

/** A build takes seconds; ten minutes is a build that hangs. */
const BUILD_TIMEOUT = 600_000

const upToDate = (): boolean =>
  existsSync(BUILD_STAMP) &&
  readFileSync(BUILD_STAMP, 'utf8') === hashBuildInputs() &&
  BUILD_OUTPUTS.every((file) => existsSync(file))

export default async function setup(): Promise<void> {
  if (upToDate()) return
  await withLock(join(REPO, '.tmp/build.lock'), BUILD_TIMEOUT, async () => {
    if (upToDate()) return
    const build = await run(process.execPath, ['scripts/build.mjs'], REPO, BUILD_TIMEOUT)
    if (build.code !== 0) throw new Error(`npm run build failed (exit code ${build.code}):\n${build.output}`)
  })
}
