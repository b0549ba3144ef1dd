// How render() picks an entry's dialect: directives, the dialect option, dialect options alone, and mixes.
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { render } from '@merged-yaml/core'
import { lines, writeTree } from '../helpers/tree.ts'

const entry = 'app.merged.yaml'

describe('dialect detection', () => {
  it('recognises a dialect from its directive keys', async () => {
    const root = writeTree({
      [entry]: lines('#include', 'datum.yaml', 'base.yaml'),
      'datum.yaml': 'default_lookup_options: MostSpecific\n',
      'base.yaml': 'a: 1\n',
    })
    expect((await render(join(root, entry), { root })).dialect).toBe('datum')
  })

  it('takes the dialect from its options when no document carries a directive', async () => {
    const root = writeTree({
      [entry]: lines('#include', 'base.yaml', 'node.yaml'),
      'base.yaml': 'roles: {web: {port: 80}}\n',
      'node.yaml': 'roles: {web: {tls: true}}\n',
    })
    const result = await render(join(root, entry), {
      root,
      datum: { lookupOptions: { default_lookup_options: 'deep' } },
    })
    expect(result.dialect).toBe('datum')
    expect(result.value).toEqual({ roles: { web: { tls: true, port: 80 } } })
    expect((await render(join(root, entry), { root })).dialect).toBe('values')
  })

  it('refuses two dialects in one entry, in both modes', async () => {
    const root = writeTree({
      [entry]: lines(
        'lookup_options: {}',
        'a: 1',
        '---',
        'parameter_merge_strategies: {default: merge}',
        'parameter_defaults: {}',
      ),
    })
    for (const strict of [true, false]) {
      await expect(render(join(root, entry), { root, strict })).rejects.toMatchObject({ code: 'MY_DIALECT_MIXED' })
    }
  })

  it('refuses a dialect mixed with merge_how in strict mode; lenient mode keeps the dialect and warns', async () => {
    const root = writeTree({
      [entry]: lines('#include', 'datum.yaml', 'base.yaml'),
      'datum.yaml': 'default_lookup_options: MostSpecific\n',
      'base.yaml': 'merge_how: dict()\na: 1\n',
    })
    const error = await render(join(root, entry), { root }).catch((e: unknown) => e)
    expect(error).toMatchObject({ code: 'MY_DIALECT_MIXED', diagnostics: [{ line: 1, column: 1 }] })
    const lenient = await render(join(root, entry), { root, strict: false })
    expect(lenient.dialect).toBe('datum')
    expect(lenient.warnings.map((w) => w.code)).toContain('MY_DIALECT_MIXED')
  })
})
