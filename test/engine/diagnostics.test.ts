// Each strict-mode diagnostic: its stable code, file, 1-based line and column, code frame, include
// chain and did-you-mean. And the lenient counterpart: cloud-init's skip-and-warn.
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { formatDiagnostic, isMergedYamlError, render } from '@merged-yaml/core'
import type { Diagnostic, RenderOptions } from '@merged-yaml/core'
import { lines, writeTree } from '../helpers/tree.ts'

const entry = 'app.merged.yaml'

async function diagnose(
  files: Record<string, string>,
  options: RenderOptions = {},
): Promise<{ root: string; d: Diagnostic; text: string }> {
  const root = writeTree(files, 'diag')
  const error = await render(join(root, entry), { root, ...options }).catch((e: unknown) => e)
  if (!isMergedYamlError(error)) throw new Error(`expected a MergedYamlError, got ${String(error)}`)
  const d = error.diagnostics[0]!
  return { root, d, text: formatDiagnostic(d, root) }
}

/** `file:line:col` of a diagnostic, relative to the tree. */
const where = (root: string, d: Diagnostic) => `${d.file.slice(root.length + 1)}:${d.line}:${d.column}`

describe('strict diagnostics', () => {
  it('invalid YAML, at the syntax error in the included file, with the chain', async () => {
    const { root, d, text } = await diagnose({
      [entry]: lines('#include', 'base.yaml', 'bad.yaml'),
      'base.yaml': 'a: 1\n',
      'bad.yaml': lines('a: 1', 'b: [1, 2', 'c: 3'),
    })
    expect(d.code).toBe('MY_YAML_SYNTAX')
    expect(where(root, d)).toMatch(/^bad\.yaml:[23]:\d+$/)
    expect(d.chain).toEqual([{ file: join(root, entry), line: 3 }])
    expect(text).toContain('included from app.merged.yaml:3')
    expect(text).toMatch(/> +\d \| /)
  })

  it('a part that is not a mapping', async () => {
    const { root, d } = await diagnose({
      [entry]: lines('#include', 'list.yaml'),
      'list.yaml': lines('#cloud-config', '- a', '- b'),
    })
    expect([d.code, where(root, d)]).toEqual(['MY_NOT_A_MAPPING', 'list.yaml:2:1'])
  })

  it('an unknown merger, at the merge_how value, with a suggestion', async () => {
    const { root, d, text } = await diagnose({ [entry]: lines('a: 1', 'merge_how: dict(replace)+lst(append)') })
    expect([d.code, where(root, d), d.suggestion]).toEqual(['MY_UNKNOWN_MERGER', `${entry}:2:12`, 'list'])
    expect(text).toContain("did you mean 'list'?")
  })

  it('an unknown merger in the list format, at its entry', async () => {
    const { root, d } = await diagnose({
      [entry]: lines(
        'merge_how:',
        '  - name: dict',
        '    settings: [replace]',
        '  - name: lists',
        '    settings: [append]',
      ),
    })
    expect([d.code, where(root, d), d.suggestion]).toEqual(['MY_UNKNOWN_MERGER', `${entry}:4:5`, 'list'])
  })

  it('an unknown option, with a suggestion', async () => {
    const { root, d } = await diagnose({ [entry]: 'merge_how: dict(recurse_lst)+list()\n' })
    expect([d.code, where(root, d), d.suggestion]).toEqual(['MY_UNKNOWN_MERGE_OPTION', `${entry}:1:12`, 'recurse_list'])
  })

  it('a malformed merge string', async () => {
    const { root, d } = await diagnose({ [entry]: 'x: 1\nmerge_how: "dict (replace)"\n' })
    expect([d.code, where(root, d)]).toEqual(['MY_MERGE_SYNTAX', `${entry}:2:12`])
  })

  it('a missing +', async () => {
    const { d } = await diagnose({ [entry]: 'merge_how: dict(recurse_list)list(append)\n' })
    expect(d.code).toBe('MY_MERGE_MISSING_PLUS')
    expect(d.message).toMatch(/separated by '\+'/)
  })

  it('a merger set without a dict merger', async () => {
    const { root, d } = await diagnose({ [entry]: 'merge_how: list(append)+str()\na: 1\n' }, { stack: 'per-part' })
    expect([d.code, where(root, d)]).toEqual(['MY_NO_DICT_MERGER', `${entry}:1:12`])
  })

  it('settings given as a string', async () => {
    const { root, d } = await diagnose({ [entry]: lines('merge_how:', '  - name: dict', '    settings: no_replace') })
    expect([d.code, where(root, d)]).toEqual(['MY_MERGE_SETTINGS_STRING', `${entry}:2:5`])
  })

  it('a header in the wrong case', async () => {
    const { d } = await diagnose({
      [entry]:
        'MIME-Version: 1.0\nContent-Type: multipart/mixed; boundary=B\n\n--B\nContent-Type: text/cloud-config\nmerge-type: dict()\n\na: 1\n--B--\n',
    })
    expect([d.code, d.line, d.suggestion]).toEqual(['MY_MERGE_HEADER_CASE', 6, 'Merge-Type'])
  })

  it('a malformed Merge-Type header, at the header', async () => {
    const { d } = await diagnose({
      [entry]:
        'MIME-Version: 1.0\nContent-Type: multipart/mixed; boundary=B\n\n--B\nContent-Type: text/cloud-config\nMerge-Type: "dict(replace)"\n\na: 1\n--B--\n',
    })
    expect([d.code, d.line]).toEqual(['MY_MERGE_SYNTAX', 6])
    expect(d.message).toMatch(/^Merge-Type: /)
  })

  it('a runtime type conflict, with the key path', async () => {
    const { root, d, text } = await diagnose({
      [entry]: lines('#include', 'a.yaml', 'b.yaml'),
      'a.yaml': lines('merge_how: dict(recurse_str,recurse_list)+str(append)', 'app:', '  name: web'),
      'b.yaml': lines('app:', '  name: [1]'),
    })
    expect([d.code, where(root, d), d.path]).toEqual(['MY_MERGE_TYPE_CONFLICT', 'b.yaml:2:3', ['app', 'name']])
    expect(text).toContain('(at app.name)')
  })

  it('a list extended with the characters of a string', async () => {
    const { root, d } = await diagnose({
      [entry]: lines('#include', 'a.yaml', 'b.yaml'),
      'a.yaml': lines('merge_how: dict(recurse_str)+list(append)', 'l: [1]'),
      'b.yaml': 'l: abc\n',
    })
    expect([d.code, where(root, d)]).toEqual(['MY_MERGE_TYPE_CONFLICT', 'b.yaml:1:1'])
  })

  it('a missing include, at its line and column', async () => {
    const { root, d } = await diagnose({
      [entry]: lines('#include', 'base.yaml', '  nope.yaml'),
      'base.yaml': 'a: 1\n',
    })
    expect([d.code, where(root, d)]).toEqual(['MY_INCLUDE_NOT_FOUND', `${entry}:3:3`])
  })

  it('a missing include is an error in lenient mode too (cloud-init aborts on it)', async () => {
    const { d } = await diagnose({ [entry]: lines('#include', 'nope.yaml') }, { strict: false })
    expect(d.code).toBe('MY_INCLUDE_NOT_FOUND')
  })

  it('a glob that matches nothing', async () => {
    const { root, d } = await diagnose({ [entry]: lines('#include', 'conf.d/*.yaml') })
    expect([d.code, where(root, d)]).toEqual(['MY_INCLUDE_NO_MATCH', `${entry}:2:1`])
  })

  it('a cycle, printing the chain', async () => {
    const { d } = await diagnose({
      [entry]: lines('#include', 'a.yaml'),
      'a.yaml': lines('#include', 'b.yaml'),
      'b.yaml': lines('#include', 'a.yaml'),
    })
    expect(d.code).toBe('MY_INCLUDE_CYCLE')
    expect(d.message).toContain('a.yaml → b.yaml → a.yaml')
    expect(d.chain).toHaveLength(2)
  })

  it('a refused URL', async () => {
    const { root, d } = await diagnose({ [entry]: lines('#include', 'https://example.com/x.yaml') })
    expect([d.code, where(root, d)]).toEqual(['MY_INCLUDE_REMOTE', `${entry}:2:1`])
  })

  it('an include outside the root', async () => {
    const { root, d } = await diagnose({ [entry]: lines('#include', '../outside.yaml') })
    expect([d.code, where(root, d)]).toEqual(['MY_INCLUDE_OUTSIDE_ROOT', `${entry}:2:1`])
  })

  it('an unknown include variable, with a suggestion', async () => {
    const { root, d } = await diagnose(
      { [entry]: lines('#include', 'env/${mdoe}.yaml') },
      { vars: { mode: 'production' } },
    )
    expect([d.code, where(root, d), d.suggestion]).toEqual(['MY_INCLUDE_UNKNOWN_VARIABLE', `${entry}:2:5`, 'mode'])
  })

  it.each(['..', '.', 'a/..', 'a\\b', 'x\0y'])(
    'a mode (a vars value) %j that is no name, at the variable: never a path segment',
    async (mode) => {
      const { root, d } = await diagnose(
        { [entry]: lines('#include', 'cfg/${mode}/app.yaml'), 'cfg/app.yaml': 'leaked: true\n' },
        { vars: { mode } },
      )
      expect([d.code, where(root, d)]).toEqual(['MY_INCLUDE_VARIABLE_NOT_A_NAME', `${entry}:2:5`])
    },
  )

  it('a failing JSON patch operation, at the operation', async () => {
    const { root, d } = await diagnose({
      [entry]: lines('#include', 'a.yaml', 'p.json'),
      'a.yaml': 'a: 1\n',
      'p.json': lines(
        '#cloud-config-jsonp',
        '[',
        '  {"op": "add", "path": "/b", "value": 1},',
        '  {"op": "remove", "path": "/zz"}',
        ']',
      ),
    })
    expect([d.code, where(root, d)]).toEqual(['MY_JSON_PATCH', 'p.json:4:28'])
  })

  it('duplicate keys', async () => {
    const { root, d } = await diagnose({ [entry]: 'a: 1\nb: 2\na: 3\n' })
    expect([d.code, where(root, d)]).toEqual(['MY_YAML_DUPLICATE_KEY', `${entry}:3:1`])
    expect(d.message).toBe(
      "the key 'a' appears again in this mapping (first at line 1); the last value is kept, as Helm (go-yaml v2) " +
        'keeps it: remove the other',
    )
  })

  it('a jinja template', async () => {
    const { d } = await diagnose({ [entry]: '## template: jinja\n#cloud-config\na: {{ v1.x }}\n' })
    expect(d.code).toBe('MY_JINJA_UNSUPPORTED')
  })

  it('invalid options', async () => {
    for (const options of [
      { stack: 'lifo' },
      { yamlVersion: '1.3' },
      { mergeHow: 'dict(replace)+lst()' },
    ] as RenderOptions[]) {
      const { d } = await diagnose({ [entry]: 'a: 1\n' }, options)
      expect(d.code).toBe('MY_INVALID_OPTION')
    }
  })
})

describe('lenient mode (strict: false) reproduces cloud-init and warns', () => {
  it('skips the offending part and keeps the result so far', async () => {
    const root = writeTree({
      [entry]: lines('#include', 'a.yaml', 'bad-yaml.yaml', 'bad-merger.yaml', 'conflict.yaml', 'c.yaml'),
      'a.yaml': 'merge_how: dict(recurse_str)+str(append)\ns: a\n',
      'bad-yaml.yaml': 's: [\n',
      'bad-merger.yaml': 'merge_how: dcit()\ns: x\n',
      'conflict.yaml': 'merge_how: dict(recurse_str)+str(append)\ns: {x: 1}\n',
      'c.yaml': 'c: 1\n',
    })
    const result = await render(join(root, entry), { root, strict: false, stack: 'per-part' })
    expect(result.value).toEqual({ s: 'a', c: 1 })
    expect(result.warnings.map((w) => w.code)).toEqual([
      'MY_YAML_SYNTAX',
      'MY_UNKNOWN_MERGER',
      'MY_MERGE_TYPE_CONFLICT',
    ])
    expect(result.warnings.every((w) => w.severity === 'warning' && w.line >= 1)).toBe(true)
  })

  it('accepts what cloud-init accepts silently, with a warning', async () => {
    const root = writeTree({
      [entry]: lines('#include', 'a.yaml', 'b.yaml'),
      'a.yaml': 'l: [1]\n',
      'b.yaml': lines(
        'merge_how:',
        '  - name: dict',
        '    settings: no_replace,recurse_list',
        '  - name: list',
        '    settings: [append, recurse_lst]',
        'l: [2]',
      ),
    })
    const result = await render(join(root, entry), { root, strict: false })
    // 'no_replace,recurse_list' contains 'replace': cloud-init picks dict(replace).
    expect(result.value).toEqual({ l: [2] })
    expect(result.warnings.map((w) => w.code)).toEqual(['MY_MERGE_SETTINGS_STRING', 'MY_UNKNOWN_MERGE_OPTION'])
  })
})
