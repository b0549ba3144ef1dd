// Each include / MIME / archive form through render(), and both stack modes where they differ.
import { symlinkSync } from 'node:fs'
import { join, relative } from 'node:path'
import { pathToFileURL } from 'node:url'
import { gzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { isMergedYamlError, render } from '@merged-yaml/core'
import type { Diagnostic } from '@merged-yaml/core'
import { lines, writeTree } from '../helpers/tree.ts'

const entry = 'app.merged.yaml'

describe('the entry', () => {
  it('is relative to the working directory, as on the command line, whatever the root', async () => {
    const root = writeTree({ [entry]: 'a: 1\n' })
    const fromCwd = relative(process.cwd(), join(root, entry))
    expect((await render(fromCwd, { root })).value).toEqual({ a: 1 })
    const fromRoot = await render(entry, { root }).catch((error: unknown) => error)
    expect(isMergedYamlError(fromRoot) && fromRoot.diagnostics[0]!.file).toBe(join(process.cwd(), entry))
  })
})

describe('#include', () => {
  it('includes paths relative to the including file, in order, recursively', async () => {
    const root = writeTree({
      [entry]: lines('#include', 'layers/base.yaml', 'layers/more.merged.yaml'),
      'layers/base.yaml': lines('a: 1', 'b: 1'),
      'layers/more.merged.yaml': lines('#include', 'sub/c.yaml'),
      'layers/sub/c.yaml': lines('#cloud-config', 'b: 2', 'c: 3'),
    })
    const result = await render(join(root, entry), { root })
    expect(result.value).toEqual({ a: 1, b: 2, c: 3 })
    expect(result.files.map((f) => f.slice(root.length + 1))).toEqual([
      entry,
      'layers/base.yaml',
      'layers/more.merged.yaml',
      'layers/sub/c.yaml',
    ])
  })

  it('includes absolute paths and file:// URLs', async () => {
    const root = writeTree({ 'a.yaml': 'a: 1\n', 'b.yaml': 'b: 2\n' })
    const tree = writeTree({
      [entry]: lines('#include', join(root, 'a.yaml'), pathToFileURL(join(root, 'b.yaml')).href),
    })
    // Both folders are allowed: the includes live outside the entry's root.
    const { value } = await render(join(tree, entry), { root: tree, allow: [root] })
    expect(value).toEqual({ a: 1, b: 2 })
  })

  it('accepts several #include lines and skips comments and blank lines', async () => {
    const root = writeTree({
      [entry]: lines('#include a.yaml', '', '# a comment', '#include b.yaml'),
      'a.yaml': 'a: 1\n',
      'b.yaml': 'b: 2\n',
    })
    expect((await render(join(root, entry), { root })).value).toEqual({ a: 1, b: 2 })
  })

  it('expands globs in sorted order', async () => {
    const root = writeTree({
      [entry]: lines('#include', 'conf.d/*.yaml'),
      'conf.d/20-b.yaml': 'x: b\nb: 1\n',
      'conf.d/10-a.yaml': 'x: a\na: 1\n',
      'conf.d/30-c.txt': 'x: c\n',
    })
    const { value } = await render(join(root, entry), { root })
    expect(value).toEqual({ x: 'b', a: 1, b: 1 })
  })

  it('merges an #include-once file once per entry', async () => {
    const root = writeTree({
      [entry]: lines('#include-once', 'base.yaml', '#include', 'over.yaml', '#include-once', 'base.yaml'),
      'base.yaml': 'merge_how: dict(recurse_list)+list(append)\nl: [base]\n',
      'over.yaml': 'l: [over]\n',
    })
    expect((await render(join(root, entry), { root })).value).toEqual({ l: ['base', 'over'] })
  })

  it('includes a file twice with plain #include, like cloud-init', async () => {
    const root = writeTree({
      [entry]: lines('#include', 'base.yaml', 'base.yaml'),
      'base.yaml': 'merge_how: dict(recurse_list)+list(append)\nl: [x]\n',
    })
    expect((await render(join(root, entry), { root })).value).toEqual({ l: ['x', 'x'] })
  })

  it('skips a missing ?optional include and reports it as missing', async () => {
    const root = writeTree({ [entry]: lines('#include', 'base.yaml', '?local.yaml'), 'base.yaml': 'a: 1\n' })
    const result = await render(join(root, entry), { root })
    expect(result.value).toEqual({ a: 1 })
    expect(result.missing).toEqual([join(root, 'local.yaml')])
  })

  it('substitutes ${mode} and other vars in include lines', async () => {
    const root = writeTree({
      [entry]: lines('#include', 'base.yaml', 'env/${mode}.yaml', '?${region}.yaml'),
      'base.yaml': 'env: none\n',
      'env/production.yaml': 'env: production\n',
      'eu.yaml': 'region: eu\n',
    })
    expect((await render(join(root, entry), { root, vars: { mode: 'production', region: 'eu' } })).value).toEqual({
      env: 'production',
      region: 'eu',
    })
  })

  it('reads gzip-compressed includes', async () => {
    const root = writeTree({
      [entry]: lines('#include', 'packed.yaml.gz'),
      'packed.yaml.gz': gzipSync('#cloud-config\nz: 1\n'),
    })
    expect((await render(join(root, entry), { root })).value).toEqual({ z: 1 })
  })

  it('takes each document of a YAML stream as a part', async () => {
    const root = writeTree({
      [entry]: lines(
        'a: 1',
        'l: [1]',
        '---',
        'merge_how: dict(recurse_list)+list(append)',
        'l: [2]',
        '---',
        '# nothing',
        '---',
        'b: 2',
      ),
    })
    expect((await render(join(root, entry), { root })).value).toEqual({ a: 1, l: [1, 2], b: 2 })
  })
})

describe('MIME', () => {
  const boundary = 'BOUNDARY'
  const mime = (...parts: string[]) =>
    `MIME-Version: 1.0\nContent-Type: multipart/mixed; boundary="${boundary}"\n\n${parts.map((p) => `--${boundary}\n${p}`).join('\n')}\n--${boundary}--\n`

  it('merges parts in order with Merge-Type headers, body directive first', async () => {
    const root = writeTree({
      [entry]: mime(
        'Content-Type: text/cloud-config\n\na: x\nl: [1]\n',
        'Content-Type: text/cloud-config\nMerge-Type: dict(recurse_list,recurse_str)+list(append)+str(append)\n\nmerge_how: dict(recurse_list)+list(prepend)\na: y\nl: [2]\n',
      ),
    })
    // The body's list(prepend) wins over the header's list(append); the header still gives str(append)? No:
    // recurse_str comes only from the header's dict merger, which the body's dict merger shadows.
    expect((await render(join(root, entry), { root })).value).toEqual({ a: 'x', l: [2, 1] })
  })

  it('falls through an empty Merge-Type to X-Merge-Type', async () => {
    const root = writeTree({
      [entry]: mime(
        'Content-Type: text/cloud-config\n\nl: [1]\n',
        'Content-Type: text/cloud-config\nMerge-Type: \nX-Merge-Type: dict(recurse_list)+list(append)\n\nl: [2]\n',
      ),
    })
    expect((await render(join(root, entry), { root })).value).toEqual({ l: [1, 2] })
  })

  it('decodes base64 and quoted-printable parts with their charset', async () => {
    const b64 = Buffer.from('#cloud-config\nname: café\n', 'utf8').toString('base64')
    const root = writeTree({
      [entry]: mime(
        `Content-Type: text/cloud-config; charset="utf-8"\nContent-Transfer-Encoding: base64\n\n${b64}\n`,
        'Content-Type: text/cloud-config; charset=iso-8859-1\nContent-Transfer-Encoding: quoted-printable\n\ngreeting: gr=FC=DF dich\nlong: a=\n b\n',
      ),
    })
    expect((await render(join(root, entry), { root })).value).toEqual({
      name: 'café',
      greeting: 'grüß dich',
      long: 'a b',
    })
  })

  it('decompresses gzip parts and drops their headers, like cloud-init', async () => {
    const gz = gzipSync('#cloud-config\nl: [2]\n').toString('base64')
    const root = writeTree({
      [entry]: mime(
        'Content-Type: text/cloud-config\n\nl: [1]\n',
        `Content-Type: application/gzip\nMerge-Type: dict(recurse_list)+list(append)\nContent-Transfer-Encoding: base64\n\n${gz}\n`,
      ),
    })
    expect((await render(join(root, entry), { root, stack: 'per-part' })).value).toEqual({ l: [2] })
  })

  it('flattens nested multiparts and sniffs text/plain and text/x-shellscript payloads', async () => {
    const inner = `Content-Type: multipart/alternative; boundary="INNER"\n\n--INNER\nContent-Type: text/plain\n\n#cloud-config\nb: 2\n--INNER\nContent-Type: text/x-shellscript\n\n#cloud-config\nc: 3\n--INNER--\n`
    const root = writeTree({ [entry]: mime('Content-Type: text/cloud-config\n\na: 1\n', inner) })
    expect((await render(join(root, entry), { root })).value).toEqual({ a: 1, b: 2, c: 3 })
  })

  it('skips shell scripts and plain text with a warning', async () => {
    const root = writeTree({
      [entry]: mime(
        'Content-Type: text/cloud-config\n\na: 1\n',
        'Content-Type: text/x-shellscript\n\n#!/bin/sh\necho hi\n',
        'Content-Type: text/plain\n\njust text\n',
      ),
    })
    const result = await render(join(root, entry), { root })
    expect(result.value).toEqual({ a: 1 })
    expect(result.warnings.map((w) => w.code)).toEqual(['MY_PART_UNHANDLED', 'MY_PART_UNHANDLED'])
    expect(result.warnings[0]!.line).toBe(12)
  })

  it('expands an include part in place', async () => {
    const root = writeTree({
      [entry]: mime(
        'Content-Type: text/cloud-config\n\na: 1\n',
        'Content-Type: text/x-include-url\n\nlayer.yaml\n',
        'Content-Type: text/cloud-config\n\nc: 3\n',
      ),
      'layer.yaml': 'b: 2\n',
    })
    const { value } = await render(join(root, entry), { root })
    expect(Object.keys(value as object)).toEqual(['a', 'b', 'c'])
  })
})

describe('#cloud-config-archive and #cloud-config-jsonp', () => {
  it('explodes an archive with per-entry Merge-Type headers', async () => {
    const root = writeTree({
      [entry]: lines(
        '#cloud-config-archive',
        "- content: 'l: [1]'",
        '- type: text/cloud-config',
        "  Merge-Type: 'dict(recurse_list)+list(append)'",
        "  content: 'l: [2]'",
        "- '#!/bin/sh'",
      ),
    })
    const result = await render(join(root, entry), { root })
    expect(result.value).toEqual({ l: [1, 2] })
    expect(result.warnings.map((w) => w.code)).toEqual(['MY_PART_UNHANDLED'])
  })

  it('applies a JSON patch to the result so far', async () => {
    const root = writeTree({
      [entry]: lines('#include', 'base.yaml', 'patch.json'),
      'base.yaml': 'a: 1\nl: [1, 2]\nrm: x\n',
      'patch.json': lines(
        '#cloud-config-jsonp',
        '[{"op": "add", "path": "/l/-", "value": 3}, {"op": "remove", "path": "/rm"}, {"op": "replace", "path": "/a", "value": 2}, {"op": "copy", "from": "/a", "path": "/b"}, {"op": "move", "from": "/b", "path": "/c"}, {"op": "test", "path": "/c", "value": 2}]',
      ),
    })
    expect((await render(join(root, entry), { root })).value).toEqual({ a: 2, l: [1, 2, 3], c: 2 })
  })
})

describe('the strategy stack', () => {
  const files = {
    [entry]: lines('#include', 'base.yaml', 'prod.yaml', 'scoped.merged.yaml', 'last.yaml'),
    'base.yaml': lines('merge_how: dict(recurse_list)+list(append)', 'runcmd: [base]', 'db: {host: a, port: 1}'),
    'prod.yaml': lines('runcmd: [prod]', 'db: {host: b}'),
    'scoped.merged.yaml': lines('#include', 'declares.yaml'),
    'declares.yaml': lines('merge_how: dict(recurse_list)+list(prepend)', 'runcmd: [scoped]'),
    'last.yaml': lines('runcmd: [last]'),
  }

  it('scoped (default): a declaration governs the parts after it, and does not leak out of an include list', async () => {
    const root = writeTree(files)
    expect((await render(join(root, entry), { root })).value).toEqual({
      runcmd: ['scoped', 'base', 'prod', 'last'],
      db: { host: 'a', port: 1 },
    })
  })

  it('per-part (cloud-init): each part uses its own declaration or the default dict(replace)', async () => {
    const root = writeTree(files)
    expect((await render(join(root, entry), { root, stack: 'per-part' })).value).toEqual({
      runcmd: ['last'],
      db: { host: 'b' },
    })
  })

  it('a later declaration changes only the merger it names', async () => {
    const root = writeTree({
      [entry]: lines('#include', 'a.yaml', 'b.yaml', 'c.yaml'),
      'a.yaml': lines('merge_how: dict(recurse_list,recurse_str)+list(append)+str(append)', 's: a', 'l: [a]'),
      'b.yaml': lines('merge_how: list(prepend)', 's: b', 'l: [b]'),
      'c.yaml': lines('s: c', 'l: [c]'),
    })
    expect((await render(join(root, entry), { root })).value).toEqual({ s: 'abc', l: ['c', 'b', 'a'] })
  })

  it('uses the mergeHow option as the default set', async () => {
    const root = writeTree({
      [entry]: lines('#include', 'a.yaml', 'b.yaml'),
      'a.yaml': 'd: {x: 1}\n',
      'b.yaml': 'd: {y: 2}\n',
    })
    expect((await render(join(root, entry), { root, mergeHow: 'dict()+list()+str()' })).value).toEqual({
      d: { x: 1, y: 2 },
    })
    // Without markers or cloud-init options the entry is a values entry (Helm's deep merge).
    expect((await render(join(root, entry), { root })).value).toEqual({ d: { x: 1, y: 2 } })
    expect((await render(join(root, entry), { root, dialect: 'cloud-init' })).value).toEqual({ d: { y: 2 } })
  })

  it('strips merge_how, and keeps merge_type only when merge_how is set (lenient)', async () => {
    const root = writeTree({
      [entry]: 'merge_how: dict()\nmerge_type: list()\na: 1\n',
      'b.merged.yaml': 'merge_type: dict()\na: 1\n',
    })
    expect((await render(join(root, entry), { root, strict: false })).value).toEqual({ merge_type: 'list()', a: 1 })
    expect((await render(join(root, 'b.merged.yaml'), { root })).value).toEqual({ a: 1 })
  })
})

describe('results', () => {
  it('is null without any cloud-config part and {} when every part failed', async () => {
    const root = writeTree({
      'script.merged.yaml': '#!/bin/sh\necho\n',
      'bad.merged.yaml': '#cloud-config\n[1, 2]\n',
      'empty.merged.yaml': '',
    })
    // A script is a part only cloud-init runs: it marks the entry as cloud-init's.
    const script = await render(join(root, 'script.merged.yaml'), { root })
    expect([script.dialect, script.value]).toEqual(['cloud-init', null])
    expect((await render(join(root, 'bad.merged.yaml'), { root, strict: false })).value).toEqual({})
    expect((await render(join(root, 'empty.merged.yaml'), { root })).value).toEqual({})
  })

  it('refuses includes through a symbolic link out of the root', async () => {
    const outside = writeTree({ 'secret.yaml': 'secret: 1\n' })
    const root = writeTree({ [entry]: lines('#include', 'link.yaml') })
    symlinkSync(join(outside, 'secret.yaml'), join(root, 'link.yaml'))
    await expect(render(join(root, entry), { root })).rejects.toMatchObject({ code: 'MY_INCLUDE_OUTSIDE_ROOT' })
  })
})

describe('a missing include', () => {
  it("names the closest file of its folder and says that '?' makes the line optional", async () => {
    const root = writeTree({
      [entry]: lines('#include', 'base.yaml', 'env/prodution.yaml'),
      'base.yaml': 'a: 1\n',
      'env/production.yaml': 'b: 2\n',
      'env/.env.production': 'SECRET=1\n',
    })
    const error = await render(join(root, entry), { root }).catch((e: unknown) => e)
    expect(error).toMatchObject({ code: 'MY_INCLUDE_NOT_FOUND' })
    const [diagnostic] = (error as { diagnostics: Diagnostic[] }).diagnostics
    expect(diagnostic).toMatchObject({ line: 3, column: 1, suggestion: 'env/production.yaml' })
    expect(diagnostic!.message).toBe(
      "included file not found: env/prodution.yaml: did you mean 'env/production.yaml'?; a line starting with " +
        "'?' is optional ('?env/prodution.yaml' skips a file that is not there)",
    )
  })

  it('never suggests a file the deny option keeps out', async () => {
    const root = writeTree({ [entry]: lines('#include', '.emv'), '.env': 'SECRET=1\n' })
    const error = await render(join(root, entry), { root }).catch((e: unknown) => e)
    const [diagnostic] = (error as { diagnostics: Diagnostic[] }).diagnostics
    expect(diagnostic!.suggestion).toBeUndefined()
    expect(diagnostic!.message).not.toContain("'.env'")
  })
})
