// A one-off build shows a warning located in a layer several entries include once, at the first entry
// that meets it (with verboseWarnings; else only the first of each code, the others summarised at its
// end: warning-summary.test.ts); each build shows it again, and a watch build or a dev server shows
// every render's.
import { join } from 'node:path'
import type { UnpluginContextMeta, UnpluginOptions } from 'unplugin'
import { describe, expect, it } from 'vitest'
import { unpluginFactory } from '../../src/index.ts'
import { lines, writeTree } from '../helpers/tree.ts'

// cloud-init keeps base.yaml's values: each later key is a MY_MERGE_DISCARDED warning (strict mode).
const files = {
  'base.yaml': lines(
    '#cloud-config',
    'merge_how: dict(recurse_list,recurse_str)+list(append)+str()',
    'api:',
    '  timeoutMs: 5000',
    'theme:',
    '  darkMode: false',
  ),
  'production.yaml': lines('api:', '  timeoutMs: 2500'),
  'dark.yaml': lines('theme:', '  darkMode: true'),
  'app.merged.yaml': lines('#include', 'base.yaml', 'production.yaml'),
  'admin.merged.yaml': lines('#include', 'base.yaml', 'production.yaml', 'dark.yaml'),
}

/** A build of the plugin as Rollup runs it: each load gives the warnings it showed (`file:line CODE`). */
function startBuild(root: string, watchMode: boolean, verboseWarnings = true) {
  const plugin = unpluginFactory({ root, dts: false, cache: false, verboseWarnings }, {
    framework: 'rollup',
    versions: {},
  } as UnpluginContextMeta) as UnpluginOptions
  const context = (warnings: string[]) => ({
    meta: { watchMode },
    addWatchFile: () => {},
    getWatchFiles: () => [],
    error: (message: unknown) => {
      throw new Error(JSON.stringify(message))
    },
    warn: (message: { loc: { file: string; line: number }; pluginCode: string }) =>
      void warnings.push(`${message.loc.file.slice(root.length + 1)}:${message.loc.line} ${message.pluginCode}`),
  })
  const start = () => (plugin.buildStart as (this: unknown) => void).call(context([]))
  const load = async (entry: string): Promise<string[]> => {
    const warnings: string[] = []
    const hook = plugin.load as { handler: (this: unknown, id: string) => unknown }
    await hook.handler.call(context(warnings), join(root, entry))
    return warnings
  }
  start()
  return { start, load }
}

describe('warnings of layers several entries include', () => {
  it('are shown once in a one-off build, at the first entry that meets them; again in the next build', async () => {
    const root = writeTree(files, 'warnings')
    const build = startBuild(root, false)
    expect(await build.load('app.merged.yaml')).toEqual(['production.yaml:2 MY_MERGE_DISCARDED'])
    // Its own layer's warning is new; production.yaml's was shown.
    expect(await build.load('admin.merged.yaml')).toEqual(['dark.yaml:2 MY_MERGE_DISCARDED'])
    expect(await build.load('app.merged.yaml')).toEqual([])
    build.start()
    expect(await build.load('admin.merged.yaml')).toEqual([
      'production.yaml:2 MY_MERGE_DISCARDED',
      'dark.yaml:2 MY_MERGE_DISCARDED',
    ])
  })

  it('are counted, not shown, after the first of their code in a one-off build without verboseWarnings', async () => {
    const root = writeTree(files, 'warnings')
    const build = startBuild(root, false, false)
    expect(await build.load('app.merged.yaml')).toEqual(['production.yaml:2 MY_MERGE_DISCARDED'])
    expect(await build.load('admin.merged.yaml')).toEqual([])
    build.start()
    expect(await build.load('admin.merged.yaml')).toEqual(['production.yaml:2 MY_MERGE_DISCARDED'])
  })

  it('are shown for every render in a watch build (an edit may leave one, and it is shown again)', async () => {
    const root = writeTree(files, 'warnings')
    const build = startBuild(root, true)
    expect(await build.load('app.merged.yaml')).toEqual(['production.yaml:2 MY_MERGE_DISCARDED'])
    expect(await build.load('admin.merged.yaml')).toEqual([
      'production.yaml:2 MY_MERGE_DISCARDED',
      'dark.yaml:2 MY_MERGE_DISCARDED',
    ])
    expect(await build.load('app.merged.yaml')).toEqual(['production.yaml:2 MY_MERGE_DISCARDED'])
  })
})
