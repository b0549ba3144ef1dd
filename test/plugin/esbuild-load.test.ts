// esbuild takes a watched file's state when it reads the file itself, after the callback that named
// it returns. These tests put an edit exactly in that gap (the load writes the layer after reading
// it) and check that watch mode still rebuilds with the edit: the gap is where a layer saved while
// a rebuild runs used to be lost for good.
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import * as esbuild from 'esbuild'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { registerEsbuildLoad } from '../../src/core/esbuild-load.ts'
import type { Dependencies } from '../../src/core/watch.ts'
import { writeTree } from '../helpers/tree.ts'
import { removeDir } from './bundlers.ts'

const FILTER = /\.merged\.ya?ml$/

interface Harness {
  /** The value of each finished build, in order. */
  values: string[]
  close(): Promise<void>
}

/**
 * Watches `main.js` importing `app.merged.yaml`, whose "render" is the text of `layer.txt`. On the
 * builds listed in `editDuring`, the load writes `edit` into the layer just after reading it.
 */
async function watchWithEdit(root: string, editDuring: Set<number>, edit: string, specifier = './app.merged.yaml'): Promise<Harness> {
  const layer = join(root, 'layer.txt')
  const graph = new Map<string, Dependencies>()
  const values: string[] = []
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
          if (editDuring.has(build)) writeFileSync(layer, edit)
          graph.set(id, { files: [layer], dirs: [] })
          context.addWatchFile(layer)
          return `export default ${JSON.stringify(text)}`
        },
      })
      pluginBuild.onEnd((result) => {
        build++
        const text = result.outputFiles?.[0]?.text ?? ''
        values.push(/ = "(\w*)"/.exec(text)?.[1] ?? `no value in ${text}`)
      })
    },
  }
  writeFileSync(join(root, 'main.js'), `import value from '${specifier}'\nglobalThis.value = value\n`)
  const context = await esbuild.context({ entryPoints: [join(root, 'main.js')], bundle: true, write: false, plugins: [plugin], logLevel: 'silent' })
  await context.watch()
  return { values, close: () => context.dispose() }
}

describe('esbuild watch mode with an edit between our read of a layer and esbuild’s', () => {
  let root = ''
  afterEach(() => removeDir(root))

  it('rebuilds with the edit once the layer is known from an earlier build', { timeout: 60_000 }, async () => {
    root = writeTree({ 'app.merged.yaml': '', 'layer.txt': 'one' })
    const watching = await watchWithEdit(root, new Set([1]), 'three')
    try {
      await vi.waitFor(() => expect(watching.values).toEqual(['one']), { timeout: 20_000 })
      // The second build, set off by this edit, reads "two" and then finds "three" written behind it.
      writeFileSync(join(root, 'layer.txt'), 'two')
      await vi.waitFor(() => expect(watching.values).toEqual(['one', 'two', 'three']), { timeout: 20_000 })
    } finally {
      await watching.close()
    }
  })

  it('rebuilds for an import with a query, whose specifier the resolve filter must still match', { timeout: 60_000 }, async () => {
    root = writeTree({ 'app.merged.yaml': '', 'layer.txt': 'one' })
    const watching = await watchWithEdit(root, new Set([1]), 'three', './app.merged.yaml?lookup=x')
    try {
      await vi.waitFor(() => expect(watching.values).toEqual(['one']), { timeout: 20_000 })
      writeFileSync(join(root, 'layer.txt'), 'two')
      await vi.waitFor(() => expect(watching.values).toEqual(['one', 'two', 'three']), { timeout: 20_000 })
    } finally {
      await watching.close()
    }
  })
})
