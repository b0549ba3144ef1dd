// A layer that cannot be read (EACCES, injected: tests run as root) is MY_FILE_UNREADABLE located at
// its include line, with the disk cache on (the default, which fingerprints the inputs first) or off.
import type * as NodeFs from 'node:fs'
import { join } from 'node:path'
import type { UnpluginContextMeta, UnpluginOptions } from 'unplugin'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { unpluginFactory } from '../../src/index.ts'
import { lines, writeTree } from '../helpers/tree.ts'

const faults = vi.hoisted(() => ({ unreadable: undefined as string | undefined }))

vi.mock('node:fs', async (importOriginal) => {
  const fs = await importOriginal<typeof NodeFs>()
  const readFileSync = ((path: NodeFs.PathOrFileDescriptor, ...rest: unknown[]) => {
    if (faults.unreadable !== undefined && String(path) === faults.unreadable)
      throw Object.assign(new Error(`EACCES: permission denied, open '${String(path)}'`), { code: 'EACCES' })
    return (fs.readFileSync as (...args: unknown[]) => unknown)(path, ...rest)
  }) as typeof fs.readFileSync
  return { ...fs, default: { ...fs, readFileSync }, readFileSync }
})

afterEach(() => {
  faults.unreadable = undefined
})

interface Reported {
  pluginCode: string
  message: string
  loc: { file: string; line: number }
}

/** Loads `entry` as Rollup would, and returns the error it reports. */
async function loadError(root: string, entry: string, cache: string | false): Promise<Reported> {
  const plugin = unpluginFactory({ root, dts: false, cache }, {
    framework: 'rollup',
    versions: {},
  } as UnpluginContextMeta) as UnpluginOptions
  const errors: Reported[] = []
  const context = {
    meta: { watchMode: false },
    addWatchFile: () => {},
    getWatchFiles: () => [],
    error: (message: Reported) => void errors.push(message),
    warn: () => {},
  }
  await (plugin.load as { handler: (this: unknown, id: string) => unknown }).handler.call(context, join(root, entry))
  expect(errors).toHaveLength(1)
  return errors[0]!
}

describe('an unreadable layer', () => {
  for (const cache of ['node_modules/.cache/my', false] as const)
    it(`is MY_FILE_UNREADABLE at the include line, cache ${cache ? 'on' : 'off'}`, async () => {
      const root = writeTree({
        'app.merged.yaml': lines('#include', 'base.yaml', 'secret.yaml'),
        'base.yaml': lines('a: 1'),
        'secret.yaml': lines('b: 2'),
      })
      faults.unreadable = join(root, 'secret.yaml')
      const error = await loadError(root, 'app.merged.yaml', cache)
      expect(error.pluginCode).toBe('MY_FILE_UNREADABLE')
      expect(error.loc).toMatchObject({ file: join(root, 'app.merged.yaml'), line: 3 })
      expect(error.message).toContain('EACCES')
      expect(error.message).not.toContain('TypeError')
    })
})
