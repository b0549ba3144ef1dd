// The Turbopack loader, called as Turbopack's loader runner calls it (a webpack-style loader context):
// Next.js 16 tells each load its environment as `target` (`web` for the browser, `node` for the server).
// A server-only entry renders for `node`; for `web` the build fails with MY_SERVER_ONLY (emitted, as the
// module requires Next.js's `server-only`, whose check names the importers) and no value is in the module.
// The real builds are test/frameworks/next.test.ts.
import { afterAll, describe, expect, it } from 'vitest'
import { mergedYamlLoader } from '../../src/hosts/turbopack-loader.ts'
import type { LoaderContext } from '../../src/hosts/turbopack-loader.ts'
import type { Options } from '../../src/index.ts'
import { lines, writeTree } from '../helpers/tree.ts'
import { removeDir } from './bundlers.ts'

const TOKEN = 'tok-5d0e9a17-turbopack'

const roots: string[] = []
afterAll(() => roots.forEach(removeDir))

interface Outcome {
  error: Error | null
  code: string | undefined
  emitted: Error[]
}

/** Runs the loader on `file` of `root` as Turbopack would, for `target` (undefined: an older Turbopack). */
function load(root: string, file: string, target: string | undefined, options: Options = {}): Promise<Outcome> {
  return new Promise((resolve) => {
    const emitted: Error[] = []
    const context: LoaderContext = {
      rootContext: root,
      mode: 'production',
      ...(target === undefined ? {} : { target }),
      resourcePath: `${root}/${file}`,
      resourceQuery: '',
      getOptions: () => ({ dts: false, ...options }),
      addDependency() {},
      addMissingDependency() {},
      addContextDependency() {},
      emitWarning() {},
      emitError: (error) => emitted.push(error),
      async: () => (error, code) => resolve({ error, code, emitted }),
    }
    mergedYamlLoader.call(context, '')
  })
}

describe('Turbopack loader: server-only entries', () => {
  const root = writeTree({ 'secrets.server.merged.yaml': lines(`token: ${TOKEN}`) }, 'turbopack-loader')
  roots.push(root)

  it("renders a server-only entry for the server (target 'node')", async () => {
    const { error, code, emitted } = await load(root, 'secrets.server.merged.yaml', 'node')
    expect(error).toBeNull()
    expect(emitted).toEqual([])
    expect(code).toContain(TOKEN)
  })

  for (const target of ['web', undefined]) {
    it(`refuses it for the browser (target ${String(target)}), requiring 'server-only'`, async () => {
      const { error, code, emitted } = await load(root, 'secrets.server.merged.yaml', target)
      expect(error).toBeNull()
      expect(emitted).toHaveLength(1)
      expect(emitted[0]!.message).toMatch(/^secrets\.server\.merged\.yaml:1:1: error MY_SERVER_ONLY: cannot import/)
      expect(emitted[0]!.message).toContain("Next.js's import trace for 'server-only'")
      // Turbopack reads a stack's lines as frames: the first line only.
      expect(emitted[0]!.stack).not.toContain('\n')
      expect(code).toMatch(/^require\('server-only'\);\nthrow new Error\(/)
      expect(code).not.toContain(TOKEN)
    })
  }

  it('the serverBuild option makes every load a server load', async () => {
    const { code, emitted } = await load(root, 'secrets.server.merged.yaml', 'web', { serverBuild: true })
    expect(emitted).toEqual([])
    expect(code).toContain(TOKEN)
  })
})
