// prepareEntry: gathering apart from merging, with a fingerprint of the gathered inputs that a
// cache outliving the process can key on.
import { rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { createRenderCache, prepareEntry, renderSync } from '@merged-yaml/core'
import { lines, writeTree } from '../helpers/tree.ts'

describe('prepareEntry', () => {
  let root = ''
  afterEach(() => rmSync(root, { recursive: true, force: true }))

  it('renders what renderSync renders, once, and fingerprints the inputs', () => {
    root = writeTree({
      'base.yaml': lines('a: 1'),
      'more/b.yaml': lines('b: 2'),
      'app.merged.yaml': lines('#include', 'base.yaml', 'more/*.yaml', '?local.yaml'),
    })
    const prepared = prepareEntry(join(root, 'app.merged.yaml'), { root })
    expect(prepared.files).toEqual([join(root, 'app.merged.yaml'), join(root, 'base.yaml'), join(root, 'more/b.yaml')])
    expect(prepared.missing).toEqual([join(root, 'local.yaml')])
    const result = prepared.render()
    expect(prepared.render()).toBe(result)
    expect(result).toEqual(renderSync(join(root, 'app.merged.yaml'), { root }))
    const fingerprint = prepared.fingerprint
    expect(prepareEntry(join(root, 'app.merged.yaml'), { root }, { cache: createRenderCache() }).fingerprint).toBe(
      fingerprint,
    )
    expect(prepareEntry(join(root, 'app.merged.yaml'), { root, strict: false }).fingerprint).not.toBe(fingerprint)
    writeFileSync(join(root, 'local.yaml'), lines('c: 3'))
    const withLocal = prepareEntry(join(root, 'app.merged.yaml'), { root }).fingerprint
    expect(withLocal).not.toBe(fingerprint)
    writeFileSync(join(root, 'base.yaml'), lines('a: 9'))
    expect(prepareEntry(join(root, 'app.merged.yaml'), { root }).fingerprint).not.toBe(withLocal)
  })

  it('throws an entry that cannot be read, and keeps gathering and merge errors for render()', () => {
    root = writeTree({
      'bad.yaml': lines('a: [1'),
      'app.merged.yaml': lines('#include', 'missing.yaml'),
      'broken.merged.yaml': lines('#include', 'bad.yaml'),
    })
    expect(() => prepareEntry(join(root, 'nothing.merged.yaml'), { root })).toThrow(
      expect.objectContaining({ code: 'MY_FILE_NOT_FOUND' }),
    )
    // A missing include does not stop the render from reading and checking the rest.
    const missing = prepareEntry(join(root, 'app.merged.yaml'), { root })
    expect(missing.missing).toEqual([join(root, 'missing.yaml')])
    expect(() => missing.render()).toThrow(expect.objectContaining({ code: 'MY_INCLUDE_NOT_FOUND' }))
    const prepared = prepareEntry(join(root, 'broken.merged.yaml'), { root })
    expect(() => prepared.render()).toThrow(expect.objectContaining({ code: 'MY_YAML_SYNTAX' }))
    expect(() => prepared.render()).toThrow(expect.objectContaining({ code: 'MY_YAML_SYNTAX' }))
  })
})
