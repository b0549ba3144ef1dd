// js-yaml is loaded on first use: layers the block reader reads (most plain block YAML) never pay for
// loading it at a build's start; the first layer the block reader hands over does.
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { expect, it } from 'vitest'
import { render } from '@merged-yaml/core'
import { lines, writeTree } from '../helpers/tree.ts'

const loaded = () => Object.keys(createRequire(import.meta.url).cache).filter((id) => /[\\/]js-yaml[\\/]/.test(id))

it('loads js-yaml only once a layer needs more than the block reader', async () => {
  const root = writeTree({
    'block.merged.yaml': lines('a: 1', 'b:', '  - x', '  - z'),
    'flow.merged.yaml': lines('a: {b: [1, 2], c: "d"}'),
  })
  const block = await render(join(root, 'block.merged.yaml'), { root })
  expect(block.value).toEqual({ a: 1, b: ['x', 'z'] })
  expect(loaded()).toEqual([])
  const flow = await render(join(root, 'flow.merged.yaml'), { root })
  expect(flow.value).toEqual({ a: { b: [1, 2], c: 'd' } })
  expect(loaded().length).toBeGreaterThan(0)
})
