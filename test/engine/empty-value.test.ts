// What `RenderResult.value` is for an entry without data, as its JSDoc says: the default dialect's
// empty mapping, cloud-init's `{}` for empty cloud-config and `null` when no part holds cloud-config.
import { rmSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { render } from '@merged-yaml/core'
import type { RenderOptions } from '@merged-yaml/core'
import { lines, writeTree } from '../helpers/tree.ts'

const root = writeTree({
  'empty.merged.yaml': '',
  'cloud.merged.yaml': '#cloud-config\n',
  'script.merged.yaml': lines('#!/bin/sh', 'echo hello'),
})
afterAll(() => rmSync(root, { recursive: true, force: true }))

describe('the value of an entry without data', () => {
  it.each<[string, RenderOptions, unknown, string]>([
    ['empty.merged.yaml', {}, {}, 'values'],
    ['empty.merged.yaml', { dialect: 'datum' }, {}, 'datum'],
    ['cloud.merged.yaml', {}, {}, 'cloud-init'],
    ['script.merged.yaml', { strict: false }, null, 'cloud-init'],
  ])('%s with %o is %o (%s)', async (file, options, value, dialect) => {
    const result = await render(join(root, file), { root, ...options })
    expect(result.dialect).toBe(dialect)
    expect(result.value).toEqual(value)
  })
})
