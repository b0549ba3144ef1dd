// esbuild takes a watched file's state when it reads the file itself, after the callback that named
// it returns. These tests put an edit exactly in that gap (the load writes the layer after reading
// it) and check that watch mode still rebuilds with the edit: the gap is where a layer saved while
// a rebuild runs used to be lost for good.
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import * as esbuild from 'esbuild'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { registerEsbuildLoad } from '../../src/hosts/esbuild-load.ts'
import type { Dependencies } from '../../src/plugin/dependencies.ts'
import { writeTree } from '../helpers/tree.ts'
import { removeDir } from './bundlers.ts'
import { scaled } from '../helpers/time-scale.ts'

const FILTER = /\.merged\.ya?ml$/

interface Harness {
  /** The value of each finished build, in order. */
  values: string[]
  /** esbuild's warnings, all builds together. */
  warnings: string[]
  close(): Promise<void>
}

/**
 * Watches `main.js` importing `app.merged.yaml` through `specifier`; the entry's "render" is the text
 * of `layer.txt`. In the second build, the load writes "three" into the layer just after reading it.
 */
async function watchWithEdit(root: string, specifier: string, alias?: Record<string, string>): Promise<Harness> {
  const layer = join(root, 'layer.txt')
  const graph = new Map<string, Dependencies>()
  const values: string[] = []
  const warnings: string[] = []
  let build = 0
  const plugin: esbuild.Plugin = {
    name: 'edit-in-the-gap',
    setup(pluginBuild) {
      registerEsbuildLoad(pluginBuild, {
        filter: FILTER,
        includes: (id) => FILTER.test(id.replace(/\?.*$/, '')),
        dependencies: (id) => graph.get(id) ?? { files: [], dirs: [] },
        load(context, id) {
          const text = readFileSync(layer, 'utf8')
          if (build === 1) writeFileSync(layer, 'three')
          graph.set(id, { files: [layer], dirs: [] })
          context.addWatchFile(layer)
          return `export default ${JSON.stringify(text)}`
        },
      })
      pluginBuild.onEnd((result) => {
        build++
        warnings.push(...result.warnings.map((warning) => warning.text))
        const text = result.outputFiles?.[0]?.text ?? ''
        values.push(/ = "(\w*)"/.exec(text)?.[1] ?? `no value in ${text}`)
      })
    },
  }
  writeFileSync(join(root, 'main.js'), `import value from '${specifier}'\nglobalThis.value = value\n`)
  const context = await esbuild.context({
    entryPoints: [join(root, 'main.js')],
    bundle: true,
    write: false,
    plugins: [plugin],
    alias,
    logLevel: 'silent',
  })
  await context.watch()
  return { values, warnings, close: () => context.dispose() }
}

describe('esbuild watch mode with an edit between our read of a layer and esbuild’s', () => {
  let root = ''
  afterEach(() => removeDir(root))

  it.each([
    ['a relative import', './app.merged.yaml', false],
    ['an import with a query, which the resolve filter must still match', './app.merged.yaml?lookup=x', false],
    ['an aliased import, which only esbuild can resolve', '@config/app.merged.yaml', true],
  ])(
    'rebuilds with the edit once the layer is known from an earlier build: %s',
    { timeout: scaled(60_000) },
    async (_, specifier, aliased) => {
      root = writeTree({ 'app.merged.yaml': '', 'layer.txt': 'one' })
      const watching = await watchWithEdit(root, specifier, aliased ? { '@config': root } : undefined)
      try {
        await vi.waitFor(() => expect(watching.values).toEqual(['one']), { timeout: scaled(20_000) })
        // The second build, set off by this edit, reads "two" and then finds "three" written behind it.
        writeFileSync(join(root, 'layer.txt'), 'two')
        await vi.waitFor(() => expect(watching.values).toEqual(['one', 'two', 'three']), { timeout: scaled(20_000) })
        expect(watching.warnings).toEqual([])
      } finally {
        await watching.close()
      }
    },
  )
})
