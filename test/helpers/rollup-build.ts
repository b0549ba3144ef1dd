// One build as a new process runs it, through the plugin's Rollup hooks: a fresh plugin instance starts
// a build, loads one entry and ends the build (declarations and disk-cache writes waited for). For the
// tests of what outlives a build (the disk cache, declarations' keys), where a bundler adds nothing.
import { join } from 'node:path'
import type { UnpluginContextMeta, UnpluginOptions } from 'unplugin'
import { vi } from 'vitest'
import { unpluginFactory } from '../../src/index.ts'
import type { Options } from '../../src/index.ts'

/** The entry's code, or `error: ` and the error's message. `NODE_ENV` is `mode` during the build, when given. */
export async function buildOnce(root: string, entry: string, options: Options, mode?: string): Promise<string> {
  if (mode !== undefined) vi.stubEnv('NODE_ENV', mode)
  const plugin = unpluginFactory({ root, ...options }, {
    framework: 'rollup',
    versions: {},
  } as UnpluginContextMeta) as UnpluginOptions
  const context = {
    addWatchFile: () => {},
    getWatchFiles: () => [],
    error: (error: unknown) => {
      throw new Error(typeof error === 'string' ? error : String((error as { message?: string }).message ?? error))
    },
    warn: () => {},
  }
  try {
    ;(plugin.buildStart as () => void).call(context)
    let outcome: string
    try {
      const load = plugin.load as { handler: (this: unknown, id: string) => Promise<{ code: string }> }
      outcome = (await load.handler.call(context, join(root, entry))).code
    } catch (error) {
      outcome = `error: ${(error as Error).message}`
    }
    await (plugin.buildEnd as () => Promise<void>).call(context)
    await (plugin.rollup!.closeBundle as () => Promise<void>).call(context)
    return outcome
  } finally {
    if (mode !== undefined) vi.unstubAllEnvs()
  }
}
