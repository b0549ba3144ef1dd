// A fresh checkout type-checks before anything wrote a declaration: the playground, copied without
// its generated sidecar declarations into a folder where the package is installed (as an app has
// it), passes `tsc` with the client types (playground/src/env.d.ts) — and passes again once a build
// wrote the declarations, now checked against the real shapes.
import { spawnSync } from 'node:child_process'
import { cpSync, mkdirSync, mkdtempSync, readdirSync, symlinkSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { REPO, removeDir } from '../plugin/bundlers.ts'
import { scaled } from '../helpers/time-scale.ts'

const TSC = join(REPO, 'node_modules/typescript/bin/tsc')
const DECLARATION = /\.merged\.d\.yaml\.ts(?:\.map)?$/
const dirs: string[] = []
afterAll(() => dirs.forEach(removeDir))

function tsc(root: string): { code: number | null; output: string } {
  const run = spawnSync(process.execPath, [TSC, '-p', root, '--pretty', 'false'], {
    cwd: root,
    encoding: 'utf8',
    timeout: scaled(120_000),
  })
  return { code: run.status, output: `${run.stdout}${run.stderr}` }
}

describe('the playground in a fresh checkout', () => {
  it('type-checks with no declaration generated, and with them', async () => {
    const root = mkdtempSync(join(tmpdir(), 'my-fresh-playground-'))
    dirs.push(root)
    cpSync(join(REPO, 'playground'), root, {
      recursive: true,
      filter: (src) => !DECLARATION.test(src) && !/[/\\](?:frameworks|dist|node_modules)$/.test(src),
    })
    mkdirSync(join(root, 'node_modules'))
    symlinkSync(REPO, join(root, 'node_modules/unplugin-merged-yaml'), 'dir')
    symlinkSync(join(REPO, 'node_modules/vite'), join(root, 'node_modules/vite'), 'dir')
    expect(readdirSync(join(root, 'config')).filter((file) => DECLARATION.test(file))).toEqual([])
    expect(tsc(root)).toEqual({ code: 0, output: '' })

    const { build } = await import('vite')
    await build({ root, logLevel: 'silent', build: { write: false } })
    expect(readdirSync(join(root, 'config')).filter((file) => file.endsWith('.d.yaml.ts'))).toEqual([
      'app.merged.d.yaml.ts',
      'services.merged.d.yaml.ts',
    ])
    expect(tsc(root)).toEqual({ code: 0, output: '' })
  })
})
