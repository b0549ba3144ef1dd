// Watch mode: a layer that is edited, deleted, renamed, half-written or broken, then restored, never
// leaves a stale result or a stuck error, and 1 000 rebuilds leak neither watched paths nor memory.
// The plugin's load hook (with its file cache and dependency graph) is driven the way a bundler
// drives it on each rebuild, and every outcome is compared with a fresh render of the disk as it is.
import { renameSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import type { UnpluginContextMeta, UnpluginMessage, UnpluginOptions } from 'unplugin'
import { describe, expect, it } from 'vitest'
import { MergedYamlError, renderSync } from '@merged-yaml/core'
import { generateModule } from '../../src/codegen/module.ts'
import { unpluginFactory } from '../../src/index.ts'
import { lines, writeTree } from '../helpers/tree.ts'
import { WATCHERS } from '../plugin/watchers.ts'
import type { Outcome } from '../plugin/watchers.ts'
import { scaled } from '../helpers/time-scale.ts'

const entry = 'app.merged.yaml'

setFlagsFromString('--expose-gc')
const gc = runInNewContext('gc') as () => void

function heapMb(): number {
  for (let i = 0; i < 3; i++) gc()
  return process.memoryUsage().heapUsed / 2 ** 20
}

// The revisions are written with leading zeros (`rev: 000012`), which YAML 1.1 reads as octal: the
// layers are YAML 1.2, as said.
const OPTIONS = { vars: { mode: 'production' }, yamlVersion: '1.2' } as const

/** The plugin as Rollup runs it in watch mode: one instance, its load hook called per rebuild. */
function createPlugin(root: string) {
  const plugin = unpluginFactory({ root, dts: false, ...OPTIONS }, {
    framework: 'rollup',
    versions: {},
  } as UnpluginContextMeta) as UnpluginOptions
  const hook = plugin.load as { handler: (this: unknown, id: string) => Promise<{ code: string }> }
  const watched = new Set<string>()
  const context = {
    addWatchFile: (file: string) => void watched.add(file),
    getWatchFiles: () => [...watched],
    error: (message: UnpluginMessage) => {
      throw Object.assign(new Error(typeof message === 'string' ? message : message.message), {
        pluginCode: typeof message === 'string' ? undefined : message.pluginCode,
      })
    },
    warn: () => {},
  }
  return {
    watched,
    /** The rebuild's outcome: the module's code, or the error's code. */
    async load(): Promise<string> {
      // A bundler asks for the watch files again on each build.
      watched.clear()
      try {
        return (await hook.handler.call(context, join(root, entry))).code
      } catch (error) {
        return `error ${(error as { pluginCode?: string }).pluginCode}`
      }
    },
  }
}

/** What a fresh render (no cache, no history) gives for the files as they are now. */
function fresh(root: string): string {
  try {
    return generateModule(renderSync(join(root, entry), { root, ...OPTIONS }).value)
  } catch (error) {
    if (!(error instanceof MergedYamlError)) throw error
    return `error ${error.code}`
  }
}

/** A layer whose size depends only on `pad`: the revision is written with a fixed width. */
const layer = (rev: number, pad = 0) =>
  lines(
    'merge_how: dict(recurse_list)+list(append)',
    `rev: ${String(rev).padStart(6, '0')}`,
    `items: [${String(rev).padStart(6, '0')}]`,
    `pad: "${'x'.repeat(pad)}"`,
  )

describe('the load hook over 1 000 rebuilds', () => {
  it(
    'always serves what a fresh render gives, whatever happens to the layers, without leaking',
    { timeout: scaled(300_000) },
    async () => {
      const root = writeTree(
        {
          [entry]: lines('#include', 'base.yaml', 'conf.d/*.yaml', '?local.yaml'),
          'base.yaml': layer(0),
          'conf.d/10-a.yaml': 'items: [a]\n',
        },
        'watch',
      )
      const plugin = createPlugin(root)
      const base = join(root, 'base.yaml')
      // Each step changes the disk the way editors, git and generators do, then rebuilds.
      const steps: ((i: number) => void)[] = [
        (i) => writeFileSync(base, layer(i, i % 7)),
        // Same size, new bytes, within the same millisecond: the cache must not serve the old bytes.
        (i) => writeFileSync(base, layer(i, (i - 1) % 7)),
        (i) => writeFileSync(base, layer(i).slice(0, Math.floor(layer(i).length / 2))),
        () => rmSync(base),
        (i) => writeFileSync(base, layer(i)),
        () => renameSync(base, join(root, 'base.yaml.bak')),
        () => renameSync(join(root, 'base.yaml.bak'), base),
        (i) => writeFileSync(base, `merge_how: dict(recurse_list)+lst()\nrev: ${i}\nitems: [\n`),
        (i) => writeFileSync(join(root, 'conf.d', `20-${i}.yaml`), `items: [g${i}]\n`),
        (i) => rmSync(join(root, 'conf.d', `20-${i - 1}.yaml`)),
        (i) => writeFileSync(join(root, 'local.yaml'), `local: ${i}\n`),
        () => rmSync(join(root, 'local.yaml')),
        (i) => writeFileSync(base, layer(i)),
      ]
      const outcomes = new Set<string>()
      let warm = 0
      let mostWatched = 0
      for (let i = 0; i < 1000; i++) {
        steps[i % steps.length]!(i)
        const served = await plugin.load()
        mostWatched = Math.max(mostWatched, plugin.watched.size)
        expect(served, `rebuild ${i} (step ${i % steps.length})`).toBe(fresh(root))
        outcomes.add(served.startsWith('error') ? served : 'value')
        if (i === 99) warm = heapMb()
      }
      // Every kind of outcome was met: a value, a missing layer, broken YAML, a cut-off directive.
      expect([...outcomes]).toEqual(
        expect.arrayContaining([
          'value',
          'error MY_INCLUDE_NOT_FOUND',
          'error MY_YAML_SYNTAX',
          'error MY_MERGE_SYNTAX',
        ]),
      )
      // Each rebuild watches what the entry can depend on now, not everything it ever depended on.
      expect(mostWatched).toBeLessThan(10)
      const growth = heapMb() - warm
      console.log(
        `watch: heap grew ${growth.toFixed(1)} MB over 900 rebuilds; at most ${mostWatched} paths watched per rebuild`,
      )
      expect(growth).toBeLessThan(10)
    },
  )
})

describe('Rollup watch mode', () => {
  const settle = () => new Promise((resolve) => setTimeout(resolve, 300))

  it(
    'recovers from a renamed and a half-written layer, with the final bytes',
    { timeout: scaled(240_000) },
    async () => {
      const root = writeTree(
        {
          'main.js': "import config from './app.merged.yaml'\nglobalThis.mergedResult = config\n",
          [entry]: lines('#include', 'base.yaml'),
          'base.yaml': layer(1),
        },
        'watch',
      )
      const seen: Outcome[] = []
      const watching = await WATCHERS.rollup(
        { root, entry: 'main.js', options: { dts: false } },
        (outcome) => void seen.push(outcome),
      )
      let matched = 0
      const next = async (check: (outcome: Outcome) => boolean): Promise<void> => {
        const deadline = Date.now() + scaled(60_000)
        for (;;) {
          const index = seen.findIndex(check)
          if (index !== -1) {
            seen.splice(0, index + 1)
            matched++
            return
          }
          if (Date.now() > deadline)
            throw new Error(
              `no matching rebuild; saw ${JSON.stringify(seen.map((o) => ('error' in o ? o.error.split('\n')[0] : 'code')))}`,
            )
          await new Promise((resolve) => setTimeout(resolve, 100))
        }
      }
      const hasRev = (rev: number) => (o: Outcome) => {
        if (!('code' in o)) return false
        const sandbox: { mergedResult?: { rev?: number } } = {}
        runInNewContext(o.code, sandbox)
        return sandbox.mergedResult?.rev === rev
      }
      const failsWith = (code: string) => (o: Outcome) => 'error' in o && o.error.includes(code)
      try {
        await next(hasRev(1))
        await settle()
        renameSync(join(root, 'base.yaml'), join(root, 'base.old'))
        await next(failsWith('MY_INCLUDE_NOT_FOUND'))
        await settle()
        renameSync(join(root, 'base.old'), join(root, 'base.yaml'))
        await next(hasRev(1))
        await settle()
        const text = layer(2, 50)
        writeFileSync(join(root, 'base.yaml'), text.slice(0, text.indexOf('items: [') + 9))
        await next(failsWith('MY_YAML_SYNTAX'))
        await settle()
        writeFileSync(join(root, 'base.yaml'), text)
        await next(hasRev(2))
        expect(matched).toBe(5)
      } finally {
        await watching.close()
        rmSync(root, { recursive: true, force: true })
      }
    },
  )
})
