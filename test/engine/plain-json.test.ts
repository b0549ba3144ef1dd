// RenderResult.plainJson: what reading the documents tells of the merged value, so the plugin skips
// a walk over it. True only when known; each way of leaving plain JSON data turns it off.
import { join } from 'node:path'
import { rmSync } from 'node:fs'
import { afterEach, describe, expect, it } from 'vitest'
import { renderSync } from '@merged-yaml/core'
import { lines, writeTree } from '../helpers/tree.ts'

describe('RenderResult.plainJson', () => {
  let root = ''
  afterEach(() => rmSync(root, { recursive: true, force: true }))

  function plainJson(layer: string, entry = lines('#include', 'base.yaml', 'layer.yaml')): boolean {
    root = writeTree(
      { 'base.yaml': lines('name: base', 'list: [1, 2]'), 'layer.yaml': layer, 'app.merged.yaml': entry },
      'plain-json',
    )
    const result = renderSync(join(root, 'app.merged.yaml'), { root })
    expect(JSON.parse(JSON.stringify(result.value))).toEqual(result.value)
    return result.plainJson
  }

  it('is true for a merge of plain layers', () => {
    expect(plainJson(lines('merge_how: dict(recurse_list)+list(append)', 'list: [3]', 'nested: {a: [x, "y"]}'))).toBe(
      true,
    )
  })

  it('is false for a number JSON cannot write, and for a __proto__ key', () => {
    root = writeTree(
      { 'base.yaml': lines('a: .nan', 'b: -0.0', 'c: .inf'), 'app.merged.yaml': lines('#include', 'base.yaml') },
      'plain-json',
    )
    // Lenient: Helm cannot read these numbers (MY_VALUES_HELM_UNREADABLE), which strict mode refuses.
    expect(renderSync(join(root, 'app.merged.yaml'), { root, strict: false }).plainJson).toBe(false)
    rmSync(root, { recursive: true, force: true })
    root = writeTree(
      { 'base.yaml': lines('"__proto__": {polluted: true}'), 'app.merged.yaml': lines('#include', 'base.yaml') },
      'plain-json',
    )
    expect(renderSync(join(root, 'app.merged.yaml'), { root }).plainJson).toBe(false)
  })

  it('is false (unknown) with anchors, a JSON patch or a dialect', () => {
    expect(plainJson(lines('a: &x {b: 1}', 'c: *x'))).toBe(false)
    expect(plainJson(lines('#cloud-config-jsonp', '[{"op": "add", "path": "/d", "value": 1}]'))).toBe(false)
    root = writeTree(
      {
        'common.yaml': lines('lookup_options:', '  list: {merge_basetype_array: Unique}', 'list: [1]'),
        'app.merged.yaml': lines('#include', 'common.yaml'),
      },
      'plain-json',
    )
    const datum = renderSync(join(root, 'app.merged.yaml'), { root })
    expect([datum.dialect, datum.plainJson]).toEqual(['datum', false])
  })
})
