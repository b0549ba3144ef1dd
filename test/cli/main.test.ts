// The program around the commands: help, version, unknown commands and exit codes.
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { run } from './helpers.ts'

const { version } = JSON.parse(readFileSync(new URL('../../packages/cli/package.json', import.meta.url), 'utf8')) as {
  version: string
}

describe('merged-yaml', () => {
  it('prints the overview with --help, -h and help', async () => {
    for (const argv of [['--help'], ['-h'], ['help']]) {
      const r = await run(argv)
      expect(r.code).toBe(0)
      expect(r.stdout).toMatch(/^merged-yaml — render, check and explain/)
      for (const usage of [
        'merged-yaml render <entry>',
        'merged-yaml check <entries or globs…>',
        'merged-yaml explain <entry> [key.path]',
      ])
        expect(r.stdout).toContain(usage)
      expect(r.stdout).toContain('Exit codes: 0 ok, 1 diagnostics (errors, or too many warnings), 2 usage error.')
    }
  })

  it('prints a command’s help with `help <command>`, the same as `<command> --help`', async () => {
    for (const command of ['render', 'check', 'explain']) {
      const viaHelp = await run(['help', command])
      expect(viaHelp.code).toBe(0)
      expect(viaHelp.stdout).toMatch(new RegExp(`^Usage: merged-yaml ${command} `))
      expect((await run([command, '--help'])).stdout).toBe(viaHelp.stdout)
    }
  })

  it('prints the version with --version and -v', async () => {
    expect(await run(['--version'])).toEqual({ code: 0, stdout: `${version}\n`, stderr: '' })
    expect((await run(['-v'])).stdout).toBe(`${version}\n`)
  })

  it('without a command, prints the overview on stderr and exits 2', async () => {
    const r = await run([])
    expect(r.code).toBe(2)
    expect(r.stdout).toBe('')
    expect(r.stderr).toMatch(/^merged-yaml — /)
  })

  it.each([
    [['build'], "unknown command 'build'"],
    [['help', 'build'], "unknown command 'build'"],
    [['--strict', 'render'], "unknown option '--strict' (options follow the command)"],
  ])('%j is a usage error (exit 2)', async (argv, message) => {
    const r = await run(argv)
    expect(r).toEqual({ code: 2, stdout: '', stderr: `error: ${message}\nRun 'merged-yaml --help' for usage.\n` })
  })

  it('colours usage errors only on a terminal', async () => {
    expect((await run(['build'], { tty: true })).stderr).toContain('\u001B[31merror:\u001B[39m')
    expect((await run(['build'], { tty: true, env: { NO_COLOR: '1' } })).stderr).not.toContain('\u001B[')
  })
})
