// Runs cloud-init's own merge test data (../shared/conformance/cloud-init) through render() with the
// reference-compatible settings, and checks strict mode never gives a different value.
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs'
import { basename, join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { isMergedYamlError, render } from '@merged-yaml/core'
import type { RenderOptions } from '@merged-yaml/core'
import { conformanceDir, expectSameOrLocatedError, scratchDir } from './shared.ts'

interface Case {
  id: string
  kind: 'parts' | 'userdata' | 'mergemanydict'
  sources?: string[]
  headers?: (null | string | Record<string, string>)[]
  content_types?: string[]
  userdata?: string
  urls?: Record<string, string>
  url_errors?: Record<string, string>
  error_on_user_data_failure?: boolean
  expected: string | null
  expect_error?: { type: string; contains: string }
}

const dir = conformanceDir('cloud-init')
const cases: Case[] = dir ? JSON.parse(readFileSync(join(dir, 'cases.json'), 'utf8')).cases : []

/** Writes a case as an entry in our documented syntax; returns the entry path and render options. */
function writeEntry(c: Case, root: string): { entry: string; options: RenderOptions } {
  const options: RenderOptions = { root, stack: 'per-part', strict: false, yamlVersion: '1.1' }
  const entry = join(root, `${c.id}.merged.yaml`)
  if (c.kind === 'parts') {
    // Parts with their MIME headers and content types: one multipart message, as cloud-init receives them.
    const boundary = '==conformance-boundary=='
    const parts = c.sources!.map((source, i) => {
      const header = c.headers?.[i]
      const headers: Record<string, string> = { 'Content-Type': c.content_types?.[i] ?? 'text/cloud-config' }
      if (typeof header === 'string') headers['Merge-Type'] = header
      else if (header) Object.assign(headers, header)
      const lines = Object.entries(headers).map(([k, v]) => `${k}: ${v}`)
      return `--${boundary}\n${lines.join('\n')}\n\n${readFileSync(join(dir!, source), 'utf8')}`
    })
    writeFileSync(
      entry,
      `MIME-Version: 1.0\nContent-Type: multipart/mixed; boundary="${boundary}"\n\n${parts.join('\n')}\n--${boundary}--\n`,
    )
  } else if (c.kind === 'mergemanydict') {
    // util.mergemanydict: the first source has priority, via its default list()+dict()+str().
    const names = c.sources!.map((source) => {
      copyFileSync(join(dir!, source), join(root, basename(source)))
      return basename(source)
    })
    writeFileSync(entry, `#include\n${names.join('\n')}\n`)
    options.mergeHow = 'list()+dict()+str()'
  } else {
    let text = readFileSync(join(dir!, c.userdata!), 'utf8')
    // No network at build time: each URL becomes a local file; a failing URL a file that does not exist,
    // optional ('?') when cloud-init is told not to fail on user-data errors.
    for (const [url, file] of Object.entries(c.urls ?? {})) {
      copyFileSync(join(dir!, file), join(root, basename(file)))
      text = text.replaceAll(url, basename(file))
    }
    for (const url of Object.keys(c.url_errors ?? {})) {
      const optional = c.error_on_user_data_failure === false ? '?' : ''
      text = text.replaceAll(url, `${optional}unreachable-${basename(url)}.yaml`)
    }
    writeFileSync(entry, text)
  }
  return { entry, options }
}

describe.skipIf(!dir)('cloud-init conformance (needs ../shared/conformance/cloud-init)', () => {
  it('has the 41 cases', () => {
    expect(cases).toHaveLength(41)
  })

  for (const c of cases) {
    it(c.id, async () => {
      const root = scratchDir('cloud-init')
      const { entry, options } = writeEntry(c, root)
      if (c.expect_error) {
        const error = await render(entry, options).catch((e: unknown) => e)
        expect(isMergedYamlError(error)).toBe(true)
        await expect(render(entry, { ...options, strict: true })).rejects.toThrow()
        return
      }
      const expected = c.expected === null ? null : JSON.parse(readFileSync(join(dir!, c.expected), 'utf8'))
      const { value } = await render(entry, options)
      // Key order included: cloud-init's in-memory order (old keys first, new keys appended).
      expect(JSON.stringify(value)).toBe(JSON.stringify(expected))
      await expectSameOrLocatedError(async () => (await render(entry, { ...options, strict: true })).value, expected)
    })
  }
})
