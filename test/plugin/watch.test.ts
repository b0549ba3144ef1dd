// Watch mode in every bundler that has one: editing an included layer, adding a file a glob
// matches, creating an optional layer and deleting an included one each rebuild with the new value;
// breaking a layer reports the located error and fixing it recovers.
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { runInNewContext } from 'node:vm'
import { describe, expect, it, vi } from 'vitest'
import { writeTree } from '../helpers/tree.ts'
import { REPO, removeDir } from './bundlers.ts'
import { createOutcomes, WATCH_BUNDLERS, WATCHERS } from './watchers.ts'
import type { Outcome } from './watchers.ts'
import { scaled } from '../helpers/time-scale.ts'

const FIXTURE = join(REPO, 'test/fixtures/plugin/watch')
// Generous: two shared cores, and watchers that poll or batch.
const STEP_TIMEOUT = scaled(60_000)

function valueOf(code: string): Record<string, unknown> {
  const sandbox: Record<string, unknown> = {}
  runInNewContext(code, sandbox)
  return sandbox['__mergedYamlResult'] as Record<string, unknown>
}

const value = (outcome: Outcome) => {
  if ('error' in outcome) throw new Error(`build failed: ${outcome.error}`)
  return valueOf(outcome.code)
}

/** Waits until `count` has not moved for `ms`; a count that keeps moving fails after STEP_TIMEOUT. */
async function quiet(count: () => number, ms: number): Promise<void> {
  let last = count()
  let since = Date.now()
  await vi.waitFor(
    () => {
      if (count() !== last) {
        last = count()
        since = Date.now()
      }
      if (Date.now() - since < ms)
        throw new Error(`still building: ${last} builds, the last one ${Date.now() - since} ms ago`)
    },
    { timeout: STEP_TIMEOUT, interval: 100 },
  )
}

/** Lets watchers settle before a change, so it is seen as a change (mtime-based watchers). */
const settle = () => new Promise((resolve) => setTimeout(resolve, 300))

describe.each(WATCH_BUNDLERS)('%s watch mode', (bundler) => {
  it(
    'rebuilds on every change to the entry’s files and recovers from a broken layer',
    { timeout: 10 * STEP_TIMEOUT },
    async () => {
      const root = mkdtempSync(join(tmpdir(), `my-plugin-watch-${bundler}-`))
      cpSync(FIXTURE, root, { recursive: true })
      const outcomes = createOutcomes()
      const watching = await WATCHERS[bundler]({ root, entry: 'main.js', options: { dts: false } }, outcomes.report)
      try {
        await outcomes.until((o) => expect(value(o)).toEqual({ name: 'base', layers: ['base', 'a'] }))

        await settle()
        writeFileSync(
          join(root, 'base.yaml'),
          'merge_how: dict(recurse_str,recurse_list)+list(append)+str()\nname: edited\nlayers:\n  - base\n',
        )
        await outcomes.until((o) => expect(value(o)).toEqual({ name: 'edited', layers: ['base', 'a'] }))

        await settle()
        writeFileSync(join(root, 'conf.d/20-b.yaml'), 'layers:\n  - b\n')
        await outcomes.until((o) => expect(value(o)).toEqual({ name: 'edited', layers: ['base', 'a', 'b'] }))

        await settle()
        writeFileSync(join(root, 'local.yaml'), 'local: true\n')
        await outcomes.until((o) =>
          expect(value(o)).toEqual({ name: 'edited', layers: ['base', 'a', 'b'], local: true }),
        )

        await settle()
        rmSync(join(root, 'conf.d/10-a.yaml'))
        await outcomes.until((o) => expect(value(o)).toEqual({ name: 'edited', layers: ['base', 'b'], local: true }))

        await settle()
        writeFileSync(join(root, 'base.yaml'), 'merge_how: dict(recurse_str)+lst()\nname: broken\n')
        await outcomes.until((o) => {
          expect(o).toHaveProperty('error')
          expect((o as { error: string }).error).toContain('base.yaml:1:12: error MY_UNKNOWN_MERGER')
        })

        await settle()
        writeFileSync(
          join(root, 'base.yaml'),
          'merge_how: dict(recurse_str,recurse_list)+list(append)+str()\nname: fixed\n',
        )
        await outcomes.until((o) => expect(value(o)).toEqual({ name: 'fixed', layers: ['b'], local: true }))

        // A required layer that disappears is an error at its include line; creating it again recovers.
        await settle()
        rmSync(join(root, 'base.yaml'))
        await outcomes.until((o) =>
          expect((o as { error?: string }).error).toContain('app.merged.yaml:2:1: error MY_INCLUDE_NOT_FOUND'),
        )
        await settle()
        writeFileSync(
          join(root, 'base.yaml'),
          'merge_how: dict(recurse_str,recurse_list)+list(append)+str()\nname: back\n',
        )
        await outcomes.until((o) => expect(value(o)).toEqual({ name: 'back', layers: ['b'], local: true }))
      } finally {
        await watching.close()
        removeDir(root)
      }
    },
  )

  it('writes declarations into a watched folder without looping rebuilds', { timeout: 4 * STEP_TIMEOUT }, async () => {
    // The glob searches the entry's own folder, where the sidecar declaration is written.
    const root = writeTree({
      'app.merged.yaml': '#include\n*.part.yaml\n',
      'a.part.yaml': 'port: 1\n',
      'main.js': "import config from './app.merged.yaml'\nglobalThis.__mergedYamlResult = config\n",
    })
    const outcomes = createOutcomes()
    let builds = 0
    const watching = await WATCHERS[bundler]({ root, entry: 'main.js', options: { dts: 'sidecar' } }, (outcome) => {
      builds++
      outcomes.report(outcome)
    })
    const sidecar = join(root, 'app.merged.d.yaml.ts')
    try {
      await outcomes.until((o) => expect(value(o)).toEqual({ port: 1 }))
      await vi.waitFor(() => expect(existsSync(sidecar)).toBe(true), { timeout: STEP_TIMEOUT })
      await settle()
      writeFileSync(join(root, 'a.part.yaml'), 'port: "one"\n')
      await outcomes.until((o) => expect(value(o)).toEqual({ port: 'one' }))
      await vi.waitFor(() => expect(readFileSync(sidecar, 'utf8')).toContain('port: string'), { timeout: STEP_TIMEOUT })
      // A loop would keep rebuilding. Each declaration write may cause a build or two more (the
      // folder changed; esbuild's polling watcher sometimes reports it twice), but the rewrite is
      // identical, so the count must settle: it stops moving for 3 s (however late, on a busy
      // machine), and then stays within a few builds.
      await quiet(() => builds, 3000)
      expect(builds).toBeLessThanOrEqual(8)
    } finally {
      await watching.close()
      removeDir(root)
    }
  })
})
