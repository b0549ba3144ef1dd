// `merged-yaml check`: every entry rendered on its own, every diagnostic located, exit 1 on errors
// (or on more warnings than --max-warnings), JSON for machines, colours only on a terminal.
import { describe, expect, it } from 'vitest'
import { lines, writeTree } from '../helpers/tree.ts'
import { run } from './helpers.ts'

interface JsonReport {
  ok: boolean
  errorCount: number
  warningCount: number
  modes: string[]
  entries: {
    file: string
    modes: string[]
    ok: boolean
    diagnostics: { code: string; file: string; line: number; column: number; chain: { file: string; line: number }[] }[]
    warnings: { code: string }[]
  }[]
}

describe('merged-yaml check', () => {
  it('exits 0 when every entry is clean', async () => {
    // yaml11/ is written for YAML 1.1 (`enabled: yes`): unchosen, the version is a question.
    const r = await run(['check', 'layers/app.merged.yaml', 'yaml11/app.merged.yaml', '--yaml-version', '1.1'])
    expect(r.code).toBe(0)
    expect(r.stdout).toBe(
      '✓ layers/app.merged.yaml\n✓ yaml11/app.merged.yaml\n2 entries checked (0 errors, 0 warnings)\n',
    )
  })

  it('exits 1 with every diagnostic: file:line:col, code frame and include chain', async () => {
    const r = await run(['check', 'broken/app.merged.yaml', 'layers/app.merged.yaml'])
    expect(r.code).toBe(1)
    expect(r.stdout).toContain('✖ broken/app.merged.yaml\n')
    expect(r.stdout).toContain(
      [
        "broken/overrides.yaml:2:12: error MY_UNKNOWN_MERGER: unknown merger 'lst' (cloud-init has dict, list and str); cloud-init skips this part (at merge_how)",
        "  did you mean 'list'?",
        '  included from broken/app.merged.yaml:3',
        '  1 | #cloud-config',
        '> 2 | merge_how: dict(replace)+lst(append)',
        '    |            ^',
      ].join('\n'),
    )
    // The failing entry does not stop the others.
    expect(r.stdout).toContain('✓ layers/app.merged.yaml\n')
    expect(r.stdout).toMatch(/1 of 2 entries failed \(1 error, 0 warnings\)\n$/)
  })

  it('reports each failing entry, not only the first', async () => {
    const r = await run(['check', 'broken/app.merged.yaml', 'yaml11/app.merged.yaml', '--format', 'json'])
    const report = JSON.parse(r.stdout) as JsonReport
    expect(r.code).toBe(1)
    // The YAML 1.1 entry has two scalars read differently by the versions ('yes', 0755): both reported.
    expect(report.entries.map((e) => [e.ok, e.diagnostics.length])).toEqual([
      [false, 1],
      [false, 2],
    ])
    expect(report.errorCount).toBe(3)
  })

  it('checks every mode the plugin builds in (its default modes), each failure with its mode', async () => {
    // layers/by-mode includes env/${mode}.yaml, and there is only env/production.yaml.
    const r = await run(['check', 'layers/by-mode.merged.yaml', 'layers/app.merged.yaml'])
    expect(r.code).toBe(1)
    expect(r.stdout).toMatch(
      /^✖ layers\/by-mode\.merged\.yaml \(mode development\)\n.*MY_INCLUDE_NOT_FOUND.*development\.yaml/,
    )
    expect(r.stdout).toContain('✓ layers/by-mode.merged.yaml (mode production)\n')
    // Alike in every mode: one line, no mode.
    expect(r.stdout).toContain('✓ layers/app.merged.yaml\n')
    expect(r.stdout).toMatch(/1 of 2 entries failed \(1 error, 0 warnings\)\n$/)

    const json = JSON.parse(
      (await run(['check', 'layers/by-mode.merged.yaml', '--format', 'json'])).stdout,
    ) as JsonReport
    expect(json.modes).toEqual(['development', 'production'])
    expect(json.entries.map((e) => [e.modes, e.ok])).toEqual([
      [['development'], false],
      [['production'], true],
    ])
  })

  it('checks each --mode given (not only the last), or the one --var mode= fixes', async () => {
    const modes = async (...args: string[]) => {
      const r = await run(['check', 'layers/by-mode.merged.yaml', '--format', 'json', ...args])
      return (JSON.parse(r.stdout) as JsonReport).entries.map((e) => [e.modes, e.ok])
    }
    expect(await modes('--mode', 'production')).toEqual([[['production'], true]])
    expect(await modes('--mode', 'production', '--mode', 'staging')).toEqual([
      [['production'], true],
      [['staging'], false],
    ])
    expect(await modes('--mode', 'staging', '--mode', 'production')).toEqual([
      [['staging'], false],
      [['production'], true],
    ])
    expect(await modes('--var', 'mode=production')).toEqual([[['production'], true]])
    const cwd = writeTree({
      'app.merged.yaml': lines('#include', 'env/${mode}.yaml'),
      'env/a.yaml': lines('a: 1'),
      'env/b.yaml': lines('b: 1'),
    })
    const text = await run(['check', 'app.merged.yaml', '--mode', 'a', '--mode', 'c', '--mode', 'b'], { cwd })
    expect(text.stdout).toMatch(/^✓ app\.merged\.yaml \(modes a, b\)\n✖ app\.merged\.yaml \(mode c\)\n/)
  })

  it('expands globs the shell left alone, sorted, once per file', async () => {
    const r = await run(['check', '*/app.merged.yaml', 'layers/app.merged.yaml', '--format', 'json'])
    const report = JSON.parse(r.stdout) as JsonReport
    expect(report.entries.map((e) => e.file)).toEqual(
      ['broken', 'heat', 'layers', 'yaml11'].map((dir) => `${dir}/app.merged.yaml`),
    )
  })

  it('--format json prints { ok, errorCount, warningCount, entries: [{ file, ok, diagnostics, warnings }] }', async () => {
    const r = await run(['check', 'broken/app.merged.yaml', 'layers/app.merged.yaml', '--format', 'json'])
    expect(r.code).toBe(1)
    const report = JSON.parse(r.stdout) as JsonReport
    expect(report).toMatchObject({ ok: false, errorCount: 1, warningCount: 0 })
    const [broken, layers] = report.entries
    expect(broken).toMatchObject({ file: 'broken/app.merged.yaml', ok: false, warnings: [] })
    expect(broken!.diagnostics[0]).toMatchObject({
      code: 'MY_UNKNOWN_MERGER',
      severity: 'error',
      file: 'broken/overrides.yaml',
      line: 2,
      column: 12,
      chain: [{ file: 'broken/app.merged.yaml', line: 3 }],
      suggestion: 'list',
    })
    expect(layers).toEqual({
      file: 'layers/app.merged.yaml',
      modes: ['development', 'production'],
      ok: true,
      diagnostics: [],
      warnings: [],
    })
  })

  it('prints warnings without failing, unless there are more than --max-warnings', async () => {
    const lenient = await run(['check', 'broken/app.merged.yaml', '--no-strict'])
    expect(lenient.code).toBe(0)
    expect(lenient.stdout).toContain('⚠ broken/app.merged.yaml\n')
    expect(lenient.stdout).toContain('broken/overrides.yaml:2:12: warning MY_UNKNOWN_MERGER')
    expect(lenient.stdout).toMatch(/1 entry checked \(0 errors, 1 warning\)\n$/)

    expect((await run(['check', 'broken/app.merged.yaml', '--no-strict', '--max-warnings', '1'])).code).toBe(0)
    const strictWarnings = await run(['check', 'broken/app.merged.yaml', '--no-strict', '--max-warnings', '0'])
    expect(strictWarnings.code).toBe(1)
    expect(strictWarnings.stdout).toMatch(/1 warning, more than --max-warnings 0\n$/)
    const json = JSON.parse(
      (await run(['check', 'broken/app.merged.yaml', '--no-strict', '--max-warnings=0', '--format=json'])).stdout,
    ) as JsonReport
    expect(json).toMatchObject({ ok: false, errorCount: 0, warningCount: 1 })
    expect(json.entries[0]).toMatchObject({ ok: true, diagnostics: [], warnings: [{ code: 'MY_UNKNOWN_MERGER' }] })
  })

  it('colours only on a terminal, and never with NO_COLOR', async () => {
    const esc = '\u001B['
    expect((await run(['check', 'broken/app.merged.yaml'], { tty: true })).stdout).toContain(esc)
    expect(
      (await run(['check', 'broken/app.merged.yaml'], { tty: true, env: { NO_COLOR: '1' } })).stdout,
    ).not.toContain(esc)
    expect((await run(['check', 'broken/app.merged.yaml'], { tty: false })).stdout).not.toContain(esc)
  })

  it('prints its help', async () => {
    const r = await run(['check', '--help'])
    expect(r.code).toBe(0)
    expect(r.stdout).toMatch(/^Usage: merged-yaml check \[entries or globs…\]/)
    expect(r.stdout).toContain('--max-warnings <n>')
  })

  it.each([
    [['check', 'nothing/*.merged.yaml'], "no files match 'nothing/*.merged.yaml'"],
    [['check', 'layers/app.merged.yaml', '--max-warnings', 'few'], "--max-warnings must be a whole number, not 'few'"],
    [['check', 'layers/app.merged.yaml', '--format', 'yaml'], "--format must be 'text' or 'json', not 'yaml'"],
    [
      ['check', 'layers/app.merged.yaml', '--max-warning', '0'],
      "unknown option '--max-warning'; did you mean '--max-warnings'?",
    ],
    [
      ['check', 'layers/app.merged.yaml', '--as-const'],
      "unknown option '--as-const' for check: it is an option of types",
    ],
  ])('%j is a usage error (exit 2)', async (argv, message) => {
    const r = await run(argv)
    expect(r.code).toBe(2)
    expect(r.stderr).toContain(`error: ${message}`)
  })

  it('a missing entry is a located diagnostic, not a crash', async () => {
    const r = await run(['check', 'layers/missing.merged.yaml', '--format', 'json'])
    expect(r.code).toBe(1)
    expect((JSON.parse(r.stdout) as JsonReport).entries[0]!.diagnostics[0]!.code).toBe('MY_FILE_NOT_FOUND')
  })
})
