// ajv is loaded on first use: an entry without a schema never pays for loading it (tens of
// milliseconds of every build's start); the first entry with one does.
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { expect, it } from 'vitest'
import { render } from '@merged-yaml/core'
import { lines, writeTree } from '../helpers/tree.ts'

const loaded = () => Object.keys(createRequire(import.meta.url).cache).filter((id) => /[\\/]ajv[\\/]/.test(id))

it('loads ajv only once an entry has a schema', async () => {
  const root = writeTree({
    'plain.merged.yaml': lines('a: 1'),
    'typed.merged.yaml': lines('# yaml-language-server: $schema=s.json', 'a: 1'),
    's.json': '{"properties": {"a": {"type": "integer"}}}',
  })
  await render(join(root, 'plain.merged.yaml'), { root })
  expect(loaded()).toEqual([])
  await render(join(root, 'typed.merged.yaml'), { root })
  expect(loaded().length).toBeGreaterThan(0)
})
