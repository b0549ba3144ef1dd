// Rolldown's PLUGIN_TIMINGS warning: dropped when it names only this plugin's callbacks (its load is
// the merge a JSON import would do in the bundler), kept when it names any other plugin.
import { describe, expect, it } from 'vitest'
import { dropOwnTimings } from '../../src/hosts/rolldown.ts'

const warning = (...rows: string[]) => ({
  code: 'PLUGIN_TIMINGS',
  message: [
    'JavaScript callbacks ran for 3.3s of this 4.5s build (73%).',
    'The slowest callbacks, timed inside each callback (the wait before a callback starts is excluded):',
    ...rows,
    'Additional callback time came from callbacks under 1s.',
    'See https://rolldown.rs/reference/InputOptions.checks#bundlertimings for more details.',
  ].join('\n'),
})

describe('dropOwnTimings', () => {
  it('drops a warning whose every row is this plugin', () => {
    expect(dropOwnTimings('warn', warning('  - plugin unplugin-merged-yaml load (71%, 3.2s, 50 calls)'))).toBe(false)
    // The older wording: one row per plugin, no hook.
    expect(dropOwnTimings('warn', warning('  - unplugin-merged-yaml (76%)'))).toBe(false)
  })

  it('keeps a warning that names another plugin, and every other log', () => {
    const both = warning(
      '  - plugin unplugin-merged-yaml load (50%, 2s, 50 calls)',
      '  - plugin vite:vue transform (30%)',
    )
    expect(dropOwnTimings('warn', both)).toBeUndefined()
    expect(dropOwnTimings('warn', warning())).toBeUndefined()
    expect(dropOwnTimings('warn', { code: 'EVAL', message: '  - plugin unplugin-merged-yaml' })).toBeUndefined()
  })
})

describe('the hook', () => {
  it('is registered for Vite and Rolldown', async () => {
    const { default: vite } = await import('../../src/vite.ts')
    const { default: rolldown } = await import('../../src/rolldown.ts')
    for (const plugin of [vite(), rolldown()].flat()) expect((plugin as { onLog?: unknown }).onLog).toBe(dropOwnTimings)
  })
})
