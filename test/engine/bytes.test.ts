// `!!binary` values are bytes, merged as Python bytes: as a scalar no merger handles (cloud-init's
// own result for this input, from ../shared/realworld/oracle/ci_ref.py: {"a": b"hi", "l": [1]}).
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { render } from '@merged-yaml/core'
import { writeTree } from '../helpers/tree.ts'

describe('bytes', () => {
  it('stay bytes when a later part merges a mapping or keeps a list under recursing mergers', async () => {
    const root = writeTree({
      'app.merged.yaml': '#include\na.yaml\nb.yaml\n',
      'a.yaml': '#cloud-config\na: !!binary aGk=\nl: [1]\n',
      'b.yaml': '#cloud-config\nmerge_how: dict(recurse_dict,recurse_list)+list(append)\na: {x: 1}\nl: !!binary aGk=\n',
    })
    for (const strict of [true, false]) {
      const { value, warnings } = await render(join(root, 'app.merged.yaml'), { root, yamlVersion: '1.1', strict })
      expect(value).toEqual({ a: Buffer.from('hi'), l: [1] })
      expect((value as { a: unknown }).a).toBeInstanceOf(Uint8Array)
      // Strict mode says what cloud-init keeps out of b.yaml (MY_MERGE_DISCARDED): the value stays cloud-init's.
      const discarded = strict
        ? [
            ['MY_MERGE_DISCARDED', 3],
            ['MY_MERGE_DISCARDED', 4],
          ]
        : []
      expect(warnings.map((w) => [w.code, w.line])).toEqual(discarded)
    }
  })
})
