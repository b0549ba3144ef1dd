// What leaves the machine carries no absolute path (#38): the HTML report (`explain --format html`),
// the CLI's JSON (`explain`, `check`) and the inspector's payloads write every path relative to the
// root — files, include chains, and the paths inside messages (a confinement error, a `file://`
// include). Each output is scanned for the root's absolute path and for any absolute path under the
// temporary folder (where the root and a folder outside it are made).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createServer } from 'vite'
import type { ViteDevServer } from 'vite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createPathRewriter } from '../../packages/core/src/internal.ts'
import MergedYaml from '../../src/vite.ts'
import { run } from '../cli/helpers.ts'
import { get } from '../helpers/http-get.ts'

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** The absolute paths of this machine a text holds: the root's, and any under the temporary folder. */
function absolutePaths(text: string, root: string): string[] {
  // `../tmp/x` is relative: an absolute path starts a name.
  const absolute = new RegExp(`(?<![\\w.])(?:${escape(root)}|${escape(tmpdir())}[/\\\\])[^\\s"'<>]*`, 'g')
  return text.match(absolute) ?? []
}

let root: string
let outside: string

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'abs-paths-'))
  outside = mkdtempSync(join(tmpdir(), 'abs-outside-'))
  writeFileSync(join(outside, 'x.yaml'), '#cloud-config\nleaked: true\n')
  mkdirSync(join(root, 'config'))
  const files: Record<string, string> = {
    // An include by `file://` URL, an optional file not found.
    'config/app.merged.yaml': `#include\nfile://${root}/config/base.yaml\n?local.yaml\n`,
    'config/base.yaml': '#cloud-config\napi:\n  url: http://localhost:8080/api\n',
    // A confinement error: its message names the file outside and the folders includes may read.
    'config/escape.merged.yaml': `#include\nbase.yaml\n${outside}/x.yaml\n`,
    // A `file://` include not found: its message names it.
    'config/missing.merged.yaml': `#include\nfile://${root}/config/nope.yaml\n`,
  }
  for (const [name, text] of Object.entries(files)) writeFileSync(join(root, name), text)
})
afterAll(() => {
  rmSync(root, { recursive: true, force: true })
  rmSync(outside, { recursive: true, force: true })
})

describe('createPathRewriter', () => {
  it('writes paths under the root and the folders above it relative to the root, file:// URLs too', () => {
    const rewrite = createPathRewriter('/tmp/app')
    expect(rewrite('file:///tmp/app/config/a.yaml, /tmp/app/b.yaml and /tmp/other/c.yaml')).toBe(
      'config/a.yaml, b.yaml and ../other/c.yaml',
    )
    // A name that only starts as the root does is another folder; the root itself is `.`.
    expect(rewrite('/tmp/apps/x in /tmp/app.')).toBe('../apps/x in ..')
    // Nothing under the filesystem root alone: a path someone wrote names nothing of the machine.
    expect(rewrite('/etc/passwd, http://localhost/tmp/app')).toBe('/etc/passwd, http://localhost/tmp/app')
  })
})

describe('the CLI', () => {
  it('writes the HTML report with paths relative to the working folder, messages included', async () => {
    for (const entry of ['config/app.merged.yaml', 'config/escape.merged.yaml', 'config/missing.merged.yaml']) {
      const r = await run(['explain', entry, '--format', 'html'], { cwd: root })
      expect(r.stdout).toContain('<!doctype html>')
      expect([entry, absolutePaths(r.stdout, root)]).toEqual([entry, []])
    }
    const escaped = await run(['explain', 'config/escape.merged.yaml', '--format', 'html'], { cwd: root })
    expect(escaped.stdout).toMatch(/MY_INCLUDE_OUTSIDE_ROOT[\s\S]*\.\.\/abs-outside-\w+\/x\.yaml/)
  })

  it('writes --format json with paths relative to the working folder', async () => {
    const explained = await run(['explain', 'config/app.merged.yaml', '--format', 'json'], { cwd: root })
    expect(JSON.parse(explained.stdout)).toMatchObject({
      entry: 'config/app.merged.yaml',
      parts: [{ file: 'config/base.yaml', chain: [{ file: 'config/app.merged.yaml', line: 2 }] }],
    })
    expect(absolutePaths(explained.stdout, root)).toEqual([])
    const checked = await run(['check', 'config/*.merged.yaml', '--format', 'json'], { cwd: root })
    const report = JSON.parse(checked.stdout) as { entries: { file: string; diagnostics: { message: string }[] }[] }
    expect(report.entries.map((e) => e.file)).toEqual([
      'config/app.merged.yaml',
      'config/escape.merged.yaml',
      'config/missing.merged.yaml',
    ])
    expect(report.entries[1]!.diagnostics[0]!.message).toMatch(/\.\.\/abs-outside-\w+\/x\.yaml/)
    expect(absolutePaths(checked.stdout, root)).toEqual([])
  })
})

describe("the inspector's payloads", () => {
  let server: ViteDevServer
  let base: string
  beforeAll(async () => {
    server = await createServer({
      root,
      configFile: false,
      logLevel: 'silent',
      mode: 'development',
      plugins: [MergedYaml({ dts: false, cache: false })],
      server: { port: 0, host: '127.0.0.1', hmr: false, watch: null },
    })
    await server.listen()
    base = server.resolvedUrls!.local[0]!.replace(/\/$/, '')
    await server.transformRequest('/config/app.merged.yaml')
  })
  afterAll(() => server?.close())

  it('the page, the list and every entry: no absolute path', async () => {
    const answers = [await get(`${base}/__merged-yaml/`), await get(`${base}/__merged-yaml/api/entries`)]
    for (const id of ['config/app.merged.yaml', 'config/escape.merged.yaml', 'config/missing.merged.yaml'])
      answers.push(await get(`${base}/__merged-yaml/api/entry?id=${encodeURIComponent(id)}&compare=production`))
    for (const answer of answers) expect(answer.status).toBe(200)
    expect(answers[3]!.body).toMatch(/MY_INCLUDE_OUTSIDE_ROOT[\s\S]*\.\.\/abs-outside-\w+\/x\.yaml/)
    for (const answer of answers) expect(absolutePaths(answer.body, root)).toEqual([])
  })
})
