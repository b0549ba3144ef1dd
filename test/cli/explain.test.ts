// `merged-yaml explain`: for each value (or one key path), which part set it and which merger
// decided, in merge order, overridden and removed values included.
import { describe, expect, it } from 'vitest'
import { lines, writeTree } from '../helpers/tree.ts'
import { run } from './helpers.ts'

/** The block of a key path in the text output: its heading line and its event lines. */
function block(stdout: string, heading: string): string[] {
  const blocks = stdout.split('\n\n')
  const found = blocks.find((b) => b.startsWith(`${heading}\n`) || b === heading)
  if (!found) throw new Error(`no block '${heading}' in:\n${stdout}`)
  return found.trimEnd().split('\n')
}

/** An event line's columns: action, file:line:col, merger, value (and note). */
const columns = (line: string): string[] => line.trim().split(/\s{2,}/)

describe('merged-yaml explain', () => {
  it('lists the parts in merge order with the merger set each was merged with', async () => {
    const r = await run(['explain', 'layers/app.merged.yaml'])
    expect(r.code).toBe(0)
    expect(r.stderr).toBe('')
    expect(block(r.stdout, 'layers/app.merged.yaml (cloud-init, stack scoped)')).toEqual([
      'layers/app.merged.yaml (cloud-init, stack scoped)',
    ])
    const parts = block(r.stdout, 'Parts, in merge order:').slice(1).map(columns)
    expect(parts).toEqual([
      ['1. layers/base.yaml:2:1', 'dict(replace)+list()+str()', '(included from layers/app.merged.yaml:2)'],
      ['2. layers/env/production.yaml:2:1', 'dict(replace)+list()+str()', '(included from layers/app.merged.yaml:3)'],
      [
        '3. layers/local.yaml:2:1',
        'dict(no_replace,recurse_list)+list(append)+str()',
        '(included from layers/app.merged.yaml:4)',
      ],
    ])
  })

  it('shows a value overridden on the way, with the merger that decided', async () => {
    const r = await run(['explain', 'layers/app.merged.yaml'])
    expect(block(r.stdout, 'server.port = 443').slice(1).map(columns)).toEqual([
      ['set', 'layers/base.yaml:4:3', 'dict(replace)', '8080'],
      ['replaced', 'layers/env/production.yaml:3:3', 'dict(replace)', '443', '(server was replaced as a whole)'],
    ])
    // A later part's value that did not win is listed too.
    expect(block(r.stdout, 'log_level = "warn"').slice(1).map(columns)).toEqual([
      ['set', 'layers/base.yaml:6:1', 'dict(replace)', '"info"'],
      ['replaced', 'layers/env/production.yaml:5:1', 'dict(replace)', '"warn"'],
      [
        'kept',
        'layers/local.yaml:6:1',
        'dict(no_replace,recurse_list)',
        '"warn"',
        '(without replace, the dict merger keeps the existing value)',
      ],
    ])
    // Removed with its replaced parent, then set again by a later part.
    expect(block(r.stdout, 'server.host = "127.0.0.1"').slice(1).map(columns)).toEqual([
      ['set', 'layers/base.yaml:3:3', 'dict(replace)', '"0.0.0.0"'],
      ['deleted', 'layers/env/production.yaml:2:1', 'dict(replace)', '(server was replaced as a whole)'],
      ['set', 'layers/local.yaml:4:3', 'dict(no_replace,recurse_list)', '"127.0.0.1"'],
    ])
    expect(block(r.stdout, 'packages[2] = "nginx"').slice(1).map(columns)).toEqual([
      ['appended', 'layers/local.yaml:5:12', 'list(append)', '"nginx"'],
    ])
  })

  it('explains one key path, in dotted or bracket form', async () => {
    const dotted = await run(['explain', 'layers/app.merged.yaml', 'server.port'])
    expect(dotted.code).toBe(0)
    expect(dotted.stdout).toContain('server.port = 443\n')
    expect(dotted.stdout).not.toContain('log_level')
    const item = await run(['explain', 'layers/app.merged.yaml', 'packages.2'])
    expect(item.stdout).toContain('packages[2] = "nginx"\n  appended')
    expect((await run(['explain', 'layers/app.merged.yaml', 'packages[2]'])).stdout).toBe(item.stdout)
  })

  it('a container path shows its own history, then the values below it', async () => {
    const r = await run(['explain', 'layers/app.merged.yaml', 'packages'])
    expect(block(r.stdout, 'packages = ["git","curl","nginx"]').slice(1).map(columns)).toEqual([
      ['set', 'layers/base.yaml:5:1', 'dict(replace)', '["git","curl"]'],
      ['appended', 'layers/local.yaml:5:1', 'list(append)', '["nginx"]'],
    ])
    expect(r.stdout).toContain('packages[0] = "git"\n')
  })

  it('exits 1 when there is no value at the key path, naming what there is', async () => {
    const r = await run(['explain', 'layers/app.merged.yaml', 'server.prot'])
    expect(r.code).toBe(1)
    expect(r.stdout).toBe('')
    expect(r.stderr).toBe('no value at server.prot in layers/app.merged.yaml; server has port, tls, host\n')
  })

  it('shows values removed on the way (allow_delete), and explains them by path', async () => {
    const root = writeTree({
      'app.merged.yaml': lines('#include', 'base.yaml', 'prune.yaml'),
      'base.yaml': lines('#cloud-config', 'keep: 1', 'legacy:', '  url: http://old'),
      'prune.yaml': lines('#cloud-config', 'merge_how: dict(allow_delete,no_replace)+list()+str()', 'legacy: null'),
    })
    const r = await run(['explain', 'app.merged.yaml'], { cwd: root })
    expect(r.code).toBe(0)
    expect(block(r.stdout, 'legacy (not in the result)').slice(1).map(columns)).toEqual([
      ['set', 'base.yaml:3:1', 'dict(replace)', '{"url":"http://old"}'],
      ['deleted', 'prune.yaml:3:1', 'dict(allow_delete,no_replace)'],
    ])
    const one = await run(['explain', 'app.merged.yaml', 'legacy.url'], { cwd: root })
    expect(one.code).toBe(0)
    expect(block(one.stdout, 'legacy.url (not in the result)').slice(1).map(columns)).toEqual([
      ['set', 'base.yaml:4:3', 'dict(replace)', '"http://old"'],
      ['deleted', 'prune.yaml:3:1', 'dict(allow_delete,no_replace)', '(legacy was deleted)'],
    ])
  })

  it('--format json gives the parts and each path with its events', async () => {
    const r = await run(['explain', 'layers/app.merged.yaml', 'server.port', '--format', 'json'])
    expect(r.code).toBe(0)
    const report = JSON.parse(r.stdout)
    expect(report).toMatchObject({
      entry: 'layers/app.merged.yaml',
      dialect: 'cloud-init',
      detail: 'full',
    })
    expect(report.parts).toHaveLength(3)
    expect(report.paths).toEqual([
      {
        path: ['server', 'port'],
        present: true,
        value: 443,
        events: [
          {
            path: ['server', 'port'],
            file: 'layers/base.yaml',
            line: 4,
            column: 3,
            chain: [{ file: 'layers/app.merged.yaml', line: 2 }],
            action: 'set',
            merger: 'dict(replace)',
            value: 8080,
          },
          {
            path: ['server', 'port'],
            file: 'layers/env/production.yaml',
            line: 3,
            column: 3,
            chain: [{ file: 'layers/app.merged.yaml', line: 3 }],
            action: 'replaced',
            merger: 'dict(replace)',
            value: 443,
            note: 'server was replaced as a whole',
          },
        ],
      },
    ])
  })

  it('for another dialect, says which layer defines each top-level key', async () => {
    const r = await run(['explain', 'heat/app.merged.yaml'])
    expect(r.code).toBe(0)
    expect(r.stdout).toContain('heat/app.merged.yaml (heat)')
    // From the registry's `recordsPerValue`: values, Deckhand and cloud-init record every value, Datum with a node.
    expect(r.stdout).toContain(
      'Per-value provenance is recorded for values, deckhand and cloud-init entries, and datum entries with ' +
        '--node; this is a heat entry: showing which layers define each top-level key.',
    )
    const defaults = block(
      r.stdout,
      r.stdout.split('\n').find((l) => l.startsWith('parameter_defaults = '))!,
    )
    expect(defaults.slice(1).map((l) => columns(l).slice(0, 3))).toEqual([
      ['defined', 'heat/base.yaml:3:1', 'heat'],
      ['defined', 'heat/prod.yaml:1:1', 'heat'],
    ])
  })

  it('diagnostics fail it like render', async () => {
    const r = await run(['explain', 'broken/app.merged.yaml'])
    expect(r.code).toBe(1)
    expect(r.stderr).toContain('broken/overrides.yaml:2:12: error MY_UNKNOWN_MERGER')
  })

  it('prints its help', async () => {
    const r = await run(['explain', '-h'])
    expect(r.code).toBe(0)
    expect(r.stdout).toMatch(/^Usage: merged-yaml explain <entry> \[key\.path\]/)
  })

  it.each([
    [['explain'], 'explain needs an entry'],
    [
      ['explain', 'layers/app.merged.yaml', 'a', 'b'],
      'explain takes an entry and at most one key path, not 3 arguments',
    ],
    [['explain', 'layers/app.merged.yaml', 'a..b'], "'a..b' is not a key path"],
    [
      ['explain', 'layers/app.merged.yaml', '--format', 'yaml'],
      "--format must be one of 'text', 'json', 'html', not 'yaml'",
    ],
  ])('%j is a usage error (exit 2)', async (argv, message) => {
    const r = await run(argv)
    expect(r.code).toBe(2)
    expect(r.stderr).toContain(`error: ${message}`)
    expect(r.stderr).toContain("Run 'merged-yaml explain --help' for usage.")
  })
})
